"""The time manager: budgets per clock system, never more than what is left; within a
move, the early stop and the extension."""

from __future__ import annotations

import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import STRONG, Search
from igo.search.timecontrol import (
    MAX_LAG,
    MEASURED_SAFETY,
    MIN_SECONDS,
    SAFETY,
    Clock,
    average_lag,
    move_budget,
)
from waiting import Chunks, record_runs


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
    # the search says it stopped early, and it did so before its budget ran out (no
    # margin on the clock: how much earlier depends on how loaded the machine is)
    assert r.stats["stopped_early"] == 1 and r.seconds < 4.0
    fixed = Search(board, komi=7.0, config=STRONG.with_options(max_tree_mb=64), seed=1)
    r2 = fixed.run(seconds=1.0)
    assert r2.stats["stopped_early"] == 0 and r2.seconds >= 1.0


def _ended_at_its_deadline(runs: list, chunks: Chunks, seconds: float) -> None:
    """The last run's final deadline is ``seconds`` after its start, and no search thread
    began a chunk after it (but the one it may have begun as the deadline came)."""
    ctl = runs[-1]
    assert ctl.deadline == pytest.approx(ctl.t0 + seconds, abs=1e-9)
    late = chunks.begun_after(ctl.deadline)
    assert all(n <= 1 for n in late.values()), late


