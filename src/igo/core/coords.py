"""Points and the conversions between the coordinate systems igo meets.

A :class:`Point` is ``(row, col)`` with ``row 0`` the **top** line of the board, as
in SGF and in numpy arrays printed as boards. On a 19x19 board:

==============  ==========  ==========  =================  ============================
what            top-left    bottom-left where used          conversion
==============  ==========  ==========  =================  ============================
Point           (0, 0)      (18, 0)     everywhere in igo   —
GTP vertex      ``A19``     ``A1``      GTP, CLI            ``Point.from_gtp/to_gtp``
SGF point       ``aa``      ``as``      SGF files           ``Point.from_sgf/to_sgf``
flat index      0           342         feature arrays      ``row * size + col``
padded index    20          362         board kernels       ``(row+1) * (size+2) + col+1``
==============  ==========  ==========  =================  ============================

GTP columns skip the letter ``I`` (``A``…``H``, ``J``…``Z``), which is why boards
larger than 25 cannot be written in GTP. Passing is ``None`` where a ``Point`` is
expected (GTP ``pass``, SGF ``B[]`` or ``B[tt]`` on boards up to 19x19).
"""

from __future__ import annotations

from typing import NamedTuple

from igo.core.errors import BoardSizeError, CoordinateError

MIN_SIZE = 2
MAX_SIZE = 25
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def check_size(size: int) -> int:
    """Return ``size`` if igo supports it (2–25), else raise :class:`BoardSizeError`."""
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise BoardSizeError(f"board size must be an integer from {MIN_SIZE} to {MAX_SIZE}, "
                             f"got {size!r}")
    return size


class Point(NamedTuple):
    """An intersection ``(row, col)``, row 0 at the top."""

    row: int
    col: int

    def on_board(self, size: int) -> bool:
        """True if the point lies on a ``size`` x ``size`` board."""
        return 0 <= self.row < size and 0 <= self.col < size

    def check(self, size: int) -> Point:
        """Return self, or raise :class:`CoordinateError` if off a ``size`` board."""
        if not self.on_board(size):
            raise CoordinateError(f"point {tuple(self)} is off the {size}x{size} board")
        return self

    # --- GTP -----------------------------------------------------------------------
    @classmethod
    def from_gtp(cls, vertex: str, size: int) -> Point:
        """Parse a GTP vertex such as ``D4`` (case-insensitive). ``pass`` is not a Point.

        Raises
        ------
        CoordinateError
            If the text is malformed or the vertex lies off the board.
        """
        text = vertex.strip().upper()
        if len(text) < 2 or text[0] not in GTP_COLUMNS or not text[1:].isdigit():
            raise CoordinateError(f"invalid vertex: {vertex!r}")
        col = GTP_COLUMNS.index(text[0])
        number = int(text[1:])
        point = cls(size - number, col)
        if not (1 <= number <= size) or col >= size:
            raise CoordinateError(f"vertex {vertex!r} is off the {size}x{size} board")
        return point

    def to_gtp(self, size: int) -> str:
        """The GTP vertex of this point, e.g. ``Point(15, 3).to_gtp(19) == "D4"``."""
        self.check(size)
        return f"{GTP_COLUMNS[self.col]}{size - self.row}"

    # --- SGF -----------------------------------------------------------------------
    @classmethod
    def from_sgf(cls, text: str, size: int) -> Point:
        """Parse a two-letter SGF point (``"dd"``); raises :class:`CoordinateError`."""
        if len(text) != 2 or text[0] not in SGF_LETTERS or text[1] not in SGF_LETTERS:
            raise CoordinateError(f"invalid SGF point: {text!r}")
        point = cls(SGF_LETTERS.index(text[1]), SGF_LETTERS.index(text[0]))
        return point.check(size)

    def to_sgf(self) -> str:
        """Two-letter SGF point: column letter first, then row letter."""
        return SGF_LETTERS[self.col] + SGF_LETTERS[self.row]

    # --- indices -------------------------------------------------------------------
    def flat(self, size: int) -> int:
        """Index in a ``size * size`` array (row-major)."""
        return self.row * size + self.col

    def padded(self, size: int) -> int:
        """Index in the ``(size + 2) ** 2`` padded arrays of the board kernels."""
        return (self.row + 1) * (size + 2) + self.col + 1

    @classmethod
    def from_flat(cls, index: int, size: int) -> Point:
        """Inverse of :meth:`flat`."""
        return cls(*divmod(int(index), size))

    @classmethod
    def from_padded(cls, index: int, size: int) -> Point:
        """Inverse of :meth:`padded`."""
        r, c = divmod(int(index), size + 2)
        return cls(r - 1, c - 1)

    def __repr__(self) -> str:
        return f"Point({self.row}, {self.col})"


def parse_vertex(text: str, size: int) -> Point | None:
    """Parse a GTP vertex or ``pass`` (returns ``None``)."""
    if text.strip().lower() == "pass":
        return None
    return Point.from_gtp(text, size)


def format_vertex(point: Point | None, size: int) -> str:
    """GTP text for a point, or ``pass`` for ``None``."""
    return "pass" if point is None else point.to_gtp(size)
