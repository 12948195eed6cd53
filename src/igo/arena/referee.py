"""The referee: plays one game between two :class:`~igo.players.base.Player` objects.

The referee keeps the authoritative board. It asks the side to move for a move
(``genmove``), checks it against the rules, and tells the opponent (``play``). A game
ends

- after two consecutive passes: scored by area after the dead stones are decided
  (:mod:`igo.arena.adjudicate`);
- on resignation (if allowed; otherwise a resignation is played as a pass);
- on an illegal move: the player who made it loses (``B+F``/``W+F``, the reason names
  the move and the rule it broke);
- at the move cap: scored by area as it stands, like two passes.

Failures of the players themselves (an engine that dies, times out or refuses a
legal move) are not results: they propagate as exceptions (usually
:class:`~igo.gtp.errors.GtpClientError`) so the caller can record an error and retry.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from igo.arena.adjudicate import DeadStoneJudge, Judgement
from igo.arena.clock import GameClock, TimeControl
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point, format_vertex
from igo.core.errors import IllegalMoveError
from igo.core.handicap import fixed_handicap
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.rules import Ruleset
from igo.players.base import RESIGN, Player

#: Why a game ended (``GameOutcome.end``).
END_PASSES = "two passes"
END_RESIGN = "resignation"
END_ILLEGAL = "illegal move"
END_MOVE_CAP = "move cap"
END_TIME = "time"


#: Called after each accepted move with the referee's board and the move.
MoveObserver = Callable[[Board, Move], None]


@dataclass(frozen=True, slots=True)
class GameSettings:
    """The rules of one refereed game.

    Parameters
    ----------
    size, komi, rules
        Board size, komi, rule set (legality; scoring is by area).
    move_cap
        The game stops after this many moves (passes included) and is scored.
    handicap
        Fixed handicap stones for Black (0 or 2–9); White then moves first.
    allow_resign
        If false, a resignation is played as a pass.
    opening
        Moves the referee plays first (alternating colours, after any handicap) and
        tells both players; they must be legal (see :func:`random_opening`).
    time
        The clock of both players (``None``: no clock); a player who runs out loses
        on time (:mod:`igo.arena.clock`).
    lag
        Seconds of each move not charged to the clock (process and protocol overhead).
    net_lag
        Seconds added to each move's charge (a network's lag, simulated).
    """

    size: int = 9
    komi: float = 7.5
    rules: Ruleset = field(default_factory=lambda: Ruleset.named("chinese"))
    move_cap: int = 243
    handicap: int = 0
    allow_resign: bool = True
    opening: tuple[Point, ...] = ()
    time: TimeControl | None = None
    lag: float = 1.0
    net_lag: float = 0.0

    def __post_init__(self) -> None:
        if self.move_cap < 1:
            raise ValueError(f"move_cap must be at least 1, got {self.move_cap}")


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A refereed game: the record plus how it ended and how it was scored.

    Attributes
    ----------
    record
        The full game (result, players' names, moves, handicap stones).
    end
        Why it ended: :data:`END_PASSES`, :data:`END_RESIGN`, :data:`END_ILLEGAL` or
        :data:`END_MOVE_CAP`.
    reason
        Human-readable account (the illegal move and rule, scoring method, notes).
    judgement
        Dead stones and who decided them (``None`` when the game was not scored).
    duration
        Seconds the game took.
    move_properties
        SGF properties of move ``i``'s node (0-based, the opening included): under a
        clock, the mover's time left after the move (``BL``/``WL``, seconds) and, in
        overtime, its stones or periods left (``OB``/``OW``), as SGF FF[4] defines them.
    """

    record: GameRecord
    end: str
    reason: str
    judgement: Judgement | None
    duration: float
    move_properties: dict[int, dict[str, list[str]]] = field(default_factory=dict)

    @property
    def winner(self) -> Color | None:
        """The winning colour (``None`` for a draw)."""
        return self.record.result.winner

    @property
    def result(self) -> str:
        """SGF result text (``B+R``, ``W+3.5``, ``B+F``, ``0``)."""
        return self.record.result.to_sgf()


