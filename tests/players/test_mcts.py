"""The MCTS player: options, passing, dead stones from the search's ownership, GTP."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.engine.engine import GtpEngine
from igo.players.base import EnginePlayer
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.players.registry import PlayerSpecError, make_player
from igo.search.search import Search
from igo.search.timecontrol import Clock, move_budget

# Black owns columns A-G, White H-J; the black stone at J5 is dead in White's strip.
FINAL = """
. . . . . . X O .
. . . . . . X O .
. . . . . . X O .
. . . . . . X O .
. . . . . . X O X
. . . . . . X O .
. . . . . . X O .
. . . . . . X O .
. . . . . . X O .
"""


def test_spec_options_reach_the_search() -> None:
    p = make_player("igo:mcts:preset=paper,tabu=5,playouts=100", np.random.default_rng(1))
    assert isinstance(p, EnginePlayer) and isinstance(p.generator, MCTSGenerator)
    assert p.generator.config.playouts.tabu == 5 and p.generator.config.selection.c_puct == 0.0
    assert p.generator.limits == MoveLimits(100, None)
    with pytest.raises(PlayerSpecError, match="unknown search option"):
        make_player("igo:mcts:nosuch=1")
    with pytest.raises(PlayerSpecError, match="unknown search preset"):
        make_player("igo:mcts:preset=weak")


def test_dead_stones_come_from_the_search() -> None:
    board = Board.from_diagram(FINAL)
    gen = MCTSGenerator(limits=MoveLimits(500, None), rng=np.random.default_rng(3))
    gen.set_context(0.5)
    own = gen.final_ownership(board)
    assert own[4, 8] < -0.5  # J5 ends White's
    engine = GtpEngine(gen, size=9, komi=0.5)
    engine.state.board = board
    out = engine.handle_line("final_status_list dead")
    assert out == "= J5\n\n"
    assert engine.handle_line("final_score") == "= B+44.5\n\n"
    # the count behind its passes is the one it answers with
    assert [p.to_gtp(9) for p in gen.dead_stones(board)] == ["J5"]
    assert gen.score_after_pass(board, Color.WHITE) == -44.5
    assert gen.score_after_pass(board, Color.BLACK, seconds=0.2) == 44.5


def test_passes_after_the_opponent_when_passing_wins() -> None:
    board = Board.from_diagram(FINAL)
    board.play(Color.WHITE, None)
    gen = MCTSGenerator(limits=MoveLimits(800, None), rng=np.random.default_rng(2))
    gen.set_context(0.5)
    assert gen.select_move(board, Color.BLACK) is None  # Black wins by passing
    board2 = Board.from_diagram(FINAL)
    board2.play(Color.BLACK, None)
    assert gen.select_move(board2, Color.WHITE) is not None  # passing would lose


class CountingGenerator(MCTSGenerator):
    """Records the seconds of every end-of-game count and of every move search."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.counts: list[float | None] = []
        self.searches: list[float | None] = []

    def final_ownership(self, board, seconds=None):  # type: ignore[no-untyped-def]
        self.counts.append(seconds)
        return super().final_ownership(board, seconds)

    def analyze(self, board, color, limits=None):  # type: ignore[no-untyped-def]
        self.searches.append(None if limits is None else limits.seconds)
        return super().analyze(board, color, limits)


def test_the_count_before_a_pass_fits_in_the_moves_time() -> None:
    """In byo-yomi the move's budget already leaves only the safety margin: the count
    after the opponent's pass takes its quarter from the search, and a count the move
    did not expect (no pass before) stays within a tenth."""
    clock = Clock(system="byoyomi", byo_yomi=2.0, periods=1, left=2.0, stones_left=1)
    budget = move_budget(clock, 9, 60)
    assert budget is not None and 1.0 < budget < 2.0
    gen = CountingGenerator(limits=MoveLimits(None, 1.0), rng=np.random.default_rng(2))
    gen.set_context(0.5, clock)
    board = Board.from_diagram(FINAL)
    board.play(Color.WHITE, None)
    assert gen.select_move(board, Color.BLACK) is None  # Black wins by passing
    # the search and the count share, 3 to 1, what the budget leaves after the first
    # search's set-up (its tree's allocation)
    (search,), (count,) = gen.searches, gen.counts
    assert search is not None and count is not None
    assert search == pytest.approx(3 * count) and search + count <= budget
    untimed = CountingGenerator(limits=MoveLimits(300, None), rng=np.random.default_rng(2))
    untimed.set_context(0.5)
    assert untimed.select_move(board, Color.BLACK) is None
    assert untimed.counts == [None]  # playouts only: final_playouts
    # no pass before and the search does not pass: no count at all
    gen.counts.clear()
    assert gen.select_move(Board.from_diagram(FINAL), Color.WHITE) is not None
    assert gen.counts == []


