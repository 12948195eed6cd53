"""Plain-Python references of the influence kernels (``igo.influence._kernels``).

Each function is written for clarity, not speed, straight from the paper's
formula, and returns a list of lists of floats.
"""

from __future__ import annotations

import math

import numpy as np


def random_stones(rng: np.random.Generator, size: int, density: float) -> np.ndarray:
    """A random signed stone array (no legality: the influence models do not care)."""
    u = rng.random((size, size))
    stones = np.zeros((size, size), dtype=np.int8)
    stones[u < density / 2] = 1
    stones[(u >= density / 2) & (u < density)] = -1
    return stones


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


def _neighbours(r: int, c: int, size: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def ref_bouzy(stones: list[list[int]], dilations: int, erosions: int,
              init: int) -> list[list[float]]:
    """Bouzy's algorithm as the GNU Go manual states it, one point at a time."""
    size = len(stones)
    v = [[stones[r][c] * init for c in range(size)] for r in range(size)]
    for _ in range(dilations):
        new = [row[:] for row in v]
        for r in range(size):
            for c in range(size):
                nb = [v[rr][cc] for rr, cc in _neighbours(r, c, size)]
                x = v[r][c]
                if x >= 0 and not any(n < 0 for n in nb):
                    x += sum(1 for n in nb if n > 0)
                if x <= 0 and not any(n > 0 for n in nb):
                    x -= sum(1 for n in nb if n < 0)
                new[r][c] = x
        v = new
    for _ in range(erosions):
        new = [row[:] for row in v]
        for r in range(size):
            for c in range(size):
                nb = [v[rr][cc] for rr, cc in _neighbours(r, c, size)]
                x = v[r][c]
                if x > 0:
                    new[r][c] = max(0, x - sum(1 for n in nb if n <= 0))
                elif x < 0:
                    new[r][c] = min(0, x + sum(1 for n in nb if n >= 0))
        v = new
    return [[float(x) for x in row] for row in v]
