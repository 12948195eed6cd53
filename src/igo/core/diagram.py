"""ASCII diagrams of boards, for ``showboard``, tests and logs.

``to_diagram`` writes GTP-style coordinates around ``X`` (black), ``O`` (white) and
``.`` (empty, ``+`` on hoshi points); ``parse_diagram`` reads the same letters back
(coordinates optional) into an array, and :meth:`Board.from_diagram
<igo.core.board.Board.from_diagram>` into a board, which is how tests write positions.

This module knows text and arrays only: :mod:`igo.core.board` imports it (for
``str(board)`` and ``Board.from_diagram``), never the other way round; ``to_diagram``
reads a board through the :class:`Diagrammable` protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import numpy as np

from igo.core.color import BLACK, WHITE, Color
from igo.core.coords import GTP_COLUMNS, Point, check_size
from igo.core.errors import BoardSizeError
from igo.core.handicap import star_points


class Diagrammable(Protocol):
    """What :func:`to_diagram` reads of a board (a :class:`~igo.core.board.Board`)."""

    @property
    def size(self) -> int:
        """The board's size."""
        ...

    @property
    def captures(self) -> Mapping[Color, int]:
        """Stones captured so far by each colour."""
        ...

    def to_array(self) -> np.ndarray:
        """The stones as a ``(size, size)`` array (0 empty, 1 black, 2 white)."""
        ...


def hoshi_points(size: int) -> set[Point]:
    """Star points drawn as ``+`` (the fixed-handicap points of the board)."""
    return set(star_points(size))


def to_diagram(board: Diagrammable) -> str:
    """The board as text, top row first, with GTP coordinates on all sides."""
    size = board.size
    arr = board.to_array()
    stars = hoshi_points(size)
    letters = " ".join(GTP_COLUMNS[:size])
    lines = [f"   {letters}"]
    for r in range(size):
        cells = []
        for c in range(size):
            v = arr[r, c]
            ch = "X" if v == BLACK else "O" if v == WHITE else (
                "+" if Point(r, c) in stars else ".")
            cells.append(ch)
        row = " ".join(cells)
        n = size - r
        lines.append(f"{n:2d} {row} {n}")
    lines.append(f"   {letters}")
    caps = board.captures
    lines.append(f"captures: black {caps[Color.BLACK]}, white {caps[Color.WHITE]}")
    return "\n".join(lines)


def parse_diagram(text: str) -> np.ndarray:
    """Read a diagram of ``X``/``O``/``.``/``+`` into a square int8 array.

    Coordinates, spaces, lines without stones and lines with other letters (the
    column letters of :func:`to_diagram`, captions) are ignored.

    Raises
    ------
    BoardSizeError
        If the rows are not all the same length or the board is not square.
    """
    rows = []
    for line in text.strip("\n").splitlines():
        if any(ch.isalpha() and ch not in "XOxo" for ch in line):
            continue  # a coordinate line (its letters O and X are no stones) or a caption
        cells = [ch for ch in line if ch in "XO.+xo"]
        if cells:
            rows.append([BLACK if ch in "Xx" else WHITE if ch in "Oo" else 0 for ch in cells])
    size = len(rows)
    if size == 0 or any(len(r) != size for r in rows):
        raise BoardSizeError(f"diagram is not square: {[len(r) for r in rows]}")
    check_size(size)
    return np.array(rows, dtype=np.int8)

