"""Checks shared by the public wrappers: which string or point a question is about.

Each wrapper of :mod:`igo.tactics` takes an :class:`igo.core.board.Board` and
:class:`igo.core.coords.Point` values; these helpers turn them into the padded
indices the kernels use, or raise the specific :mod:`igo.tactics.errors`.
"""

from __future__ import annotations

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics.errors import IllegalQuestionMoveError, NoStringError, NotEmptyError


def stone_index(board: Board, point: Point) -> int:
    """Padded index of ``point``, which must hold a stone.

    Raises
    ------
    CoordinateError
        If the point is off the board.
    NoStringError
        If the point is empty.
    """
    Point(*point).check(board.size)
    p = Point(*point).padded(board.size)
    if board.state.color[p] == K.EMPTY:
        raise NoStringError(f"{Point(*point).to_gtp(board.size)} holds no stone")
    return p


def empty_index(board: Board, point: Point) -> int:
    """Padded index of ``point``, which must be empty.

    Raises
    ------
    CoordinateError
        If the point is off the board.
    NotEmptyError
        If the point holds a stone.
    """
    Point(*point).check(board.size)
    p = Point(*point).padded(board.size)
    if board.state.color[p] != K.EMPTY:
        raise NotEmptyError(f"{Point(*point).to_gtp(board.size)} is occupied")
    return p


def legal_index(board: Board, color: Color, point: Point) -> int:
    """Padded index of ``point``, where ``color`` may play (simple ko, no suicide).

    Raises
    ------
    NotEmptyError
        If the point holds a stone.
    IllegalQuestionMoveError
        If the move is suicide or retakes a ko.
    """
    p = empty_index(board, point)
    status = K.check_move(board.state, p, int(color), False)
    if status != K.OK:
        what = "retakes a ko" if status == K.KO else "is suicide"
        raise IllegalQuestionMoveError(f"{Color(color).name} {point.to_gtp(board.size)} {what}")
    return p


def to_point(board: Board, p: int) -> Point | None:
    """The :class:`Point` of padded index ``p`` (``None`` for 0)."""
    return None if p == 0 else Point.from_padded(int(p), board.size)
