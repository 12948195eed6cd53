"""Numba kernels of the bounded tactical reading search (public API in
:mod:`igo.tactics.reading`).

One question: can the string at ``tgt`` be captured (``attacking``: the attacker
``att`` to move) or saved (the defender ``3 - att`` to move)? Depth-first search
(iterative: numba's cache does not keep recursive functions) over the moves that
matter, in the manner of GNU Go's ``reading.c`` (our own, smaller move lists). The
configuration is one int64 vector, :meth:`~igo.tactics.reading_config.ReadingConfig.
vector`; its slot constants ``C_*`` are made from the fields of ``ReadingConfig`` at
import (``C_`` and the field's name in capitals), and the fields' docstrings say what
each generator plays; a generator's slot is the ply before which it is tried.

- attacker (:func:`attack_moves`): the liberties of the string (the one with most
  empty neighbours first, where the string would run; in atari the capture leads),
  moves that save the attacker's own strings next to the target left in atari
  (extend, or capture a string holding them), then the ``att_*`` generators:
  ``C_ATT_REINFORCE``, ``C_ATT_SECOND_ORDER`` (``_3LIBS``), ``C_ATT_CUT_OFF``
  (``_3LIBS``), ``C_ATT_BACKFILL``, ``C_ATT_SUPERSTRING`` (``_2LIBS``),
  ``C_ATT_BACK_CAPTURE``, ``C_ATT_BACKFILL_ATARI``;
- defender (:func:`defend_moves`): captures of attacker strings next to the target in
  atari, the liberties, then the ``def_*`` generators: ``C_DEF_BREAK_CHAIN2`` (for at
  most ``C_DEF_BREAK_CHAIN2_MAX_LIBS``), ``C_DEF_BREAK_CHAIN3``,
  ``C_DEF_BREAK_CHAIN_IN_ATARI``, ``C_DEF_SECOND_ORDER`` (``_3LIBS``, ``_4LIBS``),
  ``C_DEF_ALLY_LIBS`` (``_3LIBS``), ``C_DEF_ATTACK_BLOCKERS``,
  ``C_DEF_CAPTURE_NEAR_ALLIES``, ``C_DEF_BREAK_CHAIN2_BACKFILL``,
  ``C_DEF_ATTACK_SHARING``, ``C_DEF_SUPERSTRING``, ``C_DEF_BACKFILL``,
  ``C_DEF_EDGE_CLAMP``, ``C_DEF_SUPERSTRING_BREAK``; last, below the root, a pass (a
  string with two eyes must not be made to fill one), but not while a ko point is set
  with ``C_NO_PASS_AT_KO`` (the attacker has just taken a ko), nor for a string in
  atari with ``C_NO_PASS_IN_ATARI`` (GNU Go's ``defend1``).

Before ``C_DEF_ORDER`` the defender's candidates are sorted by GNU Go's ``order_moves``
scores (:func:`order_moves`), else read in the order generated (the attacker's always
are). The generators tried and left off by default were removed on 2026-12-07; their
results, and the commit that last had them, are in ``experiments/tactics/LOG.md``.

The attacker reads strings of up to 2 liberties at any depth, 3 before ``C_DEPTH3``
and 4 before ``C_DEPTH4``; a string with more is safe. Results are GNU Go's codes:
``LOSE`` (0), ``WIN`` (1), ``KO_A`` (2: wins a ko the mover takes first), ``KO_B`` (3:
wins a ko only after a ko threat). A move that retakes a ko against the simple ko rule
is a *conditional ko capture* (the mover is assumed to have found a threat), allowed
while nobody is "komaster" and making the mover komaster for the rest of the line; its
line is worth at most ``KO_B`` to the mover. With ``C_GRAY_KO`` (GNU Go's gray
komaster), a legal ko capture by the komaster's opponent makes the komaster gray
(``komaster + 2``) below it, where no ko may be taken (bit 2: the komaster may not
take another ko either). Taking a single-stone target by a ko capture is a ``KO_A``
(the defender may retake after a threat), and with ``C_KO_CAPTURE_IS_KO`` (GNU Go's
convention) so is any win that starts with a legal ko capture, nobody being komaster.
A single stone taken where its owner may retake at once with a stone of two liberties
or more (a proper snapback, before ``C_SNAPBACK``) is not captured: the defender's one
move is the retake. A search that runs out of its node budget counts the unread line
as lost for the side to move (with ``C_BUDGET_ROOT_LOSES``, for the side that moves at
the root: an unread line never makes the answer a success) and sets
``info[I_EXHAUSTED]``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit, njit_inline
from igo.core._kernels import (
    EMPTY,
    KO,
    M_KO_POINT,
    OK,
    BoardState,
    atari_point,
    check_move,
    pass_move,
)
from igo.tactics._string_kernels import (
    Stack,
    add_unique,
    empty_neighbours,
    liberties_after,
    nb,
    neighbour_heads,
    place_logged,
    pop,
    push,
    string_libs,
)
from igo.tactics.reading_config import SLOTS, slot

LOSE = 0
WIN = 1
KO_A = 2
KO_B = 3

MAX_CAND = 40
PASS = 0  # the defender's null move
MAX_HEADS = 32

# the configuration vector (igo.tactics.reading_config.ReadingConfig.vector): one
# slot a field of ReadingConfig, at its place among the fields
C_NODE_BUDGET = slot("node_budget")
C_MAX_DEPTH = slot("max_depth")
C_DEPTH3 = slot("depth3")
C_DEPTH4 = slot("depth4")
C_ATT_SECOND_ORDER = slot("att_second_order")
C_ATT_SECOND_ORDER_3LIBS = slot("att_second_order_3libs")
C_ATT_CUT_OFF = slot("att_cut_off")
C_ATT_CUT_OFF_3LIBS = slot("att_cut_off_3libs")
C_ATT_REINFORCE = slot("att_reinforce")
C_ATT_BACKFILL = slot("att_backfill")
C_ATT_SUPERSTRING = slot("att_superstring")
C_ATT_SUPERSTRING_2LIBS = slot("att_superstring_2libs")
C_ATT_BACK_CAPTURE = slot("att_back_capture")
C_ATT_BACKFILL_ATARI = slot("att_backfill_atari")
C_DEF_BREAK_CHAIN2 = slot("def_break_chain2")
C_DEF_BREAK_CHAIN2_MAX_LIBS = slot("def_break_chain2_max_libs")
C_DEF_BREAK_CHAIN3 = slot("def_break_chain3")
C_DEF_BREAK_CHAIN_IN_ATARI = slot("def_break_chain_in_atari")
C_DEF_BREAK_CHAIN2_BACKFILL = slot("def_break_chain2_backfill")
C_DEF_SECOND_ORDER = slot("def_second_order")
C_DEF_SECOND_ORDER_3LIBS = slot("def_second_order_3libs")
C_DEF_SECOND_ORDER_4LIBS = slot("def_second_order_4libs")
C_DEF_ALLY_LIBS = slot("def_ally_libs")
C_DEF_ALLY_LIBS_3LIBS = slot("def_ally_libs_3libs")
C_DEF_ATTACK_BLOCKERS = slot("def_attack_blockers")
C_DEF_CAPTURE_NEAR_ALLIES = slot("def_capture_near_allies")
C_DEF_ATTACK_SHARING = slot("def_attack_sharing")
C_DEF_SUPERSTRING = slot("def_superstring")
C_DEF_SUPERSTRING_BREAK = slot("def_superstring_break")
C_DEF_BACKFILL = slot("def_backfill")
C_DEF_EDGE_CLAMP = slot("def_edge_clamp")
C_DEF_ORDER = slot("def_order")
C_SNAPBACK = slot("snapback")
C_NO_PASS_AT_KO = slot("no_pass_at_ko")
C_NO_PASS_IN_ATARI = slot("no_pass_in_atari")
C_KO_CAPTURE_IS_KO = slot("ko_capture_is_ko")
C_GRAY_KO = slot("gray_ko")
C_BUDGET_ROOT_LOSES = slot("budget_root_loses")
C_LEN = len(SLOTS)

# GNU Go's order_moves scores (reading.c), by count
_DEF_LIB = np.array([-5, -4, 0, 3, 5, 50], np.int64)
_DEF_NOT_ADJ_LIB = np.array([0, 0, 2, 3, 5], np.int64)
_DEF_CAPTURE = np.array([0, 6, 9, 13, 18, 24], np.int64)
_DEF_ATARI = np.array([0, 2, 4, 6, 7, 8], np.int64)
_DEF_SAVE = np.array([0, 3, 6, 8, 10, 12], np.int64)
_DEF_OPEN = np.array([0, 1, 2, 3, 4], np.int64)
_ATT_OWN_LIB = np.array([10, -4, 2, 3, 4], np.int64)
_ATT_STRING_LIB = np.array([-5, 2, 3, 7, 10, 19], np.int64)
_ATT_CAPTURE = np.array([-4, 4, 10, 15, 20, 25], np.int64)
_ATT_SAVE = np.array([0, 10, 13, 18, 21, 24], np.int64)
_ATT_OPEN = np.array([0, 0, 2, 4, 4], np.int64)

# info vector
I_NODES = 0
I_EXHAUSTED = 1
I_KOMASTER = 2
I_ROOT_ATT = 3  # 1 when the root's mover is the attacker
I_GRAY_KO = 4  # cfg[C_GRAY_KO], for try_play
I_LEN = 5


class Scratch(NamedTuple):
    """Per-depth work arrays of one search (see :func:`new_scratch`)."""

    stk: Stack
    cand: np.ndarray  # int32[D, MAX_CAND]
    libs: np.ndarray  # int32[D, 8]
    heads: np.ndarray  # int32[D, MAX_HEADS]
    heads2: np.ndarray  # int32[D, MAX_HEADS]
    best: np.ndarray  # int32[D]: best move of the node at each depth
    n: np.ndarray  # int32[D]: number of candidates
    i: np.ndarray  # int32[D]: next candidate
    res: np.ndarray  # int32[D]: best result so far
    cur: np.ndarray  # int32[D]: the move being read
    cond: np.ndarray  # int32[D]: 1 if that move is a conditional ko capture
    info: np.ndarray  # int64[I_LEN]
    heads3: np.ndarray  # int32[D, MAX_HEADS]
    single: np.ndarray  # int32[D]: 1 if the target is one stone at an attacker's node


@njit
def goodness(r: int) -> int:
    """Rank of a result for the side that gets it: LOSE < KO_B < KO_A < WIN."""
    return 0 if r == LOSE else (1 if r == KO_B else (2 if r == KO_A else 3))


@njit
def negate(r: int) -> int:
    """The result for the mover when the opponent's best reply gets ``r``."""
    return WIN if r == LOSE else (LOSE if r == WIN else (KO_B if r == KO_A else KO_A))


