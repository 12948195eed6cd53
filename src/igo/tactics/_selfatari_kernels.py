"""Numba kernel: a self-atari classified (public API in :mod:`igo.tactics.selfatari`).

A move of colour ``c`` at ``p`` (legal) is a self-atari when the string it makes
has one liberty ``L`` after its captures. Its kind, checked in this order:

- ``SNAPBACK``: the opponent's capture at ``L`` leaves the capturing string in
  atari, and ``c`` retakes more than a ko's single stone;
- ``THROW_IN``: a single stone that the opponent cannot capture at once (the
  capture is a ko, or the ko rule forbids it now), or whose capture leaves a false
  eye at ``p`` (``c`` holds two diagonals of ``p``, one on the edge);
- ``NAKADE``: a string of 2-6 stones that fills, with ``L``, a region enclosed by
  the opponent, in a shape that kills once captured (:func:`killing_shape`);
- ``BAD``: any other self-atari.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_noalloc
from igo.core._kernels import (
    BORDER,
    EMPTY,
    OK,
    BoardState,
    atari_point,
    check_move,
)
from igo.tactics._shape_kernels import in_set, killing_shape
from igo.tactics._string_kernels import Stack, nb, place_logged, pop, push, string_libs

NOT_SELF_ATARI = 0
BAD = 1
THROW_IN = 2
NAKADE = 3
SNAPBACK = 4


@njit_noalloc
def _after_capture(s: BoardState, lib: int, c: int, size: int, stk: Stack) -> int:
    """The kind decided by the opponent's capture at ``lib`` (SNAPBACK, THROW_IN or
    BAD); the state is restored."""
    opp = 3 - c
    st = check_move(s, lib, opp, False)
    if st != OK:
        return THROW_IN  # the ko rule forbids the capture now
    push(stk, 1, s)
    place_logged(stk, s, lib, opp)
    h = s.head[lib]
    x = atari_point(s, h)
    kind = BAD
    if x != 0 and check_move(s, x, c, False) == OK:
        if s.gsize[h] > 1 or size > 1:
            kind = SNAPBACK
        else:
            kind = THROW_IN  # a ko
    pop(stk, 1, s)
    return kind


@njit_noalloc
def _false_eye_throw_in(s: BoardState, p: int, lib: int, c: int) -> bool:
    """After ``c``'s single stone at ``p`` is taken at ``lib``, is ``p`` a false eye?"""
    w = s.meta[0] + 2
    for k in range(4):
        r = nb(p, k, w)
        if r != lib and s.color[r] != 3 - c and s.color[r] != BORDER:
            return False
    own = 0
    edge = False
    for k in range(4):
        r = p + (-w - 1 if k == 0 else (-w + 1 if k == 1 else (w - 1 if k == 2 else w + 1)))
        if s.color[r] == BORDER:
            edge = True
        elif s.color[r] == c:
            own += 1
    return own >= (1 if edge else 2)


@njit_noalloc
def _enclosed_killing(s: BoardState, h: int, lib: int, pts: np.ndarray) -> bool:
    """Is the string ``h`` (2-6 stones) with ``lib`` a region walled by the
    opponent, and the string a killing shape?"""
    w = s.meta[0] + 2
    c = s.color[h]
    n = 0
    q = h
    while True:
        if n >= 6:
            return False
        pts[n] = q
        n += 1
        q = s.nxt[q]
        if q == h:
            break
    if n < 2:
        return False
    pts[n] = lib
    for i in range(n + 1):
        for k in range(4):
            r = nb(pts[i], k, w)
            cr = s.color[r]
            if cr == BORDER or cr == 3 - c or in_set(pts, n + 1, r):
                continue
            if cr == c or cr == EMPTY:
                return False
    return killing_shape(pts, n, w)


@njit_noalloc
def classify(s: BoardState, stk: Stack, p: int, c: int, pts: np.ndarray) -> int:
    """The kind of ``c``'s legal move at ``p`` (``NOT_SELF_ATARI`` … ``SNAPBACK``);
    the state is restored. ``stk`` holds 2 rows, ``pts`` at least 8 points."""
    push(stk, 0, s)
    place_logged(stk, s, p, c)
    h = s.head[p]
    nl = string_libs(s, h, pts, 2)
    kind = NOT_SELF_ATARI
    if nl == 1:
        lib = pts[0]
        size = s.gsize[h]
        kind = _after_capture(s, lib, c, size, stk)
        if kind == BAD and _enclosed_killing(s, h, lib, pts):
            kind = NAKADE
        if kind == BAD and size == 1 and _false_eye_throw_in(s, p, lib, c):
            kind = THROW_IN
    pop(stk, 0, s)
    return kind
