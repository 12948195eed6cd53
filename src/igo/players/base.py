"""What every player is: something that is told the moves and asked for one.

Two layers, kept apart as in gomill:

- :class:`MoveGenerator` chooses a move for a given :class:`~igo.core.Board`
  (random, policy, MCTS …) and keeps no game state of its own; the GTP engine holds
  the board and calls a generator.
- :class:`Player` is one side of a refereed game. Internal engines are an
  :class:`EnginePlayer` (a board + a generator); external engines speak GTP
  (:mod:`igo.players.gtp`). The referee only sees :class:`Player`.

A decision is a :class:`~igo.core.Point`, ``None`` (pass) or the string
``"resign"`` (:data:`RESIGN`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Literal, Protocol

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.rules import Ruleset
from igo.search.timecontrol import Clock

if TYPE_CHECKING:
    from igo.arena.clock import TimeControl

RESIGN: Literal["resign"] = "resign"
Decision = Point | None | Literal["resign"]


class MoveGenerator(Protocol):
    """Chooses a move; must not change ``board`` (work on a copy if needed)."""

    name: str

    def select_move(self, board: Board, color: Color) -> Decision:
        """A legal point for ``color``, ``None`` to pass, or ``"resign"``."""
        ...


def tell_context(generator: MoveGenerator, komi: float, clock: Clock | None = None) -> None:
    """Tell a generator that wants it (``set_context(komi, clock)``, e.g. MCTS) the
    game's komi and the player's clock (``None``: no clock)."""
    setter = getattr(generator, "set_context", None)
    if callable(setter):
        setter(komi, clock)


class Player(ABC):
    """One side of a game, as the referee sees it."""

    name: str = "player"

    @abstractmethod
    def new_game(self, size: int, komi: float, rules: Ruleset) -> None:
        """Start a new empty game."""

    @abstractmethod
    def setup(self, color: Color, points: list[Point]) -> None:
        """Place setup (handicap) stones."""

    @abstractmethod
    def play(self, move: Move) -> None:
        """Be told a move that was played (by the opponent)."""

    @abstractmethod
    def genmove(self, color: Color) -> Decision:
        """Choose a move for ``color`` and play it on the player's own board."""

    def set_time_control(self, control: TimeControl) -> None:  # noqa: B027 - optional
        """Be told the game's time system (before the first move)."""

    def time_left(self, color: Color, seconds: float, stones: int) -> None:  # noqa: B027
        """Be told what is left on ``color``'s clock (GTP ``time_left``)."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources (processes, files). Safe to call twice."""

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class EnginePlayer(Player):
    """An internal engine: its own board plus a :class:`MoveGenerator`."""

    def __init__(self, generator: MoveGenerator, name: str | None = None) -> None:
        self.generator = generator
        self.name = name or generator.name
        self.board = Board(19)
        self.komi = 7.5
        self.control: TimeControl | None = None
        self.clock: Clock | None = None

    def new_game(self, size: int, komi: float, rules: Ruleset) -> None:
        self.board = Board(size, rules)
        self.komi = komi
        self.clock = None
        prepare = getattr(self.generator, "prepare", None)
        if callable(prepare):  # warm up (load models, compile) before any clock runs
            prepare(self.board, komi)

    def set_time_control(self, control: TimeControl) -> None:
        self.control = control
        self.clock = None

    def time_left(self, color: Color, seconds: float, stones: int) -> None:
        c = self.control
        if c is not None:
            self.clock = Clock(c.system, c.main_time, c.byo_yomi, c.stones, c.periods,
                               seconds, stones)

    def setup(self, color: Color, points: list[Point]) -> None:
        self.board.place(color, points)
        self.board.to_play = color.opponent

    def play(self, move: Move) -> None:
        self.board.play_move(move)

    def dead_stones(self) -> list[Point] | None:
        """Dead stones of the final position by the generator's own ownership
        (``final_ownership(board)``, e.g. MCTS), or ``None`` if it has none."""
        source = getattr(self.generator, "final_ownership", None)
        if not callable(source):
            return None
        from igo.core.scoring import final_status

        status = final_status(self.board, np.random.default_rng(0), own=source(self.board))
        return list(status.dead_stones)

    def close(self) -> None:
        """Stop the generator's background work (a ponder), if it has any."""
        close = getattr(self.generator, "close", None)
        if callable(close):
            close()

    def genmove(self, color: Color) -> Decision:
        tell_context(self.generator, self.komi, self.clock)
        decision = self.generator.select_move(self.board, color)
        if decision != RESIGN:
            self.board.play(color, decision)
        return decision
