"""Numba kernels: the liberties and neighbours of one string, and a stack of saved
positions (the "undo" of a reading search).

Every tactical question of :mod:`igo.tactics` starts from the same few facts about a
string: its liberties (counted up to a cap, so that a big safe string costs little),
the opponent strings that touch it, and which of those are in atari. The board
state is :class:`igo.core._kernels.BoardState`; nothing here changes it.

The reading kernels play moves with :func:`place_logged` and take them back with
:func:`push` / :func:`pop` on a :class:`Stack` (re-exported from
:mod:`igo.core._undo_kernels`): a journal of the changed array elements, not a copy
of the position (a 19x19 state is about 3,500 numbers; a move changes a few dozen).
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_inline, njit_noalloc
from igo.core._kernels import BLACK, EMPTY, WHITE, BoardState, atari_point
from igo.core._undo_kernels import Stack as Stack
from igo.core._undo_kernels import new_stack as new_stack
from igo.core._undo_kernels import place_logged as place_logged
from igo.core._undo_kernels import pop as pop
from igo.core._undo_kernels import push as push


@njit_inline
def nb(p: int, k: int, w: int) -> int:
    """The ``k``-th orthogonal neighbour of ``p`` (up, left, right, down)."""
    return p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))


@njit_inline
def is_stone(c: int) -> bool:
    """True for a black or white stone (not empty, not the frame)."""
    return c == BLACK or c == WHITE


@njit_noalloc
def empty_neighbours(s: BoardState, p: int) -> int:
    """Number of empty orthogonal neighbours of ``p``."""
    w = s.meta[0] + 2
    n = 0
    for k in range(4):
        if s.color[nb(p, k, w)] == EMPTY:
            n += 1
    return n


@njit_inline
def other_liberty(s: BoardState, h: int, p: int) -> int:
    """The liberties of the string with head ``h`` other than the empty point ``p``
    next to it, in O(1) from the pseudo-liberty sums (no walk of the string): 0 when
    there is none, the point when there is one, -1 when there are two or more."""
    w = s.meta[0] + 2
    c = s.color[h]
    m = 0  # pseudo-liberties at p: the string's stones next to it
    for k in range(4):
        r = nb(p, k, w)
        if s.color[r] == c and s.head[r] == h:
            m += 1
    n = np.int64(s.libs[h]) - m
    if n <= 0:
        return 0
    v = s.lsq[h]
    q = np.int64(p)
    total = (v & 0xFFFFFFFF) - m * q
    squares = (v >> 32) - m * q * q
    if n * squares != total * total:
        return -1
    return int(total // n)


@njit_noalloc
def liberties_after(s: BoardState, p: int, c: int) -> int:
    """Liberties (counted up to 2) of the string ``c`` would have after playing at
    empty ``p``; a move that captures counts as 2. So ``< 2`` is a self-atari (or a
    suicide), the test of the playout policies and of the reader's backfilling.
    O(1): the strings joined are read from their pseudo-liberty sums."""
    w = s.meta[0] + 2
    l1 = 0
    for k in range(4):
        r = nb(p, k, w)
        cr = s.color[r]
        if cr == EMPTY:
            if l1 == 0:
                l1 = r
            elif r != l1:
                return 2
        elif cr == 3 - c:
            if atari_point(s, s.head[r]) == p:
                return 2
    for k in range(4):
        r = nb(p, k, w)
        if s.color[r] != c:
            continue
        x = other_liberty(s, s.head[r], p)
        if x < 0:
            return 2
        if x > 0:
            if l1 == 0:
                l1 = x
            elif x != l1:
                return 2
    return 1 if l1 != 0 else 0


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
    least ``cap``"). ``out`` must hold ``cap`` points.

    The walk stops at the first liberty met: the pseudo-liberty sums then say whether
    there is no other liberty, exactly one (which) or more (:func:`other_liberty`).
    So a string with one or two liberties costs a step or two of the walk, not all of
    it (the walk went to the end of the string to be sure there was no third); only a
    string of three or more walks on, and stops at ``cap``. The points and their order
    are those of the plain walk (``tests/tactics/test_strings.py``)."""
    w = s.meta[0] + 2
    n = 0
    q = h
    while True:
        for k in range(4):
            r = nb(q, k, w)
            if s.color[r] == EMPTY:
                if n == 0:
                    out[0] = r
                    n = 1
                    if cap <= 1:
                        return 1
                    x = other_liberty(s, h, r)
                    if x == 0:
                        return 1
                    if x > 0:
                        out[1] = x
                        return 2
                else:  # three or more: the plain walk from here
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
