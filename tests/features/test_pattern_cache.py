"""The pattern cache gives the ids a fresh computation gives, whatever happens between
two calls (moves, captures, undos, another board, another size, another extractor)."""

from __future__ import annotations

import numpy as np

from igo.core import Board, Color, Point
from igo.features.extract import PositionFeatures
from igo.features.pattern_cache import PatternCache
from igo.movepred.default import load_default
from igo.movepred.model import MoveModel


def same(a: PositionFeatures, b: PositionFeatures) -> bool:
    return (np.array_equal(a.pt, b.pt) and np.array_equal(a.tac, b.tac)
            and np.array_equal(a.pat, b.pat) and np.array_equal(a.broad, b.broad))


def random_move(board: Board, rng: np.random.Generator) -> Point | None:
    mask = board.sensible_mask(board.to_play)
    rows, cols = np.nonzero(mask)
    if len(rows) == 0 or rng.random() < 0.02:
        return None
    i = int(rng.integers(len(rows)))
    return Point(int(rows[i]), int(cols[i]))


def test_cached_ids_equal_fresh_ones_through_games_with_captures_and_undos() -> None:
    model: MoveModel = load_default(9)
    ex = model.extractor
    rng = np.random.default_rng(12)
    for _game in range(6):
        cache = PatternCache()
        board = Board(9)
        captures = undos = known = 0
        for _ in range(180):
            for color in (board.to_play, board.to_play.opponent):  # both colours asked
                fresh = ex.position(board, color)
                cached = ex.position(board, color, cache)
                assert same(fresh, cached)
                assert cached.hashes.size == 0
                known += np.count_nonzero(fresh.pat)
            if board.consecutive_passes >= 2:
                break
            if len(board.history) > 3 and rng.random() < 0.08:
                board.undo()
                undos += 1
                continue
            captures += board.play(board.to_play, random_move(board, rng))
        assert captures > 0 and undos > 0 and known > 1000  # real dictionary ids


def test_the_cache_starts_again_on_another_board_size_or_extractor() -> None:
    small, large = load_default(9), load_default(19)
    cache = PatternCache()
    rng = np.random.default_rng(4)
    boards = {9: Board(9), 19: Board(19)}
    for b in boards.values():
        for _ in range(40):
            b.play(b.to_play, random_move(b, rng))
    other = Board(9)  # a different position of the same size, with the same cache
    for _ in range(25):
        other.play(other.to_play, random_move(other, rng))
    for model, board in [(small, boards[9]), (large, boards[19]), (small, boards[9]),
                         (small, other), (large, boards[19]), (small, boards[9])]:
        for color in (Color.BLACK, Color.WHITE):
            assert same(model.extractor.position(board, color),
                        model.extractor.position(board, color, cache))


def test_policy_scores_with_and_without_the_cache_agree() -> None:
    model = load_default(19)
    cache = PatternCache()
    board = Board(19)
    rng = np.random.default_rng(8)
    for _ in range(60):
        pts, sc = model.scores(board, board.to_play)
        pts2, sc2 = model.scores(board, board.to_play, cache)
        assert np.array_equal(pts, pts2) and np.array_equal(sc, sc2)
        board.play(board.to_play, random_move(board, rng))
