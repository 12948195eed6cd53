"""Local patterns ``Rn`` of Honda et al. (section 3.2) and the pattern dictionary.

``Rn`` is the set of points at offset ``(x, y)`` from the move with
``d(x, y) = x + y + max(x, y) <= n`` (R2 = the 4 neighbours, R3 = 3x3, R4 adds
(2,0), R5 adds (2,1), R6 adds (2,2) and (3,0), R7 adds (3,1)); the move itself is
not part of it. Each point holds own / opponent / empty / off-board, colours
relative to the player to move. A pattern is hashed with 64-bit keys (one per
point and value, drawn once from :data:`KEY_SEED`) and made canonical by taking
the minimum of its hashes under the 8 symmetries of the square; a key per size
keeps sizes apart.

As in the paper (after Stern et al.), patterns are harvested from the moves
played in training records, every size at once; a pattern is kept if it occurs at
least ``threshold`` times, and at use time a move gets the largest kept size that
matches (:func:`igo.features._kernels.pattern_id`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from igo.features import _kernels as K

#: Seed of the pattern keys: part of the model-file format (hashes in a model's
#: dictionary are only meaningful with the same keys).
KEY_SEED = 0x5EED_000
MAX_SIZE = 12


def pattern_distance(x: int, y: int) -> int:
    """Honda et al.'s distance ``d(x, y) = x + y + max(x, y)`` of an offset."""
    x, y = abs(x), abs(y)
    return x + y + max(x, y)


@dataclass(frozen=True)
class PatternTables:
    """Arrays the kernels need for patterns up to ``R{nmax}``.

    Attributes
    ----------
    off_r, off_c : int64 arrays
        Offsets of the pattern points, sorted by ``d`` then row then column.
    dist : int64 array
        ``d`` of each point.
    sym_idx : int64 ``(8, npoints)``
        Index of the image of each point under each symmetry
        (:mod:`igo.core.symmetry` numbering).
    zkeys : uint64 ``(npoints, 4)``
        Key of each (point, value).
    size_end : int64 ``(nmax - 1,)``
        Points ``[0, size_end[k])`` form ``R{k + 2}``.
    size_keys : uint64 ``(nmax - 1,)``
        One key per size.
    symkeys : uint64 ``(npoints, 4, 8)``
        ``symkeys[i, v, s] = zkeys[sym_idx[s, i], v]``: the key that point ``i``
        with value ``v`` contributes under symmetry ``s`` (what the kernel reads).
    """

    nmax: int
    off_r: np.ndarray
    off_c: np.ndarray
    dist: np.ndarray
    sym_idx: np.ndarray
    zkeys: np.ndarray
    size_end: np.ndarray
    size_keys: np.ndarray
    symkeys: np.ndarray


def _transform(dr: int, dc: int, sym: int) -> tuple[int, int]:
    if sym & 4:
        dr, dc = dc, dr
    if sym & 1:
        dr = -dr
    if sym & 2:
        dc = -dc
    return dr, dc