@njit
def max_libs(cfg: np.ndarray, depth: int) -> int:
    """Most liberties a string may have for the attacker to read it at ``depth``."""
    if depth < cfg[C_DEPTH4]:
        return 4
    if depth < cfg[C_DEPTH3]:
        return 3
    return 2


@njit
def order_libs(s: BoardState, libs: np.ndarray, n: int) -> None:
    """Sort ``libs[:n]``: most empty neighbours first, then the lower point."""
    for i in range(1, n):
        v = libs[i]
        kv = empty_neighbours(s, v)
        j = i - 1
        while j >= 0:
            kj = empty_neighbours(s, libs[j])
            if kj > kv or (kj == kv and libs[j] < v):
                break
            libs[j + 1] = libs[j]
            j -= 1
        libs[j + 1] = v


@njit
def _add_second_order(s: BoardState, libs: np.ndarray, nl: int, cand: np.ndarray,
                      n: int) -> int:
    w = s.meta[0] + 2
    for i in range(nl):
        for k in range(4):
            r = nb(libs[i], k, w)
            if s.color[r] == EMPTY:
                n = add_unique(cand, n, r)
    return n


@njit
def _add_ally_libs(s: BoardState, sc: Scratch, h: int, libs: np.ndarray, nl: int,
                   cand: np.ndarray, n: int, depth: int, most: int) -> int:
    """Add the liberties of the strings of the target's colour (other than the
    target, with at most ``most`` liberties) that touch one of its liberties: the
    strings it would connect to, to strengthen (defender) or to cut off (attacker)."""
    w = s.meta[0] + 2
    c = s.color[h]
    tmp = sc.heads2[depth]
    for i in range(nl):
        for k in range(4):
            r = nb(libs[i], k, w)
            if s.color[r] != c or s.head[r] == h:
                continue
            m = string_libs(s, s.head[r], tmp, most + 1)
            if m <= most:
                for j in range(m):
                    n = add_unique(cand, n, tmp[j])
    return n


