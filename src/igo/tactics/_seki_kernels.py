"""Numba kernel: moves that break a shared-liberty seki (public API in
:mod:`igo.tactics.seki`).

The common seki a playout must not break: a string ``A`` of colour ``c`` and a
string ``B`` of the opponent share their last two liberties ``p`` and ``q`` (so
neither has an eye). ``c`` playing ``p`` breaks it when the move is a self-atari
that captures nothing: ``B`` then takes ``A`` at ``q``.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_noalloc
from igo.core._kernels import M_LAST_CAPTURED, BoardState
from igo.tactics._string_kernels import Stack, nb, place_logged, pop, push, string_libs


@njit_noalloc
def _two_libs(s: BoardState, h: int, libs: np.ndarray) -> bool:
    return string_libs(s, h, libs, 3) == 2


@njit_noalloc
def _shared_pair(s: BoardState, p: int, c: int, libs: np.ndarray) -> bool:
    """Is there a string of ``c`` and one of the opponent next to ``p``, both with
    exactly the liberties ``p`` and one same ``q``?"""
    w = s.meta[0] + 2
    for k in range(4):
        a = nb(p, k, w)
        if s.color[a] != c or not _two_libs(s, s.head[a], libs):
            continue
        q = libs[0] if libs[1] == p else libs[1]
        for j in range(4):
            b = nb(p, j, w)
            if s.color[b] != 3 - c or not _two_libs(s, s.head[b], libs[2:]):
                continue
            if (libs[2] == q and libs[3] == p) or (libs[2] == p and libs[3] == q):
                return True
    return False


@njit_noalloc
def breaks_seki(s: BoardState, stk: Stack, p: int, c: int, libs: np.ndarray) -> bool:
    """True if ``c``'s legal move at empty ``p`` fills a shared liberty of a
    two-liberty seki (see the module). ``libs`` holds at least 6 points."""
    if not _shared_pair(s, p, c, libs):
        return False
    push(stk, 0, s)
    place_logged(stk, s, p, c)
    bad = s.meta[M_LAST_CAPTURED] == 0 and string_libs(s, s.head[p], libs, 2) < 2
    pop(stk, 0, s)
    return bad