def test_a_close_search_thinks_longer_within_its_maximum(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two moves count as close here whatever their visits (a huge ratio), so the
    search extends by steps up to its maximum and stops there; with no maximum it does
    not extend, nor when no two moves are close. Checked by the run's own deadlines and
    the search chunks begun after them, not by the time it took: the steps (0.15 s from
    when each is decided) are 4 on a quiet machine and fewer on a busy one, where each
    decision comes later, but the last deadline is the maximum all the same."""
    from igo.search import timecontrol as TC

    monkeypatch.setattr(TC, "CLOSE_RATIO", 1e9)
    runs = record_runs(monkeypatch)
    chunks = Chunks.install(monkeypatch)
    board = Board(9)
    board.play(Color.BLACK, Point(4, 4))
    s = Search(board, komi=7.0, config=STRONG.with_options(max_tree_mb=64), seed=2)
    r = s.run(seconds=0.3, max_seconds=0.9)
    assert 1 <= r.stats["extensions"] <= 4 and r.seconds >= 0.9
    assert runs[-1].max_deadline == pytest.approx(runs[-1].t0 + 0.9, abs=1e-9)
    _ended_at_its_deadline(runs, chunks, 0.9)
    r2 = s.run(seconds=0.3)
    assert r2.stats["extensions"] == 0 and r2.seconds >= 0.3
    _ended_at_its_deadline(runs, chunks, 0.3)
    monkeypatch.setattr(TC, "CLOSE_RATIO", 1.0)  # no two moves are ever close
    r3 = s.run(seconds=0.3, max_seconds=0.9)
    assert r3.stats["extensions"] == 0 and r3.seconds >= 0.3
    _ended_at_its_deadline(runs, chunks, 0.3)


def test_only_main_time_banks_what_a_move_saves() -> None:
    from igo.search.timecontrol import banks_time

    assert not banks_time(None) and not banks_time(Clock())
    assert banks_time(Clock("absolute", 60, left=30.0))
    assert banks_time(Clock("byoyomi", 60, 10, periods=3, left=20.0))
    assert not banks_time(Clock("byoyomi", 0, 10, periods=3, left=0.0, stones_left=3))
    assert not banks_time(Clock("canadian", 0, 1, stones=1, left=1.0, stones_left=1))


# ---------------------------------------------------------------------- across moves
def test_moves_left_from_the_empty_points() -> None:
    from igo.search.timecontrol import EXPECTED_SHARE, FINAL_EMPTY, moves_left

    assert moves_left(9, 0, 81) == pytest.approx((81 - FINAL_EMPTY * 81) / 2)
    assert moves_left(19, 100, 261) == pytest.approx((261 - FINAL_EMPTY * 361) / 2)
    # captures leave more to play than the move number says
    assert moves_left(9, 40, 60) > moves_left(9, 40, 41)
    # never fewer than the reserve, with or without the board
    floor = 0.2 * EXPECTED_SHARE * 81
    assert moves_left(9, 120, 3) == pytest.approx(floor)
    assert moves_left(9, 120) == pytest.approx(floor)
    assert moves_left(9, 0) == pytest.approx(EXPECTED_SHARE * 81)


def test_next_spend_follows_the_share_used_within_bounds() -> None:
    from igo.search.timecontrol import MAX_SPEND, MIN_SPEND, next_spend

    s = 1.0
    for _ in range(40):  # searches that stop at a third of their budget
        s = next_spend(s, 0.3, 0.9)
    assert s == pytest.approx(max(1 / 3, MIN_SPEND), abs=1e-3)
    for _ in range(40):  # searches that always extend to twice and more
        s = next_spend(s, 5.0, 1.0)
    assert s == pytest.approx(MAX_SPEND, abs=1e-3)
    assert next_spend(0.7, 1.0, 0.0) == 0.7  # no budget: nothing learnt


def test_a_player_that_saves_time_gets_larger_budgets() -> None:
    clock = Clock("absolute", 300, left=200.0)
    plain = move_budget(clock, 9, 20, empty=61)
    saving = move_budget(clock, 9, 20, empty=61, spend=0.5)
    extending = move_budget(clock, 9, 20, empty=61, spend=2.0)
    assert plain is not None and saving is not None and extending is not None
    assert saving > 1.9 * plain and extending < 0.55 * plain


def _play_out(size: int, total: float, own_moves: int, lag: float, spend: float,
              use: float, known_lag: bool = True) -> tuple[float, float]:
    """A sudden-death game in which every search uses ``use`` of its budget (and the
    player's spend is ``spend``), each move costing ``lag`` on the clock besides, which
    the player has measured (``known_lag``, from its second move on, as
    :class:`~igo.players.mcts.MCTSGenerator` does) or not: the clock left at the end and
    the least left before."""
    left, least = total, total
    points = size * size
    for k in range(own_moves):
        empty = max(points - 2 * k, 0)
        seen = lag if known_lag and k > 0 else None
        budget = move_budget(Clock("absolute", total, left=left), size, 2 * k, empty, spend,
                             seen)
        assert budget is not None
        left -= budget * use + lag
        least = min(least, left)
    return left, least


@pytest.mark.parametrize(("size", "total", "own", "lag"), [
    (9, 30.0, 30, 0.1), (9, 30.0, 45, 0.1), (9, 30.0, 55, 0.1), (9, 30.0, 40, 0.3),
    (9, 10.0, 30, 0.1), (9, 10.0, 45, 0.1), (9, 20.0, 50, 0.1), (9, 60.0, 40, 0.5),
    (9, 10.0, 45, 0.0), (9, 30.0, 55, 0.02), (19, 600.0, 170, 0.0),
    (19, 600.0, 125, 0.1), (19, 600.0, 170, 0.1), (19, 300.0, 170, 0.5)])
def test_sudden_death_spends_the_clock_without_running_out(size: int, total: float,
                                                           own: int, lag: float) -> None:
    """With the moves left read off the board and the lag a move costs measured, a
    player that uses its budgets ends a game of usual length with little of the clock
    left, and a long one still in time, blitz included, with a measured spend (searches
    that stop early, the budgets scaled up to match) as much as with none (no captures,
    the worst case for the estimate)."""
    for spend, use in [(1.0, 1.0), (0.5, 0.5), (0.4, 0.4)]:
        left, least = _play_out(size, total, own, lag, spend, use)
        assert least > 0
        if own <= 0.35 * size * size and lag * own < 0.1 * total:  # most of the clock used
            assert left < 0.25 * total


def test_blitz_lag_not_kept_for_runs_out() -> None:
    """Why the lag is measured: a 90-move 9x9 game at 10 s with 0.1 s of lag a move runs
    out when the player keeps nothing for it (the time manager of fd7c0f8)."""
    left, _ = _play_out(9, 10.0, 45, 0.1, 0.5, 0.5, known_lag=False)
    assert left < 0
    left, _ = _play_out(9, 10.0, 45, 0.1, 0.5, 0.5)
    assert left > 0


def test_average_lag_over_the_moves_the_clock_resolves() -> None:
    # a clock in hundredths: one move tells the lag
    assert average_lag(60.0, 58.7, 1.0, 1, 60.0) == pytest.approx(0.3)
    assert average_lag(58.7, 50.3, 6.2, 4, 60.0) == pytest.approx(0.55)
    assert average_lag(60.0, 59.5, 0.6, 1, 60.0) == 0.0  # a referee's grace: none
    assert average_lag(60.0, 0.5, 0.5, 1, 60.0) == MAX_LAG  # a pause, not every move's
    assert average_lag(60.0, 59.0, 0.5, 0, 60.0) is None
    # GTP's whole seconds (truncated): nothing from a few moves, then the average, read
    # half a second above what the clock says
    assert average_lag(60.0, 59.0, 0.8, 1, 60.0) is None
    assert average_lag(59.0, 40.0, 16.0, 9, 60.0) is None
    assert average_lag(60.0, 41.0, 16.0, 10, 60.0) == pytest.approx(0.25)
    assert average_lag(59.0, 41.0, 16.0, 10, 60.0) == pytest.approx(0.2)


def test_average_lag_of_a_truncating_clock_converges() -> None:
    """A game at 0.37 s a move and 0.13 s of lag, told in whole seconds: from the tenth
    move on the estimate is within the resolution of the truth."""
    left, thought = 60.0, 0.0
    for moves in range(1, 60):
        left -= 0.37 + 0.13
        thought += 0.37
        lag = average_lag(60.0, float(int(left)), thought, moves, 60.0)
        assert (lag is None) == (moves < 10)
        assert lag is None or abs(lag - 0.13) <= 0.5 / moves + 1e-9


def test_lag_keeps_time_for_the_moves_left() -> None:
    """A measured lag is kept for every move still to play, and replaces the fixed
    safety margin of a move (a measured 0: a referee that forgives the overhead)."""
    clock = Clock("absolute", 60.0, left=30.0)
    unknown = move_budget(clock, 9, 20, empty=61)
    none = move_budget(clock, 9, 20, empty=61, lag=0.0)
    lagged = move_budget(clock, 9, 20, empty=61, lag=0.2)
    hopeless = move_budget(clock, 9, 20, empty=61, lag=5.0)
    assert unknown is not None and none is not None and lagged is not None
    assert none == pytest.approx(unknown + SAFETY - MEASURED_SAFETY)
    assert lagged < none
    assert hopeless == pytest.approx(MIN_SECONDS)  # nothing usable: the least a move gets


@pytest.mark.parametrize("clock", [Clock("byoyomi", 0, 10, periods=3, left=10.0, stones_left=3),
                                   Clock("canadian", 0, 60, stones=10, left=30.0,
                                         stones_left=5),
                                   Clock("byoyomi", 60, 10, periods=3, left=1.0)])
def test_overtime_keeps_the_lag_of_each_move(clock: Clock) -> None:
    unknown = move_budget(clock, 9, 40, empty=41)
    lagged = move_budget(clock, 9, 40, empty=41, lag=0.5)
    assert unknown is not None and lagged == pytest.approx(unknown - 0.5)
