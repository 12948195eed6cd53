"""Numba kernels: the shape of a small set of points (an eye space, a string).

:func:`shape_stats` gives the number of adjacencies inside the set and the point
with most neighbours in it; :func:`killing_shape` says whether a set is one of the
eye-space shapes that a stone on its vital point kills (the nakade shapes):
any 1-3 points, the square and the pyramid (T) four, the bulky and the cross
five, the rabbity six. Used by :mod:`igo.tactics.nakade` and
:mod:`igo.tactics.selfatari`.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_noalloc
from igo.tactics._string_kernels import nb


@njit_noalloc
def in_set(pts: np.ndarray, n: int, p: int) -> bool:
    """True if ``p`` is one of ``pts[:n]``."""
    for i in range(n):
        if pts[i] == p:
            return True
    return False


@njit_noalloc
def degree(pts: np.ndarray, n: int, p: int, w: int) -> int:
    """Neighbours of ``p`` among ``pts[:n]`` on a board of padded width ``w``."""
    d = 0
    for k in range(4):
        if in_set(pts, n, nb(p, k, w)):
            d += 1
    return d


@njit_noalloc
def shape_stats(pts: np.ndarray, n: int, w: int) -> tuple[int, int, int]:
    """``(edges, max_degree, point_of_max_degree)`` of the set ``pts[:n]`` (the
    lowest point among those of maximal degree)."""
    e2 = 0
    best = -1
    bp = 0
    for i in range(n):
        d = degree(pts, n, pts[i], w)
        e2 += d
        if d > best or (d == best and pts[i] < bp):
            best = d
            bp = pts[i]
    return e2 // 2, best, bp


@njit_noalloc
def killing_shape(pts: np.ndarray, n: int, w: int) -> bool:
    """True if the connected set ``pts[:n]`` is a nakade shape (see the module)."""
    if n <= 3:
        return n >= 1
    e, dmax, _ = shape_stats(pts, n, w)
    if n == 4:
        return e == 4 or dmax == 3
    if n == 5:
        return e == 5 or dmax == 4
    if n == 6:
        return e == 6 and dmax == 4
    return False


@njit_noalloc
def vital_point(pts: np.ndarray, n: int, w: int) -> int:
    """The point of a 3-6 point eye space that kills it when the opponent plays
    there (straight or bent three: the middle; pyramid four: its centre; bulky
    five, cross five, rabbity six: the point with most neighbours), 0 when the
    shape has none (two eyes can be made, or it is already one eye: square four)."""
    if n < 3 or n > 6:
        return 0
    e, dmax, p = shape_stats(pts, n, w)
    if n == 3:
        return p
    if n == 4:
        return p if dmax == 3 else 0
    if n == 5:
        return p if (e == 5 or dmax == 4) else 0
    return p if (e == 6 and dmax == 4) else 0
