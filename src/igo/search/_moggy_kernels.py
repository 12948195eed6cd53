"""The ``MOGGY`` playout policy: the heavy policy with the tactics of :mod:`igo.tactics`.

Written after reading Pachi's ``playout/moggy.c`` and ``tactics/1lib.c``/``2lib.c``
(our own code). Near the last move, in this order, each step tried with its
probability (a step with candidates returns one of them, chosen uniformly):

1. *atari* (``p_capture``; always when an own string of 3 or more stones is in
   atari): a string next to the last move (or the last move's own string) in atari.
   The opponent's is captured. For one's own: counter-capture a string that holds it
   (and then, with probability ``p_ccap``, nothing else); else extend at its liberty,
   unless the extension leaves it in atari or the string is caught in a ladder
   (:func:`igo.tactics._ladder_kernels.caught`, read up to ``ladder_budget`` nodes;
   with ``ladder_middle`` off, only when the liberty is on the first line, as
   Pachi's playouts do by default: its ``middle_ladder`` is off; with
   ``ladder_shape``, a first-line ladder is judged by Pachi's shape test,
   :func:`igo.tactics._ladder_kernels.border_ladder`, and not read).
2. *two liberties* (``p_atari``): strings of two liberties next to the last move. The
   opponent's are put in atari on a liberty that is not a bad self-atari, unless the
   string has miai (it connects on one liberty and connects or runs out on the other);
   one's own, unless they have miai, are extended to three liberties, or saved by
   capturing or putting in atari a string that touches them.
3. *nakade* (``p_nakade``): the vital point of an enclosed eye space of 3-6 points
   next to the last move (:func:`igo.tactics._nakade_kernels.nakade_point`).
4. *3x3 patterns* (``p_pattern``): MoGo's shapes around the last move.
5. otherwise a random move that does not fill one's own eye.

The moves of steps 4 and 5 pass the *self-atari test* (steps 1-3 are tactics that
may sacrifice on purpose): a move that captures nothing and leaves its string with
one liberty is classified (:func:`igo.tactics._selfatari_kernels.classify`)
and a ``BAD`` one (not a throw-in, nakade or snapback) is refused: always when the
string has two or more stones, with probability ``p_reject`` for a single stone.

Kernels here allocate nothing; their work arrays are a :class:`MoggyScratch`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit_inline
from igo.core._kernels import (
    BLACK,
    BORDER,
    EMPTY,
    OK,
    WHITE,
    BoardState,
    atari_point,
    check_move,
    is_eye,
    rand_below,
    set_aside,
)
from igo.search._policy_kernels import _legal, _nb, _nb8, _patterns, nakade_move
from igo.tactics._ladder_kernels import (
    MAX_DEPTH,
    MAX_LCAND,
    LadderScratch,
    border_ladder,
    border_shape,
    caught,
)
from igo.tactics._selfatari_kernels import BAD, classify
from igo.tactics._string_kernels import (
    Stack,
    add_unique,
    liberties_after,
    neighbour_heads,
    new_stack,
    other_liberty,
    string_libs,
)

MOGGY = 2


class MoggyScratch(NamedTuple):
    """Work arrays of the ``MOGGY`` policy (one per search thread)."""

    stk: Stack  # 2 rows: the self-atari test
    pts: np.ndarray  # int32[16]
    libs: np.ndarray  # int32[4]
    libs2: np.ndarray  # int32[4]
    heads: np.ndarray  # int32[16]: strings already looked at
    nheads: np.ndarray  # int32[32]: strings touching one string
    kinds: np.ndarray  # int32[A]: what the ladder priors found of each candidate
    lad: LadderScratch


def new_moggy_scratch(s: BoardState) -> MoggyScratch:
    """Work arrays for boards shaped like ``s``."""
    d = MAX_DEPTH + 1
    lad = LadderScratch(new_stack(s, d), np.zeros((d, MAX_LCAND), np.int32),
                        np.zeros(d, np.int32), np.zeros(d, np.int32), np.zeros(d, np.int32),
                        np.zeros(4, np.int32), np.zeros(2, np.int64))
    return MoggyScratch(new_stack(s, 2), np.zeros(16, np.int32), np.zeros(4, np.int32),
                        np.zeros(4, np.int32), np.zeros(16, np.int32), np.zeros(32, np.int32),
                        np.zeros(s.color.shape[0], np.int32), lad)


@njit_inline
def _lone_stone_kind(s: BoardState, p: int, c: int) -> int:
    """For ``c``'s self-atari at ``p`` that touches no own stone and captures nothing:
    1 when it is ``BAD``, 0 when it is a throw-in, -1 when only playing it out can
    tell (a snapback or a ko). Decided on the position before the move, with no copy
    of the board; it agrees with :func:`classify` (a test checks it)."""
    w = s.meta[0] + 2
    lib = 0
    for k in range(4):
        r = _nb(p, k, w)
        if s.color[r] == EMPTY:
            lib = r
    if lib == 0:
        return 1
    # The opponent's string made by taking at ``lib`` has the liberties its move
    # there has now (``p`` is empty both now and after the capture): two or more,
    # and the capture is neither a ko nor a snapback.
    if liberties_after(s, lib, 3 - c) < 2:
        return -1
    own = 0
    edge = False
    for k in range(4, 8):
        r = _nb8(p, k, w)
        if s.color[r] == BORDER:
            edge = True
        elif s.color[r] == c:
            own += 1
    return 0 if own >= (1 if edge else 2) else 1  # a false eye once taken: a throw-in


@njit_inline
def bad_self_atari(s: BoardState, ms: MoggyScratch, p: int, c: int, rng: np.ndarray,
                   p_reject: float) -> bool:
    """The self-atari test of ``c``'s legal move at ``p`` (see the module's text)."""
    w = s.meta[0] + 2
    empty = 0
    joins = False
    for k in range(4):
        cr = s.color[_nb(p, k, w)]
        empty += cr == EMPTY
        joins = joins or cr == c
    # two empty neighbours: not a self-atari, decided without the call
    if empty >= 2 or liberties_after(s, p, c) >= 2:
        return False
    if not joins:
        if rand_below(rng, 1000) >= p_reject * 1000:
            return False
        kind = _lone_stone_kind(s, p, c)
        if kind >= 0:
            return kind == 1
    elif libs_after(s, p, c, 2, ms.pts) == 1 and _string_surely_bad(s, p, c, ms.pts[0]):
        return True
    return classify(s, ms.stk, p, c, ms.pts) == BAD


@njit_inline
def _joined(s: BoardState, p: int, c: int, r: int) -> bool:
    """Whether stone ``r`` belongs to the string ``c`` makes by playing at ``p``."""
    if r == p:
        return True
    if s.color[r] != c:
        return False
    w = s.meta[0] + 2
    h = s.head[r]
    for k in range(4):
        q = _nb(p, k, w)
        if s.color[q] == c and s.head[q] == h:
            return True
    return False


@njit_inline
def _string_surely_bad(s: BoardState, p: int, c: int, lib: int) -> bool:
    """For ``c``'s move at ``p`` that joins own stones, captures nothing and leaves the
    string one liberty ``lib``: True when the self-atari is surely ``BAD``, decided on
    the position before the move with no move played; False when only
    :func:`classify` can tell. Not a nakade: the string has 7 or more stones, or ``lib``
    touches an empty point or an own stone outside the string (the region is not walled
    by the opponent). Not a snapback: the opponent's capture at ``lib`` leaves its string
    two liberties or more, as when ``lib`` touches an empty point, or two of the
    captured stones, or an opponent string with a liberty that is neither ``lib`` nor
    ``p``."""
    w = s.meta[0] + 2
    size = 1
    for k in range(4):  # the stones of the string: p and the own strings it joins
        r = _nb(p, k, w)
        if s.color[r] != c:
            continue
        h = s.head[r]
        dup = False
        for j in range(k):
            q = _nb(p, j, w)
            if s.color[q] == c and s.head[q] == h:
                dup = True
        if not dup:
            size += s.gsize[h]
    walled = True
    touching = 0  # stones of the string next to lib: liberties of the capturer
    for k in range(4):
        r = _nb(lib, k, w)
        cr = s.color[r]
        if r == p or (cr == c and _joined(s, p, c, r)):
            touching += 1
        elif cr == EMPTY:
            walled = False
            touching += 2  # the capturer keeps this liberty too
        elif cr == c:
            walled = False
    if size <= 6 and walled:
        return False  # maybe a nakade
    if touching >= 2:
        return True
    for k in range(4):  # an opponent string next to lib with another liberty
        r = _nb(lib, k, w)
        if s.color[r] != 3 - c:
            continue
        g = s.head[r]
        if s.libs[g] > 8:  # three or more liberties
            return True
        if atari_point(s, g) == 0:  # two or more: one besides lib, maybe p
            near_p = False
            for j in range(4):
                q = _nb(p, j, w)
                if s.color[q] == 3 - c and s.head[q] == g:
                    near_p = True
            if not near_p:
                return True
    return False


@njit_inline
def libs_after(s: BoardState, p: int, c: int, cap: int, out: np.ndarray) -> int:
    """Liberties, counted up to ``cap`` (at most ``out``'s length), of the string ``c``
    makes by playing at empty ``p``; a capture of a neighbour counts as ``cap``."""
    w = s.meta[0] + 2
    n = 0
    for k in range(4):
        r = _nb(p, k, w)
        cr = s.color[r]
        if cr == EMPTY:
            n = add_unique(out, n, r)
        elif cr == 3 - c and atari_point(s, s.head[r]) == p:
            return cap
    if n >= cap:
        return cap
    for k in range(4):
        r = _nb(p, k, w)
        if s.color[r] != c:
            continue
        h = s.head[r]
        x = other_liberty(s, h, p)  # O(1) from the pseudo-liberty sums
        if x > 0:
            n = add_unique(out, n, x)
            if n >= cap:
                return cap
        if x >= 0:
            continue
        if cap <= 2:  # two or more other liberties
            return cap
        q = h
        while True:
            for j in range(4):
                x = _nb(q, j, w)
                if x != p and s.color[x] == EMPTY:
                    n = add_unique(out, n, x)
                    if n >= cap:
                        return cap
            q = s.nxt[q]
            if q == h:
                break
    return n


@njit_inline
def _on_edge(s: BoardState, p: int) -> bool:
    """Whether ``p`` is on the first line (a neighbour is the frame)."""
    w = s.meta[0] + 2
    for k in range(4):
        if s.color[_nb(p, k, w)] == BORDER:
            return True
    return False


@njit_inline
def _counter_captures(s: BoardState, h: int, c: int, suicide_ok: bool, cand: np.ndarray,
                      n: int) -> tuple[int, bool]:
    """Add the captures of opponent strings in atari that touch string ``h``; the new
    count and whether there is any (some may have been candidates already)."""
    w = s.meta[0] + 2
    found = False
    q = h
    while True:
        for k in range(4):
            r = _nb(q, k, w)
            if s.color[r] == 3 - c:
                x = atari_point(s, s.head[r])
                if x != 0 and _legal(s, x, c, suicide_ok):
                    n = add_unique(cand, n, x)
                    found = True
        q = s.nxt[q]
        if q == h:
            return n, found


@njit_inline
def _atari_check(s: BoardState, ms: MoggyScratch, h: int, c: int, suicide_ok: bool,
                 rng: np.ndarray, p_ccap: float, ladder_budget: int, ladder_middle: bool,
                 ladder_shape: bool, cand: np.ndarray, n: int) -> int:
    """Candidates for the string ``h`` in atari, ``c`` to move (step 1)."""
    lib = atari_point(s, h)
    if s.color[h] != c:
        if _legal(s, lib, c, suicide_ok):
            n = add_unique(cand, n, lib)
        return n
    n, ccap = _counter_captures(s, h, c, suicide_ok, cand, n)
    if ccap and rand_below(rng, 1000) < p_ccap * 1000:
        return n
    if not _legal(s, lib, c, suicide_ok) or liberties_after(s, lib, c) < 2:
        return n
    if ccap or ladder_budget <= 0 or libs_after(s, lib, c, 3, ms.pts) >= 3:
        return add_unique(cand, n, lib)
    edge = _on_edge(s, lib)
    if ladder_shape and edge:  # Pachi's shape test, no reading
        if border_shape(s, lib, c) and border_ladder(s, h, lib, ms.lad.libs):
            return n
    elif (ladder_middle or edge) and caught(s, ms.lad, h, ladder_budget):
        return n
    return add_unique(cand, n, lib)


@njit_inline
def _miai(s: BoardState, h: int, c: int, l0: int, l1: int) -> bool:
    """Whether the string ``h`` (colour ``c``, liberties ``l0``, ``l1``) cannot be
    harmed by an atari: it connects to a string of 2+ liberties at one liberty and
    connects or runs out (an empty neighbour) at the other."""
    w = s.meta[0] + 2
    con0 = False
    out0 = False
    for k in range(4):
        r = _nb(l0, k, w)
        cr = s.color[r]
        if cr == EMPTY and r != l1:
            out0 = True
        elif cr == c and s.head[r] != h and atari_point(s, s.head[r]) == 0:
            con0 = True
    for k in range(4):
        r = _nb(l1, k, w)
        if r == l0:
            continue
        cr = s.color[r]
        if cr == EMPTY and con0:
            return True
        if cr == c and s.head[r] != h and atari_point(s, s.head[r]) == 0:
            if con0 or out0:
                return True
    return False


@njit_inline
def _atari_on(s: BoardState, ms: MoggyScratch, h: int, c: int, suicide_ok: bool,
              rng: np.ndarray, p_reject: float, cand: np.ndarray, n: int) -> int:
    """Add ``c``'s ataris of the opponent string ``h`` if it has exactly two
    liberties (:func:`_atari_on_libs`)."""
    nl = string_libs(s, h, ms.libs2, 3)  # cap 3: "2" must mean exactly two
    if nl != 2:
        return n
    return _atari_on_libs(s, ms, h, c, ms.libs2[0], ms.libs2[1], suicide_ok, rng, cand, n)


@njit_inline
def _atari_on_libs(s: BoardState, ms: MoggyScratch, h: int, c: int, l0: int, l1: int,
                   suicide_ok: bool, rng: np.ndarray, cand: np.ndarray, n: int) -> int:
    """Add ``c``'s ataris of the opponent string ``h`` (liberties ``l0``, ``l1``) that
    are not bad self-ataris; none when the string has miai."""
    if _miai(s, h, 3 - c, l0, l1):
        return n
    for lib in (l0, l1):
        if _legal(s, lib, c, suicide_ok) and not bad_self_atari(s, ms, lib, c, rng, 1.0):
            n = add_unique(cand, n, lib)
    return n


@njit_inline
def _two_lib_check(s: BoardState, ms: MoggyScratch, h: int, c: int, l0: int, l1: int,
                   suicide_ok: bool, rng: np.ndarray, p_reject: float, cand: np.ndarray,
                   n: int) -> int:
    """Candidates for the string ``h`` with the two liberties ``l0``, ``l1``, ``c`` to
    move (step 2)."""
    if s.color[h] != c:
        return _atari_on_libs(s, ms, h, c, l0, l1, suicide_ok, rng, cand, n)
    if _miai(s, h, c, l0, l1):  # an atari cannot harm it (Pachi's miai_2lib)
        return n
    for lib in (l0, l1):
        if _legal(s, lib, c, suicide_ok) and libs_after(s, lib, c, 3, ms.pts) >= 3:
            n = add_unique(cand, n, lib)
    m = neighbour_heads(s, h, ms.nheads)
    for i in range(m):  # capture or atari a string that holds it
        g = ms.nheads[i]
        x = atari_point(s, g)
        if x != 0:
            if _legal(s, x, c, suicide_ok):
                n = add_unique(cand, n, x)
        elif s.libs[g] <= 8:
            n = _atari_on(s, ms, g, c, suicide_ok, rng, p_reject, cand, n)
    return n


@njit_inline
def _seen_head(ms: MoggyScratch, m: int, h: int) -> tuple[bool, int]:
    for i in range(m):
        if ms.heads[i] == h:
            return True, m
    if m < ms.heads.shape[0]:
        ms.heads[m] = h
        m += 1
    return False, m


@njit_inline
def _pick(s: BoardState, ms: MoggyScratch, c: int, cand: np.ndarray, n: int,
          rng: np.ndarray, p_reject: float, check: bool) -> int:
    """A random candidate (all legal) that passes the self-atari test when ``check``;
    0 if none."""
    while n > 0:
        i = rand_below(rng, n)
        p = cand[i]
        if not check or not bad_self_atari(s, ms, p, c, rng, p_reject):
            return p
        n -= 1
        cand[i] = cand[n]
    return 0


@njit_inline
def _local_ataris(s: BoardState, ms: MoggyScratch, c: int, last: int, suicide_ok: bool,
                  rng: np.ndarray, p_ccap: float, ladder_budget: int,
                  ladder_middle: bool, ladder_shape: bool,
                  cand: np.ndarray) -> tuple[int, bool]:
    """Step 1's candidates and whether an own string of 3+ stones is among them."""
    w = s.meta[0] + 2
    n = 0
    m = 0
    force = False
    for k in range(5):
        q = last if k == 4 else _nb(last, k, w)
        cq = s.color[q]
        if cq != BLACK and cq != WHITE:
            continue
        h = s.head[q]
        if atari_point(s, h) == 0:
            continue
        dup, m = _seen_head(ms, m, h)
        if dup:
            continue
        if cq == c and s.gsize[h] >= 3:
            force = True
        n = _atari_check(s, ms, h, c, suicide_ok, rng, p_ccap, ladder_budget, ladder_middle,
                         ladder_shape, cand, n)
    return n, force


@njit_inline
def _big_own_atari(s: BoardState, c: int, last: int) -> bool:
    """Whether one of ``c``'s strings of 3+ stones next to the last move (or the last
    move's own string) is in atari: then step 1 is always tried."""
    w = s.meta[0] + 2
    for k in range(5):
        q = last if k == 4 else _nb(last, k, w)
        if s.color[q] == c and s.gsize[s.head[q]] >= 3 and atari_point(s, s.head[q]) != 0:
            return True
    return False


@njit_inline
def _local_two_libs(s: BoardState, ms: MoggyScratch, c: int, last: int, suicide_ok: bool,
                    rng: np.ndarray, p_reject: float, cand: np.ndarray) -> int:
    w = s.meta[0] + 2
    n = 0
    m = 0
    for k in range(5):
        q = last if k == 4 else _nb(last, k, w)
        cq = s.color[q]
        if cq != BLACK and cq != WHITE:
            continue
        h = s.head[q]
        if atari_point(s, h) != 0:
            continue
        if s.libs[h] > 8:  # a liberty is counted at most 4 times: 3 or more
            continue
        dup, m = _seen_head(ms, m, h)
        if dup or string_libs(s, h, ms.libs, 3) != 2:
            continue
        n = _two_lib_check(s, ms, h, c, ms.libs[0], ms.libs[1], suicide_ok, rng, p_reject,
                           cand, n)
    return n


@njit_inline
def _random_move(s: BoardState, ms: MoggyScratch, c: int, suicide_ok: bool,
                 rng: np.ndarray, p_reject: float) -> int:
    """A random move that is legal, fills no own eye and passes the self-atari test;
    0 (pass) if none."""
    tried = s.meta[1]
    while tried > 0:
        i = rand_below(rng, tried)
        p = s.empties[i]
        if (not is_eye(s, p, c) and check_move(s, p, c, suicide_ok) == OK
                and not bad_self_atari(s, ms, p, c, rng, p_reject)):
            return p
        tried -= 1
        set_aside(s, i, tried)
    return 0


@njit_inline
def moggy_move(s: BoardState, ms: MoggyScratch, c: int, last: int, suicide_ok: bool,
               rng: np.ndarray, pat3: np.ndarray, cand: np.ndarray, p_capture: float,
               p_atari: float, p_nakade: float, p_pattern: float, p_reject: float,
               p_ccap: float, ladder_budget: int, ladder_middle: bool = True,
               ladder_shape: bool = False, reply: int = 0) -> int:
    """The ``MOGGY`` policy's move for ``c`` (padded point, 0 = pass). ``reply``, when
    not 0, is played if step 1 plays nothing (a last good reply of the search's
    ``lgrf``, already found sensible)."""
    if last > 0 and p_capture > 0.0:
        go = rand_below(rng, 1000) < p_capture * 1000  # before the (ladder) reading
        if go or _big_own_atari(s, c, last):
            n, force = _local_ataris(s, ms, c, last, suicide_ok, rng, p_ccap,
                                     ladder_budget, ladder_middle, ladder_shape, cand)
            if n > 0 and (go or force):
                p = _pick(s, ms, c, cand, n, rng, p_reject, False)
                if p != 0:
                    return p
    if reply > 0:
        return reply
    if last > 0:
        if rand_below(rng, 1000) < p_atari * 1000:
            n = _local_two_libs(s, ms, c, last, suicide_ok, rng, p_reject, cand)
            p = _pick(s, ms, c, cand, n, rng, p_reject, False)
            if p != 0:
                return p
        if rand_below(rng, 1000) < p_nakade * 1000:
            p = nakade_move(s, ms.pts, c, last, suicide_ok)
            if p != 0:
                return p
        if rand_below(rng, 1000) < p_pattern * 1000:
            n = _patterns(s, last, pat3, cand)
            k = 0
            for i in range(n):
                if check_move(s, cand[i], c, suicide_ok) == OK:
                    cand[k] = cand[i]
                    k += 1
            p = _pick(s, ms, c, cand, k, rng, p_reject, True)
            if p != 0:
                return p
    return _random_move(s, ms, c, suicide_ok, rng, p_reject)
