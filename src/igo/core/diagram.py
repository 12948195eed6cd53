"""ASCII diagrams of boards, for ``showboard``, tests and logs.

``to_diagram`` writes GTP-style coordinates around ``X`` (black), ``O`` (white) and
``.`` (empty, ``+`` on hoshi points); ``from_diagram`` reads the same letters back
(coordinates optional), which is how tests write positions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from igo.core.color import BLACK, WHITE, Color
from igo.core.coords import GTP_COLUMNS, Point, check_size
from igo.core.errors import BoardSizeError

if TYPE_CHECKING:
    from igo.core.board import Board
    from igo.core.rules import Ruleset


def hoshi_points(size: int) -> set[Point]:
    """Star points drawn as ``+`` (the fixed-handicap points of the board)."""
    from igo.core.handicap import star_points

    return set(star_points(size))


def to_diagram(board: Board) -> str:
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


def from_diagram(text: str, rules: Ruleset | None = None,
                 to_play: Color = Color.BLACK) -> Board:
    """A board with the stones of a diagram, placed as setup stones."""
    from igo.core.board import Board

    arr = parse_diagram(text)
    board = Board(arr.shape[0], rules)
    stones = {}
    for color in (Color.BLACK, Color.WHITE):
        rows, cols = np.nonzero(arr == int(color))
        stones[color] = [Point(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
    if stones[Color.BLACK] or stones[Color.WHITE]:
        board.setup(stones[Color.BLACK], stones[Color.WHITE])
    board.to_play = to_play
    return board
