"""The search loop in numba: descent, expansion, playout, backup (Ohta & Itoh, section 2).

One call of :func:`run_iterations` plays ``n`` iterations on one tree
(:mod:`igo.search.tree`) from the root position, without returning to Python:

1. *Selection*: from the root, descend to the child of highest
   :func:`child_value` until a leaf.
2. *Expansion*: a leaf visited at least ``EXPAND`` times gets one child per legal
   move that does not fill an own eye, plus the pass, with the move model's prior
   probabilities (:func:`igo.search._prior_kernels.position_priors`) when the
   search uses priors; the descent goes on into one of them.
3. *Playout* from the leaf (:mod:`igo.search._policy_kernels`), with the tabu lists
   of Ohta & Itoh at its first two moves (:mod:`igo.search._tabu_kernels`) when
   ``TABU_L > 0``; two passes in a row end the game in the tree without a playout.
4. *Backup*: visits and wins of every node on the path; AMAF (RAVE) statistics of
   the children of every node on the path from the moves played after it.

All parameters are in the float64 array ``prm`` at the ``P_*`` indices (built from
:class:`igo.search.config.SearchConfig`). Counters go to ``stats`` (``S_*``).

Every kernel here that allocates nothing is compiled without numba's reference
counting (:func:`igo._jit.njit_noalloc`): with it, each call of ``_play`` or
``child_value`` increfs and decrefs every array of the board state or tree, which
cost 40 % of the search's time. Only :func:`expand` and :func:`run_iterations`
keep it, since the move model's feature kernels they call allocate.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numba import types
from numba.extending import overload

from igo._atomics import add_float, compare_swap, fetch_add, store
from igo._jit import njit, njit_inline, njit_noalloc
from igo.core._kernels import (
    BLACK,
    EMPTY,
    OK,
    BoardState,
    area_owner_into,
    check_move,
    is_eye,
    pass_move,
    place_checked,
    random_sensible_move,
    restore_state,
)
from igo.search import _tabu_kernels as TB
from igo.search._moggy_kernels import MOGGY, MoggyScratch, moggy_move
from igo.search._policy_kernels import LIGHT, _legal, _self_atari, heavy_move
from igo.search._prior_kernels import PriorScratch, PriorTables, position_priors
from igo.search._tactic_prior_kernels import ESCAPE, ladder_priors
from igo.search.tree import (
    BANNED,
    CLAIMED,
    LADDER_ATARI,
    LADDER_ESCAPE,
    PRUNED,
    T_FULL,
    T_RECLAIM,
    T_USED,
    Tree,
)

# parameter indices
P_C_UCB = 0  # UCB1 exploration: mean + C * sqrt(ln N / n)
P_C_PUCT = 1  # prior exploration: + C * P * sqrt(N) / (1 + n)
P_RAVE_EQUIV = 2  # RAVE equivalence (0: no AMAF)
P_FPU = 3  # value of an unvisited child without prior experience
P_EXPAND = 4  # visits of a leaf before it is expanded
P_PRIOR_EQEX = 5  # prior as equivalent experience: pseudo-visits
P_PRIOR_SHARP = 6  # pseudo win rate 0.5 + 0.5 tanh(SHARP * ln(P * n_moves))
P_KOMI = 7
P_POLICY = 8  # LIGHT or HEAVY
P_CAPTURE = 9  # heavy policy probabilities (capture, pattern, self-atari reject)
P_PATTERN = 10
P_REJECT = 11
P_TABU_L = 12  # tabu list length (0: no tabu)
P_TABU_TENURE = 13
P_MAX_MOVES = 14  # playout length cap
P_USE_PRIORS = 15  # 1: move-model priors at expansion
P_SUICIDE = 16
P_PASS_PRIOR = 17  # prior probability given to the pass
P_TABU_MAX_TRIES = 18  # tries of a playout before tabu gives up (then the last try runs)
P_TABU_KEY = 19  # what the lists hold: 0 the move played (paper Fig. 3), 1 the position
P_VLOSS = 20  # virtual loss added to a node's visits while an iteration runs below it (0: none)
P_ATARI = 21  # moggy policy: two-liberty step, nakade step, counter-capture only, ladder nodes
P_NAKADE = 22  # the nakade step: moggy's p_nakade or heavy's heavy_nakade
P_CCAP = 23
P_LADDER_BUDGET = 24
P_LADDER_ESCAPE = 25  # prior factor of escapes from working ladders (1: not read)
P_LADDER_ATARI = 26  # prior factor of ataris that start working ladders
P_DIST_RAVE = 27  # AMAF weight of early moves: 1 + D * (moves after) / (span) (0: all 1)
P_MOGGY_MOVES = 28  # moggy policy: playout moves it plays, then heavy (0: all of them)
P_LADDER_MIDDLE = 29  # moggy policy: 1 reads ladders anywhere, 0 on the first line only
P_PRIOR_WINS = 30  # optimistic prior (Pachi's pattern prior): sqrt(P) * WINS pseudo-wins
P_LADDER_SHAPE = 31  # moggy policy: 1 judges first-line ladders by a shape test, not reading
P_LGRF = 32  # last good reply with forgetting in the playouts: 0 off, 1 or 2 (moves of context)
P_LGRF_FIRST = 33  # 1: the reply before the policy's steps, 0: after its captures and escapes
P_ROOT_PUCT = 34  # prior exploration at the root only: + C * P * sqrt(N) / (1 + n)
P_CRIT = 35  # criticality's weight in a child's AMAF value (Pachi's crit_rave; 0: off)
P_CRIT_MIN = 36  # visits of a child before its criticality counts (Pachi's crit_min_playouts)
N_PARAMS = 37

# counters
S_ITER = 0
S_PLAYOUTS = 1  # playouts run (accepted tries)
S_TRIES = 2  # playout starts, tabu restarts included
S_RESTARTS = 3  # tabu hits
S_EXPANSIONS = 4
S_TERMINAL = 5  # iterations ended by two passes in the tree
S_REPEAT1 = 6  # positions after playout move 1 already seen at the same leaf
S_REPEAT2 = 7
S_CHECK1 = 8  # positions after playout move 1 recorded for that count
S_CHECK2 = 9
S_PRIOR_CALLS = 10
S_MOVES = 11  # playout moves played
S_OVERDUE = 12  # playouts from a leaf past the expansion threshold (at the depth cap)
S_ABANDONED = 13  # iterations given up at a full pool (not counted elsewhere)
N_STATS = 14
#: Names of the counters, in index order (the keys of ``SearchResult.stats``).
STAT_NAMES = ("iter", "playouts", "tries", "restarts", "expansions", "terminal", "repeat1",
              "repeat2", "check1", "check2", "prior_calls", "moves", "overdue",
              "abandoned")

# what :func:`expand` returns
EXPANDED = 1
BUSY = 0  # another thread is expanding the node
FULL = -1  # no room in the pool: the search must reclaim (``meta[T_RECLAIM]`` is set)


class Scratch(NamedTuple):
    """Per-tree scratch arrays (see :func:`new_scratch` in :mod:`igo.search.search`)."""

    work: BoardState  # position being searched
    leaf: BoardState  # position at the leaf (tabu restarts go back to it)
    path: np.ndarray  # int64[depth]: nodes from the root
    seq: np.ndarray  # int64[len]: moves after the root (tree then playout)
    first_col: np.ndarray  # int8[A]: AMAF, colour that first played a point
    first_at: np.ndarray  # int32[A]: AMAF, where in ``seq`` it was first played
    owner: np.ndarray  # int8[A]
    stack: np.ndarray  # int32[A]
    members: np.ndarray  # int32[A]
    cand: np.ndarray  # int64[A]: policy candidates
    pri_pt: np.ndarray  # int64[A]
    pri_p: np.ndarray  # float64[A]
    own: np.ndarray  # float64[A]: sum of final owners (+1 Black, -1 White) at the root
    seen: np.ndarray  # uint64[2^k] (or empty): set of (leaf, position) keys for repeats
    rng: np.ndarray  # uint64[1]
    moggy: MoggyScratch  # work arrays of the MOGGY policy
    reply1: np.ndarray  # int32[2, A]: last good reply of each colour to a move (0: none)
    reply2: np.ndarray  # int32[2, A * A]: the same to the last two moves (``prev2 * A + prev1``)


@njit_inline
def child_value(t: Tree, i: int, parent_n: float, log_n: float, sqrt_n: float,
                prm: np.ndarray) -> float:
    """Selection value of child ``i`` (for the player to move at its parent)."""
    n = t.N[i]
    w = t.W[i]
    pv = 0.0
    pw = 0.0
    eqex = prm[P_PRIOR_EQEX]
    if eqex > 0.0:
        pv = eqex
        pw = eqex * t.PR[i]
    wins = prm[P_PRIOR_WINS]
    if wins > 0.0 and t.move[i] != 0:  # the pass gets no optimistic prior (as in Pachi)
        x = wins * math.sqrt(t.P[i])
        pv += x
        pw += x
    nt = n + pv
    if nt > 0.0:
        q = (w + pw) / nt
    else:
        q = prm[P_FPU]
    equiv = prm[P_RAVE_EQUIV]
    if equiv > 0.0 and t.RN[i] > 0.0:
        rn = t.RN[i]
        rw = t.RW[i]
        k = prm[P_CRIT]
        if k > 0.0 and n > prm[P_CRIT_MIN]:
            # Pachi's criticality: AMAF pseudo-results, wins if owning the move's point
            # goes with winning, losses if against (``crit * k * rn`` of them)
            c = criticality(n, w, t.OX[i], t.OXY[i]) * k * rn
            rn += c
            rw += c
        beta = rn / (rn + nt + rn * nt / equiv)
        q = beta * (rw / rn) + (1.0 - beta) * q
    c_ucb = prm[P_C_UCB]
    if c_ucb > 0.0:
        if n == 0.0:
            return 1e9 + q
        q += c_ucb * math.sqrt(log_n / n)
    c_puct = prm[P_C_PUCT]
    if c_puct > 0.0:
        q += c_puct * t.P[i] * sqrt_n / (1.0 + n)
    return q


@njit_inline
def criticality(n: float, w: float, ox: float, oxy: float) -> float:
    """Twice the covariance, over a node's ``n`` visits, of its mover owning the
    move's point at the end of the playout (``ox`` of them) and the mover's result
    (``w`` wins; ``oxy`` wins among the ``ox``): Pachi's ``point_criticality``
    (``tactics/util.h``), which is ``2 cov`` when every point is owned by one side,
    between -0.5 and 0.5."""
    return 2.0 * (oxy / n - (ox / n) * (w / n))


@njit_noalloc
def prior_rate(p: float, siblings: int, sharpness: float) -> float:
    """Pseudo win rate of a prior: the probability times the number of siblings says
    how much better than average the move model finds the move."""
    x = p * siblings
    if x <= 0.0:
        return 0.0
    return 0.5 + 0.5 * math.tanh(sharpness * math.log(x))


@njit_noalloc
def select_child(t: Tree, node: int, prm: np.ndarray) -> int:
    """The child of ``node`` with the highest :func:`child_value`, plus at the root
    the ``P_ROOT_PUCT`` term (-1 if none)."""
    f = t.first[node]
    pn = t.N[node]
    log_n = math.log(pn + 1.0)
    sqrt_n = math.sqrt(pn + 1.0)
    root_c = prm[P_ROOT_PUCT] * sqrt_n if node == 0 else 0.0
    best = -1
    bv = -1e300
    for i in range(f, f + t.nch[node]):
        if t.flags[i] & BANNED:
            continue
        v = child_value(t, i, pn, log_n, sqrt_n, prm)
        if root_c > 0.0:
            v += root_c * t.P[i] / (1.0 + t.N[i])
        if v > bv:
            bv = v
            best = i
    return best


@njit
def expand(t: Tree, node: int, s: BoardState, c: int, prev1: int, prev2: int,
           prm: np.ndarray, pool: TB.TabuPool, pt: PriorTables, px: PriorScratch,
           x: Scratch, stats: np.ndarray) -> int:
    """Give ``node`` (position ``s``, ``c`` to move) its children: :data:`EXPANDED`, or
    :data:`BUSY` if another thread is expanding it, or :data:`FULL` if the pool has no
    room (then ``meta[T_RECLAIM]`` is set and the node is left as it was).

    Threads sharing the tree (tree parallelism) claim the node first (an atomic
    compare-and-swap of its :data:`CLAIMED` flag), take their nodes from the pool by
    an atomic add, and publish the children by storing ``first`` last."""
    f0 = t.flags[node]
    if f0 & CLAIMED or not compare_swap(t.flags, node, f0, f0 | CLAIMED):
        return BUSY
    suicide_ok = prm[P_SUICIDE] > 0.0
    n = 0
    if prm[P_USE_PRIORS] > 0.0:
        stats[S_PRIOR_CALLS] += 1
        n = position_priors(s, c, suicide_ok, prev1, prev2, pt, px, x.pri_pt, x.pri_p)
    else:
        size = s.meta[0]
        w = size + 2
        for r in range(size):
            for cc in range(size):
                p = (r + 1) * w + cc + 1
                if s.color[p] == EMPTY and check_move(s, p, c, suicide_ok) == OK:
                    x.pri_pt[n] = p
                    n += 1
        for m in range(n):
            x.pri_p[m] = 1.0 / max(n, 1)
    k = 0
    for m in range(n):
        p = x.pri_pt[m]
        if is_eye(s, p, c):
            continue
        x.pri_pt[k] = p
        x.pri_p[k] = x.pri_p[m]
        k += 1
    ladders = prm[P_LADDER_ESCAPE] != 1.0 or prm[P_LADDER_ATARI] != 1.0
    if ladders:
        ms = x.moggy
        ladder_priors(s, ms.lad, ms.pts, ms.libs, c, x.pri_pt, x.pri_p, k,
                      int(prm[P_LADDER_BUDGET]), prm[P_LADDER_ESCAPE], prm[P_LADDER_ATARI],
                      suicide_ok, ms.kinds)
    k += 1  # the pass
    cap = t.first.shape[0]
    used = -1
    if t.meta[T_USED] + k <= cap:
        used = fetch_add(t.meta, T_USED, k)
        if used + k > cap:
            used = -1
    if used < 0:
        fetch_add(t.meta, T_FULL, 1)
        store(t.meta, T_RECLAIM, 1)
        store(t.flags, node, f0)  # expanded again once the search has reclaimed room
        return FULL
    for m in range(k - 1):
        _init_child(t, used + m, node, x.pri_pt[m], x.pri_p[m])
        if ladders and x.moggy.kinds[m] != 0:
            t.flags[used + m] = LADDER_ESCAPE if x.moggy.kinds[m] == ESCAPE else LADDER_ATARI
    _init_child(t, used + k - 1, node, 0, prm[P_PASS_PRIOR])
    for i in range(used, used + k):
        t.PR[i] = prior_rate(t.P[i], k, prm[P_PRIOR_SHARP])
    if t.tslot[node] >= 0:
        TB.release(pool, t.tslot, node)
    t.nch[node] = k
    if t.flags[node] & PRUNED:  # no other thread writes the flags of a claimed node
        t.flags[node] = t.flags[node] & ~PRUNED
    store(t.first, node, used)
    stats[S_EXPANSIONS] += 1
    return EXPANDED


@njit_noalloc
def _await_expansion(t: Tree, node: int) -> int:
    """Wait while another thread expands ``node`` (tens of microseconds): :data:`EXPANDED`
    once its children are published, :data:`FULL` if the pool had no room for them.
    Playing out from the leaf instead would give it visits past the expansion threshold
    with no tree below it. The reads are atomic so that the compiler cannot hoist them
    out of the loop."""
    while True:
        if fetch_add(t.first, node, 0) >= 0:
            return EXPANDED
        if fetch_add(t.meta, T_RECLAIM, 0) != 0:
            return FULL
        if (fetch_add(t.flags, node, 0) & CLAIMED) == 0:  # given up: try to expand it again
            return BUSY


@njit_noalloc
def _init_child(t: Tree, i: int, parent: int, move: int, prior: float) -> None:
    t.first[i] = -1
    t.nch[i] = 0
    t.move[i] = move
    t.parent[i] = parent
    t.flags[i] = 0
    t.N[i] = 0.0
    t.W[i] = 0.0
    t.RN[i] = 0.0
    t.RW[i] = 0.0
    t.P[i] = prior
    t.PR[i] = 0.0
    t.tslot[i] = -1
    if i < t.OX.shape[0]:  # criticality counts, where the search uses them
        t.OX[i] = 0.0
        t.OXY[i] = 0.0


@njit_noalloc
def _play(s: BoardState, p: int, c: int) -> None:
    if p == 0:
        pass_move(s)
    else:
        place_checked(s, p, c)


@njit_noalloc
def _seen_before(x: Scratch, key: np.uint64) -> bool:
    """Insert ``key`` into the open-addressing set ``x.seen``; True if it was there."""
    mask = x.seen.shape[0] - 1
    i = int((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask
    for _ in range(mask + 1):
        k = x.seen[i]
        if k == key:
            return True
        if k == 0:
            x.seen[i] = key
            return False
        i = (i + 1) & mask
    return False


@njit_noalloc
def _count_repeat(x: Scratch, leaf: int, k: int, h: np.uint64, stats: np.ndarray) -> None:
    if x.seen.shape[0] == 0:
        return
    key = ((h * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(leaf + 1) * np.uint64(
        0xD6E8FEB86659FD93)) ^ (np.uint64(k + 1) * np.uint64(0xA0761D6478BD642F)))
    if key == 0:
        key = np.uint64(1)
    stats[S_CHECK1 + k] += 1
    if _seen_before(x, key):
        stats[S_REPEAT1 + k] += 1


def policy_kind(policy: int) -> np.integer:
    """The argument of :func:`run_iterations` that picks the playout kernel of a policy:
    its numba type, not its value, chooses the code (:func:`_policy_move`), so that a
    search with the light or heavy policy never compiles the moggy policy's code (about
    half of the search kernels' first compile: 254 of 499 s, measured under load), and
    each kind is cached apart."""
    return np.int16(0) if policy == MOGGY else np.int8(0)


def _moggy_then_heavy(kind: np.integer, s: BoardState, x: Scratch, c: int, last: int,
                      k: int, suicide_ok: bool, pat3: np.ndarray, policy: int,
                      moggy_moves: int, p_capture: float, p_atari: float, p_nakade: float,
                      p_pattern: float, p_reject: float, p_ccap: float, ladder_budget: int,
                      ladder_middle: bool, ladder_shape: bool, reply: int) -> int:
    """The ``MOGGY`` policy's move: its first ``moggy_moves`` moves (0: all), then
    heavy's (``reply``: :func:`moggy_move`'s)."""
    if moggy_moves == 0 or k < moggy_moves:
        return moggy_move(s, x.moggy, c, last, suicide_ok, x.rng, pat3, x.cand, p_capture,
                          p_atari, p_nakade, p_pattern, p_reject, p_ccap, ladder_budget,
                          ladder_middle, ladder_shape, reply)
    return heavy_move(s, c, last, suicide_ok, x.rng, pat3, x.cand, x.moggy.pts, p_capture,
                      p_nakade, p_pattern, p_reject, reply)


def _light_or_heavy(kind: np.integer, s: BoardState, x: Scratch, c: int, last: int,
                    k: int, suicide_ok: bool, pat3: np.ndarray, policy: int,
                    moggy_moves: int, p_capture: float, p_atari: float, p_nakade: float,
                    p_pattern: float, p_reject: float, p_ccap: float, ladder_budget: int,
                    ladder_middle: bool, ladder_shape: bool, reply: int) -> int:
    """The ``LIGHT`` or ``HEAVY`` policy's move (the code never reaches moggy's);
    ``reply``: :func:`heavy_move`'s, and the light policy's move when not 0."""
    if policy == LIGHT:
        return reply if reply > 0 else random_sensible_move(s, c, suicide_ok, x.rng)
    return heavy_move(s, c, last, suicide_ok, x.rng, pat3, x.cand, x.moggy.pts, p_capture,
                      p_nakade, p_pattern, p_reject, reply)


def _policy_move(kind: np.integer, s: BoardState, x: Scratch, c: int, last: int, k: int,
                 suicide_ok: bool, pat3: np.ndarray, policy: int, moggy_moves: int,
                 p_capture: float, p_atari: float, p_nakade: float, p_pattern: float,
                 p_reject: float, p_ccap: float, ladder_budget: int, ladder_middle: bool,
                 ladder_shape: bool, reply: int) -> int:
    """The playout policy's move for ``c`` (padded point, 0 = pass) at the ``k``-th
    move of a playout (``reply``: a last good reply to play after the captures and
    escapes, 0 for none): :func:`_moggy_then_heavy` when ``kind`` is an ``int16``
    (:func:`policy_kind`), else :func:`_light_or_heavy`. In a kernel numba compiles only
    the one that ``kind``'s type names (:func:`_ov_policy_move`); this body makes the same
    choice in plain Python (``NUMBA_DISABLE_JIT=1``)."""
    choose = _moggy_then_heavy if isinstance(kind, np.int16) else _light_or_heavy
    return choose(kind, s, x, c, last, k, suicide_ok, pat3, policy, moggy_moves, p_capture,
                  p_atari, p_nakade, p_pattern, p_reject, p_ccap, ladder_budget,
                  ladder_middle, ladder_shape, reply)


@overload(_policy_move, inline="always")
def _ov_policy_move(kind: np.integer, s: BoardState, x: Scratch, c: int, last: int, k: int,
                    suicide_ok: bool, pat3: np.ndarray, policy: int, moggy_moves: int,
                    p_capture: float, p_atari: float, p_nakade: float, p_pattern: float,
                    p_reject: float, p_ccap: float, ladder_budget: int, ladder_middle: bool,
                    ladder_shape: bool, reply: int) -> Any:
    # Called with numba types; numba wants the implementation's signature, annotations
    # included, to be this one's.
    return _moggy_then_heavy if kind == types.int16 else _light_or_heavy


@njit_inline
def _sensible_reply(s: BoardState, r: int, c: int, suicide_ok: bool) -> bool:
    """Whether a stored reply ``r`` may be played by ``c`` now: legal, not filling an
    own eye, not a self-atari."""
    return _legal(s, r, c, suicide_ok) and not is_eye(s, r, c) and not _self_atari(s, r, c)


@njit_inline
def lgr_reply(s: BoardState, reply1: np.ndarray, reply2: np.ndarray, c: int, last: int,
              last2: int, lgrf: int, suicide_ok: bool) -> int:
    """The last good reply of ``c`` to the moves ``last2``, ``last`` (Drake's LGRF-2,
    with ``lgrf`` 2) or to ``last`` alone (LGRF-1, and LGRF-2's fallback), when it is
    sensible (:func:`_sensible_reply`); 0 if none (Baier and Drake, "The Power of
    Forgetting", IEEE TCIAIG 2(4), 2010)."""
    if lgrf >= 2 and last2 > 0:
        r = reply2[c - 1, last2 * s.color.shape[0] + last]
        if r > 0 and _sensible_reply(s, r, c, suicide_ok):
            return r
    r = reply1[c - 1, last]
    if r > 0 and _sensible_reply(s, r, c, suicide_ok):
        return r
    return 0


@njit_noalloc
def lgr_update(reply1: np.ndarray, reply2: np.ndarray, seq: np.ndarray, nseq: int,
               root_color: int, prev1: int, prev2: int, z: float, lgrf: int) -> None:
    """Learn from a finished playout (``seq[:nseq]`` from the root, ``root_color``
    first; ``prev1``, ``prev2`` the moves before the root; ``z`` 1 when Black won, 0
    when White did, 0.5 for a draw, which teaches nothing): each move of the winner
    becomes its reply to the move before it (and to the two before it, with ``lgrf``
    2); a move of the loser stored as such a reply is forgotten. Passes are neither
    replies nor answered."""
    if z == 0.5:
        return
    winner = BLACK if z > 0.5 else 3 - BLACK
    a = reply1.shape[1]
    p2 = prev2
    p1 = prev1
    for i in range(nseq):
        m = seq[i]
        mover = root_color if i % 2 == 0 else 3 - root_color
        if m > 0 and p1 > 0:
            k = mover - 1
            j = p2 * a + p1
            if mover == winner:
                reply1[k, p1] = m
                if lgrf >= 2 and p2 > 0:
                    reply2[k, j] = m
            else:
                if reply1[k, p1] == m:
                    reply1[k, p1] = 0
                if lgrf >= 2 and p2 > 0 and reply2[k, j] == m:
                    reply2[k, j] = 0
        p2 = p1
        p1 = m


@njit_noalloc
def _playout(t: Tree, leaf: int, c: int, last: int, last2: int, prm: np.ndarray,
             pool: TB.TabuPool, pat3: np.ndarray, x: Scratch, nseq: int, stats: np.ndarray,
             kind: np.integer) -> int:
    """Play out ``x.work`` (the leaf position, ``c`` to move, ``last`` and ``last2`` the
    moves before it) to the end, moves appended to ``x.seq`` from ``nseq``; returns the
    new length of ``x.seq``. ``kind`` is :func:`policy_kind` of the policy. With
    ``P_LGRF`` the last good reply to the moves before each move (:func:`lgr_reply`),
    when there is one and it is sensible, is played before the policy's steps
    (``P_LGRF_FIRST``) or when its captures and escapes play nothing."""
    s = x.work
    suicide_ok = prm[P_SUICIDE] > 0.0
    policy = int(prm[P_POLICY])
    tabu_l = int(prm[P_TABU_L])
    max_moves = int(prm[P_MAX_MOVES])
    by_position = prm[P_TABU_KEY] > 0.0
    p_capture = prm[P_CAPTURE]
    p_pattern = prm[P_PATTERN]
    p_reject = prm[P_REJECT]
    p_atari = prm[P_ATARI]
    p_nakade = prm[P_NAKADE]
    p_ccap = prm[P_CCAP]
    ladder_budget = int(prm[P_LADDER_BUDGET])
    moggy_moves = int(prm[P_MOGGY_MOVES])
    ladder_middle = prm[P_LADDER_MIDDLE] > 0.0
    ladder_shape = prm[P_LADDER_SHAPE] > 0.0
    lgrf = int(prm[P_LGRF])
    lgrf_first = prm[P_LGRF_FIRST] > 0.0
    sl = -1
    if tabu_l > 0:
        sl = TB.acquire(pool, t.tslot, leaf)
        restore_state(x.leaf, s)
    tries = 0
    while True:
        tries += 1
        stats[S_TRIES] += 1
        if sl >= 0:
            pool.trials[sl] += 1
        n = nseq
        cc = c
        lastp = last
        last2p = last2
        passes = 0
        restart = False
        h0 = np.uint64(0)
        h1 = np.uint64(0)
        reached2 = False
        for k in range(max_moves):
            r = 0
            if lgrf > 0 and lastp > 0:
                r = lgr_reply(s, x.reply1, x.reply2, cc, lastp, last2p, lgrf, suicide_ok)
            if r > 0 and lgrf_first:
                p = r
            else:
                p = _policy_move(kind, s, x, cc, lastp, k, suicide_ok, pat3, policy,
                                 moggy_moves, p_capture, p_atari, p_nakade, p_pattern,
                                 p_reject, p_ccap, ladder_budget, ladder_middle, ladder_shape,
                                 r)
            if p == 0:
                pass_move(s)
            else:
                place_checked(s, p, cc)
            if k < 2:
                h = s.hashv[0] if by_position else np.uint64(p + 1)
                if sl >= 0 and tries < prm[P_TABU_MAX_TRIES]:
                    tenure = int(prm[P_TABU_TENURE])
                    TB.expire(pool, sl, k, tenure)
                    if TB.contains(pool, sl, k, h):
                        TB.shift(pool, sl, k)
                        restart = True
                        break
                    TB.push(pool, sl, k, h, tabu_l, tenure)
                if k == 0:
                    h0 = h
                else:
                    h1 = h
                    reached2 = True
            x.seq[n] = p if p > 0 else 0
            n += 1
            if p == 0:
                passes += 1
                if passes >= 2:
                    break
            else:
                passes = 0
            last2p = lastp
            lastp = p
            cc = 3 - cc
        if not restart:  # repeats are counted over the playouts that ran
            stats[S_MOVES] += n - nseq
            _count_repeat(x, leaf, 0, h0, stats)
            if reached2:
                _count_repeat(x, leaf, 1, h1, stats)
            return n
        stats[S_RESTARTS] += 1
        restore_state(s, x.leaf)


@njit_noalloc
def _score(s: BoardState, komi: float, x: Scratch) -> float:
    """1.0 if Black wins the finished position ``s`` by area, 0.5 for a draw (an
    integer komi), else 0.0; the final owners are added to ``x.own``."""
    size = s.meta[0]
    area_owner_into(s.color, size, x.owner, x.stack, x.members)
    d = 0
    for i in range(x.owner.shape[0]):
        o = x.owner[i]
        if o == BLACK:
            d += 1
            x.own[i] += 1.0
        elif o == 2:
            d -= 1
            x.own[i] -= 1.0
    lead = d - komi
    return 1.0 if lead > 0 else (0.5 if lead == 0 else 0.0)


@njit_noalloc
def _backup(t: Tree, depth: int, root_color: int, z: float, x: Scratch, nseq: int,
            amaf: bool, vloss: float, dist_rave: int, crit: bool) -> None:
    """Visits and wins along ``x.path[:depth + 1]``, then AMAF for their children.

    The mover into ``path[j]`` (j >= 1) is ``root_color`` for odd ``j``; ``seq[j - 1]``
    is that node's move; ``seq[depth:nseq]`` are the playout moves (0 = pass). The
    virtual loss ``vloss`` added to the visits of ``path[1:]`` on the way down becomes
    one real visit. With ``dist_rave`` > 0 an AMAF result weighs ``1 + dist_rave *
    (nseq - first) // (nseq - j + 1)`` (``first``: where the move was first played,
    ``j``: the node's depth), as Pachi's ``distance_rave``. With ``crit`` each node of
    the path whose move's point its mover owns at the end (``x.owner``, set by
    :func:`_score`) counts the visit in ``OX`` and its result in ``OXY``. Threads share
    the tree exactly when ``vloss`` > 0; then visits and wins are added atomically, so
    that no iteration is lost to two threads updating a node at once (the AMAF and
    criticality counts stay plain: a lost one is noise in an estimate)."""
    for j in range(depth + 1):
        node = x.path[j]
        mover = root_color if j % 2 == 1 else 3 - root_color
        r = z if mover == BLACK else 1.0 - z
        visit = 1.0 - vloss if j > 0 else 1.0
        if vloss > 0.0:
            add_float(t.N, node, visit)
            add_float(t.W, node, r)
        else:
            t.N[node] += visit
            t.W[node] += r
        if crit and j > 0:
            m = t.move[node]
            if m > 0 and x.owner[m] == mover:
                t.OX[node] += 1.0
                t.OXY[node] += r
    if not amaf:
        return
    fc = x.first_col
    fa = x.first_at
    for i in range(nseq - 1, depth - 1, -1):
        p = x.seq[i]
        if p > 0:
            fc[p] = root_color if i % 2 == 0 else 3 - root_color
            fa[p] = i
    for j in range(depth, -1, -1):
        if j < depth:
            p = x.seq[j]
            if p > 0:
                fc[p] = root_color if j % 2 == 0 else 3 - root_color
                fa[p] = j
        node = x.path[j]
        f = t.first[node]
        if f < 0:
            continue
        col = root_color if j % 2 == 0 else 3 - root_color
        r = z if col == BLACK else 1.0 - z
        span = nseq - j + 1
        for i in range(f, f + t.nch[node]):
            m = t.move[i]
            if m > 0 and fc[m] == col:
                wgt = 1.0
                if dist_rave > 0:  # Pachi's distance_rave: earlier moves weigh more
                    wgt += float((dist_rave * (nseq - fa[m])) // span)
                t.RN[i] += wgt
                t.RW[i] += r * wgt
    for i in range(nseq):
        p = x.seq[i]
        if p > 0:
            fc[p] = 0


@njit_noalloc
def run_iterations(t: Tree, root: BoardState, root_color: int, prev1: int, prev2: int,
                   root_passes: int, n_iter: int, prm: np.ndarray, pool: TB.TabuPool,
                   pt: PriorTables, px: PriorScratch, pat3: np.ndarray, x: Scratch,
                   stats: np.ndarray, kind: np.integer) -> int:
    """Run ``n_iter`` iterations (see the module docstring) on tree ``t`` whose root
    is the position ``root`` with ``root_color`` to move; ``prev1``/``prev2`` are the
    last two moves before the root (padded points, 0 = none or pass) and
    ``root_passes`` the passes that ended the game so far (0, or 1 after a pass);
    ``kind`` is :func:`policy_kind` of the policy (``prm[P_POLICY]``).

    Returns the iterations run: fewer than ``n_iter`` when the pool is full
    (``meta[T_RECLAIM]`` set, by this thread or another sharing the tree). The
    iteration that met the full pool is given up (its virtual loss taken back), so no
    leaf past the expansion threshold is played out for want of room: the caller
    reclaims (:func:`igo.search._tree_kernels.compact`) and goes on.

    Compiled without numba's reference counting (:func:`igo._jit.njit_noalloc`): it
    allocates nothing itself (:func:`expand`, which does, keeps its own counts), and
    with the counting every iteration increfs and decrefs the arrays of the tree, the
    board and the scratch it touches: 8.8 % of a heavy search's CPU time in
    ``NRT_incref``/``NRT_decref`` (perf, 9x9), 0.9 % without; the same visits at
    fixed playouts."""
    s = x.work
    komi = prm[P_KOMI]
    amaf = prm[P_RAVE_EQUIV] > 0.0
    expand_at = prm[P_EXPAND]
    vloss = prm[P_VLOSS]
    lgrf = int(prm[P_LGRF])
    crit = prm[P_CRIT] > 0.0
    for it in range(n_iter):
        if fetch_add(t.meta, T_RECLAIM, 0) != 0:  # an atomic read: another thread's flag
            return it
        restore_state(s, root)
        node = 0
        depth = 0
        x.path[0] = 0
        c = root_color
        last = prev1
        last2 = prev2
        passes = root_passes
        terminal = False
        full = False
        while True:
            if t.first[node] < 0:
                if t.N[node] < expand_at:
                    break
                if depth >= x.path.shape[0] - 2:
                    stats[S_OVERDUE] += 1
                    break
                code = expand(t, node, s, c, last, last2, prm, pool, pt, px, x, stats)
                if code == BUSY:
                    code = _await_expansion(t, node)
                if code == FULL:
                    full = True
                    break
            child = select_child(t, node, prm)
            if child < 0:
                break
            if vloss > 0.0:
                add_float(t.N, child, vloss)  # a loss for now: other threads look elsewhere
            m = t.move[child]
            _play(s, m, c)
            depth += 1
            x.path[depth] = child
            x.seq[depth - 1] = m
            node = child
            last2 = last
            last = m
            c = 3 - c
            if m == 0:
                passes += 1
                if passes >= 2:
                    terminal = True
                    break
            else:
                passes = 0
        if full:
            for j in range(1, depth + 1):
                add_float(t.N, x.path[j], -vloss)
            stats[S_ABANDONED] += 1
            return it
        nseq = depth
        if terminal:
            stats[S_TERMINAL] += 1
        else:
            nseq = _playout(t, node, c, last, last2, prm, pool, pat3, x, depth, stats, kind)
            stats[S_PLAYOUTS] += 1
        z = _score(s, komi, x)
        if lgrf > 0:
            lgr_update(x.reply1, x.reply2, x.seq, nseq, root_color, prev1, prev2, z, lgrf)
        _backup(t, depth, root_color, z, x, nseq, amaf, vloss, int(prm[P_DIST_RAVE]),
                crit)
        stats[S_ITER] += 1
    return n_iter