@njit
def _add_att_backfill(s: BoardState, sc: Scratch, libs: np.ndarray, nl: int, att: int,
                  cand: np.ndarray, n: int, depth: int) -> int:
    """For each liberty that would be a self-atari for the attacker ``att``, the
    moves that prepare it: the other liberties of its own strings next to that
    liberty and the liberty's empty neighbours (GNU Go's backfilling)."""
    w = s.meta[0] + 2
    tmp = sc.heads2[depth]
    for i in range(nl):
        p = libs[i]
        if liberties_after(s, p, att) >= 2:
            continue
        for k in range(4):
            r = nb(p, k, w)
            cr = s.color[r]
            if cr == EMPTY:
                n = add_unique(cand, n, r)
            elif cr == att:
                m = string_libs(s, s.head[r], tmp, 4)
                for j in range(m):
                    if tmp[j] != p:
                        n = add_unique(cand, n, tmp[j])
    return n


@njit
def _add_attack_blockers(s: BoardState, sc: Scratch, h: int, libs: np.ndarray, nl: int,
                   cand: np.ndarray, n: int, depth: int, most: int) -> int:
    """The liberties of the attacker strings of at most ``most`` liberties that
    touch a liberty of the target (not only the target): taking or weakening the
    stones that hold its liberties."""
    w = s.meta[0] + 2
    opp = 3 - s.color[h]
    tmp = sc.heads2[depth]
    for i in range(nl):
        for k in range(4):
            r = nb(libs[i], k, w)
            if s.color[r] != opp:
                continue
            m = string_libs(s, s.head[r], tmp, most + 1)
            if m <= most:
                for j in range(m):
                    n = add_unique(cand, n, tmp[j])
    return n


@njit
def _add_captures_touching(s: BoardState, g: int, tmp: np.ndarray, cand: np.ndarray,
                           n: int) -> int:
    """Add the capturing moves of the strings in atari that touch the string with
    head ``g`` (their heads go to ``tmp``)."""
    m = neighbour_heads(s, g, tmp)
    for j in range(m):
        x = atari_point(s, tmp[j])
        if x != 0:
            n = add_unique(cand, n, x)
    return n


@njit
def _add_captures_near_allies(s: BoardState, sc: Scratch, h: int, libs: np.ndarray, nl: int,
                       cand: np.ndarray, n: int, depth: int) -> int:
    """Captures of attacker strings in atari next to the strings of the target's
    colour that touch one of its liberties (GNU Go's superstring break-chain)."""
    w = s.meta[0] + 2
    c = s.color[h]
    tmp = sc.heads2[depth]
    for i in range(nl):
        for k in range(4):
            r = nb(libs[i], k, w)
            if s.color[r] != c or s.head[r] == h:
                continue
            n = _add_captures_touching(s, s.head[r], tmp, cand, n)
    return n
















@njit
def _add_attack_sharing(s: BoardState, sc: Scratch, h: int, libs: np.ndarray, nl: int,
                 cand: np.ndarray, n: int, depth: int) -> int:
    """The attacker strings touching a liberty, with at most one liberty more than
    the target and two or more in common with it: their other liberties (GNU Go's
    ``special_rescue5``)."""
    w = s.meta[0] + 2
    opp = 3 - s.color[h]
    tmp = sc.heads2[depth]
    for i in range(nl):
        for k in range(4):
            r = nb(libs[i], k, w)
            if s.color[r] != opp:
                continue
            m = string_libs(s, s.head[r], tmp, nl + 2)
            if m > nl + 1:
                continue
            common = 0
            for j in range(m):
                for t in range(nl):
                    if tmp[j] == libs[t]:
                        common += 1
            if common < 2:
                continue
            for j in range(m):
                q = tmp[j]
                own = False
                for t in range(nl):
                    if q == libs[t]:
                        own = True
                if not own and liberties_after(s, q, 3 - opp) >= 2:
                    n = add_unique(cand, n, q)
    return n






@njit
def _count_libs4(s: BoardState, g: int) -> int:
    """Liberties of the string with head ``g``, counted up to 5 (no scratch: a small
    local array)."""
    tmp = np.empty(5, np.int32)
    return string_libs(s, g, tmp, 5)






@njit
def _libs_at(s: BoardState, p: int, c: int, out: np.ndarray) -> int:
    """The liberties (up to 3, in ``out``) of ``c``'s string after playing at the
    empty ``p``, captures ignored (GNU Go's ``approxlib``)."""
    w = s.meta[0] + 2
    tmp = np.empty(8, np.int32)
    m = 0
    for k in range(4):
        r = nb(p, k, w)
        if s.color[r] == EMPTY:
            m = add_unique(out, m, r)
        elif s.color[r] == c:
            j = string_libs(s, s.head[r], tmp, 5)
            for t in range(j):
                if tmp[t] != p:
                    m = add_unique(out, m, tmp[t])
        if m >= 3:
            return 3
    return m


@njit
def _libs_upto(s: BoardState, p: int, c: int, out: np.ndarray, cap: int) -> int:
    """The liberties (up to ``cap``, in ``out``) of ``c``'s string after playing at
    the empty ``p``, captures ignored (GNU Go's ``approxlib``)."""
    w = s.meta[0] + 2
    tmp = np.empty(cap + 2, np.int32)
    m = 0
    for k in range(4):
        r = nb(p, k, w)
        if s.color[r] == EMPTY:
            m = add_unique(out, m, r)
        elif s.color[r] == c:
            j = string_libs(s, s.head[r], tmp, cap + 2)
            for t in range(j):
                if tmp[t] != p and m < cap:
                    m = add_unique(out, m, tmp[t])
        if m >= cap:
            return cap
    return m


@njit_inline
def _step(k: int, w: int) -> int:
    """The ``k``-th direction, turning a quarter each step (``_step((k + 1) % 4)`` is
    perpendicular to ``_step(k)``)."""
    return 1 if k == 0 else (w if k == 1 else (-1 if k == 2 else -w))


@njit
def _superstring_libs(s: BoardState, h: int, cap: int, out: np.ndarray) -> int:
    """The liberties of the superstring of the string with head ``h`` (GNU Go's,
    without its captured-stones links): the liberties of ``h`` (of at most ``cap``)
    and of the other strings of :func:`_superstring_members`, in the order the walk
    meets them. Returns their number, or ``out.shape[0] + 1`` once there are more
    than ``out`` holds."""
    tmp = np.empty(cap + 1, np.int32)
    m = string_libs(s, h, tmp, cap + 1)
    if m > cap:
        return out.shape[0] + 1
    nlib = 0
    for j in range(m):
        nlib = add_unique(out, nlib, tmp[j])
    members = np.empty(MAX_HEADS, np.int32)
    nm = _superstring_members(s, h, cap, members)
    for i in range(nm):
        m = string_libs(s, members[i], tmp, cap + 1)
        for j in range(m):
            if nlib >= out.shape[0]:
                return out.shape[0] + 1
            nlib = add_unique(out, nlib, tmp[j])
    return nlib


