"""Numba kernels of ladder reading (public API in :mod:`igo.tactics.ladder`).

One question: a string in atari, its owner (the defender) to move — is it caught
in a working ladder? The defender may capture an attacker string next to it that
is in atari (counter-capture; the ladder's own atari stones included) or extend
at its liberty; after an extension to two liberties the attacker gives atari on
either liberty; three liberties are an escape. So ladder breakers, the edge and
counter-captures all come out of the reading, as in Pachi's ``tactics/ladder.c``
(our own code: a full depth-first search over these moves, not a single line).

Ko: moves follow the simple ko rule with no ko threats; a ko capture the rule
forbids at that moment is not available to either side, one it allows is
(a defender whose only escape is to retake a ko just taken is caught). The
reading stops after ``budget`` nodes or ``MAX_DEPTH`` plies and then says *not*
caught (a playout must not be told that a string is lost when it was not read).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit_inline, njit_noalloc
from igo.core._kernels import BLACK, BORDER, OK, WHITE, BoardState, atari_point, check_move
from igo.tactics._string_kernels import (
    Stack,
    empty_neighbours,
    nb,
    place_logged,
    pop,
    push,
    string_libs,
)

MAX_DEPTH = 120
MAX_LCAND = 8


class LadderScratch(NamedTuple):
    """Work arrays of one ladder reading."""

    stk: Stack  # depth MAX_DEPTH + 1
    cand: np.ndarray  # int32[D, MAX_LCAND]
    n: np.ndarray  # int32[D]
    i: np.ndarray  # int32[D]
    res: np.ndarray  # int32[D]: 1 once the mover at this depth has succeeded
    libs: np.ndarray  # int32[4]
    info: np.ndarray  # int64[2]: nodes, 1 if the reading was cut short


@njit_inline
def _add_row(cand: np.ndarray, d: int, n: int, p: int) -> int:
    """Append ``p`` to row ``d`` of ``cand`` (``n`` points there) unless it is there or
    the row is full; the new count."""
    for i in range(n):
        if cand[d, i] == p:
            return n
    if n < cand.shape[1]:
        cand[d, n] = p
        return n + 1
    return n


@njit_inline
def _open_defender(s: BoardState, sc: LadderScratch, tgt: int, d: int) -> None:
    """Candidates of the defender (string of ``tgt`` in atari) at depth ``d``."""
    w = s.meta[0] + 2
    dfn = s.color[tgt]
    h = s.head[tgt]
    n = 0
    q = h
    while True:  # counter-captures
        for k in range(4):
            r = nb(q, k, w)
            if s.color[r] == 3 - dfn:
                x = atari_point(s, s.head[r])
                if x != 0:
                    n = _add_row(sc.cand, d, n, x)
        q = s.nxt[q]
        if q == h:
            break
    n = _add_row(sc.cand, d, n, atari_point(s, h))
    sc.n[d] = n
    sc.i[d] = 0
    sc.res[d] = 0


@njit_inline
def _open_attacker(s: BoardState, sc: LadderScratch, tgt: int, d: int) -> None:
    """Candidates of the attacker (string of ``tgt`` with two liberties): first the
    atari that leaves the defender the liberty with fewer empty neighbours to extend
    to (the ladder's usual move, so a working ladder is read without the other
    branch; the order changes the nodes read, not the answer)."""
    n = string_libs(s, s.head[tgt], sc.libs, 2)
    for j in range(n):
        sc.cand[d, j] = sc.libs[j]
    if n == 2 and empty_neighbours(s, sc.libs[1]) > empty_neighbours(s, sc.libs[0]):
        sc.cand[d, 0] = sc.libs[1]
        sc.cand[d, 1] = sc.libs[0]
    sc.n[d] = n
    sc.i[d] = 0
    sc.res[d] = 0


@njit_inline
def _leaf_or_open(s: BoardState, sc: LadderScratch, tgt: int, att: int, d: int) -> int:
    """After a move, the node at depth ``d`` (defender to move when ``d`` is even):
    1 or 0 when its mover succeeds or fails at once, -1 when it was opened."""
    nl = string_libs(s, s.head[tgt], sc.libs, 3)
    if d % 2 == 0:  # defender to move
        if nl >= 2:
            return 1
        _open_defender(s, sc, tgt, d)
        return -1
    if nl >= 3:
        return 0
    if nl == 1:  # the defender extended into atari: capture it
        return 1 if check_move(s, sc.libs[0], att, False) == OK else 0
    _open_attacker(s, sc, tgt, d)
    return -1


@njit_noalloc
def caught(s: BoardState, sc: LadderScratch, tgt: int, budget: int) -> bool:
    """True if the string of stone ``tgt`` (in atari, its owner to move) cannot
    escape the ladder. The state is left as it was; ``sc.info`` holds the nodes
    read and whether the reading was cut short."""
    att = 3 - s.color[tgt]
    sc.info[0] = 1
    sc.info[1] = 0
    _open_defender(s, sc, tgt, 0)
    d = 0
    while True:
        mover = 3 - att if d % 2 == 0 else att
        if sc.i[d] < sc.n[d] and sc.res[d] == 0:
            m = sc.cand[d, sc.i[d]]
            sc.i[d] += 1
            if check_move(s, m, mover, False) != OK:
                continue
            sc.info[0] += 1
            if sc.info[0] > budget or d + 1 >= MAX_DEPTH:
                sc.info[1] = 1
                while d > 0:  # unwind: the reading is abandoned, not caught
                    d -= 1
                    pop(sc.stk, d, s)
                return False
            push(sc.stk, d, s)
            place_logged(sc.stk, s, m, mover)
            r = _leaf_or_open(s, sc, tgt, att, d + 1)
            if r < 0:
                d += 1
                continue
        else:
            r = sc.res[d]
            if d == 0:
                return r == 0
            d -= 1
        pop(sc.stk, d, s)
        if r == 0:
            sc.res[d] = 1


@njit_noalloc
def atari_caught(s: BoardState, sc: LadderScratch, p: int, att: int, tgt: int,
                 budget: int) -> bool:
    """True if ``att`` playing at empty ``p`` (legal) puts the string of ``tgt`` in
    atari and it is then caught in a ladder."""
    push(sc.stk, MAX_DEPTH, s)
    place_logged(sc.stk, s, p, att)
    ok = s.color[tgt] == 3 - att and atari_point(s, s.head[tgt]) != 0
    if ok:
        ok = caught(s, sc, tgt, budget)
    pop(sc.stk, MAX_DEPTH, s)
    return ok


@njit_inline
def border_shape(s: BoardState, lib: int, dfn: int) -> bool:
    """Whether :func:`border_ladder` applies to ``dfn``'s string in atari whose
    liberty is ``lib``: ``lib`` is on the first line but not a corner, and exactly one
    of its neighbours is a ``dfn`` stone (Pachi's condition for its test)."""
    w = s.meta[0] + 2
    frame = 0
    own = 0
    for k in range(4):
        cr = s.color[nb(lib, k, w)]
        if cr == BORDER:
            frame += 1
        elif cr == dfn:
            own += 1
    return frame == 1 and own == 1


@njit_inline
def border_ladder(s: BoardState, h: int, lib: int, libs: np.ndarray) -> bool:
    """Pachi's shape test of a first-line ladder (``tactics/ladder.c``,
    ``is_border_ladder``; our code), with no reading: the string ``h`` in atari, its
    liberty ``lib`` such that :func:`border_shape` holds, no counter-capture (the
    caller's test). Caught unless the defender has stones two points away along the
    edge on both sides, or one of the two attacker strings that would chase it (one
    point along the edge and one in from ``lib``, each side) is missing, has one
    liberty, or has two and blocking with it would be a self-atari (the point two
    along is taken, or its two liberties touch). ``libs`` holds 3 points of scratch."""
    w = s.meta[0] + 2
    dfn = s.color[h]
    if s.color[lib - 1] == BORDER or s.color[lib + 1] == BORDER:
        along, perp = w, 1  # the edge runs down a column
    else:
        along, perp = 1, w
    inward = perp if s.color[lib - perp] == BORDER else -perp
    if s.color[lib + 2 * along] == dfn and s.color[lib - 2 * along] == dfn:
        return False
    for side in (1, -1):
        q = lib + side * along + inward
        cq = s.color[q]
        if cq != BLACK and cq != WHITE:
            return False
        g = s.head[q]
        if atari_point(s, g) != 0:
            return False
        if s.libs[g] <= 8 and string_libs(s, g, libs, 3) == 2:
            d = abs(libs[0] - libs[1])
            if s.color[lib + 2 * side * along] != 0 or d == 1 or d == w:
                return False
    return True
