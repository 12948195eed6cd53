"""Seki that a playout must not break: two strings of opposite colours sharing
their last two liberties, where filling a shared liberty is a self-atari.

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> from igo.core.color import Color
>>> b = Board.from_diagram('''
... . X . O . . .
... O O O X . . .
... X X X X . . .
... . . . . . . .
... . . . . . . .
... . . . . . . .
... . . . . . . .''')
>>> breaks_seki(b, Color.BLACK, Point(0, 0))  # X (0, 1) and O (1, 0-2) share A7, C7
True
>>> breaks_seki(b, Color.WHITE, Point(0, 2))  # O joins D7: two liberties still
False
"""

from __future__ import annotations

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics import _seki_kernels as Z
from igo.tactics._string_kernels import new_stack
from igo.tactics.target import legal_index


def breaks_seki(board: Board, color: Color, point: Point) -> bool:
    """True if ``color`` playing ``point`` fills a shared liberty of a two-liberty
    seki (rules in :mod:`igo.tactics._seki_kernels`).

    Raises
    ------
    NotEmptyError
        If ``point`` holds a stone.
    IllegalQuestionMoveError
        If the move is suicide or retakes a ko.
    """
    p = legal_index(board, color, point)
    work = K.copy_state(board.state)
    libs = np.zeros(8, np.int32)
    return bool(Z.breaks_seki(work, new_stack(work, 1), p, int(color), libs))
