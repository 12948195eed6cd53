"""Kernels on the node pool of :mod:`igo.search.tree` that are not part of an iteration."""

from __future__ import annotations

import numpy as np

from igo._jit import njit
from igo.search.tree import BANNED, CLAIMED, T_FULL, T_ROOT, T_USED, Tree


@njit
def copy_subtree(src: Tree, root: int, dst: Tree) -> int:
    """Copy the subtree of ``src`` under node ``root`` into ``dst`` (node 0 becomes the
    root); returns the number of nodes copied. Children stay contiguous (breadth
    first); a subtree larger than ``dst`` is cut at the last whole family that fits.
    Tabu slots are not copied (leaves start new lists)."""
    cap = dst.first.shape[0]
    queue_src = np.empty(cap, np.int64)
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
        if f < 0 or used + k > cap:
            dst.first[d] = -1
            dst.nch[d] = 0
            continue
        dst.first[d] = used
        dst.nch[d] = k
        dst.flags[d] |= CLAIMED
        for i in range(k):
            _copy_node(src, f + i, dst, used + i, d)
            queue_src[used + i] = f + i
        used += k
    dst.meta[T_USED] = used
    dst.meta[T_ROOT] = 0
    dst.meta[T_FULL] = 0
    dst.parent[0] = -1
    return used


@njit
def _copy_node(src: Tree, s: int, dst: Tree, d: int, parent: int) -> None:
    dst.move[d] = src.move[s]
    dst.parent[d] = parent
    dst.flags[d] = src.flags[s] & BANNED  # CLAIMED again only if its children fit
    dst.N[d] = src.N[s]
    dst.W[d] = src.W[s]
    dst.RN[d] = src.RN[s]
    dst.RW[d] = src.RW[s]
    dst.P[d] = src.P[s]
    dst.PR[d] = src.PR[s]
    dst.tslot[d] = -1
    dst.first[d] = -1
    dst.nch[d] = 0
