"""Plain-Python references of the influence kernels (``igo.influence._kernels``).

Each function is written for clarity, not speed, straight from the paper's
formula, and returns a list of lists of floats.
"""

from __future__ import annotations

import math


def ref_distance(x: int, y: int, metric: str) -> float:
    """Distance of the offset (x, y) under metric ``"d"``, ``"manhattan"`` or ``"euclidean"``."""
    x, y = abs(x), abs(y)
    if metric == "d":
        return float(x + y + max(x, y))
    if metric == "manhattan":
        return float(x + y)
    if metric == "euclidean":
        return math.sqrt(x * x + y * y)
    raise ValueError(metric)


def ref_distance_map(stones: list[list[int]], a: float, metric: str) -> list[list[float]]:
    """Paper 000 section 4.1: f(p) = sum over stones s with d(p, s) <= a of g(s) / max(d, 1).

    For every point p, every stone of the board is examined (no neighbourhood cut-off).
    """
    size = len(stones)
    out = [[0.0] * size for _ in range(size)]
    for pr in range(size):
        for pc in range(size):
            total = 0.0
            for sr in range(size):
                for sc in range(size):
                    g = stones[sr][sc]
                    if g == 0:
                        continue
                    d = ref_distance(pr - sr, pc - sc, metric)
                    if d <= a:
                        total += g / max(d, 1.0)
            out[pr][pc] = total
    return out
