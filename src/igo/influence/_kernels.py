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
0     ``"d"``       ``x + y + max(x, y)`` (Honda et al.)
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
    """Honda et al., section 4.1: ``f(p) = sum_i g(s_i) / max(d_i, 1)`` for ``d_i <= a``.

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


@njit_noalloc
def bouzy_dilate(cur: np.ndarray, nxt: np.ndarray) -> None:
    """One Bouzy dilation from ``cur`` into ``nxt`` (both ``(size, size)`` int arrays).

    A point not touching the other side's influence grows by the number of its
    neighbours of its own sign (a zero point may be claimed by either side).
    """
    size = cur.shape[0]
    for r in range(size):
        for c in range(size):
            v = cur[r, c]
            npos = 0
            nneg = 0
            for k in range(4):
                rr = r + (1 if k == 0 else -1 if k == 1 else 0)
                cc = c + (1 if k == 2 else -1 if k == 3 else 0)
                if rr < 0 or rr >= size or cc < 0 or cc >= size:
                    continue
                w = cur[rr, cc]
                if w > 0:
                    npos += 1
                elif w < 0:
                    nneg += 1
            if v >= 0 and nneg == 0:
                v += npos
            if v <= 0 and npos == 0:
                v -= nneg
            nxt[r, c] = v


@njit_noalloc
def bouzy_erode(cur: np.ndarray, nxt: np.ndarray) -> None:
    """One Bouzy erosion from ``cur`` into ``nxt``.

    A positive point loses one per neighbour that is not positive, a negative
    point one per neighbour that is not negative, never crossing zero.
    """
    size = cur.shape[0]
    for r in range(size):
        for c in range(size):
            v = cur[r, c]
            if v == 0:
                nxt[r, c] = 0
                continue
            n_other = 0
            for k in range(4):
                rr = r + (1 if k == 0 else -1 if k == 1 else 0)
                cc = c + (1 if k == 2 else -1 if k == 3 else 0)
                if rr < 0 or rr >= size or cc < 0 or cc >= size:
                    continue
                w = cur[rr, cc]
                if (v > 0 and w <= 0) or (v < 0 and w >= 0):
                    n_other += 1
            nxt[r, c] = max(v - n_other, 0) if v > 0 else min(v + n_other, 0)


@njit_noalloc
def bouzy_map(stones: np.ndarray, dilations: int, erosions: int, init: int,
              out: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    """Bouzy's dilation/erosion: stones start at ``+-init``, then ``dilations``
    dilations and ``erosions`` erosions; ``a`` and ``b`` are int64 scratch arrays."""
    size = stones.shape[0]
    for r in range(size):
        for c in range(size):
            a[r, c] = int(stones[r, c]) * init
    for _ in range(dilations):
        bouzy_dilate(a, b)
        for r in range(size):
            for c in range(size):
                a[r, c] = b[r, c]
    for _ in range(erosions):
        bouzy_erode(a, b)
        for r in range(size):
            for c in range(size):
                a[r, c] = b[r, c]
    for r in range(size):
        for c in range(size):
            out[r, c] = float(a[r, c])
