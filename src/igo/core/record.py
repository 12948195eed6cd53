"""The one game-record type of igo, independent of any file format.

A :class:`GameRecord` is what SGF files are read into and written from, what the
referee produces, what training reads. It holds plain values only; replaying it on a
board is :func:`igo.core.replay.replay` (the rules come from ``record.rules``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.rules import Ruleset

ResultReason = Literal["score", "resign", "time", "forfeit", "draw", "void", "unknown"]

_RESULT_RE = re.compile(r"^\s*([BW])\s*\+\s*(.*?)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of a game (SGF ``RE``).

    ``winner`` is ``None`` for a draw, a void game or an unknown result; ``margin`` is
    the score difference for a counted game (``None`` otherwise).
    """

    winner: Color | None
    reason: ResultReason
    margin: float | None = None

    @classmethod
    def parse(cls, text: str | None) -> GameResult:
        """Parse SGF ``RE`` text: ``B+R``, ``W+3.5``, ``B+T``, ``W+F``, ``0``, ``Draw``,
        ``Void``, ``?``. Anything unparseable gives ``reason="unknown"`` (never raises).
        """
        if text is None:
            return cls(None, "unknown")
        t = text.strip()
        low = t.lower()
        if low in ("0", "draw", "jigo", "d"):
            return cls(None, "draw", 0.0)
        if low == "void":
            return cls(None, "void")
        m = _RESULT_RE.match(t)
        if not m:
            return cls(None, "unknown")
        winner = Color.BLACK if m.group(1).upper() == "B" else Color.WHITE
        rest = m.group(2).lower()
        if rest in ("r", "resign"):
            return cls(winner, "resign")
        if rest in ("t", "time"):
            return cls(winner, "time")
        if rest in ("f", "forfeit"):
            return cls(winner, "forfeit")
        if rest == "":
            return cls(winner, "unknown")
        try:
            return cls(winner, "score", float(rest))
        except ValueError:
            return cls(winner, "unknown")

    def to_sgf(self) -> str:
        """SGF ``RE`` text (``B+R``, ``W+2.5``, ``0``, ``Void``, ``?``)."""
        if self.reason == "draw":
            return "0"
        if self.reason == "void":
            return "Void"
        if self.winner is None:
            return "?"
        letter = self.winner.letter
        if self.reason == "score" and self.margin is not None:
            return f"{letter}+{self.margin:g}"
        suffix = {"resign": "R", "time": "T", "forfeit": "F"}.get(self.reason, "")
        return f"{letter}+{suffix}"

    def __str__(self) -> str:
        return self.to_sgf()


@dataclass(slots=True)
class GameRecord:
    """A game: board, setup, moves, result and who played.

    Attributes
    ----------
    size, komi, rules
        Board size, komi (points to White), rule set (decides which moves are legal).
    handicap
        Number of handicap stones (``HA``); the stones themselves are in ``setup_black``.
    setup_black, setup_white
        Stones placed before the first move (``AB``/``AW``, including handicap stones).
    moves
        The moves in order; passes have ``point is None``.
    result
        Parsed ``RE``.
    black, white
        Player names/ids (``PB``/``PW``).
    black_rank, white_rank
        Rank text as written (``BR``/``WR``: ``9d``, ``5级``, ``P9段`` …).
    date
        ``DT`` text.
    source
        Where the record came from (file name, archive member, line number).
    first_player
        Colour of the first move when no moves exist yet, or when ``PL`` says so.
    properties
        Other root properties kept verbatim (``{"GN": ["123"], ...}``).
    """

    size: int = 19
    komi: float = 7.5
    rules: Ruleset = field(default_factory=Ruleset)
    handicap: int = 0
    setup_black: list[Point] = field(default_factory=list)
    setup_white: list[Point] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    result: GameResult = field(default_factory=lambda: GameResult(None, "unknown"))
    black: str = ""
    white: str = ""
    black_rank: str = ""
    white_rank: str = ""
    date: str = ""
    source: str = ""
    first_player: Color | None = None
    properties: dict[str, list[str]] = field(default_factory=dict)

    @property
    def winner(self) -> Color | None:
        """The winner, if the result names one."""
        return self.result.winner

    def to_play_first(self) -> Color:
        """Colour of the first move: the first move's colour, else ``PL``, else White
        after handicap stones, else Black."""
        if self.moves:
            return self.moves[0].color
        if self.first_player is not None:
            return self.first_player
        return Color.WHITE if self.handicap >= 2 and self.setup_black else Color.BLACK