@njit
def _superstring_members(s: BoardState, h: int, cap: int, out: np.ndarray) -> int:
    """The heads of the strings of the superstring of the string with head ``h``
    (GNU Go's, without its captured-stones links), other than ``h``, into ``out`` in
    the order a walk from ``h`` meets them; returns their number. The strings of its
    colour joined to it through an empty point that is a self-atari for the
    opponent, by a bamboo joint, or diagonally with both points between empty, each
    string counted (and followed further) only when it has at most ``cap``
    liberties."""
    w = s.meta[0] + 2
    c = s.color[h]
    o = 3 - c
    a = s.color.shape[0]
    seen = np.zeros(a, np.uint8)
    stones = np.empty(a, np.int32)
    tmp = np.empty(cap + 1, np.int32)
    found = np.empty(3, np.int32)
    ns = 0
    nm = 0
    seen[h] = 1
    q = h
    while True:
        stones[ns] = q
        ns += 1
        q = s.nxt[q]
        if q == h:
            break
    ri = 0
    while ri < ns:
        pos = stones[ri]
        ri += 1
        for k in range(4):
            right = _step(k, w)
            up = _step((k + 1) % 4, w)
            ap = pos + right
            if s.color[ap] == 3:
                continue
            bp = ap + up
            nf = 0
            if s.color[ap] == EMPTY:
                if liberties_after(s, ap, o) < 2:
                    found[0] = bp
                    found[1] = ap + right
                    found[2] = ap - up
                    nf = 3
                elif s.color[bp] == c and s.color[pos + up] == EMPTY:
                    found[0] = bp
                    nf = 1
            elif (s.color[ap] == c and s.color[bp] == EMPTY and s.color[pos + up] == EMPTY
                  and s.color[bp + up] == c and s.color[pos + 2 * up] == c):
                found[0] = pos + 2 * up
                nf = 1
            for f in range(nf):
                x = found[f]
                if s.color[x] != c or seen[s.head[x]] != 0:
                    continue
                g = s.head[x]
                seen[g] = 1
                if string_libs(s, g, tmp, cap + 1) > cap:
                    continue
                if nm < out.shape[0]:
                    out[nm] = g
                    nm += 1
                q = g
                while True:
                    stones[ns] = q
                    ns += 1
                    q = s.nxt[q]
                    if q == g:
                        break
    return nm


@njit
def _add_superstring_break(s: BoardState, sc: Scratch, h: int, cand: np.ndarray, n: int,
                  depth: int) -> int:
    """GNU Go's ``superstring_break_chain_moves``: for the attacker strings next to
    the other strings of the target's superstring (of at most 4 liberties), the
    capture of those in atari and the liberties (not self-ataris for the defender)
    of those of 2 or 3 liberties."""
    dfn = s.color[h]
    members = np.empty(MAX_HEADS, np.int32)
    links = sc.heads3[depth]
    tmp = sc.heads2[depth]
    nm = _superstring_members(s, h, 4, members)
    for i in range(nm):
        m = neighbour_heads(s, members[i], links)
        for j in range(m):
            k = string_libs(s, links[j], tmp, 4)
            if k == 1:
                n = add_unique(cand, n, tmp[0])
            elif k <= 3:
                for t in range(k):
                    if liberties_after(s, tmp[t], dfn) >= 2:
                        n = add_unique(cand, n, tmp[t])
    return n


@njit
def _add_special_rescue_at(s: BoardState, lib: int, dfn: int, nl: int, cand: np.ndarray,
                           n: int) -> int:
    """GNU Go's ``special_rescue_moves`` at the liberty ``lib``: when the attacker's
    stone there would have at most 2 liberties (captures ignored), its empty
    neighbours (not self-ataris for the defender unless that stone would have only
    one; for a target of 4 liberties, only where two of their own empty neighbours
    would give the attacker fewer than 3)."""
    w = s.meta[0] + 2
    att = 3 - dfn
    pts = np.empty(4, np.int32)
    ol = _libs_at(s, lib, att, pts)
    if ol > 2:
        return n
    for k in range(4):
        r = nb(lib, k, w)
        if s.color[r] != EMPTY:
            continue
        if ol > 1 and liberties_after(s, r, dfn) < 2:
            continue
        if nl > 3:
            prot = 0
            for j in range(4):
                t = nb(r, j, w)
                if s.color[t] == EMPTY and _libs_at(s, t, att, pts) < 3:
                    prot += 1
            if prot < 2:
                continue
        n = add_unique(cand, n, r)
    return n


@njit
def _add_superstring(s: BoardState, h: int, libs: np.ndarray, nl: int, attacking: bool,
                     cand: np.ndarray, n: int) -> int:
    """GNU Go's ``superstring_moves``: when the superstring (strings of at most 3
    liberties, 4 for a target of 4) has at most 5 liberties, those that are not the
    target's where the attacker's stone would have 2 liberties or more; the attacker
    backfills a liberty where its stone would be in atari (its liberty, when a stone
    there would have 3); the defender adds the special rescues at each."""
    c = s.color[h]
    att = 3 - c
    pts = np.empty(8, np.int32)
    one = np.empty(4, np.int32)
    m = _superstring_libs(s, h, 4 if nl >= 4 else 3, pts)
    if m > 5:
        return n
    for i in range(m):
        q = pts[i]
        own = False
        for t in range(nl):
            if libs[t] == q:
                own = True
        if own:
            continue
        la = liberties_after(s, q, att)
        if la >= 2:
            n = add_unique(cand, n, q)
        elif attacking and la == 1 and _libs_at(s, q, att, one) == 1:
            x = one[0]
            if s.color[x] == EMPTY and _libs_at(s, x, att, one) >= 3:
                n = add_unique(cand, n, x)
        if not attacking:
            n = _add_special_rescue_at(s, q, c, nl, cand, n)
    return n




