"""Kernels that put a policy network's priors into the search tree (issue 37).

The net runs beside the search (:mod:`igo.search.netprior`); these kernels find the
nodes that should have its priors and write them, while search threads run: a float
written here is read whole by a selecting thread (8-byte stores are atomic on the
machines igo runs on), and a selection that reads the old prior a moment longer is
still a valid selection.
"""

from __future__ import annotations

import numpy as np

from igo._atomics import add_float
from igo._jit import njit_noalloc
from igo.search._kernels import prior_rate
from igo.search.tree import LADDER_ATARI, LADDER_ESCAPE, NET_PRIOR, NET_VALUE, Tree


@njit_noalloc
def wanting_nodes(t: Tree, min_visits: float, out: np.ndarray, stack: np.ndarray) -> int:
    """Expanded nodes without the net's prior that the search visits most: the root,
    and every node reached from it through nodes of at least ``min_visits`` visits
    whose own visits reach ``min_visits``. Writes at most ``len(out)`` of them, the
    most visited levels first (a breadth-first walk); returns their number."""
    n = 0
    if t.first[0] < 0:
        return 0
    head = 0
    tail = 0
    stack[tail] = 0
    tail += 1
    while head < tail and n < out.shape[0]:
        node = stack[head]
        head += 1
        if (t.flags[node] & NET_PRIOR) == 0:
            out[n] = node
            n += 1
        f = t.first[node]
        if f < 0:
            continue
        for i in range(f, f + t.nch[node]):
            if t.N[i] >= min_visits and t.first[i] >= 0 and tail < stack.shape[0]:
                stack[tail] = i
                tail += 1
    return n


@njit_noalloc
def path_moves(t: Tree, node: int, out: np.ndarray) -> int:
    """The moves (padded points, 0 a pass) from the root to ``node``, into ``out``
    from the root on; returns their number (-1 if longer than ``out``)."""
    k = 0
    v = node
    while v != 0:
        if k >= out.shape[0]:
            return -1
        out[k] = t.move[v]
        k += 1
        v = t.parent[v]
    for i in range(k // 2):
        a = out[i]
        out[i] = out[k - 1 - i]
        out[k - 1 - i] = a
    return k


@njit_noalloc
def set_priors(t: Tree, node: int, probs: np.ndarray, size: int, mix: float,
               sharpness: float, escape_factor: float = 1.0,
               atari_factor: float = 1.0) -> int:
    """Give the children of ``node`` the net's priors: ``probs`` is the net's output
    (row-major points, then pass), renormalised over the children, then scaled by
    ``escape_factor`` or ``atari_factor`` for the children marked
    :data:`LADDER_ESCAPE` or :data:`LADDER_ATARI` (as the move model's were at
    expansion); ``mix`` is the share of the net in the new prior (the rest is the prior
    the node had). Marks the node :data:`NET_PRIOR`; returns the number of children (0
    if it has none yet)."""
    f = t.first[node]
    if f < 0:
        return 0
    k = t.nch[node]
    w = size + 2
    z = 0.0
    for i in range(f, f + k):
        m = t.move[i]
        z += probs[size * size] if m == 0 else probs[(m // w - 1) * size + m % w - 1]
    if z <= 0.0:
        z = 1.0
    for i in range(f, f + k):
        m = t.move[i]
        p = probs[size * size] if m == 0 else probs[(m // w - 1) * size + m % w - 1]
        p /= z
        if t.flags[i] & LADDER_ESCAPE:
            p *= escape_factor
        elif t.flags[i] & LADDER_ATARI:
            p *= atari_factor
        t.P[i] = mix * p + (1.0 - mix) * t.P[i]
        t.PR[i] = prior_rate(t.P[i], k, sharpness)
    t.flags[node] = t.flags[node] | NET_PRIOR
    return k


@njit_noalloc
def add_value(t: Tree, node: int, win: float, weight: float) -> bool:
    """Add the net's value of ``node``'s position to the search's statistics as
    ``weight`` visits (AlphaGo's mixing of the value network with the playouts, in
    the form of visits): ``win`` is the probability that the player who played
    ``node``'s move wins; the node and each of its ancestors up to the root gain
    ``weight`` visits and ``weight`` times the win of the player who played their
    move. Once a node: it is marked :data:`NET_VALUE`, and a node so marked (a reclaim
    keeps the mark) is left as it is; returns whether the value was added. Other
    search threads update the same nodes meanwhile: the visits and wins are added
    atomically, as threads sharing a tree add theirs; a single search thread adds its
    own plainly, so a visit lost to a race with it is lost to the statistics, not a
    fault."""
    if t.flags[node] & NET_VALUE:
        return False
    t.flags[node] = t.flags[node] | NET_VALUE
    v = node
    x = win
    while True:
        add_float(t.N, v, weight)
        add_float(t.W, v, weight * x)
        if v == 0:
            return True
        v = t.parent[v]
        x = 1.0 - x
