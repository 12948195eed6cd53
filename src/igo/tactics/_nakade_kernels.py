"""Numba kernel: the nakade vital point of an enclosed eye space (public API in
:mod:`igo.tactics.nakade`).

An eye space here is a connected region of empty points whose stone neighbours
are all of one colour (the frame does not count), of 3 to 6 points, as Pachi's
``tactics/nakade.c`` considers (our own code); its vital point comes from
:func:`igo.tactics._shape_kernels.vital_point`.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_noalloc
from igo.core._kernels import BLACK, EMPTY, WHITE, BoardState
from igo.tactics._shape_kernels import in_set, vital_point
from igo.tactics._string_kernels import nb

MAX_SPACE = 6


@njit_noalloc
def eye_space(s: BoardState, p: int, pts: np.ndarray,
              quick: bool = False) -> tuple[int, int]:
    """Flood the empty region of ``p`` into ``pts`` (length > ``MAX_SPACE``):
    ``(size, owner)``; size ``MAX_SPACE + 1`` means larger, owner is the one colour
    its stones touch, 0 when it touches both or none. With ``quick``, the flood stops
    as soon as both colours are touched (owner 0; ``pts[:size]`` is then only part of
    the region)."""
    w = s.meta[0] + 2
    pts[0] = p
    n = 1
    i = 0
    seen = 0  # bit 1: black touched, bit 2: white
    while i < n:
        q = pts[i]
        i += 1
        for k in range(4):
            r = nb(q, k, w)
            c = s.color[r]
            if c == EMPTY:
                if not in_set(pts, n, r):
                    if n > MAX_SPACE:
                        return MAX_SPACE + 1, 0
                    pts[n] = r
                    n += 1
            elif c == BLACK:
                seen |= 1
            elif c == WHITE:
                seen |= 2
        if quick and seen == 3:  # both colours: no eye space, whatever its size
            return n, 0
    owner = BLACK if seen == 1 else (WHITE if seen == 2 else 0)
    return n, owner


@njit_noalloc
def nakade_point(s: BoardState, p: int, pts: np.ndarray) -> int:
    """The vital point of the eye space of empty ``p`` (0 if the region is not an
    enclosed eye space of 3-6 points or its shape has none)."""
    n, owner = eye_space(s, p, pts, True)
    if owner == 0 or n < 3 or n > MAX_SPACE:
        return 0
    return vital_point(pts, n, s.meta[0] + 2)
