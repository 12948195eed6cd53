"""Positions of a record and their cache keys (:mod:`igo.review.positions`)."""

from __future__ import annotations

from dataclasses import replace

from igo.analysis.position import Budget
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.replay import replay_positions
from igo.review.positions import position_key, search_board, seed_of, to_play_at
from igo.search.config import STRONG
from igo.sgf import read_sgf_file

from .conftest import DATA


def test_search_board_takes_back_closing_passes_and_keeps_the_player() -> None:
    rec = read_sgf_file(DATA / "handicap9.sgf")  # ... B[eh] W[] B[gb] W[] B[]
    n = len(rec.moves)
    assert rec.moves[-1].point is None and rec.moves[-2].point is None
    last = search_board(rec, n)
    assert last.consecutive_passes == 0
    assert last.to_play is Color.WHITE  # after Black's final pass
    assert last.move_number == n - 2
    # a pass in the middle: the board after it is the board before it, other player
    mid = search_board(rec, n - 3)  # after ... B[eh] W[]
    assert mid.move_number == n - 4 and mid.to_play is Color.BLACK
    # setup stones stay
    first = search_board(rec, 0)
    assert first[Point(2, 6)] == Color.BLACK and first.to_play is Color.WHITE


def test_the_replayed_game_gives_the_same_search_boards() -> None:
    """:meth:`ReplayedGame.search_board` (what the review's searches start from) is
    :func:`search_board` at every position: the same stones, history and player."""
    rec = read_sgf_file(DATA / "handicap9.sgf")
    game = replay_positions(rec)
    for k in range(len(rec.moves) + 1):
        once, again = game.search_board(k), search_board(rec, k)
        assert (once.to_play, once.history, once.hash) == (again.to_play, again.history,
                                                            again.hash)
        assert all((x == y).all() for x, y in zip(once.state, again.state, strict=True))
        assert once is not game.boards[k]  # a copy: the search may change it


def test_to_play_at_follows_the_record() -> None:
    rec = read_sgf_file(DATA / "handicap9.sgf")
    assert to_play_at(rec, 0) is Color.WHITE
    assert to_play_at(rec, 1) is Color.BLACK
    assert to_play_at(rec, len(rec.moves)) is Color.WHITE


def test_keys_name_what_an_evaluation_depends_on() -> None:
    rec = read_sgf_file(DATA / "game9.sgf")
    b, cfg = Budget(100), STRONG
    k = position_key(rec, 10, b, cfg)
    assert k == position_key(rec, 10, b, cfg) and len(k) == 64
    assert k != position_key(rec, 11, b, cfg)
    assert k != position_key(replace(rec, komi=6.5), 10, b, cfg)
    assert k != position_key(rec, 10, Budget(101), cfg)
    assert k != position_key(rec, 10, Budget(None, 1.0), cfg)
    assert k != position_key(rec, 10, b, cfg.with_options(rave_equiv=10.0))
    assert k != position_key(replace(rec, setup_black=[Point(0, 0)]), 10, b, cfg)
    assert k != position_key(replace(rec, rules=replace(rec.rules, ko="simple")), 10, b, cfg)
    # the result and the players' names do not matter
    assert k == position_key(replace(rec, black="someone else"), 10, b, cfg)
    assert seed_of(k) == seed_of(k) and seed_of(k) > 0


def test_closing_passes_share_the_key_of_the_position_they_leave() -> None:
    rec = read_sgf_file(DATA / "handicap9.sgf")
    n = len(rec.moves)
    b = Budget(100)
    # after W[] B[] at the end, White to move on the board of move n - 2 ... which is
    # also position n - 2 (White to move there too)
    assert position_key(rec, n, b, STRONG) == position_key(rec, n - 2, b, STRONG)
    assert position_key(rec, n - 1, b, STRONG) != position_key(rec, n - 2, b, STRONG)
