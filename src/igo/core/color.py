"""Stone colours.

The integer values are the ones stored in board arrays and used by every kernel:
``EMPTY = 0``, ``BLACK = 1``, ``WHITE = 2`` and, in padded board arrays only,
``BORDER = 3``. ``opponent = 3 - color`` for the two players.
"""

from __future__ import annotations

from enum import IntEnum

EMPTY = 0
BLACK = 1
WHITE = 2
BORDER = 3


class Color(IntEnum):
    """A player's colour (``Color.BLACK`` or ``Color.WHITE``)."""

    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Color:
        """The other player."""
        # (not ``Color(3 - self.value)``: an enum lookup by value costs ~8 µs, and a
        # policy game asks for the opponent thousands of times)
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def letter(self) -> str:
        """``"B"`` or ``"W"`` (SGF and GTP)."""
        return "B" if self is Color.BLACK else "W"

    @classmethod
    def from_str(cls, text: str) -> Color:
        """Parse ``b``/``black``/``w``/``white`` (any case, as GTP allows).

        Raises
        ------
        ValueError
            If ``text`` names no colour.
        """
        t = text.strip().lower()
        if t in ("b", "black"):
            return cls.BLACK
        if t in ("w", "white"):
            return cls.WHITE
        raise ValueError(f"not a colour: {text!r}")

    def __repr__(self) -> str:
        return f"Color.{self.name}"