@njit
def _add_def_backfill(s: BoardState, libs: np.ndarray, nl: int, dfn: int, cand: np.ndarray,
                   n: int) -> int:
    """GNU Go's ``defend2`` backfilling: for a liberty that is a self-atari for the
    attacker, the liberties the defender's stone there would have (not self-ataris,
    next to a defender stone); for a liberty where the attacker's stone would have
    at most 2 liberties, those liberties (not self-ataris for the defender)."""
    w = s.meta[0] + 2
    att = 3 - dfn
    pts = np.empty(8, np.int32)
    for i in range(nl):
        a = libs[i]
        if liberties_after(s, a, att) < 2:
            m = _libs_upto(s, a, dfn, pts, 6)
            if m > 5:  # the liberty is a defence of its own
                m = 0
            for j in range(m):
                x = pts[j]
                if liberties_after(s, x, dfn) < 2:
                    continue
                for k in range(4):
                    if s.color[nb(x, k, w)] == dfn:
                        n = add_unique(cand, n, x)
                        break
        m = _libs_at(s, a, att, pts)
        if m <= 2:
            for j in range(m):
                if liberties_after(s, pts[j], dfn) >= 2:
                    n = add_unique(cand, n, pts[j])
    return n


@njit
def _add_back_capture(s: BoardState, sc: Scratch, libs: np.ndarray, nl: int, att: int,
                      cand: np.ndarray, n: int, depth: int) -> int:
    """GNU Go's ``attack2`` back-capture: for a liberty where the attacker's stone
    would have one liberty (captures ignored), the captures of the defender strings
    in atari next to the attacker's strings beside that one liberty."""
    w = s.meta[0] + 2
    near = sc.heads3[depth]
    pts = np.empty(4, np.int32)
    for i in range(nl):
        if _libs_at(s, libs[i], att, pts) != 1:
            continue
        x = pts[0]
        for k in range(4):
            b = nb(x, k, w)
            if s.color[b] != att:
                continue
            n = _add_captures_touching(s, s.head[b], near, cand, n)
    return n


@njit
def _add_backfill_atari(s: BoardState, lib: int, att: int, cand: np.ndarray,
                        n: int) -> int:
    """GNU Go's ``attack1`` backfilling: the liberties the defender's stone on the
    last liberty would have (at most 5), not self-ataris for the attacker."""
    pts = np.empty(8, np.int32)
    m = _libs_upto(s, lib, 3 - att, pts, 6)
    if m > 5:
        return n
    for j in range(m):
        if liberties_after(s, pts[j], att) >= 2:
            n = add_unique(cand, n, pts[j])
    return n


@njit
def _add_edge_clamp(s: BoardState, libs: np.ndarray, nl: int, h: int, cand: np.ndarray,
                 n: int) -> int:
    """GNU Go's ``special_rescue6``: a liberty ``a`` on the edge beside a target
    stone ``b``; an attacker stone ``c`` beside ``b`` with ``a``'s neighbour that
    way empty: the point beside ``c`` across from ``b`` (and the one beyond ``c``
    when a defender stone stands diagonally past it and the points beyond are
    empty), for ``c`` of 3 liberties or fewer."""
    w = s.meta[0] + 2
    dfn = s.color[h]
    att = 3 - dfn
    for i in range(nl):
        a = libs[i]
        for k in range(4):
            right = _step(k, w)
            if s.color[a - right] != 3:  # a on the edge, the frame behind it
                continue
            b = a + right
            if s.color[b] != dfn or s.head[b] != h:
                continue
            for sgn in range(2):
                up = _step((k + 1) % 4, w) * (1 if sgn == 0 else -1)
                c = b + up
                if s.color[c] != att or s.color[a + up] != EMPTY:
                    continue
                if s.color[c + right] != EMPTY:
                    continue
                if (s.color[a + 2 * up] == EMPTY and s.color[c + up] == EMPTY
                        and s.color[c + up + right] == dfn):
                    n = add_unique(cand, n, c + right)
                    n = add_unique(cand, n, c + up)
                elif (_count_libs4(s, s.head[c]) <= 3
                      and (s.color[b + right] == EMPTY
                           or (s.color[b + right] == att
                               and _count_libs4(s, s.head[b + right]) <= 4))
                      and liberties_after(s, c + right, dfn) >= 2):
                    n = add_unique(cand, n, c + right)
    return n






@njit
def _add_break_chain2_backfill(s: BoardState, sc: Scratch, nh: int, dfn: int,
                         cand: np.ndarray, n: int, depth: int) -> int:
    """For an attacker neighbour of 2 liberties that are both self-ataris for the
    defender: where the attacker, playing one of them, would have exactly 2
    liberties, those liberties that are not self-ataris for the defender (GNU Go's
    ``break_chain2_moves`` backfilling)."""
    heads = sc.heads[depth]
    tmp = sc.heads2[depth]
    pts = np.empty(4, np.int32)
    for i in range(nh):
        if string_libs(s, heads[i], tmp, 3) != 2:
            continue
        a = tmp[0]
        b = tmp[1]
        if liberties_after(s, a, dfn) >= 2 or liberties_after(s, b, dfn) >= 2:
            continue
        for k in range(2):
            q = a if k == 0 else b
            if _libs_at(s, q, 3 - dfn, pts) == 2:
                for t in range(2):
                    if liberties_after(s, pts[t], dfn) >= 2:
                        n = add_unique(cand, n, pts[t])
    return n


