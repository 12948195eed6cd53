"""Numba kernels of the broad (reduced-board) patterns of Honda et al., section 4
(public API in :mod:`igo.features.broad`). The influence map is the one
implementation of :mod:`igo.influence` (``distance_map``)."""

from __future__ import annotations

import numpy as np

from igo._jit import njit
from igo.core._kernels import BLACK, WHITE, BoardState
from igo.influence._kernels import distance_map

_POW5 = np.array([5**k for k in range(9)], np.int64)  # a constant of the kernels


@njit
def reduced_board(s: BoardState, a: float, metric: int, b: float, cmin: int,
                  cell_of: np.ndarray, nred: int, stones: np.ndarray, infl: np.ndarray,
                  qsum: np.ndarray, cnt: np.ndarray, area: np.ndarray,
                  out: np.ndarray) -> None:
    """Quantised reduced board (section 4.1): ``out[i, j]`` in 0 (white), 1
    (unclaimed), 2 (contested), 3 (black).

    ``cell_of[r]`` is the reduced row (and column) of board row ``r``. Scratch:
    ``stones`` int8 and ``infl`` float64 ``(size, size)``, ``qsum`` float64,
    ``cnt`` and ``area`` int64 ``(nred, nred)``.
    """
    size = s.meta[0]
    w = size + 2
    for r in range(size):
        for c in range(size):
            v = s.color[(r + 1) * w + c + 1]
            stones[r, c] = 1 if v == BLACK else (-1 if v == WHITE else 0)
    distance_map(stones, a, metric, infl)
    for i in range(nred):
        for j in range(nred):
            qsum[i, j] = 0.0
            cnt[i, j] = 0
            area[i, j] = 0
    for r in range(size):
        for c in range(size):
            i = cell_of[r]
            j = cell_of[c]
            qsum[i, j] += infl[r, c]
            area[i, j] += 1
            if stones[r, c] != 0:
                cnt[i, j] += 1
    for i in range(nred):
        for j in range(nred):
            q = qsum[i, j] / area[i, j]
            if q < -b:
                out[i, j] = 0
            elif q >= b:
                out[i, j] = 3
            elif cnt[i, j] < cmin:
                out[i, j] = 1
            else:
                out[i, j] = 2


@njit
def broad_key(red: np.ndarray, i: int, j: int, c: int, sym3: np.ndarray) -> np.uint64:
    """Canonical key of the 3x3 reduced pattern centred on cell ``(i, j)`` for the
    player ``c``, with the cell's position class (section 4.2).

    Values are made relative (own 3, opponent 0, 1 unclaimed, 2 contested, 4 off
    the reduced board); the code is base 5 over the 9 cells, minimum over the 8
    symmetries (``sym3[s, k]``: where symmetry ``s`` sends cell ``k`` of the 3x3,
    row-major). The class is (nearer edge distance, farther edge distance) of the
    cell on the reduced board, which is invariant under the symmetries.
    """
    n = red.shape[0]
    packed = np.int64(0)  # the 9 values, 3 bits each (no array: this runs per cell)
    for di in range(3):
        for dj in range(3):
            ii = i + di - 1
            jj = j + dj - 1
            if ii < 0 or ii >= n or jj < 0 or jj >= n:
                x = 4
            else:
                x = red[ii, jj]
                if c == WHITE and x != 1 and x != 2:
                    x = 3 - x
            packed |= np.int64(x) << (3 * (di * 3 + dj))
    best = np.int64(-1)
    for sym in range(8):
        code = np.int64(0)
        for k in range(9):
            code += ((packed >> (3 * k)) & 7) * _POW5[sym3[sym, k]]
        if best < 0 or code < best:
            best = code
    ei = min(i, n - 1 - i)
    ej = min(j, n - 1 - j)
    lo = min(ei, ej)
    hi = max(ei, ej)
    return np.uint64(((best * n + lo) * n + hi) + 1)


@njit
def broad_scratch(size: int, nred: int) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                 np.ndarray, np.ndarray, np.ndarray]:
    """The scratch arrays :func:`broad_cell_keys` needs after ``sym3`` (allocate once,
    reuse for every position of a game)."""
    return (np.empty((size, size), np.int8), np.empty((size, size), np.float64),
            np.empty((nred, nred), np.float64), np.empty((nred, nred), np.int64),
            np.empty((nred, nred), np.int64), np.empty((nred, nred), np.int64))


@njit
def broad_cell_keys(s: BoardState, c: int, a: float, metric: int, b: float, cmin: int,
                    cell_of: np.ndarray, nred: int, sym3: np.ndarray,
                    scratch_i8: np.ndarray, scratch_f: np.ndarray, qsum: np.ndarray,
                    cnt: np.ndarray, area: np.ndarray, red: np.ndarray,
                    out: np.ndarray) -> None:
    """Broad key of every reduced cell (``out[i * nred + j]``) for the player ``c``."""
    reduced_board(s, a, metric, b, cmin, cell_of, nred, scratch_i8, scratch_f, qsum, cnt,
                  area, red)
    for i in range(nred):
        for j in range(nred):
            out[i * nred + j] = broad_key(red, i, j, c, sym3)
