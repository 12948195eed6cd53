"""Self-atari, classified: not one, bad, throw-in, nakade, snapback.

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> from igo.core.color import Color
>>> b = Board.from_diagram('''
... . . . . .
... . . . . .
... O O . . .
... X X O . .
... . . X O .''')
>>> classify(b, Color.BLACK, Point(4, 0)).name
'BAD'

Rules in :mod:`igo.tactics._selfatari_kernels`; a playout refuses ``BAD`` moves and
plays the others (Pachi's ``tactics/selfatari.c`` asks the same question).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics import _selfatari_kernels as S
from igo.tactics._string_kernels import new_stack
from igo.tactics.target import legal_index


class SelfAtari(IntEnum):
    """The kind of a move as a self-atari."""

    NOT_SELF_ATARI = S.NOT_SELF_ATARI
    BAD = S.BAD
    THROW_IN = S.THROW_IN
    NAKADE = S.NAKADE
    SNAPBACK = S.SNAPBACK


def classify(board: Board, color: Color, point: Point) -> SelfAtari:
    """The kind of ``color`` playing ``point``.

    Raises
    ------
    NotEmptyError
        If ``point`` holds a stone.
    IllegalQuestionMoveError
        If the move is suicide or retakes a ko.
    """
    p = legal_index(board, color, point)
    work = K.copy_state(board.state)
    pts = np.zeros(16, np.int32)
    return SelfAtari(int(S.classify(work, new_stack(work, 2), p, int(color), pts)))