class Referee:
    """Plays games under fixed :class:`GameSettings`.

    Parameters
    ----------
    settings
        Size, komi, rules, move cap, handicap, resignation.
    judge
        Decides dead stones after two passes or the move cap (default: none,
        Tromp-Taylor).
    """

    def __init__(self, settings: GameSettings, judge: DeadStoneJudge | None = None) -> None:
        self.settings = settings
        self.judge = judge if judge is not None else DeadStoneJudge("tromp-taylor")

    def play(self, black: Player, white: Player, *, source: str = "",
             on_move: MoveObserver | None = None) -> GameOutcome:
        """Play one game, ``black`` against ``white``; the players are not closed.

        ``on_move(board, move)``, if given, is called after every accepted move (the
        demo prints the board with it; a GUI could draw it).

        Raises
        ------
        Exception
            Whatever a player raises other than an illegal move of its own (an engine
            that died: :class:`~igo.gtp.errors.GtpClientError`).
        """
        s = self.settings
        start = time.monotonic()
        board = Board(s.size, s.rules)
        players = {Color.BLACK: black, Color.WHITE: white}
        for p in (black, white):
            p.new_game(s.size, s.komi, s.rules)
            if s.time is not None:
                p.set_time_control(s.time)
        setup: list[Point] = []
        to_move = Color.BLACK
        if s.handicap:
            setup = fixed_handicap(s.size, s.handicap)
            board.place(Color.BLACK, setup)
            for p in (black, white):
                p.setup(Color.BLACK, list(setup))
            to_move = Color.WHITE
        record = GameRecord(size=s.size, komi=s.komi, rules=s.rules, handicap=s.handicap,
                            setup_black=list(setup), black=black.name, white=white.name,
                            date=time.strftime("%Y-%m-%d"), source=source)
        for point in s.opening:
            board.play(to_move, point)  # (raises IllegalMoveError for a bad opening)
            for p in (black, white):
                p.play(Move(to_move, point))
            if on_move is not None:
                on_move(board, Move(to_move, point))
            to_move = to_move.opponent
        props: dict[int, dict[str, list[str]]] = {}
        end, reason, result = self._loop(board, players, to_move, on_move, props)
        judgement = None
        if result is None:
            judgement = self.judge.judge(board, s.komi, setup, board.history, black, white)
            result = _score_result(board, s.komi, judgement.dead)
            reason = f"{reason}; {_scoring_text(judgement)}"
        record.moves = board.history
        record.result = result
        record.properties["GC"] = [f"{end}: {reason}"]
        return GameOutcome(record, end, reason, judgement, time.monotonic() - start, props)

    def _loop(self, board: Board, players: dict[Color, Player], to_move: Color,
              on_move: MoveObserver | None, props: dict[int, dict[str, list[str]]]
              ) -> tuple[str, str, GameResult | None]:
        """Play moves until the game ends; returns ``(end, reason, result)`` with
        ``result=None`` when the board must be scored; fills ``props`` with each move's
        time left (:attr:`GameOutcome.move_properties`)."""
        s = self.settings
        clocks = ({c: GameClock(s.time, s.lag, s.net_lag)
                   for c in (Color.BLACK, Color.WHITE)}
                  if s.time is not None else {})
        while True:
            if board.move_number >= s.move_cap:
                return END_MOVE_CAP, f"stopped after {board.move_number} moves", None
            player, other = players[to_move], players[to_move.opponent]
            clock = clocks.get(to_move)
            if clock is not None:
                player.time_left(to_move, *clock.time_left())
            started = time.monotonic()
            try:
                decision = player.genmove(to_move)
            except IllegalMoveError as exc:  # an internal engine chose an illegal move
                return self._forfeit(to_move, f"{player.name} chose an illegal move: {exc}")
            if clock is not None and not clock.charge(time.monotonic() - started):
                why = (f"{to_move.name.lower()} ({player.name}) ran out of time "
                       f"({s.time.describe() if s.time else ''})")
                return END_TIME, why, GameResult(to_move.opponent, "time")
            if decision == RESIGN:
                if s.allow_resign:
                    why = f"{to_move.name.lower()} ({player.name}) resigned"
                    return END_RESIGN, why, GameResult(to_move.opponent, "resign")
                player.play(Move(to_move, None))
                decision = None
            point = None
            if decision is not None:
                if not (isinstance(decision, tuple) and len(decision) == 2):
                    return self._forfeit(to_move, f"{player.name} answered {decision!r}")
                point = Point(int(decision[0]), int(decision[1]))
            try:
                board.play(to_move, point)
            except (IllegalMoveError, ValueError) as exc:
                vertex = _vertex(point, board.size)
                return self._forfeit(to_move, f"{player.name} played {vertex}: {exc}")
            if clock is not None:
                props[len(board.history) - 1] = _time_left_properties(to_move, clock)
            other.play(Move(to_move, point))
            if on_move is not None:
                on_move(board, Move(to_move, point))
            if board.consecutive_passes >= 2:
                return END_PASSES, f"both passed after {board.move_number} moves", None
            to_move = to_move.opponent

    @staticmethod
    def _forfeit(color: Color, why: str) -> tuple[str, str, GameResult]:
        return END_ILLEGAL, f"{color.name.lower()} loses: {why}", GameResult(
            color.opponent, "forfeit")


def _time_left_properties(color: Color, clock: GameClock) -> dict[str, list[str]]:
    """``BL``/``WL`` (and ``OB``/``OW`` in overtime) of a move's node."""
    seconds, stones = clock.time_left()
    props = {f"{color.letter}L": [f"{seconds:.1f}"]}
    if clock.in_overtime:
        props[f"O{color.letter}"] = [str(stones)]
    return props


def random_opening(size: int, moves: int, rng: np.random.Generator,
                   rules: Ruleset | None = None, handicap: int = 0) -> tuple[Point, ...]:
    """``moves`` random legal moves, alternating colours from the side to move (White
    after a handicap), each away from the first two lines when such a point is free
    (on boards of 5 and less: anywhere legal)."""
    board = Board(size, rules if rules is not None else Ruleset.named("chinese"))
    to_move = Color.BLACK
    if handicap:
        board.place(Color.BLACK, fixed_handicap(size, handicap))
        to_move = Color.WHITE
    out: list[Point] = []
    for _ in range(moves):
        legal = board.legal_moves(to_move)
        inner = [p for p in legal if min(p[0], p[1], size - 1 - p[0], size - 1 - p[1]) >= 2]
        pool = inner or legal
        if not pool:
            break
        point = pool[int(rng.integers(len(pool)))]
        board.play(to_move, point)
        out.append(point)
        to_move = to_move.opponent
    return tuple(out)


def _vertex(point: Point | None, size: int) -> str:
    try:
        return format_vertex(point, size)
    except ValueError:
        return repr(point)


def _score_result(board: Board, komi: float, dead: tuple[Point, ...]) -> GameResult:
    score = board.area_score(komi, dead)
    if score == 0:
        return GameResult(None, "draw", 0.0)
    return GameResult(Color.BLACK if score > 0 else Color.WHITE, "score", abs(score))


def _scoring_text(judgement: Judgement) -> str:
    text = f"area scoring, dead stones by {judgement.method} ({len(judgement.dead)} dead)"
    return f"{text}; {judgement.note}" if judgement.note else text
