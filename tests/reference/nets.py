"""Plain-Python oracle of the network's input encoding (:mod:`igo.nets._encode_kernels`):
flood fills and trial moves on arrays, the game replayed by the reference rules engine.

Codes, from the view of the player to move ``c``: a stone is 1–4 (own, string with 1,
2, 3, 4+ liberties) or 5–8 (opponent's); an empty point where ``c`` may play is
``1 + 6 * min(libs_after - 1, 2) + 2 * min(captured, 2) + min(ataris, 1)``, else 0.
"""

from __future__ import annotations

import numpy as np

from reference import features as RF
from reference.rules import RefBoard


def stone_codes(stones: np.ndarray, color: int) -> np.ndarray:
    """Codes of the stones of a ``(size, size)`` board (0 on empty points)."""
    size = stones.shape[0]
    out = np.zeros(size * size, np.uint8)
    for r in range(size):
        for c in range(size):
            v = int(stones[r, c])
            if v:
                n = min(len(RF.string_and_liberties(stones, (r, c))[1]), 4)
                out[r * size + c] = n if v == color else 4 + n
    return out


def move_codes(stones: np.ndarray, color: int, ko: tuple[int, int] | None) -> np.ndarray:
    """Codes of the empty points (0 where ``color`` may not play)."""
    size = stones.shape[0]
    out = np.zeros(size * size, np.uint8)
    for r, c in RF.legal_moves(stones, color, ko):
        libs_after, _before, captured, ataris = RF.tactical(stones, (r, c), color)
        out[r * size + c] = (1 + 6 * min(libs_after - 1, 2) + 2 * min(captured, 2)
                             + min(ataris, 1))
    return out


def encode_game(points: np.ndarray, colors: np.ndarray, size: int, history: int = 4
                ) -> list[tuple[np.ndarray, np.ndarray, list[int], int]]:
    """``(stone codes, move codes, last moves, target)`` before each move of a game, up
    to its first illegal move (simple ko, no suicide)."""
    board = RefBoard(size, ko="simple")
    out = []
    for i, (pt, col) in enumerate(zip(points, colors, strict=True)):
        stones = np.array(board.grid(), np.int8)
        ko = board.ko_point()
        p = None if pt < 0 else divmod(int(pt), size)
        if p is not None and board.status(int(col), p) != "ok":
            break
        hist = [int(points[i - 1 - k]) if i - 1 - k >= 0 else -1 for k in range(history)]
        out.append((stone_codes(stones, int(col)), move_codes(stones, int(col), ko), hist,
                    size * size if pt < 0 else int(pt)))
        board.play(int(col), p)
    return out