def test_plays_a_legal_game_against_itself() -> None:
    black = MCTSGenerator(limits=MoveLimits(200, None), rng=np.random.default_rng(4))
    white = MCTSGenerator(limits=MoveLimits(200, None), rng=np.random.default_rng(5))
    engine = GtpEngine(black, size=7, komi=7.0)
    passes = 0
    for i in range(120):
        color = Color.BLACK if i % 2 == 0 else Color.WHITE
        engine.generator = black if color is Color.BLACK else white
        reply = engine.handle_line(f"genmove {color.name.lower()}")
        assert reply is not None and reply.startswith("= "), reply
        move = reply[2:].strip()
        if move == "resign":
            break
        passes = passes + 1 if move == "pass" else 0
        if passes == 2:
            break
    assert engine.state.board.move_number > 10


def test_the_warm_up_runs_aside_and_the_first_move_takes_its_wait_off() -> None:
    """``warm_up`` leaves the generator's state alone (a seeded game plays the same moves
    with it); the first timed move waits for it and searches for what is left."""
    gen = CountingGenerator(limits=MoveLimits(None, 1.0), rng=np.random.default_rng(4))
    release = threading.Event()
    real_warm = gen._warm

    def slow_warm(size: int, komi: float) -> None:
        release.wait(5)
        time.sleep(0.4)
        real_warm(size, komi)

    gen._warm = slow_warm  # type: ignore[method-assign]
    gen.warm_up(9, 7.0)
    assert gen.search is None and gen._warming is not None
    clock = Clock(system="byoyomi", byo_yomi=2.0, periods=1, left=2.0, stones_left=1)
    budget = move_budget(clock, 9, 0)
    assert budget is not None
    gen.set_context(7.0, clock)
    release.set()
    move = gen.select_move(Board(9), Color.BLACK)
    assert move is not None and gen._warming is None
    (seconds,) = gen.searches
    assert seconds is not None and seconds <= budget - 0.35
    plain = MCTSGenerator(limits=MoveLimits(200, None), rng=np.random.default_rng(4))
    warmed = MCTSGenerator(limits=MoveLimits(200, None), rng=np.random.default_rng(4))
    warmed.warm_up(9, 7.0)
    assert warmed.select_move(Board(9), Color.BLACK) == plain.select_move(Board(9), Color.BLACK)


def test_the_first_moves_tree_allocation_comes_off_its_time() -> None:
    """A game's first search allocates its tree (about a second on 19x19, before the
    search's own clock starts): the move's time is what is left after it."""
    gen = CountingGenerator(limits=MoveLimits(None, 1.0), rng=np.random.default_rng(5))
    real = gen.search_for

    def slow_search_for(board: Board, color: Color) -> Search:
        if gen.search is None:
            time.sleep(0.4)
        return real(board, color)

    gen.search_for = slow_search_for  # type: ignore[method-assign]
    assert gen.select_move(Board(9), Color.BLACK) is not None
    (seconds,) = gen.searches
    assert seconds is not None and seconds <= 1.0 - 0.35


