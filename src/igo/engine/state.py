"""The game state a GTP engine keeps, apart from whatever chooses its moves.

As in gomill's ``gtp_states``, the board, komi, rules, handicap and clock live here;
the :class:`~igo.players.base.MoveGenerator` only sees a :class:`~igo.core.Board` and a
colour. The state also remembers the end-of-game stone statuses it computed, keyed by
position, so that ``final_score`` and ``final_status_list`` agree with each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.record import GameRecord
from igo.core.rules import Ruleset
from igo.core.scoring import DEFAULT_PLAYOUTS, StoneStatus, final_status
from igo.gtp.errors import GtpError
from igo.search.timecontrol import Clock


@dataclass(frozen=True, slots=True)
class TimeSettings:
    """A clock as GTP and KGS describe it (seconds).

    ``system`` is ``"none"``, ``"absolute"`` (main time only), ``"canadian"`` (after
    main time, ``stones`` moves per ``byo_yomi`` seconds; GTP ``time_settings``) or
    ``"byoyomi"`` (``periods`` periods of ``byo_yomi`` seconds; KGS).
    """

    system: str = "none"
    main_time: int = 0
    byo_yomi: int = 0
    stones: int = 0
    periods: int = 0


@dataclass(frozen=True, slots=True)
class TimeLeft:
    """What ``time_left`` last said for one colour: seconds, and stones (0 in main time)."""

    seconds: int
    stones: int


@dataclass
class GameState:
    """Board, komi, rules, handicap, setup stones and clock of the game in progress.

    Parameters
    ----------
    size, komi, rules
        Initial board size, komi and rule set.
    rng
        Randomness for end-of-game playouts (seed it for reproducible scores).
    scoring_playouts
        Light playouts per dead-stone estimate.
    """

    size: int = 19
    komi: float = 7.5
    rules: Ruleset = field(default_factory=Ruleset)
    rng: np.random.Generator = field(default_factory=np.random.default_rng)
    scoring_playouts: int = DEFAULT_PLAYOUTS
    board: Board = field(init=False)
    handicap: int = field(init=False, default=0)
    setup_black: list[Point] = field(init=False, default_factory=list)
    setup_white: list[Point] = field(init=False, default_factory=list)
    time_settings: TimeSettings = field(init=False, default_factory=TimeSettings)
    time_left: dict[Color, TimeLeft] = field(init=False, default_factory=dict)
    #: the engine's final-position ownership (e.g. its search's), used for dead stones
    ownership_source: Callable[[Board], np.ndarray] | None = field(init=False, default=None)

    def clock(self, color: Color) -> Clock | None:
        """The clock of ``color`` for the time manager (``None`` without time settings)."""
        ts = self.time_settings
        if ts.system == "none":
            return None
        left = self.time_left.get(color)
        return Clock(ts.system, float(ts.main_time), float(ts.byo_yomi), ts.stones, ts.periods,
                     None if left is None else float(left.seconds),
                     0 if left is None else left.stones)
    _status_cache: dict[tuple[int, int, int], StoneStatus] = field(
        init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.clear()

    # ------------------------------------------------------------------ set-up
    def clear(self) -> None:
        """Empty board of the current size; handicap, setup and cached scores go."""
        self.board = Board(self.size, self.rules)
        self.handicap = 0
        self.setup_black = []
        self.setup_white = []
        self.time_left = {}
        self._status_cache.clear()

    def set_size(self, size: int) -> None:
        """Change the board size and clear the board.

        Raises
        ------
        BoardSizeError
            If igo does not support ``size`` (nothing changes then).
        """
        board = Board(size, self.rules)  # validates before anything changes
        self.size = board.size
        self.clear()

    def set_rules(self, rules: Ruleset) -> None:
        """Use ``rules`` from now on (also for the board in progress)."""
        self.rules = rules
        self.board.rules = rules
        self._status_cache.clear()

    def place_handicap(self, points: list[Point]) -> None:
        """Put handicap stones on the empty board; White moves next.

        Raises
        ------
        GtpError
            If the board is not empty (GTP: ``board not empty``).
        OccupiedError
            If a point repeats.
        """
        if not self.is_empty():
            raise GtpError("board not empty")
        self.board.place(Color.BLACK, points)
        self.board.to_play = Color.WHITE
        self.handicap = len(points)
        self.setup_black = list(points)

    def load(self, record: GameRecord, board: Board) -> None:
        """Adopt a replayed record: its size, komi, rules, setup and ``board``."""
        self.size = board.size
        self.komi = float(record.komi)
        self.rules = board.rules
        self.board = board
        self.handicap = record.handicap
        self.setup_black = list(record.setup_black)
        self.setup_white = list(record.setup_white)
        self.time_left = {}
        self._status_cache.clear()

    # ------------------------------------------------------------------ queries
    def is_empty(self) -> bool:
        """True when no stone is on the board and no move was played."""
        return self.board.move_number == 0 and not self.board.to_array().any()

    def to_record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord` (for ``printsgf``)."""
        return GameRecord(
            size=self.size,
            komi=self.komi,
            rules=self.rules,
            handicap=self.handicap,
            setup_black=list(self.setup_black),
            setup_white=list(self.setup_white),
            moves=self.board.history,
            first_player=self.board.to_play if self.board.move_number == 0 else None,
        )

    def stone_status(self) -> StoneStatus:
        """Alive/dead/seki strings of the current position (cached per position)."""
        key = (self.board.hash, self.board.move_number, self.board.size)
        status = self._status_cache.get(key)
        if status is None:
            own = self.ownership_source(self.board) if self.ownership_source else None
            status = final_status(self.board, self.rng, self.scoring_playouts, own=own)
            self._status_cache.clear()  # keep only the latest position
            self._status_cache[key] = status
        return status
