"""A move: a colour and a point, or a pass (``point is None``)."""

from __future__ import annotations

from dataclasses import dataclass

from igo.core.color import Color
from igo.core.coords import Point, format_vertex, parse_vertex


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a game. ``point is None`` means a pass."""

    color: Color
    point: Point | None

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.point is None

    @classmethod
    def pass_(cls, color: Color) -> Move:
        """A pass by ``color``."""
        return cls(color, None)

    @classmethod
    def from_gtp(cls, color: str | Color, vertex: str, size: int) -> Move:
        """Build a move from GTP text, e.g. ``Move.from_gtp("b", "D4", 19)``."""
        c = color if isinstance(color, Color) else Color.from_str(color)
        return cls(c, parse_vertex(vertex, size))

    def to_gtp(self, size: int) -> str:
        """``"B D4"`` / ``"W pass"``."""
        return f"{self.color.letter} {format_vertex(self.point, size)}"

    def __repr__(self) -> str:
        return f"Move({self.color!r}, {self.point!r})"
