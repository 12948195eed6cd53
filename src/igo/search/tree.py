"""The search tree: a pool of nodes, children contiguous (as Pachi's ``uct/tree.c``),
statistics on the child (the edge into it).

Node ``n`` is the position after its ``move`` (padded point, 0 = pass), played by the
colour that was to move at its parent. Its children are the nodes
``first[n] .. first[n] + nch[n] - 1`` (``first[n] = -1`` before expansion). ``N``/``W``
are the visits and wins *for the player who played* ``move``; ``RN``/``RW`` the same
for AMAF (RAVE); ``P`` is the move model's prior probability of the move and ``PR``
the pseudo win rate it stands for (computed once, at expansion); ``OX`` counts the
visits whose playout ended with ``move``'s point owned by the player who played it and
``OXY`` the same visits weighted by that player's result, from which the search reads
the point's *criticality* (how owning it goes with winning, Pachi's ``crit_rave``; the
two are allocated only for a search that uses it, else they hold one element);
``flags`` holds :data:`BANNED` for root moves that positional superko forbids,
:data:`CLAIMED` once a thread has begun expanding the node (it stays set after the
expansion; threads that share a tree skip a claimed leaf instead of expanding it twice)
and :data:`PRUNED` on a node whose children a reclaim dropped (it is expanded again at
its next visit); :data:`LADDER_ESCAPE` and :data:`LADDER_ATARI` mark moves whose prior the
ladder reading scaled at expansion, so that the policy net's priors are scaled alike;
:data:`NET_VALUE` marks a node whose value-head judgement its visits (and its ancestors')
hold, which a reclaim keeps, so that a node pruned and expanded again is not judged twice.

The pool is bounded by memory, not grown: its arrays are allocated once, as anonymous
memory maps (:func:`pool_array`), so the operating system commits their pages only as
nodes are written, and a short search stays small; large pools ask for transparent
huge pages (``madvise``), which cut the page faults and the TLB misses of a tree of
gigabytes. When an expansion finds the pool full, it
sets ``meta[T_RECLAIM]`` and the search stops its threads and *reclaims*
(:func:`igo.search._tree_kernels.compact`, Pachi's garbage collection of its tree):
the families of the most visited nodes are copied into the spare pool, the rest
dropped, and the search goes on expanding.
"""

from __future__ import annotations

import contextlib
import mmap
from typing import NamedTuple

import numpy as np

BANNED = 1
CLAIMED = 2
PRUNED = 4
NET_PRIOR = 8  # the children's priors are the policy net's (igo.search.netprior)
LADDER_ESCAPE = 16  # the move escapes from a working ladder (igo.search._tactic_prior_kernels)
LADDER_ATARI = 32  # the move starts a working ladder
NET_VALUE = 64  # the value head's judgement of the node is in its statistics (netprior)

# meta indices
T_USED = 0  # nodes in use
T_ROOT = 1  # root node index (always 0 after a copy)
T_FULL = 2  # expansions refused because the pool was full
T_RECLAIM = 3  # set when an expansion found the pool full: the search must reclaim
T_META = 4


class Tree(NamedTuple):
    """Arrays of the node pool (see the module docstring)."""

    first: np.ndarray  # int32
    nch: np.ndarray  # int32
    move: np.ndarray  # int32
    parent: np.ndarray  # int32
    flags: np.ndarray  # int8
    N: np.ndarray  # float64
    W: np.ndarray  # float64
    RN: np.ndarray  # float64
    RW: np.ndarray  # float64
    P: np.ndarray  # float64
    PR: np.ndarray  # float64: the prior's pseudo win rate (set at expansion)
    tslot: np.ndarray  # int32, tabu slot of a leaf (-1 none)
    OX: np.ndarray  # float64: visits ending with the move's point owned by its player
    OXY: np.ndarray  # float64: the same, weighted by that player's result
    meta: np.ndarray  # int64[T_META]


_DTYPES = (np.int32, np.int32, np.int32, np.int32, np.int8, np.float64, np.float64,
           np.float64, np.float64, np.float64, np.float64, np.int32)
#: Bytes of one node (69), without the criticality counts.
NODE_BYTES = sum(np.dtype(d).itemsize for d in _DTYPES)
#: Bytes a node's criticality counts add (``OX``, ``OXY``) where a search uses them.
CRIT_BYTES = 16


#: Arrays of at least this many bytes are memory maps advised to use huge pages.
HUGE_PAGES_FROM = 4 << 20


def pool_array(n: int, dtype: type) -> np.ndarray:
    """An uninitialised array of ``n`` elements whose pages are committed only when
    written: an anonymous memory map, with transparent huge pages asked for when it is
    large (where the system offers them), else ``numpy.empty``."""
    nbytes = n * np.dtype(dtype).itemsize
    if nbytes < HUGE_PAGES_FROM:
        return np.empty(n, dtype)
    mm = mmap.mmap(-1, nbytes)
    advice = getattr(mmap, "MADV_HUGEPAGE", None)
    if advice is not None:
        with contextlib.suppress(OSError):  # no transparent huge pages: normal pages
            mm.madvise(advice)
    return np.frombuffer(mm, dtype=dtype, count=n)


def new_tree(capacity: int, crit: bool = False) -> Tree:
    """An empty tree with room for ``capacity`` nodes, holding only the root. No page
    of the pool is committed before a node on it is written."""
    if capacity < 2:
        raise ValueError(f"tree capacity must be at least 2, got {capacity}")
    a = [pool_array(capacity, d) for d in _DTYPES]
    crit_n = capacity if crit else 1
    t = Tree(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
             pool_array(crit_n, np.float64), pool_array(crit_n, np.float64),
             np.zeros(T_META, np.int64))
    reset_tree(t)
    return t


def reset_tree(t: Tree) -> None:
    """Make ``t`` hold only a fresh root again."""
    t.first[0] = -1
    t.nch[0] = 0
    t.move[0] = 0
    t.parent[0] = -1
    t.flags[0] = 0
    t.N[0] = t.W[0] = t.RN[0] = t.RW[0] = t.P[0] = t.PR[0] = 0.0
    t.tslot[0] = -1
    t.OX[0] = t.OXY[0] = 0.0
    t.meta[:] = 0
    t.meta[T_USED] = 1


def capacity(t: Tree) -> int:
    """Nodes the pool of ``t`` can hold."""
    return int(t.first.shape[0])


def children(t: Tree, n: int) -> range:
    """Indices of the children of node ``n`` (empty before expansion)."""
    f = int(t.first[n])
    return range(f, f + int(t.nch[n])) if f >= 0 else range(0)
