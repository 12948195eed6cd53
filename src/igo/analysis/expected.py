"""What the move model (paper 000) expects in a position, and how it ranks a move.

The probabilities are the Bradley-Terry model's over the legal moves of the player
to move (:meth:`igo.movepred.model.MoveModel.probabilities`, the previous moves taken
from the board's history), as ``igo movepred show`` prints them. The pass is not one
of the model's moves: a pass has no probability and no rank.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.movepred.model import MoveModel


@dataclass(frozen=True)
class ModelView:
    """The model's moves of one position, most probable first."""

    points: tuple[Point, ...]
    probs: np.ndarray

    @property
    def top(self) -> Point | None:
        """The model's first choice (``None`` with no legal move)."""
        return self.points[0] if self.points else None

    def rank_of(self, point: Point | None) -> int | None:
        """The rank of ``point`` (1 = the model's first choice); ``None`` for a pass
        or a point the model does not offer."""
        if point is None:
            return None
        try:
            return self.points.index(point) + 1
        except ValueError:
            return None

    def probability_of(self, point: Point | None) -> float | None:
        """The probability of ``point`` (``None`` for a pass or an unoffered point)."""
        r = self.rank_of(point)
        return None if r is None else float(self.probs[r - 1])


def model_view(board: Board, model: MoveModel, color: Color | None = None) -> ModelView:
    """The model's view of ``board`` for ``color`` (default ``board.to_play``)."""
    points, probs = model.probabilities(board, color)
    if not points:
        return ModelView((), np.zeros(0))
    order = np.argsort(-probs, kind="stable")
    return ModelView(tuple(points[i] for i in order), probs[order])


__all__ = ["ModelView", "model_view"]