@lru_cache(maxsize=16)
def pattern_tables(nmax: int) -> PatternTables:
    """The tables for ``R2 .. R{nmax}`` (``2 <= nmax <= MAX_SIZE``).

    Raises
    ------
    ValueError
        If ``nmax`` is out of range.
    """
    if not 2 <= nmax <= MAX_SIZE:
        raise ValueError(f"pattern size must be in 2..{MAX_SIZE}, got {nmax}")
    reach = nmax // 2 + 1
    pts = [(pattern_distance(dr, dc), dr, dc)
           for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)
           if 1 <= pattern_distance(dr, dc) <= nmax]
    pts.sort()
    index = {(dr, dc): i for i, (_, dr, dc) in enumerate(pts)}
    sym_idx = np.array([[index[_transform(dr, dc, s)] for _, dr, dc in pts]
                        for s in range(8)], dtype=np.int64)
    dist = np.array([d for d, _, _ in pts], dtype=np.int64)
    size_end = np.array([int(np.sum(dist <= n)) for n in range(2, nmax + 1)], dtype=np.int64)
    rng = np.random.default_rng(KEY_SEED)
    # keys of the largest size, so that a point keeps its keys whatever nmax is
    full = _full_count()
    zk = rng.integers(1, np.iinfo(np.uint64).max, size=(full, 4), dtype=np.uint64,
                      endpoint=True)
    sk = rng.integers(1, np.iinfo(np.uint64).max, size=MAX_SIZE + 1, dtype=np.uint64,
                      endpoint=True)
    tables = PatternTables(
        nmax=nmax,
        off_r=np.array([dr for _, dr, _ in pts], dtype=np.int64),
        off_c=np.array([dc for _, _, dc in pts], dtype=np.int64),
        dist=dist, sym_idx=sym_idx, zkeys=zk[:len(pts)].copy(), size_end=size_end,
        size_keys=sk[2:nmax + 1].copy(),
        symkeys=np.ascontiguousarray(zk[sym_idx.T].transpose(0, 2, 1)))
    for arr in (tables.off_r, tables.off_c, tables.dist, tables.sym_idx, tables.zkeys,
                tables.size_end, tables.size_keys, tables.symkeys):
        arr.setflags(write=False)
    return tables


def _full_count() -> int:
    reach = MAX_SIZE // 2 + 1
    return sum(1 for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)
               if 1 <= pattern_distance(dr, dc) <= MAX_SIZE)


class HashTable:
    """A ``uint64 -> int`` open-addressing table usable inside kernels.

    ``keys`` (0 = empty slot) and ``vals`` are plain arrays, so the table is saved
    with a model and passed to :func:`igo.features._kernels.table_get`.
    """

    def __init__(self, keys: np.ndarray, vals: np.ndarray) -> None:
        if keys.shape != vals.shape or keys.ndim != 1:
            raise ValueError("hash table keys and values must be 1-D arrays of one length")
        n = keys.shape[0]
        if n & (n - 1):
            raise ValueError(f"hash table capacity must be a power of two, got {n}")
        self.keys = np.ascontiguousarray(keys, dtype=np.uint64)
        self.vals = np.ascontiguousarray(vals, dtype=np.int64)

    @classmethod
    def build(cls, items: np.ndarray, ids: np.ndarray) -> HashTable:
        """A table mapping ``items[i]`` (non-zero, distinct) to ``ids[i]``."""
        cap = 1
        while cap < 2 * len(items) + 2:
            cap *= 2
        keys = np.zeros(cap, np.uint64)
        vals = np.full(cap, -1, np.int64)
        items = np.ascontiguousarray(items, dtype=np.uint64)
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        if items.shape != ids.shape or items.ndim != 1:
            raise ValueError("hash table items and ids must be 1-D arrays of one length")
        if K.table_put_many(keys, vals, items, ids) >= 0:
            raise ValueError("hash table keys must be non-zero")
        return cls(keys, vals)

    def __len__(self) -> int:
        return int(np.count_nonzero(self.keys))

    def get(self, key: int) -> int:
        """The value of ``key``, -1 if absent."""
        return int(K.table_get(self.keys, self.vals, np.uint64(key)))


def select_frequent(hashes: np.ndarray, threshold: int) -> np.ndarray:
    """The distinct values of ``hashes`` that occur at least ``threshold`` times,
    sorted (an id is then 1 + the position in this array)."""
    if threshold < 1:
        raise ValueError(f"threshold must be >= 1, got {threshold}")
    flat = np.asarray(hashes, dtype=np.uint64).ravel()
    uniq, counts = np.unique(flat[flat != 0], return_counts=True)
    return uniq[counts >= threshold]


def dictionary_table(kept: np.ndarray) -> HashTable:
    """Table from kept hashes to ids ``1 .. len(kept)`` (0 means "no pattern")."""
    return HashTable.build(kept, np.arange(1, len(kept) + 1))
