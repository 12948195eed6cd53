"""Nakade: the vital point of an enclosed eye space of 3-6 points.

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> b = Board.from_diagram('''
... . . . . .
... X X X X X
... X . . . X
... X X X X X
... . . . . .''')
>>> vital_point(b, Point(2, 1))
Point(2, 2)

Straight and bent three: the middle; pyramid four: its centre; bulky five, cross
five, rabbity six: the point with most neighbours in the space (kernels:
:mod:`igo.tactics._nakade_kernels`, shapes: :mod:`igo.tactics._shape_kernels`).
"""

from __future__ import annotations

import numpy as np

from igo.core.board import Board
from igo.core.coords import Point
from igo.tactics import _nakade_kernels as N
from igo.tactics.target import empty_index, to_point


def vital_point(board: Board, point: Point) -> Point | None:
    """The vital point of the eye space containing empty ``point``, or ``None`` when
    the region is not enclosed by one colour, is smaller than 3 or larger than 6
    points, or has no vital point (straight four, square four, ...).

    Raises
    ------
    NotEmptyError
        If ``point`` holds a stone.
    CoordinateError
        If it is off the board.
    """
    p = empty_index(board, point)
    pts = np.zeros(N.MAX_SPACE + 2, np.int32)
    return to_point(board, int(N.nakade_point(board.state, p, pts)))


def eye_space(board: Board, point: Point) -> tuple[list[Point], int]:
    """The empty region of ``point`` (when it has at most 6 points, else ``[]``) and
    the one colour it touches (0 when both or none).

    Raises
    ------
    NotEmptyError
        If ``point`` holds a stone.
    """
    p = empty_index(board, point)
    pts = np.zeros(N.MAX_SPACE + 2, np.int32)
    n, owner = N.eye_space(board.state, p, pts)
    if n > N.MAX_SPACE:
        return [], int(owner)
    return sorted(Point.from_padded(int(q), board.size) for q in pts[:n]), int(owner)
