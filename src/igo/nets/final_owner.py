"""Final owners of a game's points, the ownership head's training target (issue 63).

A game that ended by counting leaves its dead stones on the board. They are settled as
igo settles them at the end of its own games: a search from the final position, both
colours to move (:func:`igo.search.ownership.position_ownership`), classifies every
string (:func:`igo.core.scoring.final_status`, seki found statically); the owners are
then the area (Tromp-Taylor) owners with the dead stones removed.

A label is kept only if it agrees with the record: the area margin of these owners
minus the komi must be within ``tolerance`` points of the recorded margin (Tygem counts
territory, Korean rules; area and territory counting differ by a point or so when the
dame are filled, far more when a group's status is wrong). That check throws away
the games whose dead stones the search got wrong, whatever their cause.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.scoring import final_status

#: Default tolerance, in points, between the labelled area margin and the record's.
TOLERANCE = 2.0


@dataclass(frozen=True)
class FinalOwner:
    """Owners of a final position: ``owner`` ``(size*size,)`` int8 (+1 Black, -1
    White, 0 neutral: dame or seki), Black's ``area_margin`` (area minus area, komi
    not taken off) and the ``dead`` stones removed."""

    owner: np.ndarray
    area_margin: float
    dead: tuple[Point, ...]

    def agrees(self, komi: float, recorded: float, tolerance: float = TOLERANCE) -> bool:
        """True if ``area_margin - komi`` is within ``tolerance`` of ``recorded``."""
        return bool(abs(self.area_margin - komi - recorded) <= tolerance)


def board_of_moves(size: int, points: np.ndarray, colors: np.ndarray) -> Board:
    """The position after the moves (flat points, ``-1`` a pass; colours 1/2) of a
    compact move list (:mod:`igo.nets.games`).

    Raises
    ------
    igo.core.errors.IllegalMoveError
        On a move the rules do not allow.
    """
    board = Board(size)
    for p, c in zip(points.tolist(), colors.tolist(), strict=True):
        board.play(Color(c), None if p < 0 else Point.from_flat(p, size))
    return board


def final_owner(board: Board, komi: float, playouts: int = 400,
                rng: np.random.Generator | None = None) -> FinalOwner:
    """The final owners of ``board`` (see the module docstring); ``playouts`` of the
    search, half with each colour to move."""
    from igo.search.ownership import position_ownership

    rng = rng if rng is not None else np.random.default_rng()
    own = position_ownership(board, komi, playouts=playouts, rng=rng)
    status = final_status(board, rng, own=own)
    dead = tuple(status.dead_stones)
    area = board.area_ownership(dead).reshape(-1)
    owner = np.zeros(area.shape, np.int8)
    owner[area == int(Color.BLACK)] = 1
    owner[area == int(Color.WHITE)] = -1
    return FinalOwner(owner, float(np.count_nonzero(owner == 1) - np.count_nonzero(owner == -1)),
                      dead)
