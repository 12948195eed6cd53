"""The time manager: budgets per clock system, never more than what is left."""

from __future__ import annotations

import pytest

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