def test_time_saved_by_early_stops_goes_to_later_moves() -> None:
    """Under main time, a search that stops early lowers the player's spend, and the
    next move's budget grows by as much; without the tree-aware manager, or in a new
    game, the budgets are the clock's alone."""
    board = Board(9)
    board.play(Color.BLACK, Point(4, 4))
    clock = Clock("absolute", 60.0, left=40.0)
    gen = MCTSGenerator(limits=MoveLimits(None, 1.0), rng=np.random.default_rng(3))
    gen.set_context(7.0, clock)
    first = gen._clock_limits(board).seconds
    gen.spend = 0.5
    gen._spend_move = board.move_number - 1
    half = move_budget(clock, 9, board.move_number, empty=80, spend=0.5)
    assert first == pytest.approx(move_budget(clock, 9, board.move_number, empty=80))
    assert first is not None and half is not None and half > 1.9 * first
    assert gen._clock_limits(board).seconds == pytest.approx(half)
    # a search with a playout limit well below its budget: it uses a part of it
    gen.limits = MoveLimits(200, 1.0)
    gen.spend, gen._spend_move = 1.0, -1
    gen.select_move(board, Color.WHITE)
    assert gen.spend < 1.0 and gen._spend_move == board.move_number
    later = board.copy()
    later.play(Color.WHITE, Point(2, 2))
    later.play(Color.BLACK, Point(6, 6))
    assert gen._clock_limits(later).seconds > first  # type: ignore[operator]
    gen._clock_limits(board)  # the same move number again: a new game, or a take-back
    assert gen.spend == 1.0
    fixed = MCTSGenerator(limits=MoveLimits(200, 1.0), rng=np.random.default_rng(3),
                          adaptive_time=False)
    fixed.set_context(7.0, clock)
    fixed.select_move(board, Color.WHITE)
    assert fixed.spend == 1.0 and fixed._clock_limits(board).seconds == pytest.approx(first)


def test_the_lag_a_move_costs_is_read_off_the_clock() -> None:
    """What a player's moves cost on the clock beyond its own thinking (the clock it is
    told before each move) becomes its lag, which the next budgets keep time for: from
    one move of a clock in hundredths, from ten of GTP's whole seconds; a move that does
    not follow on starts again, and the estimate carries over to the next game."""
    def play_moves(gen: MCTSGenerator, lag: float, moves: int, whole: bool,
                   left: float = 60.0) -> list[float | None]:
        board, seen = Board(9), []
        for k in range(moves):
            told = float(int(left)) if whole else round(left, 2)
            gen.set_context(7.0, Clock("absolute", 60.0, left=told))
            t0 = time.monotonic()
            gen.select_move(board, Color.BLACK)
            left -= time.monotonic() - t0 + lag
            seen.append(gen.lag)
            board.play(Color.BLACK, Point(k // 9, k % 9))
            board.play(Color.WHITE, Point(8 - k // 9, k % 9))
        return seen

    gen = MCTSGenerator(limits=MoveLimits(64, None), rng=np.random.default_rng(5))
    fine = play_moves(gen, 0.4, 3, whole=False)
    assert fine[0] is None and fine[1] == pytest.approx(0.4, abs=0.02)
    assert fine[2] == pytest.approx(0.4, abs=0.02)
    unknown = move_budget(Clock("absolute", 60.0, left=50.0), 9, 6, empty=75)
    gen.set_context(7.0, Clock("absolute", 60.0, left=50.0))
    board = Board(9)
    board.play(Color.BLACK, Point(4, 4))
    lagged = gen._clock_limits(board).seconds
    assert unknown is not None and lagged is not None and lagged < unknown
    gen = MCTSGenerator(limits=MoveLimits(64, None), rng=np.random.default_rng(5))
    whole = play_moves(gen, 0.15, 14, whole=True)
    assert whole[:10] == [None] * 10
    assert all(w is not None and abs(w - 0.15) <= 0.06 for w in whole[10:])
    # a new game: the estimate is kept until the new span resolves its own
    again = play_moves(gen, 0.0, 3, whole=True)
    assert again == [whole[-1]] * 3
    # a clock that says nothing teaches nothing
    quiet = MCTSGenerator(limits=MoveLimits(64, None), rng=np.random.default_rng(5))
    board = Board(9)
    for _ in range(3):
        quiet.set_context(7.0, Clock("absolute", 60.0))
        quiet.select_move(board, Color.BLACK)
        board.play(Color.BLACK, None)
        board.play(Color.WHITE, None)
    assert quiet.lag is None


def test_each_move_logs_its_thinking_time(caplog: pytest.LogCaptureFixture) -> None:
    gen = MCTSGenerator(limits=MoveLimits(300, None), rng=np.random.default_rng(6))
    engine = GtpEngine(gen, size=7, komi=7.0)
    with caplog.at_level("INFO", logger="igo.players.mcts"):
        reply = engine.handle_line("genmove b")
    assert reply is not None and reply.startswith("= ")
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("genmove")]
    assert len(lines) == 1
    move = reply[2:].strip().upper()
    # "genmove black D4 in 0.05 s, search 0.04 s: 300 playouts (7000/s), win rate 51.2 %"
    words = lines[0].split()
    assert words[:3] == ["genmove", "black", move]
    assert float(words[4]) >= float(words[7]) > 0
    assert int(words[9]) >= 300