@njit
def attack_moves(s: BoardState, sc: Scratch, cfg: np.ndarray, h: int, nl: int,
                 depth: int) -> int:
    """The attacker's candidates against the string with head ``h`` (liberties in
    ``sc.libs[depth, :nl]``) into ``sc.cand[depth]``; returns their number."""
    cand = sc.cand[depth]
    libs = sc.libs[depth]
    order_libs(s, libs, nl)
    n = 0
    for i in range(nl):
        n = add_unique(cand, n, libs[i])
    heads = sc.heads[depth]
    nh = neighbour_heads(s, h, heads)
    for i in range(nh):
        g = heads[i]
        lib = atari_point(s, g)
        if lib == 0:
            if depth < cfg[C_ATT_REINFORCE]:
                tmp = sc.heads2[depth]
                if string_libs(s, g, tmp, 3) == 2:
                    a = tmp[0]
                    b = tmp[1]
                    n = add_unique(cand, n, a)
                    n = add_unique(cand, n, b)
            continue
        n = add_unique(cand, n, lib)
        others = sc.heads2[depth]
        no = neighbour_heads(s, g, others)
        for j in range(no):
            x = atari_point(s, others[j])
            if x != 0:
                n = add_unique(cand, n, x)
    if ((nl <= 2 and depth < cfg[C_ATT_SECOND_ORDER])
            or (nl == 3 and depth < cfg[C_ATT_SECOND_ORDER_3LIBS])):
        n = _add_second_order(s, libs, nl, cand, n)
    if (nl == 1 or (nl == 2 and depth < cfg[C_ATT_CUT_OFF])
            or (nl == 3 and depth < cfg[C_ATT_CUT_OFF_3LIBS])):
        n = _add_ally_libs(s, sc, h, libs, nl, cand, n, depth, 2)
    if depth < cfg[C_ATT_BACKFILL]:
        n = _add_att_backfill(s, sc, libs, nl, 3 - s.color[h], cand, n, depth)
    if ((nl == 2 or nl == 3) and depth < cfg[C_ATT_SUPERSTRING]) or (
            nl == 2 and depth < cfg[C_ATT_SUPERSTRING_2LIBS]):
        n = _add_superstring(s, h, libs, nl, True, cand, n)
    if nl == 2 and depth < cfg[C_ATT_BACK_CAPTURE]:
        n = _add_back_capture(s, sc, libs, nl, 3 - s.color[h], cand, n, depth)
    if nl == 1 and depth < cfg[C_ATT_BACKFILL_ATARI]:
        n = _add_backfill_atari(s, libs[0], 3 - s.color[h], cand, n)
    return n


@njit
def defend_moves(s: BoardState, sc: Scratch, cfg: np.ndarray, h: int, nl: int,
                 depth: int) -> int:
    """The defender's candidates for the string with head ``h`` into
    ``sc.cand[depth]``; returns their number."""
    cand = sc.cand[depth]
    libs = sc.libs[depth]
    order_libs(s, libs, nl)
    heads = sc.heads[depth]
    nh = neighbour_heads(s, h, heads)
    n = 0
    for i in range(nh):
        lib = atari_point(s, heads[i])
        if lib != 0:
            n = add_unique(cand, n, lib)
    for i in range(nl):
        n = add_unique(cand, n, libs[i])
    if (nl <= cfg[C_DEF_BREAK_CHAIN2_MAX_LIBS] and depth < cfg[C_DEF_BREAK_CHAIN2]
            and (nl > 1 or depth < cfg[C_DEF_BREAK_CHAIN_IN_ATARI])):
        tmp = sc.heads2[depth]
        for i in range(nh):
            g = heads[i]
            if atari_point(s, g) != 0:
                continue
            k = string_libs(s, g, tmp, 4)
            if k == 2 or (k == 3 and nl <= 2 and depth < cfg[C_DEF_BREAK_CHAIN3]):
                for j in range(k):
                    n = add_unique(cand, n, tmp[j])
    if ((nl <= 2 and depth < cfg[C_DEF_SECOND_ORDER])
            or (nl == 3 and depth < cfg[C_DEF_SECOND_ORDER_3LIBS])
            or (nl == 4 and depth < cfg[C_DEF_SECOND_ORDER_4LIBS])):
        n = _add_second_order(s, libs, nl, cand, n)
    if ((nl <= 2 and depth < cfg[C_DEF_ALLY_LIBS])
            or (nl == 3 and depth < cfg[C_DEF_ALLY_LIBS_3LIBS])):
        n = _add_ally_libs(s, sc, h, libs, nl, cand, n, depth, 3)
    if depth < cfg[C_DEF_ATTACK_BLOCKERS]:
        n = _add_attack_blockers(s, sc, h, libs, nl, cand, n, depth, 2)
    if depth < cfg[C_DEF_CAPTURE_NEAR_ALLIES]:
        n = _add_captures_near_allies(s, sc, h, libs, nl, cand, n, depth)
    if nl <= 3 and depth < cfg[C_DEF_BREAK_CHAIN2_BACKFILL]:
        n = _add_break_chain2_backfill(s, sc, nh, s.color[h], cand, n, depth)
    if (nl == 2 or nl == 3) and depth < cfg[C_DEF_ATTACK_SHARING]:
        n = _add_attack_sharing(s, sc, h, libs, nl, cand, n, depth)
    if nl >= 2 and depth < cfg[C_DEF_SUPERSTRING]:
        n = _add_superstring(s, h, libs, nl, False, cand, n)
    if nl == 2 and depth < cfg[C_DEF_BACKFILL]:
        n = _add_def_backfill(s, libs, nl, s.color[h], cand, n)
    if nl >= 3 and depth < cfg[C_DEF_EDGE_CLAMP]:
        n = _add_edge_clamp(s, libs, nl, h, cand, n)
    if nl >= 2 and depth < cfg[C_DEF_SUPERSTRING_BREAK]:
        n = _add_superstring_break(s, sc, h, cand, n, depth)
    if (depth > 0 and n < cand.shape[0]  # last, a pass: the string may need no move
            and not (cfg[C_NO_PASS_AT_KO] != 0 and s.meta[M_KO_POINT] != 0)
            and not (nl == 1 and cfg[C_NO_PASS_IN_ATARI] != 0)):
        cand[n] = PASS
        n += 1
    return n


