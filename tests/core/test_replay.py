"""Replaying records: the record's own ko rule, setup and first player, the error
messages, and the one-call kernel (check_record) against Board.play."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import (
    CoordinateError,
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
)
from igo.core.move import Move
from igo.core.record import GameRecord
from igo.core.replay import check_record, iter_positions, replay, replay_positions
from igo.core.rules import Ruleset
from igo.sgf import parse_sgf, read_sgf_file

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"

B, W = Color.BLACK, Color.WHITE

def _ko_record() -> GameRecord:
    """Black takes the ko at C4, White retakes at B4 at once."""
    return GameRecord(size=5, rules=Ruleset.named("japanese"),
                      setup_black=[Point(0, 1), Point(1, 0), Point(2, 1)],
                      setup_white=[Point(0, 2), Point(1, 3), Point(2, 2), Point(1, 1)],
                      moves=[Move(B, Point(1, 2)), Move(W, Point(1, 1))])


def _both(record: GameRecord) -> tuple[type[Exception] | None, str]:
    """Outcome of replay(), check_record() and replay_positions(), which must agree."""
    try:
        final = replay(record).to_array()
        outcome: tuple[type[Exception] | None, str] = (None, "")
    except IllegalMoveError as exc:
        outcome = (type(exc), str(exc))
    try:
        fast = check_record(record)
        assert outcome[0] is None, "check_record accepted what replay refused"
        assert np.array_equal(fast, final)
    except IllegalMoveError as exc:
        assert (type(exc), str(exc)) == outcome
    try:
        game = replay_positions(record)
        assert outcome[0] is None, "replay_positions accepted what replay refused"
        assert np.array_equal(game.stones(len(game) - 1), final)
    except IllegalMoveError as exc:
        assert (type(exc), str(exc)) == outcome
    return outcome


def test_ko_error_names_the_move() -> None:
    kind, message = _both(_ko_record())
    assert kind is KoError
    assert message == "move 2 (W B4): B4 retakes the ko"


def test_setup_and_first_player() -> None:
    rec = read_sgf_file(DATA / "fox_handicap.sgf")
    board = replay(rec, upto=0)
    assert board[Point(3, 15)] == Color.BLACK and board[Point(15, 3)] == Color.BLACK
    assert board.to_play == Color.WHITE and board.move_number == 0
    board = replay(rec, upto=3)
    assert board.move_number == 3 and board.to_play == Color.BLACK
    assert replay(rec, upto=10_000).move_number == len(rec.moves)
    empty = GameRecord(size=9, handicap=2, setup_black=[Point(2, 2), Point(6, 6)])
    assert replay(empty).to_play == Color.WHITE
    assert replay(replace(empty, first_player=Color.BLACK)).to_play == Color.BLACK
    with pytest.raises(ValueError, match="upto"):
        replay(rec, upto=-1)


def test_setup_errors() -> None:
    rec = GameRecord(size=9, setup_black=[Point(1, 1), Point(1, 1)])
    with pytest.raises(OccupiedError, match="setup"):
        replay(rec)
    with pytest.raises(OccupiedError, match="setup"):
        check_record(rec)
    with pytest.raises(CoordinateError):
        check_record(GameRecord(size=9, setup_white=[Point(9, 0)]))
    with pytest.raises(CoordinateError, match="move 1"):
        check_record(GameRecord(size=9, moves=[Move(B, Point(0, 9))]))


def test_occupied_and_suicide_messages() -> None:
    rec = parse_sgf("(;SZ[9];B[ee];W[ee])")
    assert _both(rec) == (OccupiedError, "move 2 (W E5): E5 is occupied")
    rec = parse_sgf("(;SZ[9]AB[ba][ab];W[aa])")
    assert _both(rec) == (SuicideError, "move 1 (W A9): A9 is suicide")
    # suicide allowed, but a lone stone's suicide repeats the position (superko)
    rec = parse_sgf("(;SZ[9]RU[NZ]AB[ba][ab];W[aa])")
    assert _both(rec) == (SuperkoError, "move 1 (W A9): A9 repeats an earlier position")
    rec = parse_sgf("(;SZ[9]RU[NZ]AB[ca][bb][ab];W[aa];B[ee];W[ba])")  # two stones: legal
    assert _both(rec) == (None, "")
    assert replay(rec).to_array().sum() == 4
    assert _both(replace(rec, rules=Ruleset.named("japanese")))[0] is SuicideError


def test_tygem_repetitions_legal_without_ru_illegal_under_superko() -> None:
    """Record 3886 of tygem9d/test repeats positions 15 times (a triple ko): legal
    under the simple ko of a record without RU, not under positional superko."""
    rec = read_sgf_file(DATA / "tygem_repetition.sgf")
    assert rec.rules.ko == "simple"
    assert _both(rec) == (None, "")
    kind, message = _both(replace(rec, rules=Ruleset.named("chinese")))
    assert kind is SuperkoError
    assert message == "move 322 (W O10): O10 repeats an earlier position"
    repeats, seen = 0, set()
    for board, move in iter_positions(rec):
        if move.point is not None:
            repeats += board.hash in seen
            seen.add(board.hash)
    assert repeats == 15


def test_iter_positions_streams_one_board() -> None:
    rec = read_sgf_file(DATA / "kgs.sgf")
    seen = []
    for board, move in iter_positions(rec):
        assert board.to_play == move.color
        assert board.move_number == len(seen)
        seen.append((id(board), board.copy().to_array()))
    assert len({i for i, _ in seen}) == 1  # the same board object each time
    assert np.array_equal(seen[3][1], replay(rec, upto=3).to_array())
    with pytest.raises(KoError, match="move 2"):
        list(iter_positions(_ko_record()))


def _random_record(rng: np.random.Generator, size: int, rules: Ruleset) -> GameRecord:
    """Moves played under a loose rule set (simple ko, suicide allowed) with a few
    random, possibly illegal moves mixed in, to be judged under ``rules``."""
    board = Board(size, Ruleset("simple", True, "loose"))
    n_setup = int(rng.integers(0, 3))
    pts = [Point(int(r), int(c)) for r, c in rng.integers(0, size, (n_setup, 2))]
    pts = list(dict.fromkeys(pts))
    black, white = pts[: len(pts) // 2 + 1], pts[len(pts) // 2 + 1:]
    if black:
        board.place(B, black)
    if white:
        board.place(W, white)
    moves: list[Move] = []
    color = B
    for _ in range(int(rng.integers(5, 4 * size * size))):
        legal = board.legal_moves(color)
        if rng.random() < 0.03 or not legal:
            point: Point | None = Point(*map(int, rng.integers(0, size, 2)))
        elif rng.random() < 0.05:
            point = None
        else:
            point = legal[int(rng.integers(len(legal)))]
        moves.append(Move(color, point))
        try:
            board.play(color, point)
        except IllegalMoveError:
            break
        color = color.opponent if rng.random() < 0.95 else color
    return GameRecord(size=size, rules=rules, setup_black=black, setup_white=white,
                      moves=moves)


@pytest.mark.parametrize("rules", ["japanese", "chinese", "tromp-taylor", "new-zealand"])
def test_check_record_agrees_with_board(rules: str) -> None:
    rng = np.random.default_rng([7, len(rules)])
    kinds: set[type[Exception] | None] = set()
    for _ in range(60):
        size = int(rng.integers(2, 7))
        kinds.add(_both(_random_record(rng, size, Ruleset.named(rules)))[0])
    assert None in kinds and OccupiedError in kinds  # both outcomes were exercised
    if rules in ("chinese", "tromp-taylor"):
        assert SuperkoError in kinds


def _same_board(a: Board, b: Board) -> None:
    assert (a.size, a.rules, a.to_play, a.hash) == (b.size, b.rules, b.to_play, b.hash)
    assert a.history == b.history and a.ko_point == b.ko_point and a.captures == b.captures
    for x, y in zip(a.state, b.state, strict=True):
        assert np.array_equal(x, y)


@pytest.mark.parametrize("name", ["kgs.sgf", "fox_handicap.sgf", "tygem_repetition.sgf"])
def test_replay_positions_is_replay_at_every_position(name: str) -> None:
    """One replay gives every position as replay(record, k) does (setup stones,
    passes, a triple ko under simple ko), each board the game's own."""
    rec = read_sgf_file(DATA / name)
    game = replay_positions(rec)
    n = len(rec.moves)
    assert len(game) == n + 1 and game.final is game.boards[-1] and game.size == rec.size
    for k in range(n + 1):
        _same_board(game.boards[k], replay(rec, k))
        assert np.array_equal(game.stones(k), replay(rec, k).to_array())
        assert game.to_play(k) == replay(rec, k).to_play
    pairs = list(game.positions())
    assert len(pairs) == n and len({id(b) for b, _ in pairs}) == n
    for (board, move), (streamed, same) in zip(pairs, iter_positions(rec), strict=True):
        assert move == same and board.to_play == move.color
        _same_board(board, streamed)


def test_replay_positions_says_what_check_record_says() -> None:
    with pytest.raises(KoError, match="move 2"):
        replay_positions(_ko_record())
    off = GameRecord(size=5, moves=[Move(B, Point(1, 1)), Move(W, Point(7, 1))])
    with pytest.raises(CoordinateError) as fast:
        check_record(off)
    with pytest.raises(CoordinateError) as once:
        replay_positions(off)
    assert str(once.value) == str(fast.value)
