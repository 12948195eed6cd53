"""Numba kernels: moves that can be taken back, for reading searches.

A reading search (ladders, attack and defence, the self-atari test) plays a move,
looks, and takes it back, millions of times a second. Copying the whole position
to take a move back costs eight arrays of the whole board per node (a 19x19 state
is about 3,500 numbers), most of it unchanged. Here a move is played by
:func:`place_logged`, which does what :func:`igo.core._kernels.place_checked` does
and writes the old value of every array element it changes into a *journal*
(:class:`Stack`); :func:`pop` writes them back, newest first. The scalars
(``meta``, the hash) are saved whole at each :func:`push`, they are few.

Discipline (what makes the journal's size a bound and not a hope): after
``push(stk, d, s)`` at most **one** move is played with :func:`place_logged` before
the next ``push``; rows are taken back last-in first-out (``pop`` of a row also takes
back every row pushed after it); nothing else changes the arrays in between
(``pass_move`` and ``meta`` writes are fine: ``meta`` is saved whole). Then one move
writes at most ``A + 48`` entries plus 14 per stone it captures, and a line of ``D``
moves captures at most ``A + D`` stones, so :func:`new_stack` sizes the journal for
the worst line of ``depth`` rows and it cannot overflow.

:func:`place_logged` repeats the logic of ``place_checked`` with a log line before
each write: the playouts' own ``place_checked`` stays free of logging (it is the
hot loop of every playout), and ``tests/core/test_undo.py`` checks on random games
that both give the same state and that ``pop`` gives back the exact arrays.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit_inline, njit_noalloc
from igo.core._kernels import (
    BLACK,
    EMPTY,
    M_CAPS_BLACK,
    M_CAPS_WHITE,
    M_KO_COLOR,
    M_KO_POINT,
    M_LAST_CAPTURED,
    M_N_EMPTY,
    M_SIZE,
    WHITE,
    BoardState,
    _sq,
)

# which array a journal entry belongs to
_COLOR = 0
_HEAD = 1
_NXT = 2
_LIBS = 3
_LSQ = 4
_GSIZE = 5
_EMPTIES = 6
_EPOS = 7


class Stack(NamedTuple):
    """Saved positions of a reading search, one row a depth (see :func:`new_stack`)."""

    which: np.ndarray  # int8[N]: the array of each journal entry
    idx: np.ndarray  # int32[N]: its index
    old: np.ndarray  # int64[N]: the value before the write
    top: np.ndarray  # int64[1]: entries in use
    mark: np.ndarray  # int64[D]: ``top`` at each row's push
    meta: np.ndarray  # int64[D, META_LEN]
    hashv: np.ndarray  # uint64[D]


def journal_capacity(points: int, depth: int) -> int:
    """Entries enough for any line of ``depth`` rows on a padded board of ``points``
    (see the module's text for the bound)."""
    return depth * (points + 48) + 14 * (points + depth) + 64


def new_stack(s: BoardState, depth: int) -> Stack:
    """A stack of ``depth`` rows for states shaped like ``s``."""
    a = s.color.shape[0]
    n = journal_capacity(a, depth)
    return Stack(np.zeros(n, np.int8), np.zeros(n, np.int32), np.zeros(n, np.int64),
                 np.zeros(1, np.int64), np.zeros(depth, np.int64),
                 np.zeros((depth, s.meta.shape[0]), np.int64), np.zeros(depth, np.uint64))


@njit_inline
def push(stk: Stack, d: int, s: BoardState) -> None:
    """Save the position in row ``d``: the journal's mark and the scalars."""
    stk.mark[d] = stk.top[0]
    for i in range(s.meta.shape[0]):
        stk.meta[d, i] = s.meta[i]
    stk.hashv[d] = s.hashv[0]


@njit_inline
def pop(stk: Stack, d: int, s: BoardState) -> None:
    """Give back the position saved in row ``d`` (every later write undone)."""
    m = stk.mark[d]
    t = stk.top[0] - 1
    while t >= m:
        i = stk.idx[t]
        v = stk.old[t]
        k = stk.which[t]
        if k == _COLOR:
            s.color[i] = v
        elif k == _HEAD:
            s.head[i] = v
        elif k == _NXT:
            s.nxt[i] = v
        elif k == _LIBS:
            s.libs[i] = v
        elif k == _LSQ:
            s.lsq[i] = v
        elif k == _GSIZE:
            s.gsize[i] = v
        elif k == _EMPTIES:
            s.empties[i] = v
        else:
            s.epos[i] = v
        t -= 1
    stk.top[0] = m
    for i in range(s.meta.shape[0]):
        s.meta[i] = stk.meta[d, i]
    s.hashv[0] = stk.hashv[d]


@njit_inline
def _log(stk: Stack, which: int, i: int, old: int) -> None:
    t = stk.top[0]
    stk.which[t] = which
    stk.idx[t] = i
    stk.old[t] = old
    stk.top[0] = t + 1


@njit_inline
def _set_head(stk: Stack, s: BoardState, i: int, v: int) -> None:
    _log(stk, _HEAD, i, s.head[i])
    s.head[i] = v


@njit_inline
def _set_nxt(stk: Stack, s: BoardState, i: int, v: int) -> None:
    _log(stk, _NXT, i, s.nxt[i])
    s.nxt[i] = v


@njit_inline
def _add_libs(stk: Stack, s: BoardState, h: int, n: int, sq: int) -> None:
    """Add ``n`` pseudo-liberties with packed sum ``sq`` to the string with head ``h``."""
    _log(stk, _LIBS, h, s.libs[h])
    s.libs[h] += n
    _log(stk, _LSQ, h, s.lsq[h])
    s.lsq[h] += sq


@njit_inline
def _remove_empty(stk: Stack, s: BoardState, p: int) -> None:
    n = s.meta[M_N_EMPTY] - 1
    i = s.epos[p]
    last = s.empties[n]
    _log(stk, _EMPTIES, i, s.empties[i])
    s.empties[i] = last
    _log(stk, _EPOS, last, s.epos[last])
    s.epos[last] = i
    s.meta[M_N_EMPTY] = n


@njit_inline
def _add_empty(stk: Stack, s: BoardState, p: int) -> None:
    n = s.meta[M_N_EMPTY]
    _log(stk, _EMPTIES, n, s.empties[n])
    s.empties[n] = p
    _log(stk, _EPOS, p, s.epos[p])
    s.epos[p] = n
    s.meta[M_N_EMPTY] = n + 1


@njit_noalloc
def _merge(stk: Stack, s: BoardState, a: int, b: int) -> int:
    """:func:`igo.core._kernels._merge`, logged."""
    if s.gsize[a] < s.gsize[b]:
        a, b = b, a
    q = b
    while True:
        _set_head(stk, s, q, a)
        q = s.nxt[q]
        if q == b:
            break
    na = s.nxt[a]
    _set_nxt(stk, s, a, s.nxt[b])
    _set_nxt(stk, s, b, na)
    _add_libs(stk, s, a, s.libs[b], s.lsq[b])
    _log(stk, _GSIZE, a, s.gsize[a])
    s.gsize[a] += s.gsize[b]
    return a


@njit_noalloc
def _remove_string(stk: Stack, s: BoardState, h: int) -> int:
    """:func:`igo.core._kernels._remove_string`, logged."""
    w = s.meta[M_SIZE] + 2
    c = s.color[h]
    n = 0
    q = h
    while True:
        _log(stk, _COLOR, q, c)
        s.color[q] = EMPTY
        s.hashv[0] ^= s.zob[c, q]
        _add_empty(stk, s, q)
        n += 1
        q = s.nxt[q]
        if q == h:
            break
    q = h
    while True:
        for k in range(4):
            r = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
            cr = s.color[r]
            if cr == BLACK or cr == WHITE:
                _add_libs(stk, s, s.head[r], 1, _sq(q))
        nq = s.nxt[q]
        _set_head(stk, s, q, 0)
        _set_nxt(stk, s, q, 0)
        q = nq
        if q == h:
            break
    return n


@njit_noalloc
def place_logged(stk: Stack, s: BoardState, p: int, c: int) -> None:
    """:func:`igo.core._kernels.place_checked` (a move known to be legal), every
    change written to the journal so that :func:`pop` takes it back."""
    w = s.meta[M_SIZE] + 2
    opp = 3 - c
    color = s.color
    _log(stk, _COLOR, p, EMPTY)
    color[p] = c
    s.hashv[0] ^= s.zob[c, p]
    _remove_empty(stk, s, p)
    _set_head(stk, s, p, p)
    _set_nxt(stk, s, p, p)
    _log(stk, _GSIZE, p, s.gsize[p])
    s.gsize[p] = 1
    nlib = 0
    lsq = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if color[q] == EMPTY:
            nlib += 1
            lsq += _sq(q)
    _log(stk, _LIBS, p, s.libs[p])
    s.libs[p] = nlib
    _log(stk, _LSQ, p, s.lsq[p])
    s.lsq[p] = lsq
    h = p
    pp = _sq(p)
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        cq = color[q]
        if cq == c:
            hq = s.head[q]
            _add_libs(stk, s, hq, -1, -pp)
            if hq != h:
                h = _merge(stk, s, h, hq)
        elif cq == opp:
            _add_libs(stk, s, s.head[q], -1, -pp)
    captured = 0
    ko = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if color[q] == opp and s.libs[s.head[q]] == 0:
            captured += _remove_string(stk, s, s.head[q])
            ko = q
    if captured > 0:
        s.meta[M_CAPS_BLACK if c == BLACK else M_CAPS_WHITE] += captured
    s.meta[M_KO_POINT] = 0
    s.meta[M_LAST_CAPTURED] = captured
    if s.libs[h] == 0:  # suicide (only reachable when allowed)
        lost = _remove_string(stk, s, h)
        s.meta[M_CAPS_WHITE if c == BLACK else M_CAPS_BLACK] += lost
        s.meta[M_LAST_CAPTURED] = lost
    elif captured == 1 and s.gsize[h] == 1 and s.libs[h] == 1:
        s.meta[M_KO_POINT] = ko
        s.meta[M_KO_COLOR] = opp