@njit
def _move_score(s: BoardState, sc: Scratch, cfg: np.ndarray, h: int, m: int,
                mover: int, depth: int) -> int:
    """GNU Go's ``order_moves`` score of the move ``m`` for ``mover`` against the
    string with head ``h`` (its neighbours: edges, open points, stones of the
    target, own and opponent stones, stones captured, put in atari and saved; the
    liberties the mover's stone would have, and for an attacker's move next to the
    target those the defender's stone there would have)."""
    w = s.meta[0] + 2
    tmp = sc.heads2[depth]
    near = sc.heads3[depth]
    seen = np.zeros(4, np.int32)
    edges = 0
    same = 0
    own = 0
    opens = 0
    captured = 0
    threatened = 0
    saved = 0
    nseen = 0
    for k in range(4):
        r = nb(m, k, w)
        cr = s.color[r]
        if cr == 3:
            edges += 1
            continue
        if cr == EMPTY:
            opens += 1
            continue
        g = s.head[r]
        if g == h:
            same += 1
        if cr == mover:
            own += 1
            if atari_point(s, g) != 0:
                saved += s.gsize[g]
        elif atari_point(s, g) != 0:
            captured += s.gsize[g]
            no = neighbour_heads(s, g, near)
            for j in range(no):
                if atari_point(s, near[j]) != 0:
                    saved += s.gsize[near[j]]
        else:
            dup = False
            for j in range(nseen):
                if seen[j] == g:
                    dup = True
            if not dup and string_libs(s, g, tmp, 3) == 2:
                threatened += s.gsize[g]
                seen[nseen] = g
                nseen += 1
    pts = np.empty(10, np.int32)
    score = 0
    fourlib = depth >= cfg[C_DEPTH4]
    if mover == s.color[h]:
        libs = _libs_upto(s, m, mover, pts, 10)
        if same > 0:
            if libs > 5 or (libs == 4 and fourlib):
                score += _DEF_LIB[5] + libs - 4
            else:
                score += _DEF_LIB[libs]
        else:
            score += _DEF_NOT_ADJ_LIB[min(libs, 4)]
        score += _DEF_OPEN[opens]
        if edges == 0 or captured > 0:
            score += 5
        score += _DEF_CAPTURE[captured] if captured <= 5 else _DEF_CAPTURE[5] + captured
        if libs + captured > 1:
            score += (_DEF_ATARI[threatened] if threatened <= 5
                      else _DEF_ATARI[5] + threatened)
        score += _DEF_SAVE[min(saved, 5)]
    else:
        libs = _libs_upto(s, m, mover, pts, 4)
        score += _ATT_OWN_LIB[libs]
        if libs == 0 and captured == 1:
            score -= 15
        nl = string_libs(s, h, tmp, 3)
        if (libs + captured > 1 or (nl <= 2 and own == 0)) and same > 0:
            dl = _libs_upto(s, m, s.color[h], pts, 5)
            if dl == 4 and fourlib:
                dl = 5
            score += _ATT_STRING_LIB[dl]
            safe = nl <= 2 and libs + captured > 1
            if dl == 1 and saved == 0 and not safe:
                score -= 20
            if safe:
                score += 8
        score += _ATT_OPEN[opens]
        if edges == 0:
            score += 1
        score += _ATT_CAPTURE[min(captured, 5)]
        score += _ATT_SAVE[min(saved, 5)]
    return score


@njit
def order_moves(s: BoardState, sc: Scratch, cfg: np.ndarray, h: int, n: int,
                mover: int, depth: int) -> None:
    """Sort ``sc.cand[depth, :n]`` by :func:`_move_score`, best first, with GNU Go's
    selection sort (ties keep the earlier move first; the swaps reorder the rest);
    a pass stays last."""
    cand = sc.cand[depth]
    if n > 0 and cand[n - 1] == PASS:
        n -= 1
    if n < 2:
        return
    score = np.empty(n, np.int64)
    for i in range(n):
        score[i] = _move_score(s, sc, cfg, h, cand[i], mover, depth)
    for i in range(n - 1):
        best = score[i]
        at = i
        for j in range(i + 1, n):
            if score[j] > best:
                best = score[j]
                at = j
        if at != i:
            m = cand[at]
            cand[at] = cand[i]
            score[at] = score[i]
            cand[i] = m
            score[i] = best


@njit
def try_play(s: BoardState, sc: Scratch, m: int, mover: int, depth: int) -> int:
    """Save the state in ``sc.stk[depth]`` and play ``m`` for ``mover``: returns 0 for
    a legal move, 1 for a conditional ko capture (the mover becomes komaster), 2 for
    a legal ko capture the opponent may retake after a threat (nobody komaster),
    3 for a legal ko capture that turns the komaster gray (``C_GRAY_KO``), -1 when
    the move may not be played (nothing is changed then). Undo with
    :func:`take_back`."""
    if m == PASS:
        push(sc.stk, depth, s)
        pass_move(s)
        return 0
    st = check_move(s, m, mover, False)
    cond = 0
    if st == KO:
        if sc.info[I_KOMASTER] != EMPTY:
            return -1
        cond = 1
    elif st != OK:
        return -1
    push(sc.stk, depth, s)
    if cond:
        s.meta[M_KO_POINT] = 0
        sc.info[I_KOMASTER] = mover
    place_logged(sc.stk, s, m, mover)
    if cond == 0 and s.meta[M_KO_POINT] != 0:
        km = sc.info[I_KOMASTER]
        if km == EMPTY:
            return 2  # a legal ko capture: the opponent may retake after a threat
        g = sc.info[I_GRAY_KO]
        if km > 2 or (km == mover and (g & 2) != 0):
            pop(sc.stk, depth, s)  # gray: no ko capture at all; the komaster's own
            return -1  # capture of another ko (GNU Go's komaster_trymove)
        if km != mover and (g & 1) != 0:
            sc.info[I_KOMASTER] = km + 2  # the komaster's opponent takes another ko
            return 3
    return cond


@njit
def take_back(s: BoardState, sc: Scratch, cond: int, depth: int) -> None:
    """Undo :func:`try_play` (a conditional ko capture frees the komaster role)."""
    pop(sc.stk, depth, s)
    if cond == 1:
        sc.info[I_KOMASTER] = EMPTY
    elif cond == 3:
        sc.info[I_KOMASTER] -= 2  # gray back to the komaster


@njit
def snapback(s: BoardState, sc: Scratch, tgt: int, dfn: int, depth: int) -> bool:
    """May the defender ``dfn`` retake at ``tgt``, where its single stone was just
    captured, with a stone of two liberties or more (a proper snapback: GNU Go's
    ``attack1``)? Plays the move on ``sc.stk[depth]`` and takes it back."""
    if check_move(s, tgt, dfn, False) != OK:
        return False
    push(sc.stk, depth, s)
    place_logged(sc.stk, s, tgt, dfn)
    n = string_libs(s, s.head[tgt], sc.heads2[depth], 2)
    pop(sc.stk, depth, s)
    return n >= 2


