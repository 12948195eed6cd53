"""The random player: uniformly random legal moves that do not fill its own eyes."""

from __future__ import annotations

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.players.base import Decision


class RandomGenerator:
    """Picks uniformly among ``board.sensible_mask(color)``; passes when empty.

    Parameters
    ----------
    rng
        The explicit random generator (seed it for reproducible games).
    """

    name = "random"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng()

    def select_move(self, board: Board, color: Color) -> Decision:
        rows, cols = np.nonzero(board.sensible_mask(color))
        if len(rows) == 0:
            return None
        i = int(self.rng.integers(len(rows)))
        return Point(int(rows[i]), int(cols[i]))
