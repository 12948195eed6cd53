"""Random playouts on a copy of a board, and the ownership they estimate.

These are the *light* playouts of the benchmarks and of the playout-based dead-stone
estimate: uniformly random legal moves that never fill one's own eye, until both
sides pass. Simple ko is respected inside playouts; superko is not (as in every
playout engine).
"""

from __future__ import annotations

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import BLACK, WHITE, Color


def rng_state(rng: np.random.Generator) -> np.ndarray:
    """A fresh non-zero xorshift state for the kernels, drawn from ``rng``."""
    return np.array([rng.integers(1, 2**63 - 1)], dtype=np.uint64)


def default_max_moves(size: int) -> int:
    """Playout length cap: three times the number of points (never reached in practice)."""
    return 3 * size * size + 20


def random_playout(board: Board, color: Color, rng: np.random.Generator,
                   max_moves: int | None = None) -> tuple[K.BoardState, np.ndarray]:
    """Play a light playout from ``board`` (unchanged), ``color`` to move.

    Returns the final kernel state and the padded points played (0 = pass).
    """
    state = K.copy_state(board.state)
    cap = max_moves if max_moves is not None else default_max_moves(board.size)
    moves = np.zeros(cap, dtype=np.int32)
    n = K.playout(state, int(color), board.rules.suicide, rng_state(rng), cap, moves)
    return state, moves[:n]


def ownership(board: Board, color: Color, rng: np.random.Generator,
              playouts: int = 100) -> np.ndarray:
    """Mean final owner of each point over ``playouts`` light playouts:
    ``(size, size)`` floats in [-1, 1], +1 = always Black's, -1 = always White's."""
    size = board.size
    w = size + 2
    total = np.zeros(w * w, dtype=np.float64)
    owner = np.empty(w * w, dtype=np.int8)
    for _ in range(playouts):
        state, _moves = random_playout(board, color, rng)
        K.area_owner(state.color, size, owner)
        total += (owner == BLACK)
        total -= (owner == WHITE)
    return (total / max(playouts, 1)).reshape(w, w)[1:-1, 1:-1]


class PlayoutRunner:
    """Runs many light playouts from one position without allocating per playout.

    >>> runner = PlayoutRunner(Board(9), Color.BLACK)
    >>> wins = runner.run(100, komi=7.0, rng=np.random.default_rng(0))

    The scratch state and buffers live here; the kernel
    :func:`igo.core._kernels.run_playouts` does the work (restore, play, score).
    """

    def __init__(self, board: Board, color: Color, max_moves: int | None = None) -> None:
        self.root = K.copy_state(board.state)
        self.work = K.copy_state(board.state)
        self.color = int(color)
        self.suicide = board.rules.suicide
        self.max_moves = max_moves if max_moves is not None else default_max_moves(board.size)
        a = self.root.color.shape[0]
        self.moves = np.zeros(self.max_moves, dtype=np.int32)
        self.owner = np.zeros(a, dtype=np.int8)
        self.stack = np.zeros(a, dtype=np.int32)
        self.members = np.zeros(a, dtype=np.int32)

    def run(self, n: int, komi: float, rng: np.random.Generator) -> int:
        """Play ``n`` playouts; returns the number Black won under area scoring."""
        return int(K.run_playouts(self.root, self.work, self.color, self.suicide, float(komi),
                                  int(n), rng_state(rng), self.max_moves, self.moves,
                                  self.owner, self.stack, self.members))