@njit
def enter(s: BoardState, sc: Scratch, cfg: np.ndarray, tgt: int, att: int,
          attacking: bool, depth: int) -> int:
    """Open the node at ``depth``: its result when it is decided without a move
    (captured, too many liberties, depth or budget spent), else -1 after writing its
    candidates to ``sc.cand[depth]`` and their number to ``sc.n[depth]``."""
    info = sc.info
    info[I_NODES] += 1
    sc.best[depth] = 0
    dfn = 3 - att
    if s.color[tgt] != dfn:  # captured: by a ko capture the defender may retake (a
        # threat first), GNU Go's convention: a ko, not a win
        if (not attacking and s.meta[M_KO_POINT] == tgt and info[I_KOMASTER] == EMPTY):
            return KO_B
        if (not attacking and 0 < depth < cfg[C_SNAPBACK] and sc.single[depth - 1] == 1
                and s.color[tgt] == EMPTY and snapback(s, sc, tgt, dfn, depth)):
            sc.cand[depth, 0] = tgt  # the defender's one move: retake
            sc.n[depth] = 1
            sc.i[depth] = 0
            sc.res[depth] = LOSE
            return -1
        return WIN if attacking else LOSE
    if info[I_NODES] > cfg[C_NODE_BUDGET]:
        info[I_EXHAUSTED] = 1
        if cfg[C_BUDGET_ROOT_LOSES] != 0 and attacking != (info[I_ROOT_ATT] == 1):
            return WIN  # an unread line is lost for the root's mover
        return LOSE
    h = s.head[tgt]
    libs = sc.libs[depth]
    nl = string_libs(s, h, libs, 6)
    last = depth + 1 >= cfg[C_MAX_DEPTH]
    if attacking:
        if nl > max_libs(cfg, depth) or (last and nl > 1):
            return LOSE
        sc.single[depth] = 1 if s.nxt[h] == h else 0
        # in atari: the capture comes first (the liberties lead the list); the
        # other moves matter when the capture is only a ko
        n = attack_moves(s, sc, cfg, h, nl, depth)
    else:
        if nl > max_libs(cfg, depth + 1) or last:
            return WIN
        n = defend_moves(s, sc, cfg, h, nl, depth)
    if not attacking and depth < cfg[C_DEF_ORDER]:
        order_moves(s, sc, cfg, h, n, dfn, depth)
    sc.n[depth] = n
    sc.i[depth] = 0
    sc.res[depth] = LOSE
    return -1


@njit
def solve(s: BoardState, sc: Scratch, cfg: np.ndarray, tgt: int, att: int,
          attacking: bool) -> int:
    """Result for the side to move (the attacker if ``attacking``) of the fight for
    the string of stone ``tgt``; its best move goes to ``sc.best[0]`` (0 for none,
    or for a defender that needs no move). Depth-first, without recursion (numba's
    cache does not keep recursive functions): ``sc.i[d]`` is the next candidate of
    the node at depth ``d``, ``sc.res[d]`` its best result so far."""
    r = enter(s, sc, cfg, tgt, att, attacking, 0)
    if r >= 0:
        return r
    return solve_from(s, sc, cfg, tgt, att, attacking, 0)


@njit
def solve_from(s: BoardState, sc: Scratch, cfg: np.ndarray, tgt: int, att: int,
               attacking: bool, d0: int) -> int:
    """The loop of :func:`solve` from a node already opened at depth ``d0``."""
    ko_cap = cfg[C_KO_CAPTURE_IS_KO] != 0
    d = d0
    while True:
        mover_attacks = attacking == ((d - d0) % 2 == 0)
        if sc.i[d] < sc.n[d] and sc.res[d] != WIN:
            m = sc.cand[d, sc.i[d]]
            sc.i[d] += 1
            cond = try_play(s, sc, m, att if mover_attacks else 3 - att, d)
            if cond < 0:
                continue
            sc.cond[d] = cond
            sc.cur[d] = m
            r = enter(s, sc, cfg, tgt, att, not mover_attacks, d + 1)
            if r < 0:
                d += 1
                continue
        else:
            r = sc.res[d]
            if d == d0:
                return r
            d -= 1
        # r is the result of the node at d + 1 for its mover: back it up into d
        mine = negate(r)
        cond = sc.cond[d]
        if cond == 1 and (mine == WIN or mine == KO_A):
            mine = KO_B
        elif cond == 2 and mine == WIN and ko_cap:
            mine = KO_A
        take_back(s, sc, cond, d)
        if goodness(mine) > goodness(sc.res[d]):
            sc.res[d] = mine
            sc.best[d] = sc.cur[d]


@njit
def read(s: BoardState, sc: Scratch, cfg: np.ndarray, tgt: int, attacking: bool) -> int:
    """Top-level search on the string of stone ``tgt`` (the attacker is the colour
    that does not own it); the state is left as it was. Result code; the move is
    ``sc.best[0]``, the nodes ``sc.info[I_NODES]``."""
    sc.info[I_NODES] = 0
    sc.info[I_EXHAUSTED] = 0
    sc.info[I_KOMASTER] = EMPTY
    sc.info[I_ROOT_ATT] = 1 if attacking else 0
    sc.info[I_GRAY_KO] = cfg[C_GRAY_KO]
    att = 3 - s.color[tgt]
    return solve(s, sc, cfg, tgt, att, attacking)


@njit
def winning_moves(s: BoardState, sc: Scratch, cfg: np.ndarray, tgt: int, attacking: bool,
                  out: np.ndarray, codes: np.ndarray) -> int:
    """Every candidate of the root (attacker's if ``attacking``) that reaches a
    non-losing result, with that result in ``codes``; returns their number. Each
    candidate is read with the whole budget of ``cfg``."""
    att = 3 - s.color[tgt]
    h = s.head[tgt]
    nl = string_libs(s, h, sc.libs[0], 6)
    sc.info[I_NODES] = 0
    sc.info[I_EXHAUSTED] = 0
    sc.info[I_KOMASTER] = EMPTY
    sc.info[I_ROOT_ATT] = 1 if attacking else 0
    sc.info[I_GRAY_KO] = cfg[C_GRAY_KO]
    if attacking:
        sc.single[0] = 1 if s.nxt[h] == h else 0
        n = attack_moves(s, sc, cfg, h, nl, 0)
    else:
        n = defend_moves(s, sc, cfg, h, nl, 0)
    k = 0
    root = sc.cand[0]
    mover = att if attacking else 3 - att
    for i in range(n):
        m = root[i]
        sc.info[I_NODES] = 0
        sc.info[I_KOMASTER] = EMPTY
        cond = try_play(s, sc, m, mover, 0)
        if cond < 0:
            continue
        sc.cur[0] = m
        r = enter(s, sc, cfg, tgt, att, not attacking, 1)
        if r < 0:
            r = solve_from(s, sc, cfg, tgt, att, not attacking, 1)
        r = negate(r)
        if cond == 1 and (r == WIN or r == KO_A):
            r = KO_B
        elif cond == 2 and r == WIN and cfg[C_KO_CAPTURE_IS_KO] != 0:
            r = KO_A
        take_back(s, sc, cond, 0)
        if r != LOSE and k < out.shape[0]:
            out[k] = m
            codes[k] = r
            k += 1
    return k
