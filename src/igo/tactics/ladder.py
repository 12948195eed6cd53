"""Ladders: is a string in atari caught, and does an atari start a working ladder?

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> from igo.core.color import Color
>>> b = Board.from_diagram('''
... . . . . . . .
... . . O . . . .
... . O X . . . .
... . . . O . . .
... . . . . . . .
... . . . . . . .
... . . . . . . .''')
>>> atari_works(b, Point(3, 2), Point(2, 2))
True
>>> b.play(Color.BLACK, Point(1, 4))  # a ladder breaker
0
>>> atari_works(b, Point(3, 2), Point(2, 2))
False

Kernels in :mod:`igo.tactics._ladder_kernels` (which also states the rules: the
defender counter-captures or extends, three liberties escape, simple ko without
threats). The reading is depth-first over every atari, not only the usual line,
so a "ladder" here is any chase by ataris that captures.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics import _ladder_kernels as L
from igo.tactics._string_kernels import new_stack
from igo.tactics.errors import LibertyCountError
from igo.tactics.target import legal_index, stone_index

#: nodes read before a ladder is given up as not working
DEFAULT_BUDGET = 2_000


@dataclass
class LadderReader:
    """Scratch arrays for ladder questions on boards of one size (reuse it in loops:
    a question then allocates nothing)."""

    size: int

    def __post_init__(self) -> None:
        state = Board(self.size).state
        d = L.MAX_DEPTH + 1
        self.scratch = L.LadderScratch(new_stack(state, d), np.zeros((d, L.MAX_LCAND), np.int32),
                                       np.zeros(d, np.int32), np.zeros(d, np.int32),
                                       np.zeros(d, np.int32), np.zeros(4, np.int32),
                                       np.zeros(2, np.int64))


def _reader(board: Board, reader: LadderReader | None) -> LadderReader:
    if reader is None or reader.size != board.size:
        return LadderReader(board.size)
    return reader


def is_caught(board: Board, point: Point, budget: int = DEFAULT_BUDGET,
              reader: LadderReader | None = None) -> bool:
    """True if the string at ``point``, in atari, its owner to move, cannot escape.

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    LibertyCountError
        If the string is not in atari.
    """
    p = stone_index(board, point)
    if K.atari_point(board.state, board.state.head[p]) == 0:
        raise LibertyCountError(f"the string at {Point(*point).to_gtp(board.size)} "
                                "is not in atari")
    work = K.copy_state(board.state)
    return bool(L.caught(work, _reader(board, reader).scratch, p, budget))


def atari_works(board: Board, move: Point, target: Point, budget: int = DEFAULT_BUDGET,
                reader: LadderReader | None = None) -> bool:
    """True if the opponent of the string at ``target`` playing ``move`` puts it in
    atari and catches it in a ladder (False for a move that gives no atari).

    Raises
    ------
    NoStringError
        If ``target`` is empty.
    NotEmptyError, IllegalQuestionMoveError
        If ``move`` is occupied or illegal for the attacker.
    """
    t = stone_index(board, target)
    att = Color(3 - int(board.state.color[t]))
    p = legal_index(board, att, move)
    work = K.copy_state(board.state)
    return bool(L.atari_caught(work, _reader(board, reader).scratch, p, int(att), t, budget))


def border_ladder(board: Board, point: Point) -> bool:
    """Pachi's shape test of a first-line ladder, with no reading (what its playouts
    use with ``middle_ladder`` off, and igo's moggy policy with ``ladder_shape``): the
    string at ``point`` is in atari, its liberty on the first line touching one of
    its stones. True ("caught") unless stones of the string's colour stand two
    points along the edge on both sides, or an attacker string that would block
    (one point along the edge and one in from the liberty, either side) is missing,
    in atari, or has two liberties and blocking would be a self-atari. Like Pachi,
    the moggy policy asks only when the string cannot counter-capture; this function
    does not check that.

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    LibertyCountError
        If the string is not in atari, or its liberty is not such a first-line point.
    """
    p = stone_index(board, point)
    s = board.state
    lib = K.atari_point(s, s.head[p])
    if lib == 0:
        raise LibertyCountError(f"the string at {Point(*point).to_gtp(board.size)} "
                                "is not in atari")
    if not L.border_shape(s, lib, int(s.color[p])):
        raise LibertyCountError(f"the liberty of the string at "
                                f"{Point(*point).to_gtp(board.size)} is not a first-line "
                                "point beside one of its stones")
    return bool(L.border_ladder(s, int(s.head[p]), lib, np.zeros(4, np.int32)))
