"""Numba kernels of the influence models (private; see the public modules).

Every kernel works on a plain ``(size, size)`` ``int8`` array of stones
(``+1`` black, ``-1`` white, ``0`` empty; row 0 is the top edge, as in
:meth:`igo.core.Board.to_array`) and writes into a caller-owned ``float64``
output of the same shape, so the kernels never allocate and are compiled with
:func:`igo._jit.njit_noalloc`.

Metric codes used by :func:`distance_map`:

====  ============  ===============================
code  name          d for offsets (x, y) >= 0
====  ============  ===============================
0     ``"d"``       ``x + y + max(x, y)`` (paper 000)
1     ``"manhattan"`` ``x + y``
2     ``"euclidean"`` ``sqrt(x*x + y*y)``
====  ============  ===============================
"""

from __future__ import annotations

import math

import numpy as np

from igo._jit import njit_noalloc

METRIC_D = 0
METRIC_MANHATTAN = 1
METRIC_EUCLIDEAN = 2


@njit_noalloc
def metric_distance(dx: int, dy: int, metric: int) -> float:
    """Distance of the offset ``(dx, dy)`` under ``metric`` (a code above)."""
    x = abs(dx)
    y = abs(dy)
    if metric == METRIC_D:
        return float(x + y + max(x, y))
    if metric == METRIC_MANHATTAN:
        return float(x + y)
    return math.sqrt(float(x * x + y * y))


@njit_noalloc
def distance_map(stones: np.ndarray, a: float, metric: int, out: np.ndarray) -> None:
    """Paper 000 section 4.1: ``f(p) = sum_i g(s_i) / max(d_i, 1)`` for ``d_i <= a``.

    Stones are visited in row-major order and, for each, the points of its
    square neighbourhood in row-major order; ``out`` is overwritten.
    """
    size = stones.shape[0]
    for r in range(size):
        for c in range(size):
            out[r, c] = 0.0
    reach = int(a)  # a >= 0, so truncation is the floor
    for sr in range(size):
        for sc in range(size):
            g = stones[sr, sc]
            if g == 0:
                continue
            r0 = max(0, sr - reach)
            r1 = min(size - 1, sr + reach)
            c0 = max(0, sc - reach)
            c1 = min(size - 1, sc + reach)
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    d = metric_distance(r - sr, c - sc, metric)
                    if d <= a:
                        out[r, c] += float(g) / max(d, 1.0)
