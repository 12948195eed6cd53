"""The MCTS engine as a move generator (Ohta & Itoh; :mod:`igo.search`).

:class:`MCTSGenerator` keeps one :class:`~igo.search.Search` between moves, so the
subtree of the moves actually played is reused. It is told the game's komi through
:meth:`MCTSGenerator.set_context` (the GTP engine and :class:`EnginePlayer` call it
before every move).

Ending games (``pass``/``resign``):

- it resigns when the win rate of its best move stays below ``resign_threshold``
  for ``resign_moves`` moves in a row, each with at least ``resign_min_visits``;
- it passes when the opponent has just passed and passing wins under area scoring
  with the dead stones it would itself answer to ``final_status_list`` (a search of
  the position played out, :meth:`MCTSGenerator.final_ownership`; on a timed move in
  ``count_share`` of its time), or when the search itself prefers the pass and
  passing at least draws; it never passes when passing loses. (The playouts score a
  draw, possible with an integer komi, as half a win.) The game's own search is not
  used for that count: after the opponent's pass its pass ends the game in the tree,
  counting every stone as it stands, and on 9x9 games against GNU Go it put igo 9 to
  25 points ahead in positions its final count and GNU Go's both scored a draw.

Pondering (``ponder=True``): after choosing a move, the generator goes on searching
the position after it, in a background thread, on the tree that its next move reuses
(:meth:`MCTSGenerator.start_pondering`), for at most ``ponder_seconds``; anything that
touches the search stops it first (:meth:`MCTSGenerator.stop_pondering`, within a
chunk of the search: tens of milliseconds). The GTP engine stops it on every command.

``interrupt``: an event that stops the search of the move being chosen (GoGui's
``# interrupt``, or the end of the controller's input); the move is then the best
found so far.

A single search is bounded: at most :data:`MAX_PLAYOUTS` playouts and
:data:`MAX_SECONDS` seconds a move, whatever the limits or the clock ask for.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.scoring import final_status
from igo.movepred.model import MoveModel
from igo.players.base import RESIGN, Decision
from igo.search.config import STRONG, SearchConfig
from igo.search.ownership import position_ownership
from igo.search.search import Search, SearchResult
from igo.search.timecontrol import (
    MIN_SECONDS,
    Clock,
    average_lag,
    banks_time,
    max_budget,
    move_budget,
    next_spend,
)

log = logging.getLogger(__name__)

#: The most playouts one search may be asked for (about 1.5 hours on one core, 9x9).
MAX_PLAYOUTS = 100_000_000
#: The most seconds one search may be asked for.
MAX_SECONDS = 3600.0


@dataclass(frozen=True)
class MoveLimits:
    """How long one move may think: playouts, seconds, or both (first reached);
    ``max_seconds``: how long it may go on when its two best moves are close (the time
    manager's extension, under a clock)."""

    playouts: int | None = None
    seconds: float | None = 1.0
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.playouts is None and self.seconds is None:
            raise ValueError("give playouts or seconds per move")
        if self.playouts is not None and not 1 <= self.playouts <= MAX_PLAYOUTS:
            raise ValueError(f"playouts must be between 1 and {MAX_PLAYOUTS:,}, "
                             f"got {self.playouts}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ValueError(f"seconds must be positive and at most {MAX_SECONDS:g}, "
                             f"got {self.seconds}")


@dataclass(frozen=True)
class EndingConfig:
    """When to resign and when to pass (see the module docstring)."""

    resign_threshold: float = 0.08
    resign_moves: int = 2
    resign_min_visits: int = 500
    final_playouts: int = 4000
    #: the share of a timed move's seconds kept for the count after the opponent's pass
    count_share: float = 0.25
    #: seconds for a count the move did not expect (its search prefers to pass first), as a
    #: share of the move's: within the time manager's 10 % safety margin
    count_extra: float = 0.1


@dataclass(slots=True)
class _LagSpan:
    """A player's consecutive timed moves: the main time left before the first, the
    seconds they took here, how many the clock has charged, the last one's number."""

    left: float
    thought: float = 0.0
    moves: int = 0
    last_move: int = -1


def _log_genmove(board: Board, color: Color, decision: Decision, result: SearchResult,
                 seconds: float) -> None:
    """One line a move on the log (INFO), as Pachi's ``genmove in ... s``: the thinking
    time a move as the engine measured it, for matches at equal time."""
    if not log.isEnabledFor(logging.INFO):
        return
    if decision == RESIGN:
        move = "resign"
    elif decision is None:
        move = "pass"
    else:
        move = decision.to_gtp(board.size)
    rate = result.playouts / result.seconds if result.seconds > 0 else 0.0
    log.info("genmove %s %s in %.2f s, search %.2f s: %d playouts (%.0f/s), win rate %.1f %%",
             color.name.lower(), move, seconds, result.seconds, result.playouts, rate,
             100.0 * result.winrate)


def _less_time(lim: MoveLimits, seconds: float) -> MoveLimits:
    """``lim`` with ``seconds`` taken off its time (and off its extension)."""
    assert lim.seconds is not None
    most = None if lim.max_seconds is None else max(lim.max_seconds - seconds, MIN_SECONDS)
    return MoveLimits(lim.playouts, max(lim.seconds - seconds, MIN_SECONDS), most)


class MCTSGenerator:
    """Chooses moves by MCTS; see the module docstring.

    Parameters
    ----------
    config
        Search parameters (default: the ``strong`` preset).
    limits
        Thinking limits per move.
    rng
        Seeds the search's random streams.
    model
        Move model for the priors (default: igo's model of the board size).
    ending
        Resign and pass rules.
    ponder
        Think on the opponent's time (see the module docstring).
    ponder_seconds
        The longest a ponder runs when nothing stops it.
    adaptive_time
        The time manager looks at the tree (:meth:`igo.search.Search.run`), under a
        clock with main time left (where time not used is kept for later moves): a
        search stops once its best move cannot change, and goes on when its two best
        moves are close; the next budgets grow by what such searches save (and shrink by
        what they extend: :func:`~igo.search.timecontrol.next_spend`), so that the clock
        is spent and not left over.

    Under a clock that tells the time left (GTP's ``time_left``), the lag each move costs
    on it beyond the player's own thinking (a network, the controller) is measured over
    the player's moves (:attr:`lag`) and kept for the moves still to play
    (:func:`~igo.search.timecontrol.move_budget`), with or without ``adaptive_time``.
    """

    name = "mcts"

    def __init__(self, config: SearchConfig = STRONG, limits: MoveLimits | None = None,
                 rng: np.random.Generator | None = None, model: MoveModel | None = None,
                 ending: EndingConfig | None = None, ponder: bool = False,
                 ponder_seconds: float = 600.0, adaptive_time: bool = True) -> None:
        self.config = config
        self.limits = limits if limits is not None else MoveLimits()
        self.rng = rng if rng is not None else np.random.default_rng()
        self.model = model
        self.ending = ending if ending is not None else EndingConfig()
        self.komi = 7.5
        self.clock: Clock | None = None
        self.search: Search | None = None
        self.last_result: SearchResult | None = None
        #: ``(callback, seconds)``: while :meth:`analyze` (and so :meth:`select_move`)
        #: searches, ``callback(result)`` runs every ``seconds`` (live GTP analysis)
        self.watcher: tuple[Callable[[SearchResult], None], float] | None = None
        self._low = 0
        self._warming: threading.Thread | None = None
        self.ponder = ponder
        self.adaptive_time = adaptive_time
        self.ponder_seconds = min(float(ponder_seconds), MAX_SECONDS)
        self._pondering: tuple[threading.Thread, threading.Event] | None = None
        #: the last ponder's result (``None`` before any)
        self.ponder_result: SearchResult | None = None
        #: stops the search of the move being chosen (set by a GTP engine per command)
        self.interrupt: threading.Event | None = None
        #: the share of their budgets that this game's timed searches used
        #: (:func:`~igo.search.timecontrol.next_spend`), and the move it was last updated at
        self.spend = 1.0
        self._spend_move = -1
        #: the seconds a move costs on the clock beyond the search's
        #: (:func:`~igo.search.timecontrol.average_lag`; ``None`` until a clock shows it;
        #: kept from game to game), measured per colour over a span of moves
        self.lag: float | None = None
        self._lag_spans: dict[Color, _LagSpan] = {}

    def prepare(self, board: Board, komi: float) -> None:
        """Build the search for a new game now (move model, kernels), so that the first
        move's clock is not spent on it."""
        self.set_context(komi)
        self.search_for(board, board.to_play).run(playouts=16)

    def warm_up(self, size: int, komi: float) -> None:
        """Load (or, after an upgrade, compile) the search kernels and the move model in
        a background thread, with a throw-away search of ``size`` (``igo gtp`` at
        start-up: that takes from a second to minutes, and a GUI's first commands should
        not wait for it). The generator's own state is not touched; the first move waits
        for the thread and takes the wait off its own time."""
        thread = threading.Thread(target=self._warm, args=(size, komi), daemon=True,
                                  name="igo-warm-up")
        self._warming = thread
        thread.start()

    def _warm(self, size: int, komi: float) -> None:
        try:
            small = self.config.with_options(tree_capacity=1000)  # the kernels and a reclaim
            search = Search(Board(size), komi, small, self.model, seed=1)
            search.log_reclaims = False
            # a time limit too: a search of set playouts alone would wait for the net's
            # load (NetPriors.settle_root), and the first command waits for this one
            search.run(playouts=300, seconds=60.0)
        except Exception:  # the first move will meet the same error and report it
            log.exception("warm-up failed")

    def _ready(self) -> float:
        """Wait for a running :meth:`warm_up`; the seconds waited."""
        thread = self._warming
        if thread is None:
            return 0.0
        start = time.monotonic()
        thread.join()
        self._warming = None
        return time.monotonic() - start

    def set_context(self, komi: float, clock: Clock | None = None) -> None:
        """The game's komi (a change starts a new search tree) and the player's clock
        (when given, :func:`~igo.search.timecontrol.move_budget` sets the time of
        the next move instead of ``limits.seconds``)."""
        if float(komi) != self.komi:
            self.search = None
        self.komi = float(komi)
        self.clock = clock

    def search_for(self, board: Board, color: Color) -> Search:
        """The generator's search, moved to ``board`` with ``color`` to play (the
        subtree of the moves played since its last position is kept); a ponder is
        stopped first."""
        self.stop_pondering()
        b = board.copy()
        b.to_play = color
        if (self.search is None or self.search.size != b.size or self.search.komi != self.komi
                or self.search.board.rules != b.rules):
            seed = int(self.rng.integers(1, 2**62))
            self.search = Search(b, self.komi, self.config, self.model, seed=seed)
        else:
            self.search.set_position(b)  # keeps the subtree when the game went on
        return self.search

    def analyze(self, board: Board, color: Color, limits: MoveLimits | None = None
                ) -> SearchResult:
        """Search ``board`` for ``color`` within ``limits`` (default: the move limits)."""
        lim = limits if limits is not None else self._clock_limits(board)
        search = self.search_for(board, color)
        callback, every = self.watcher if self.watcher is not None else (None, 0.5)
        early = self.adaptive_time and banks_time(self.clock)
        result = search.run(playouts=lim.playouts, seconds=lim.seconds, on_progress=callback,
                            progress_every=every, stop=self.interrupt,
                            max_seconds=lim.max_seconds, early_stop=early)
        self.last_result = result
        return result

    # ------------------------------------------------------------------ pondering
    def start_pondering(self, board: Board) -> None:
        """Search ``board`` (the opponent to move) in a background thread until
        :meth:`stop_pondering` or ``ponder_seconds``; the tree serves the next move."""
        self.stop_pondering()
        if board.consecutive_passes >= 2:
            return
        search = self.search_for(board, board.to_play)
        stop = threading.Event()

        def ponder() -> None:
            try:
                self.ponder_result = search.run(seconds=self.ponder_seconds, stop=stop)
            except Exception:  # the next move meets the same error and reports it
                log.exception("pondering failed")

        thread = threading.Thread(target=ponder, daemon=True, name="igo-ponder")
        self._pondering = (thread, stop)
        thread.start()

    def stop_pondering(self) -> None:
        """Stop a ponder and wait for it (a chunk of the search, or a reclaim)."""
        if self._pondering is None:
            return
        thread, stop = self._pondering
        self._pondering = None
        stop.set()
        thread.join()
        r = self.ponder_result
        if r is not None:
            log.info("pondered %d playouts in %.1f s", r.playouts, r.seconds)

    @property
    def pondering(self) -> bool:
        """True while a ponder runs."""
        return self._pondering is not None

    def close(self) -> None:
        """Stop any background search (a ponder, a warm-up is left to finish)."""
        self.stop_pondering()

    def _clock_limits(self, board: Board) -> MoveLimits:
        if self.clock is None:
            return self.limits
        if board.move_number <= self._spend_move:  # a new game, or moves taken back
            self.spend, self._spend_move = 1.0, -1
        empty = int(np.count_nonzero(board.to_array() == 0))
        spend = self.spend if self.adaptive_time else 1.0
        budget = move_budget(self.clock, board.size, board.move_number, empty, spend,
                             self.lag)
        if budget is None:
            return self.limits
        budget = min(budget, MAX_SECONDS)
        most = min(max_budget(self.clock, board.size, board.move_number, budget), MAX_SECONDS)
        return MoveLimits(self.limits.playouts, budget, most if self.adaptive_time else None)

    def _observe_lag(self, board: Board, color: Color) -> _LagSpan | None:
        """Update :attr:`lag` from what ``color``'s moves of this game cost on the main
        time (:func:`~igo.search.timecontrol.average_lag`, since the span's first move;
        a new span where the moves do not follow on, or the clock says nothing); the span
        this move adds to, or ``None``."""
        c = self.clock
        if c is None or c.left is None or c.in_overtime or c.system == "none":
            self._lag_spans.pop(color, None)
            return None
        span = self._lag_spans.get(color)
        if span is None or span.last_move != board.move_number - 2:
            span = self._lag_spans[color] = _LagSpan(c.left)
        else:
            span.moves += 1
            lag = average_lag(span.left, c.left, span.thought, span.moves, c.main_time)
            if lag is not None:
                self.lag = lag
        span.last_move = board.move_number
        return span

    def select_move(self, board: Board, color: Color) -> Decision:
        """The most visited move, or pass/resign by the ending rules."""
        started = time.monotonic()
        span = self._observe_lag(board, color)
        try:
            return self._select(board, color, started)
        finally:
            if span is not None:
                span.thought += time.monotonic() - started

    def _select(self, board: Board, color: Color, started: float) -> Decision:
        last = board.last_move
        opponent_passed = last is not None and last.is_pass
        self._ready()
        lim = self._clock_limits(board)
        # a game's first search allocates its tree (about a second on 19x19): that, and
        # the warm-up's wait, come off this move's time, as the clock counts them
        self.search_for(board, color)
        if lim.seconds is not None:
            lim = _less_time(lim, time.monotonic() - started)
        share = self.ending.count_share if opponent_passed else self.ending.count_extra
        count_seconds = None if lim.seconds is None else lim.seconds * share
        if opponent_passed and lim.seconds is not None:  # the count's time comes off the search
            lim = _less_time(lim, lim.seconds * share)
        result = self.analyze(board, color, lim)
        if lim.seconds is not None and self.adaptive_time and banks_time(self.clock):
            self.spend = next_spend(self.spend, result.seconds, lim.seconds)
            self._spend_move = board.move_number
        decision = self._decide(board, color, result, opponent_passed, count_seconds)
        _log_genmove(board, color, decision, result, time.monotonic() - started)
        if self.ponder and decision != RESIGN:
            after = board.copy()
            after.play(color, None if decision is None else Point(*decision))
            self.start_pondering(after)
        return decision

    def _decide(self, board: Board, color: Color, result: SearchResult,
                opponent_passed: bool, count_seconds: float | None) -> Decision:
        best = result.best
        if best is None:
            return None
        if self._should_resign(result):
            return RESIGN
        if not opponent_passed and best.move is not None:
            return best.move
        # one count for both rules: passing after the opponent's pass must win, a pass the
        # search prefers must at least draw
        score = self.score_after_pass(board, color, count_seconds)
        if opponent_passed and score > 0:
            return None
        if best.move is None and score < 0:
            # the search prefers to pass but passing loses: the best other move
            return next((m.move for m in result.moves[1:]
                         if m.move is not None and m.visits > 0), None)
        return best.move

    def _should_resign(self, result: SearchResult) -> bool:
        e = self.ending
        if result.best is None or result.best.visits < e.resign_min_visits:
            self._low = 0
            return False
        self._low = self._low + 1 if result.winrate < e.resign_threshold else 0
        return self._low >= e.resign_moves

    def score_after_pass(self, board: Board, color: Color,
                         seconds: float | None = None) -> float:
        """Area score for ``color`` if the game ended now, without :meth:`dead_stones`."""
        black_lead = board.area_score(self.komi, self.dead_stones(board, seconds))
        return black_lead if color is Color.BLACK else -black_lead

    def final_ownership(self, board: Board, seconds: float | None = None) -> np.ndarray:
        """Ownership of ``board`` as the game ends: a search of ``final_playouts``
        from it, or of ``seconds`` if that comes first (both colours to move, half
        each), ``(size, size)`` in [-1, 1]."""
        self.stop_pondering()
        return position_ownership(board, self.komi, self.config, self.model,
                                  playouts=self.ending.final_playouts, seconds=seconds,
                                  rng=self.rng)

    def dead_stones(self, board: Board, seconds: float | None = None) -> list[Point]:
        """The dead stones of ``board`` as ``final_status_list dead`` gives them:
        :func:`~igo.core.scoring.final_status` on :meth:`final_ownership`."""
        own = self.final_ownership(board, seconds)
        return list(final_status(board, self.rng, own=own).dead_stones)
