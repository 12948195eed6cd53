"""Two-liberty strings: which moves capture one, which save it.

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> b = Board.from_diagram('''
... . . . . .
... . . O . .
... . O X . .
... . . . O .
... . . . . .''')
>>> sorted(p for p in attacks(b, Point(2, 2)))
[Point(2, 3), Point(3, 2)]

A small bounded reading (:mod:`igo.tactics._reading_kernels` with
:data:`TWOLIB_CONFIG`): each candidate of the attacker (the liberties, the empty
points next to them, rescues of the attacker's strings in atari) or of the
defender (captures, liberties, attacks on neighbours of two liberties, the
empty points next to the liberties) is played and read on, as Pachi's
``tactics/2lib.c`` asks in playouts.
"""

from __future__ import annotations

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.coords import Point
from igo.tactics.errors import LibertyCountError
from igo.tactics.reading import Outcome, ReadingConfig, winning_moves
from igo.tactics.target import stone_index

#: the small reading of two-liberty questions
TWOLIB_CONFIG = ReadingConfig(node_budget=2_000, max_depth=40, depth3=4, depth4=0,
                              att_second_order=4, def_break_chain2=4, def_second_order=2)


def _check_two(board: Board, point: Point) -> None:
    p = stone_index(board, point)
    if K.liberties(board.state, p) != 2:
        raise LibertyCountError(f"the string at {Point(*point).to_gtp(board.size)} does not "
                                "have two liberties")


def attacks(board: Board, point: Point,
            config: ReadingConfig = TWOLIB_CONFIG) -> dict[Point, Outcome]:
    """The moves that capture the two-liberty string at ``point`` (its opponent to
    move), with their outcome (``WIN`` or a ko).

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    LibertyCountError
        If the string does not have exactly two liberties.
    """
    _check_two(board, point)
    return winning_moves(board, point, True, config)


def defences(board: Board, point: Point,
             config: ReadingConfig = TWOLIB_CONFIG) -> dict[Point, Outcome]:
    """The moves that save the two-liberty string at ``point`` (its owner to move).

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    LibertyCountError
        If the string does not have exactly two liberties.
    """
    _check_two(board, point)
    return winning_moves(board, point, False, config)
