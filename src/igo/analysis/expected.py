"""What a move model expects in a position, and how it ranks a move.

Two models can answer: Honda et al.'s Bradley-Terry model over the legal moves of the
player to move (:meth:`igo.movepred.model.MoveModel.probabilities`, the previous moves
taken from the board's history), and the policy network (:mod:`igo.nets.policy`,
:func:`net_view`), which predicts 9-dan moves better on 19x19 (0.513 against 0.375
top-1 over whole games; ``experiments/policy_net/README.md``), as ``igo movepred show``
prints them. The pass is not one of the moves ranked: a pass has no probability and
no rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.movepred.model import MoveModel

if TYPE_CHECKING:
    from igo.nets.encode import Encoded
    from igo.nets.policy import NetPolicy


@dataclass(frozen=True)
class ModelView:
    """The model's moves of one position, most probable first."""

    points: tuple[Point, ...]
    probs: np.ndarray
    model: str = "Bradley-Terry model (paper 000)"

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


def net_view(board: Board, net: NetPolicy, color: Color | None = None,
             encoded: Encoded | None = None) -> ModelView:
    """The policy net's view of ``board`` for ``color`` (default ``board.to_play``):
    its probabilities of the legal points (the pass left out); ``encoded``, the net's
    input of that position when the caller has it (:func:`igo.nets.encode.encode_board`)."""
    color = board.to_play if color is None else color
    probs = net.probabilities(board, color, encoded)[:-1]
    size = board.size
    order = [int(i) for i in np.argsort(-probs, kind="stable") if probs[i] > 0.0]
    return ModelView(tuple(Point.from_flat(i, size) for i in order), probs[order],
                     f"policy network ({net.name})")


__all__ = ["ModelView", "model_view", "net_view"]
