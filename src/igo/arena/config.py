"""The frozen configuration of a match, and how it decides each game's set-up.

A match is ``games`` games between two players named by specs (see
:mod:`igo.players.registry`). The player given as ``black`` is the *first player*: it
takes Black in even-numbered games and White in odd ones (game ``i`` swaps colours when
``i`` is odd), so colour advantage cancels over an even number of games. Game ``i`` is
seeded from ``seed + i``: rerunning a game index replays the same game (for igo's own
engines; external engines may have their own randomness).
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from igo.arena.clock import TimeControl, TimeControlError
from igo.core.color import Color
from igo.core.coords import check_size
from igo.core.handicap import max_fixed_handicap
from igo.core.rules import Ruleset
from igo.players.registry import check_spec

GNUGO_PATH = "/usr/games/gnugo"

#: How the referee decides dead stones after two passes (see :mod:`igo.arena.adjudicate`).
#: ``"tromp-taylor"``: none (every stone on the board counts);
#: ``"players"``: the players' ``final_status_list dead`` when both say the same,
#: else GNU Go if installed, else Tromp-Taylor;
#: ``"gnugo"``: always GNU Go;
#: ``"auto"``: ``"players"`` when GNU Go is installed, else ``"tromp-taylor"``.
DeadStoneMode = Literal["auto", "tromp-taylor", "players", "gnugo"]
DEAD_STONE_MODES: tuple[str, ...] = ("auto", "tromp-taylor", "players", "gnugo")

#: Fields that define a match: a resumed match must agree on all of them.
IDENTITY_FIELDS = (
    "black", "white", "size", "komi", "rules", "max_moves", "seed", "handicap",
    "allow_resign", "dead_stones", "random_opening", "main_time", "byo_yomi", "byo_stones",
    "byo_periods", "lag", "net_lag",
)


class MatchConfigError(ValueError):
    """A match configuration that is invalid, or that differs from the stored one."""


def default_gnugo() -> str | None:
    """:data:`GNUGO_PATH` if GNU Go is installed there, else ``None``."""
    return GNUGO_PATH if os.access(GNUGO_PATH, os.X_OK) else None


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """Everything that defines a match.

    Parameters
    ----------
    black, white
        Player specs; ``black`` is the first player (Black in even games).
    name
        The match's key in the results database (default ``"BLACK vs WHITE"``); a
        database holds any number of matches, each resumable under its name.
    games
        Number of games (indices ``0 .. games-1``).
    size, komi
        Board size (2–25) and komi.
    rules
        Rule-set name (:meth:`igo.core.rules.Ruleset.named`); default ``chinese``
        (positional superko, no suicide, area scoring).
    max_moves
        Move cap (passes included); the game is then scored as it stands. Default
        ``0`` means ``3 * size * size``.
    seed
        Game ``i`` uses randomness seeded by ``seed + i``.
    handicap
        Fixed handicap stones for Black (0 or 2–9 depending on the size); White then
        moves first.
    allow_resign
        If false, a resignation is played as a pass.
    dead_stones
        Dead-stone adjudication mode (:data:`DeadStoneMode`).
    random_opening
        The first ``random_opening`` moves of every game are drawn at random (from
        the game's seed) among the legal moves off the first two lines, played by
        the referee and told to both players, who take over from there: it varies
        the games of deterministic engines (GNU Go against itself repeats a few
        hundred games) and is stored in the SGF like any other move.
    out_dir
        Where the SGF files go (``game-0001.sgf`` …).
    move_timeout
        Seconds a GTP engine may take per reply.
    gnugo
        GNU Go executable for dead-stone adjudication (default: found on this machine).
    main_time, byo_yomi, byo_stones, byo_periods
        The clock of both players (:class:`igo.arena.clock.TimeControl`): main time,
        then ``byo_stones`` moves per ``byo_yomi`` seconds (Canadian) or
        ``byo_periods`` periods of ``byo_yomi`` seconds (Japanese). All zero: no
        clock. ``--time-per-move S`` is ``byo_yomi=S, byo_stones=1``.
    lag
        Seconds of each move's wall time not charged to the clock (process and GTP
        overhead); default 1, what every match had before it could be set.
    net_lag
        Seconds added to each move's charge, as a network between a server's clock and
        an engine would add (KGS, CGOS): to see a time manager under lag; default 0.
    """

    black: str
    white: str
    name: str = ""
    games: int = 2
    size: int = 9
    komi: float = 7.5
    rules: str = "chinese"
    max_moves: int = 0
    seed: int = 0
    handicap: int = 0
    allow_resign: bool = True
    dead_stones: DeadStoneMode = "auto"
    random_opening: int = 0
    out_dir: Path = field(default=Path("igo-match"))
    move_timeout: float = 60.0
    gnugo: str | None = field(default_factory=default_gnugo)
    main_time: float = 0.0
    byo_yomi: float = 0.0
    byo_stones: int = 0
    byo_periods: int = 0
    lag: float = 1.0
    net_lag: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "out_dir", Path(self.out_dir))
        for spec in (self.black, self.white):
            check_spec(spec)
        try:
            check_size(self.size)
        except ValueError as exc:
            raise MatchConfigError(str(exc)) from exc
        if self.games < 0:
            raise MatchConfigError(f"games must be >= 0, got {self.games}")
        if self.max_moves < 0:
            raise MatchConfigError(f"max_moves must be >= 0, got {self.max_moves}")
        if self.handicap == 1 or self.handicap < 0:
            raise MatchConfigError(f"handicap must be 0 or at least 2, got {self.handicap}")
        if self.handicap > max_fixed_handicap(self.size):
            raise MatchConfigError(f"at most {max_fixed_handicap(self.size)} handicap stones "
                                   f"on {self.size}x{self.size}, got {self.handicap}")
        if self.dead_stones not in DEAD_STONE_MODES:
            raise MatchConfigError(f"unknown dead-stone mode {self.dead_stones!r}; "
                                   f"known: {', '.join(DEAD_STONE_MODES)}")
        if self.dead_stones == "gnugo" and not self.gnugo:
            raise MatchConfigError("dead_stones='gnugo' but GNU Go is not installed")
        if self.random_opening < 0:
            raise MatchConfigError(f"random_opening must be >= 0, got {self.random_opening}")
        if not self.move_timeout > 0:
            raise MatchConfigError(f"move_timeout must be > 0, got {self.move_timeout}")
        if not self.lag >= 0:
            raise MatchConfigError(f"lag must be >= 0, got {self.lag}")
        if not self.net_lag >= 0:
            raise MatchConfigError(f"net_lag must be >= 0, got {self.net_lag}")
        try:
            self.time_control()
        except TimeControlError as exc:
            raise MatchConfigError(str(exc)) from exc

    def time_control(self) -> TimeControl | None:
        """The players' clock, ``None`` when the match has none."""
        if not (self.main_time or self.byo_yomi or self.byo_stones or self.byo_periods):
            return None
        return TimeControl(self.main_time, self.byo_yomi, self.byo_stones, self.byo_periods)

    # ---------------------------------------------------------------- derived
    @property
    def match_name(self) -> str:
        """The key of this match in the results database."""
        return self.name or f"{self.black.strip()} vs {self.white.strip()}"

    @property
    def ruleset(self) -> Ruleset:
        """The :class:`Ruleset` for :attr:`rules`."""
        return Ruleset.named(self.rules)

    @property
    def move_cap(self) -> int:
        """The effective move cap."""
        return self.max_moves or 3 * self.size * self.size

    @property
    def effective_dead_stones(self) -> str:
        """The mode after resolving ``"auto"``."""
        if self.dead_stones == "auto":
            return "players" if self.gnugo else "tromp-taylor"
        return self.dead_stones

    def colors(self, index: int) -> tuple[str, str]:
        """``(black_spec, white_spec)`` of game ``index`` (swapped when it is odd)."""
        return (self.white, self.black) if index % 2 else (self.black, self.white)

    def first_player_color(self, index: int) -> Color:
        """The colour the first player (``black``) has in game ``index``."""
        return Color.WHITE if index % 2 else Color.BLACK

    def game_rngs(self, index: int) -> tuple[np.random.Generator, np.random.Generator]:
        """Independent generators for the players of game ``index`` (Black's, White's),
        derived from ``seed + index``."""
        seeds = np.random.SeedSequence(self.seed + index).spawn(2)
        return np.random.default_rng(seeds[0]), np.random.default_rng(seeds[1])

    def opening_rng(self, index: int) -> np.random.Generator:
        """The random generator of game ``index``'s random opening (independent of the
        players' generators)."""
        return np.random.default_rng(np.random.SeedSequence(self.seed + index).spawn(3)[2])

    def sgf_path(self, index: int) -> Path:
        """Where game ``index`` is written."""
        return self.out_dir / f"game-{index:04d}.sgf"

    # ---------------------------------------------------------------- JSON
    def identity(self) -> dict[str, Any]:
        """The fields a resumed match must agree on (:data:`IDENTITY_FIELDS`)."""
        return {name: getattr(self, name) for name in IDENTITY_FIELDS}

    def to_json(self) -> str:
        """All fields as JSON (``out_dir`` as a string)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["out_dir"] = str(self.out_dir)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> MatchConfig:
        """Inverse of :meth:`to_json`; raises :class:`MatchConfigError` on bad JSON."""
        try:
            data = json.loads(text)
            return cls(**data)
        except (json.JSONDecodeError, TypeError) as exc:
            raise MatchConfigError(f"unreadable match config: {exc}") from exc

    def check_same_match(self, stored: MatchConfig) -> None:
        """Raise :class:`MatchConfigError` naming every identity field that differs."""
        mine, theirs = self.identity(), stored.identity()
        diff = [f"{k}: stored {theirs[k]!r}, now {mine[k]!r}"
                for k in IDENTITY_FIELDS if mine[k] != theirs[k]]
        if diff:
            raise MatchConfigError(
                "this database already holds a different match under this name ("
                + "; ".join(diff) + "); use another --db/--out or the same settings")
