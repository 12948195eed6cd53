"""Kernels on the node pool of :mod:`igo.search.tree` that are not part of an iteration:
the copy of the part of a tree worth keeping into another pool (between moves, and when
the pool is full during a search)."""

from __future__ import annotations

import numpy as np

from igo._jit import njit, njit_inline
from igo.search.tree import (
    BANNED,
    CLAIMED,
    LADDER_ATARI,
    LADDER_ESCAPE,
    NET_PRIOR,
    NET_VALUE,
    PRUNED,
    T_FULL,
    T_RECLAIM,
    T_ROOT,
    T_USED,
    Tree,
)

LADDERS = LADDER_ESCAPE | LADDER_ATARI


@njit
def expanded_nodes(t: Tree, root: int) -> np.ndarray:
    """The expanded nodes of the subtree of ``t`` under ``root``, breadth first."""
    n_max = max(min(int(t.meta[T_USED]), t.first.shape[0]), 1)
    fam = np.empty(n_max, np.int32)
    nf = 0
    if t.first[root] >= 0:
        fam[0] = root
        nf = 1
    head = 0
    while head < nf:
        s = fam[head]
        head += 1
        f = t.first[s]
        for i in range(f, f + t.nch[s]):
            if t.first[i] >= 0:
                fam[nf] = i
                nf += 1
    return fam[:nf]


@njit
def principal_line(t: Tree, root: int) -> np.ndarray:
    """The expanded nodes of the principal variation from ``root``: the root, then its
    most visited child (ties: most wins), and so on while the node is expanded."""
    out = np.empty(256, np.int32)
    n = 0
    node = root
    while t.first[node] >= 0 and n < out.shape[0]:
        out[n] = node
        n += 1
        f = t.first[node]
        best = f
        for i in range(f + 1, f + t.nch[node]):
            if t.N[i] > t.N[best] or (t.N[i] == t.N[best] and t.W[i] > t.W[best]):
                best = i
        if t.N[best] <= 0.0:
            break
        node = best
    return out[:n]


@njit_inline
def _on_line(line: np.ndarray, node: int) -> bool:
    for j in range(line.shape[0]):
        if line[j] == node:
            return True
    return False


@njit
def keep_threshold(t: Tree, fam: np.ndarray, line: np.ndarray, keep: int) -> float:
    """The visit count ``tau`` such that the root, the families of the nodes of
    ``line`` (kept first) and those of the expanded nodes ``fam`` with more than ``tau``
    visits fit in ``keep`` nodes (the most visited first; -1 when all of them fit). A
    child never has more visits than its parent, so the kept families always hang from
    kept nodes."""
    total = 1
    for j in range(fam.shape[0]):
        total += t.nch[fam[j]]
    if total <= keep:
        return -1.0
    acc = 1
    for j in range(line.shape[0]):
        acc += t.nch[line[j]]
    vis = np.empty(fam.shape[0])
    for j in range(fam.shape[0]):
        vis[j] = t.N[fam[j]]
    order = np.argsort(-vis, kind="mergesort")
    for j in order:
        if _on_line(line, fam[j]):
            continue
        k = t.nch[fam[j]]
        if acc + k > keep:
            return vis[j]
        acc += k
    return -1.0


@njit
def compact(src: Tree, root: int, dst: Tree, keep: int) -> int:
    """Copy the part of the subtree of ``src`` under node ``root`` worth keeping into
    ``dst`` (node 0 becomes the root): the families (all children of a node) along the
    principal variation, then those of its most visited expanded nodes, at most ``keep``
    nodes in all (and no more than ``dst`` holds). A reclaim never shortens the
    principal variation (when ``keep`` holds it). A node whose family is dropped is kept
    as a leaf flagged :data:`PRUNED`, with its statistics; the search expands it again
    at its next visit. Children stay contiguous (breadth first). Tabu slots are not
    copied (leaves start new lists). Returns the number of nodes copied."""
    cap = dst.first.shape[0]
    keep = min(keep, cap)
    line = principal_line(src, root)
    tau = keep_threshold(src, expanded_nodes(src, root), line, keep)
    queue_src = np.empty(keep, np.int32)
    _copy_node(src, root, dst, 0, -1)
    queue_src[0] = root
    head = 0
    used = 1
    while head < used:
        s = queue_src[head]
        d = head
        head += 1
        f = src.first[s]
        k = src.nch[s]
        if f < 0:
            continue
        if (src.N[s] <= tau and not _on_line(line, s)) or used + k > keep:
            dst.flags[d] = (dst.flags[d] & ~NET_PRIOR) | PRUNED  # its children go
            continue
        dst.first[d] = used
        dst.nch[d] = k
        dst.flags[d] = (dst.flags[d] & (BANNED | NET_PRIOR | NET_VALUE | LADDERS)) | CLAIMED
        for i in range(k):
            _copy_node(src, f + i, dst, used + i, d)
            queue_src[used + i] = f + i
        used += k
    dst.meta[T_USED] = used
    dst.meta[T_ROOT] = 0
    dst.meta[T_FULL] = 0
    dst.meta[T_RECLAIM] = 0
    dst.parent[0] = -1
    return used


@njit
def touch(t: Tree, start: int, end: int) -> None:
    """Write one element on every page of nodes ``start .. end - 1`` of every array of
    ``t`` (a spare pool: its content does not matter), so that the system commits those
    pages now, in small steps during a search, and not all at once inside a reclaim."""
    end = min(end, t.first.shape[0])
    for i in range(start, end, 512):  # 512 float64 = one 4 KB page
        t.N[i] = 0.0
        t.W[i] = 0.0
        t.RN[i] = 0.0
        t.RW[i] = 0.0
        t.P[i] = 0.0
        t.PR[i] = 0.0
        if i < t.OX.shape[0]:  # criticality counts, where the search uses them
            t.OX[i] = 0.0
            t.OXY[i] = 0.0
        if (i - start) % 1024 < 512:  # int32: a page every 1024 nodes
            t.first[i] = -1
            t.nch[i] = 0
            t.move[i] = 0
            t.parent[i] = -1
            t.tslot[i] = -1
        if (i - start) % 4096 < 512:  # int8: a page every 4096 nodes
            t.flags[i] = 0


@njit
def copy_subtree(src: Tree, root: int, dst: Tree) -> int:
    """:func:`compact` keeping as much as ``dst`` holds."""
    return compact(src, root, dst, dst.first.shape[0])


@njit_inline
def _copy_node(src: Tree, s: int, dst: Tree, d: int, parent: int) -> None:
    dst.move[d] = src.move[s]
    dst.parent[d] = parent
    # CLAIMED again only if its children are copied; PRUNED stays until re-expansion;
    # NET_PRIOR goes with the children's priors; NET_VALUE stays with the statistics
    dst.flags[d] = src.flags[s] & (BANNED | PRUNED | NET_PRIOR | NET_VALUE | LADDERS)
    dst.N[d] = src.N[s]
    dst.W[d] = src.W[s]
    dst.RN[d] = src.RN[s]
    dst.RW[d] = src.RW[s]
    dst.P[d] = src.P[s]
    dst.PR[d] = src.PR[s]
    if d < dst.OX.shape[0] and s < src.OX.shape[0]:
        dst.OX[d] = src.OX[s]
        dst.OXY[d] = src.OXY[s]
    dst.tslot[d] = -1
    dst.first[d] = -1
    dst.nch[d] = 0
