"""The time manager: budgets per clock system, never more than what is left; within a
move, the early stop and the extension."""

from __future__ import annotations

import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import STRONG, Search
from igo.search.timecontrol import SAFETY, Clock, move_budget


def test_no_clock_no_budget() -> None:
    assert move_budget(Clock(), 9, 10) is None


@pytest.mark.parametrize("left", [600.0, 60.0, 5.0, 1.0, 0.3])
@pytest.mark.parametrize("move", [0, 20, 60, 200])
def test_absolute_time_never_runs_out(left: float, move: int) -> None:
    budget = move_budget(Clock("absolute", 600, left=left), 19, move)
    assert budget is not None
    assert budget <= max(left * 0.5, 0.05)


def test_middle_game_gets_more_than_the_opening() -> None:
    clock = Clock("absolute", 300, left=300)
    opening = move_budget(clock, 9, 0)
    middle = move_budget(clock, 9, 20)
    assert opening is not None and middle is not None and middle > opening


def test_canadian_overtime_divides_the_period() -> None:
    clock = Clock("canadian", 0, 60, stones=10, left=30.0, stones_left=5)
    budget = move_budget(clock, 19, 100)
    assert budget is not None
    assert budget == pytest.approx(30.0 / 5 * 0.9 - SAFETY)


def test_byoyomi_overtime_spends_a_period_less_the_margin() -> None:
    clock = Clock("byoyomi", 0, 10, periods=3, left=10.0, stones_left=3)
    budget = move_budget(clock, 19, 100)
    assert budget is not None and budget < 10.0 - SAFETY + 1e-9


def test_byoyomi_period_is_a_floor_in_main_time() -> None:
    clock = Clock("byoyomi", 5, 10, periods=3, left=5.0)
    budget = move_budget(clock, 19, 50)
    assert budget is not None and budget >= 10 * 0.9 - SAFETY - 1e-9


# ---------------------------------------------------------------------- within a move
def test_settled_and_unclear() -> None:
    from igo.search.timecontrol import CLOSE_RATIO, settled, unclear

    assert settled(1000, 200, 799) and not settled(1000, 200, 800)
    assert not settled(0, 0, 0)
    assert unclear(100, 100 / CLOSE_RATIO + 1) and not unclear(100, 100 / CLOSE_RATIO)
    assert not unclear(10, 0)


@pytest.mark.parametrize("left", [600.0, 30.0, 2.0])
def test_an_extension_stays_within_the_main_time(left: float) -> None:
    from igo.search.timecontrol import MAX_EXTENSION, max_budget

    clock = Clock("absolute", 600, left=left)
    budget = move_budget(clock, 9, 20)
    assert budget is not None
    most = max_budget(clock, 9, 20, budget)
    assert budget <= most <= MAX_EXTENSION * budget
    assert most <= max(budget, 0.1 * left)
    overtime = Clock("byoyomi", 0, 10, periods=3, left=0.0, stones_left=3)
    b2 = move_budget(overtime, 9, 20)
    assert b2 is not None and max_budget(overtime, 9, 20, b2) == b2


def _won_position() -> Board:
    """Black to play, far ahead (eleven white stones captured on the board): every move
    wins, and one soon draws the visits."""
    b = Board(9)
    rows = ["XXXXXX...",
            "XOOOOOX..",
            "XOOOOOOX.",
            "XXXXXXX.X",
            ".........",
            ".........",
            "......OO.",
            "......O..",
            "........."]
    black = [Point(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == "X"]
    white = [Point(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == "O"]
    b.setup(black=black, white=white)
    b.to_play = Color.BLACK
    return b


def test_a_search_whose_best_move_cannot_change_stops_early() -> None:
    board = _won_position()
    s = Search(board, komi=7.0, config=STRONG.with_options(max_tree_mb=64), seed=1)
    r = s.run(seconds=4.0, early_stop=True)
    assert r.best is not None and r.best.winrate > 0.9
    assert r.stats["stopped_early"] == 1 and r.seconds < 3.5
    fixed = Search(board, komi=7.0, config=STRONG.with_options(max_tree_mb=64), seed=1)
    r2 = fixed.run(seconds=1.0)
    assert r2.stats["stopped_early"] == 0 and r2.seconds >= 1.0


def test_a_close_search_thinks_longer_within_its_maximum(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two moves count as close here whatever their visits (a huge ratio), so the
    search extends by steps up to its maximum; with no maximum it does not."""
    from igo.search import timecontrol as TC

    monkeypatch.setattr(TC, "CLOSE_RATIO", 1e9)
    board = Board(9)
    board.play(Color.BLACK, Point(4, 4))
    s = Search(board, komi=7.0, config=STRONG.with_options(max_tree_mb=64), seed=2)
    r = s.run(seconds=0.3, max_seconds=0.9)
    # steps of 0.15 s from when each is decided: 4 on a quiet machine, fewer on a busy one
    assert 2 <= r.stats["extensions"] <= 4 and 0.85 < r.seconds <= 1.1
    r2 = s.run(seconds=0.3)
    assert r2.stats["extensions"] == 0 and r2.seconds < 0.5
    monkeypatch.setattr(TC, "CLOSE_RATIO", 1.0)  # no two moves are ever close
    r3 = s.run(seconds=0.3, max_seconds=0.9)
    assert r3.stats["extensions"] == 0 and r3.seconds < 0.5


def test_only_main_time_banks_what_a_move_saves() -> None:
    from igo.search.timecontrol import banks_time

    assert not banks_time(None) and not banks_time(Clock())
    assert banks_time(Clock("absolute", 60, left=30.0))
    assert banks_time(Clock("byoyomi", 60, 10, periods=3, left=20.0))
    assert not banks_time(Clock("byoyomi", 0, 10, periods=3, left=0.0, stones_left=3))
    assert not banks_time(Clock("canadian", 0, 1, stones=1, left=1.0, stones_left=1))
