"""Tabu lists of Ohta & Itoh (section 3.1), kept per leaf in one preallocated pool.

Each leaf that runs playouts owns a *slot*: two FIFO queues of at most ``L`` position
hashes, one for the position after the first playout move (queue 0) and one for the
position after the second (queue 1), each entry stamped with the leaf's trial count
when it was added. A position already in its queue is *tabu*: the move is discarded,
that queue shifts by one (its oldest entry leaves, paper Fig. 3) and the playout
restarts from its first move. Entries older than the tenure (in trials of the leaf)
are dropped before a position is looked up (:func:`expire`) and before one is added, so a
stale entry never makes a move tabu (queue 1 is only visited by the tries that get past
the first move, so its entries can age many trials between visits). Lists are never
shared between nodes.

The pool has a fixed number of slots handed out in turn; when it wraps around, the
leaf that owned a reused slot loses its lists (a leaf that old has long since been
expanded or abandoned; the counter ``TB_STOLEN`` says how often it happened).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit_noalloc

TB_NEXT = 0  # next slot to hand out
TB_STOLEN = 1  # slots taken from a leaf that still owned them
TB_META = 2


class TabuPool(NamedTuple):
    """Arrays of the tabu pool (``S`` slots, queues of capacity ``L``)."""

    hashes: np.ndarray  # uint64[S, 2, L]
    stamp: np.ndarray  # int64[S, 2, L]
    start: np.ndarray  # int64[S, 2]: index of the oldest entry
    filled: np.ndarray  # int64[S, 2]: entries in the queue
    trials: np.ndarray  # int64[S]: playout trials of the owning leaf
    owner: np.ndarray  # int64[S]: node owning the slot (-1 none)
    meta: np.ndarray  # int64[TB_META]


def new_pool(slots: int, length: int) -> TabuPool:
    """A pool of ``slots`` slots with queues of ``length`` (at least 1 each)."""
    s = max(slots, 1)
    n = max(length, 1)
    return TabuPool(np.zeros((s, 2, n), np.uint64), np.zeros((s, 2, n), np.int64),
                    np.zeros((s, 2), np.int64), np.zeros((s, 2), np.int64),
                    np.zeros(s, np.int64), np.full(s, -1, np.int64),
                    np.zeros(TB_META, np.int64))


def reset_pool(pool: TabuPool) -> None:
    """Empty every slot (the tree was replaced)."""
    pool.filled[:] = 0
    pool.start[:] = 0
    pool.trials[:] = 0
    pool.owner[:] = -1
    pool.meta[:] = 0


@njit_noalloc
def acquire(pool: TabuPool, tslot: np.ndarray, node: int) -> int:
    """The slot of leaf ``node``, handing it a fresh one if it has none."""
    sl = tslot[node]
    if sl >= 0 and pool.owner[sl] == node:
        return sl
    sl = pool.meta[TB_NEXT]
    pool.meta[TB_NEXT] = (sl + 1) % pool.owner.shape[0]
    old = pool.owner[sl]
    if old >= 0:
        pool.meta[TB_STOLEN] += 1
        if tslot[old] == sl:
            tslot[old] = -1
    pool.owner[sl] = node
    pool.filled[sl, 0] = 0
    pool.filled[sl, 1] = 0
    pool.start[sl, 0] = 0
    pool.start[sl, 1] = 0
    pool.trials[sl] = 0
    tslot[node] = sl
    return sl


@njit_noalloc
def release(pool: TabuPool, tslot: np.ndarray, node: int) -> None:
    """Give back the slot of ``node`` (it was expanded: its children get their own)."""
    sl = tslot[node]
    if sl >= 0 and pool.owner[sl] == node:
        pool.owner[sl] = -1
    tslot[node] = -1


@njit_noalloc
def expire(pool: TabuPool, sl: int, q: int, tenure: int) -> None:
    """Drop the entries of queue ``q`` older than ``tenure`` trials of the leaf (the
    oldest are first: stamps grow along a queue)."""
    now = pool.trials[sl]
    while pool.filled[sl, q] > 0 and now - pool.stamp[sl, q, pool.start[sl, q]] > tenure:
        shift(pool, sl, q)


@njit_noalloc
def contains(pool: TabuPool, sl: int, q: int, h: np.uint64) -> bool:
    """True if hash ``h`` is in queue ``q`` of slot ``sl``."""
    n = pool.hashes.shape[2]
    st = pool.start[sl, q]
    for i in range(pool.filled[sl, q]):
        if pool.hashes[sl, q, (st + i) % n] == h:
            return True
    return False


@njit_noalloc
def shift(pool: TabuPool, sl: int, q: int) -> None:
    """Drop the oldest entry of queue ``q`` (the queue moves by one)."""
    if pool.filled[sl, q] > 0:
        pool.start[sl, q] = (pool.start[sl, q] + 1) % pool.hashes.shape[2]
        pool.filled[sl, q] -= 1


@njit_noalloc
def push(pool: TabuPool, sl: int, q: int, h: np.uint64, length: int, tenure: int) -> None:
    """Add ``h`` to queue ``q`` (at most ``length`` entries), first dropping the
    entries older than ``tenure`` trials of the leaf."""
    n = pool.hashes.shape[2]
    now = pool.trials[sl]
    expire(pool, sl, q, tenure)
    while pool.filled[sl, q] >= length:
        shift(pool, sl, q)
    i = (pool.start[sl, q] + pool.filled[sl, q]) % n
    pool.hashes[sl, q, i] = h
    pool.stamp[sl, q, i] = now
    pool.filled[sl, q] += 1
