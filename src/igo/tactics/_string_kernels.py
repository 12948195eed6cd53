"""Numba kernels: the liberties and neighbours of one string, and a stack of saved
positions (the "undo" of a reading search).

Every tactical question of :mod:`igo.tactics` starts from the same few facts about a
string: its liberties (counted up to a cap, so that a big safe string costs little),
the opponent strings that touch it, and which of those are in atari. The board
state is :class:`igo.core._kernels.BoardState`; nothing here changes it.

The reading kernels play moves with :func:`igo.core._kernels.play` and take them
back by copying a saved state (:func:`push` / :func:`pop` on a :class:`Stack`): the
core engine keeps no undo information, and a copy of a 19x19 state is about a
microsecond, a small part of a reading node.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit_inline, njit_noalloc
from igo.core._kernels import BLACK, EMPTY, WHITE, BoardState


class Stack(NamedTuple):
    """Saved board states, one row a depth (see :func:`new_stack`)."""

    color: np.ndarray  # int8[D, A]
    head: np.ndarray  # int32[D, A]
    nxt: np.ndarray
    libs: np.ndarray
    lsq: np.ndarray  # int64[D, A]
    gsize: np.ndarray
    empties: np.ndarray
    epos: np.ndarray
    meta: np.ndarray  # int64[D, META_LEN]
    hashv: np.ndarray  # uint64[D]


def new_stack(s: BoardState, depth: int) -> Stack:
    """A stack able to hold ``depth`` saved copies of states shaped like ``s``."""
    a = s.color.shape[0]
    return Stack(np.zeros((depth, a), np.int8), np.zeros((depth, a), np.int32),
                 np.zeros((depth, a), np.int32), np.zeros((depth, a), np.int32),
                 np.zeros((depth, a), np.int64), np.zeros((depth, a), np.int32),
                 np.zeros((depth, a), np.int32), np.zeros((depth, a), np.int32),
                 np.zeros((depth, s.meta.shape[0]), np.int64), np.zeros(depth, np.uint64))


@njit_noalloc
def push(stk: Stack, d: int, s: BoardState) -> None:
    """Save ``s`` in row ``d`` of the stack."""
    for i in range(s.color.shape[0]):
        stk.color[d, i] = s.color[i]
        stk.head[d, i] = s.head[i]
        stk.nxt[d, i] = s.nxt[i]
        stk.libs[d, i] = s.libs[i]
        stk.lsq[d, i] = s.lsq[i]
        stk.gsize[d, i] = s.gsize[i]
        stk.empties[d, i] = s.empties[i]
        stk.epos[d, i] = s.epos[i]
    for i in range(s.meta.shape[0]):
        stk.meta[d, i] = s.meta[i]
    stk.hashv[d] = s.hashv[0]


@njit_noalloc
def pop(stk: Stack, d: int, s: BoardState) -> None:
    """Restore ``s`` from row ``d`` of the stack (the row stays saved)."""
    for i in range(s.color.shape[0]):
        s.color[i] = stk.color[d, i]
        s.head[i] = stk.head[d, i]
        s.nxt[i] = stk.nxt[d, i]
        s.libs[i] = stk.libs[d, i]
        s.lsq[i] = stk.lsq[d, i]
        s.gsize[i] = stk.gsize[d, i]
        s.empties[i] = stk.empties[d, i]
        s.epos[i] = stk.epos[d, i]
    for i in range(s.meta.shape[0]):
        s.meta[i] = stk.meta[d, i]
    s.hashv[0] = stk.hashv[d]


@njit_inline
def nb(p: int, k: int, w: int) -> int:
    """The ``k``-th orthogonal neighbour of ``p`` (up, left, right, down)."""
    return p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))


@njit_inline
def is_stone(c: int) -> bool:
    """True for a black or white stone (not empty, not the frame)."""
    return c == BLACK or c == WHITE


@njit_noalloc
def add_unique(out: np.ndarray, n: int, p: int) -> int:
    """Append ``p`` to ``out[:n]`` unless it is there or the array is full; the new n."""
    for i in range(n):
        if out[i] == p:
            return n
    if n < out.shape[0]:
        out[n] = p
        return n + 1
    return n


@njit_noalloc
def string_libs(s: BoardState, h: int, out: np.ndarray, cap: int) -> int:
    """The distinct liberties of the string with head ``h`` into ``out`` (first met
    first), stopping at ``cap`` of them; returns their number (``cap`` means "at
    least ``cap``"). ``out`` must hold ``cap`` points."""
    w = s.meta[0] + 2
    n = 0
    q = h
    while True:
        for k in range(4):
            r = nb(q, k, w)
            if s.color[r] == EMPTY:
                n = add_unique(out, n, r)
                if n >= cap:
                    return n
        q = s.nxt[q]
        if q == h:
            return n


@njit_noalloc
def count_libs(s: BoardState, h: int, cap: int, scratch: np.ndarray) -> int:
    """Number of liberties of the string with head ``h``, counted up to ``cap``."""
    return string_libs(s, h, scratch, cap)


@njit_noalloc
def neighbour_heads(s: BoardState, h: int, out: np.ndarray) -> int:
    """Heads of the distinct opponent strings touching the string with head ``h``
    into ``out``; returns their number (at most ``out``'s length)."""
    w = s.meta[0] + 2
    opp = 3 - s.color[h]
    n = 0
    q = h
    while True:
        for k in range(4):
            r = nb(q, k, w)
            if s.color[r] == opp:
                n = add_unique(out, n, s.head[r])
        q = s.nxt[q]
        if q == h:
            return n


@njit_noalloc
def sort_points(pts: np.ndarray, n: int) -> None:
    """Sort ``pts[:n]`` in increasing order (insertion sort: lists are short)."""
    for i in range(1, n):
        v = pts[i]
        j = i - 1
        while j >= 0 and pts[j] > v:
            pts[j + 1] = pts[j]
            j -= 1
        pts[j + 1] = v
