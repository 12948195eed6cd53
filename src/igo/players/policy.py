"""The policy player: moves drawn from a move model's probabilities, no search.

:class:`PolicyGenerator` scores every legal move with a
:class:`~igo.movepred.MoveModel` (one feature-kernel call and one scoring-kernel call a
move; the local patterns that did not change since its last move come from its
:class:`~igo.features.pattern_cache.PatternCache`) and draws one from
``softmax(score / temperature)`` among the moves that do not fill the player's own eyes
(``board.sensible_mask``, as the random player); with ``temperature=0`` it plays the most
probable one. It passes when no such move is left,
so a game between two policy players ends with the board settled and Tromp-Taylor
scoring counts it right, as for random playouts.

It is the fast way to make two move models play (Sato & Takahashi's individuals are rated by
hundreds of games each): a 19x19 game costs a few hundred model evaluations, no playouts.
"""

from __future__ import annotations

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.features.pattern_cache import PatternCache
from igo.movepred.model import MoveModel
from igo.players.base import Decision


class PolicyGenerator:
    """Draws moves from ``model``; see the module docstring.

    Parameters
    ----------
    model
        The move model.
    rng
        The explicit random generator (seed it for reproducible games).
    temperature
        Scores are divided by it before the softmax; 0 plays the best move.
    """

    name = "policy"

    def __init__(self, model: MoveModel, rng: np.random.Generator | None = None,
                 temperature: float = 1.0) -> None:
        if not temperature >= 0:
            raise ValueError(f"temperature must be >= 0, got {temperature}")
        self.model = model
        self.rng = rng if rng is not None else np.random.default_rng()
        self.temperature = float(temperature)
        self._patterns = PatternCache()

    def select_move(self, board: Board, color: Color) -> Decision:
        """A move drawn from the model among the sensible moves, or pass if none."""
        pts, scores = self.model.scores(board, color, self._patterns)
        if len(pts) == 0:
            return None
        keep = board.sensible_among(color, pts)  # the candidates are legal but for superko
        if not keep.any():
            return None
        w = board.size + 2
        pts, scores = pts[keep], scores[keep]
        rows, cols = pts // w - 1, pts % w - 1
        if self.temperature == 0:
            i = int(np.argmax(scores))
        else:
            z = scores / self.temperature
            p = np.exp(z - z.max())
            i = int(self.rng.choice(len(p), p=p / p.sum()))
        return Point(int(rows[i]), int(cols[i]))
