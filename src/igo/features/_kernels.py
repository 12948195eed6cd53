"""Numba kernels of move features (Honda et al.; public API in :mod:`igo.features.extract`).

Everything works on the padded board state of :mod:`igo.core._kernels`
(``W = size + 2``, point ``p = (r + 1) * W + c + 1``). One call,
:func:`position_features`, computes the features of *every* legal move of a
position; :func:`igo.features._game_kernels.extract_positions` replays a whole game
and does that for a range of its moves in a single call (no Python per position).

Per legal move the kernels write

- the padded point;
- a packed *tactical code* (:func:`pack_tactical`): liberties of the new string
  (bucketed) × liberties of the weakest own neighbouring string before the move
  (the paper's "change of liberties"; also says "escapes atari"), capture size
  bucket, number of opponent strings put in atari;
- the canonical 64-bit hash of each local pattern ``R2 .. Rnmax`` (the points with
  ``d(x, y) = x + y + max(x, y) <= n``; values own / opponent / empty / off-board
  relative to the player to move; minimum over the 8 symmetries), or, when a
  pattern table is given, the id of the largest size found in it;

and per position the broad-pattern key of each reduced-board cell
(:mod:`igo.features._broad_kernels`, paper section 4). Whole games are replayed and
extracted in one call by :mod:`igo.features._game_kernels`.

Distances to the previous moves and to the edge depend only on the points and
are computed where the features are scored (:mod:`igo.movepred._kernels`).
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit
from igo.core._kernels import (
    BLACK,
    BORDER,
    EMPTY,
    OK,
    WHITE,
    BoardState,
    check_move,
)

# Pattern point values, relative to the player to move.
V_EMPTY = 0
V_OWN = 1
V_OPP = 2
V_OFF = 3

# Buckets of the tactical code.
N_LIB_AFTER = 5  # 1, 2, 3, 4, 5+ liberties of the new string
N_LIB_BEFORE = 5  # no own neighbour, 1, 2, 3, 4+ liberties of the weakest one
N_CAPTURE = 6  # 0, 1, 2, 3, 4-6, 7+ stones captured
N_ATARI = 3  # 0, 1, 2+ opponent strings put in atari
N_TACTICAL = N_LIB_AFTER * N_LIB_BEFORE * N_CAPTURE * N_ATARI

@njit
def pack_tactical(lib_after: int, lib_before: int, captured: int, ataris: int) -> int:
    """Pack the raw tactical counts into one code in ``[0, N_TACTICAL)``.

    ``lib_before`` is 0 when no own string touches the move.
    """
    la = min(max(lib_after, 1), N_LIB_AFTER) - 1
    lb = min(lib_before, N_LIB_BEFORE - 1)
    if captured <= 3:
        cb = captured
    elif captured <= 6:
        cb = 4
    else:
        cb = 5
    ab = min(ataris, N_ATARI - 1)
    return ((la * N_LIB_BEFORE + lb) * N_CAPTURE + cb) * N_ATARI + ab


@njit
def string_liberties(s: BoardState, mark: np.ndarray, stamp: np.ndarray,
                     libs_out: np.ndarray) -> None:
    """Real liberty count of every string, stored at its head in ``libs_out``.

    ``mark`` is an int32 scratch array of the padded length and ``stamp[0]`` a
    counter (marks equal to the current stamp are "seen"; no clearing needed).
    """
    w = s.meta[0] + 2
    a = s.color.shape[0]
    for h in range(a):
        c = s.color[h]
        if (c != BLACK and c != WHITE) or s.head[h] != h:
            continue
        stamp[0] += 1
        st = stamp[0]
        n = 0
        q = h
        while True:
            for k in range(4):
                r = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
                if s.color[r] == EMPTY and mark[r] != st:
                    mark[r] = st
                    n += 1
            q = s.nxt[q]
            if q == h:
                break
        libs_out[h] = n


@njit
def tactical_code(s: BoardState, p: int, c: int, libs: np.ndarray, mark: np.ndarray,
                  stamp: np.ndarray, scr: np.ndarray) -> int:
    """Tactical code (:func:`pack_tactical`) of colour ``c`` playing at ``p``.

    ``libs`` holds the real liberties of each string at its head
    (:func:`string_liberties` of the current position); ``scr`` is an int64
    scratch array of length 12; the state is not changed.
    """
    w = s.meta[0] + 2
    color = s.color
    n_empty = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        cq = color[q]
        if cq == EMPTY:
            n_empty += 1
        elif cq != BORDER:
            n_empty = -1
            break
    if n_empty >= 0:  # no stone next to the move: liberties are its empty neighbours
        return pack_tactical(n_empty, 0, 0, 0)
    opp = 3 - c
    own = scr[0:4]
    nown = 0
    cap = scr[4:8]
    ncap = 0
    captured = 0
    ataris = 0
    lib_before = 0
    seen_opp = scr[8:12]
    nopp = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        cq = s.color[q]
        if cq == c:
            h = s.head[q]
            dup = False
            for i in range(nown):
                if own[i] == h:
                    dup = True
            if not dup:
                own[nown] = h
                nown += 1
                if lib_before == 0 or libs[h] < lib_before:
                    lib_before = libs[h]
        elif cq == opp:
            h = s.head[q]
            dup = False
            for i in range(nopp):
                if seen_opp[i] == h:
                    dup = True
            if dup:
                continue
            seen_opp[nopp] = h
            nopp += 1
            if libs[h] == 1:
                cap[ncap] = h
                ncap += 1
                captured += s.gsize[h]
            elif libs[h] == 2:
                ataris += 1
    # liberties of the new string: empty or captured points next to p or its strings
    stamp[0] += 1
    st = stamp[0]
    mark[p] = st
    n = 0
    for j in range(nown + 1):
        start = p if j == nown else own[j]
        q = start
        while True:
            for k in range(4):
                r = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
                if mark[r] == st:
                    continue
                cr = s.color[r]
                free = cr == EMPTY
                if not free and cr == opp:
                    hr = s.head[r]
                    for i in range(ncap):
                        if cap[i] == hr:
                            free = True
                if free:
                    mark[r] = st
                    n += 1
            if j == nown:
                break
            q = s.nxt[q]
            if q == start:
                break
    return pack_tactical(n, lib_before, captured, ataris)


@njit
def pattern_values(s: BoardState, p: int, c: int, off_r: np.ndarray, off_c: np.ndarray,
                   vals: np.ndarray) -> None:
    """Values (``V_*``) of the pattern points around ``p`` for the player ``c``."""
    size = s.meta[0]
    w = size + 2
    r0 = p // w - 1
    c0 = p % w - 1
    for i in range(off_r.shape[0]):
        rr = r0 + off_r[i]
        cc = c0 + off_c[i]
        if rr < 0 or rr >= size or cc < 0 or cc >= size:
            vals[i] = V_OFF
        else:
            v = s.color[(rr + 1) * w + cc + 1]
            vals[i] = V_EMPTY if v == EMPTY else (V_OWN if v == c else V_OPP)


@njit
def pattern_hashes(vals: np.ndarray, symkeys: np.ndarray, size_end: np.ndarray,
                   size_keys: np.ndarray, out: np.ndarray) -> None:
    """Canonical hash of each size ``R2 .. Rnmax`` of one pattern.

    ``vals[i]`` is the value of pattern point ``i`` (points sorted by ``d``);
    ``symkeys[i, v, s]`` the key of value ``v`` at the image of point ``i`` under
    symmetry ``s`` (:attr:`igo.features.patterns.PatternTables.symkeys`); points
    ``[0, size_end[k])`` form size ``k + 2``; ``size_keys[k]`` tells sizes apart.
    ``out[k]`` is the minimum over the 8 symmetries of the XOR of the keys of the
    size, XOR the size key. The 8 symmetries are 8 independent XOR chains.
    """
    h0 = h1 = h2 = h3 = h4 = h5 = h6 = h7 = np.uint64(0)
    start = 0
    for k in range(size_end.shape[0]):
        for i in range(start, size_end[k]):
            v = vals[i]
            h0 ^= symkeys[i, v, 0]
            h1 ^= symkeys[i, v, 1]
            h2 ^= symkeys[i, v, 2]
            h3 ^= symkeys[i, v, 3]
            h4 ^= symkeys[i, v, 4]
            h5 ^= symkeys[i, v, 5]
            h6 ^= symkeys[i, v, 6]
            h7 ^= symkeys[i, v, 7]
        start = size_end[k]
        m = min(min(min(h0, h1), min(h2, h3)), min(min(h4, h5), min(h6, h7)))
        out[k] = m ^ size_keys[k]


@njit
def table_slot(key: np.uint64, mask: int) -> int:
    """Home slot of ``key`` in a table of capacity ``mask + 1`` (Fibonacci hashing)."""
    return int((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & mask


@njit
def table_get(keys: np.ndarray, vals: np.ndarray, key: np.uint64) -> int:
    """Value of ``key`` in an open-addressing table (linear probing, key 0 = empty,
    capacity a power of two); -1 if absent."""
    mask = keys.shape[0] - 1
    i = table_slot(key, mask)
    k = keys[i]
    while k != key:
        if k == 0:
            return -1
        i = (i + 1) & mask
        k = keys[i]
    return vals[i]


@njit
def table_put(keys: np.ndarray, vals: np.ndarray, key: np.uint64, value: int) -> None:
    """Insert ``key`` (non-zero) with ``value`` into the table of :func:`table_get`."""
    mask = keys.shape[0] - 1
    i = table_slot(key, mask)
    while keys[i] != key and keys[i] != 0:
        i = (i + 1) & mask
    keys[i] = key
    vals[i] = value


@njit
def table_put_many(keys: np.ndarray, vals: np.ndarray, items: np.ndarray,
                   ids: np.ndarray) -> int:
    """Insert ``items[i]`` with ``ids[i]`` in order, as :func:`table_put` one by one;
    returns the index of the first zero item (not inserted, nor any after it), or -1."""
    for i in range(items.shape[0]):
        if items[i] == 0:
            return i
        table_put(keys, vals, items[i], ids[i])
    return -1


@njit
def lookup_many(keys: np.ndarray, tkeys: np.ndarray, tvals: np.ndarray,
                out: np.ndarray) -> None:
    """``out[i]`` = id of ``keys[i]`` in the table, 0 if absent."""
    for i in range(keys.shape[0]):
        v = table_get(tkeys, tvals, keys[i])
        out[i] = v if v >= 0 else 0


@njit
def pattern_id(hashes: np.ndarray, tkeys: np.ndarray, tvals: np.ndarray) -> int:
    """Id of the largest size whose hash is in the table, 0 if none."""
    for k in range(hashes.shape[0] - 1, -1, -1):
        v = table_get(tkeys, tvals, hashes[k])
        if v >= 0:
            return v
    return 0


def pattern_points(size: int, off_r: np.ndarray, off_c: np.ndarray) -> np.ndarray:
    """``idx[p, i]``: the padded point of pattern point ``i`` around padded point ``p``
    of a ``size`` board, 0 (a frame point) where it falls off the board; rows of frame
    points are 0. The table of :func:`pattern_id_at`."""
    w = size + 2
    idx = np.zeros((w * w, off_r.shape[0]), np.int32)
    for r in range(size):
        for c in range(size):
            rr = r + off_r
            cc = c + off_c
            on = (rr >= 0) & (rr < size) & (cc >= 0) & (cc < size)
            idx[(r + 1) * w + c + 1] = np.where(on, (rr + 1) * w + cc + 1, 0)
    return idx


@njit
def pattern_id_at(s: BoardState, p: int, c: int, idx: np.ndarray, symkeys: np.ndarray,
                  size_end: np.ndarray, size_keys: np.ndarray, tkeys: np.ndarray,
                  tvals: np.ndarray) -> int:
    """:func:`pattern_id` of ``c``'s move at ``p`` straight from the board: the pattern
    points are read through ``idx`` (:func:`pattern_points`), and sizes are hashed and
    looked up from the smallest up, stopping at the first size not in the table. The
    same id as :func:`pattern_values`, :func:`pattern_hashes` and :func:`pattern_id`
    when the table's sizes form a prefix, which holds by construction: a pattern is
    kept when it occurs at least ``threshold`` times in the training moves, and each
    occurrence of a size is one of every smaller size of the same move
    (:func:`igo.features.patterns.select_frequent`; ``tests/search/test_priors.py``
    compares the two on every legal move of its positions). About 40 % of the points
    of a 9x9 pattern are never read. The XOR chains are spelled out as in
    :func:`pattern_hashes`: helpers on a tuple of the 8 chains made a 19x19 prior call
    15 % slower (76 against 86-92 us, measured 2026-11-29)."""
    h0 = h1 = h2 = h3 = h4 = h5 = h6 = h7 = np.uint64(0)
    swap = c == WHITE
    best = 0
    start = 0
    for k in range(size_end.shape[0]):
        for i in range(start, size_end[k]):
            v = s.color[idx[p, i]]  # EMPTY, BLACK, WHITE, BORDER: V_* for Black
            if swap and (v == BLACK or v == WHITE):
                v = 3 - v
            h0 ^= symkeys[i, v, 0]
            h1 ^= symkeys[i, v, 1]
            h2 ^= symkeys[i, v, 2]
            h3 ^= symkeys[i, v, 3]
            h4 ^= symkeys[i, v, 4]
            h5 ^= symkeys[i, v, 5]
            h6 ^= symkeys[i, v, 6]
            h7 ^= symkeys[i, v, 7]
        start = size_end[k]
        m = min(min(min(h0, h1), min(h2, h3)), min(min(h4, h5), min(h6, h7)))
        got = table_get(tkeys, tvals, m ^ size_keys[k])
        if got < 0:
            return best
        best = got
    return best


# --------------------------------------------------------------------------------------
# all legal moves of a position


@njit
def position_features(s: BoardState, c: int, suicide_ok: bool, off_r: np.ndarray,
                      off_c: np.ndarray, symkeys: np.ndarray,
                      size_end: np.ndarray, size_keys: np.ndarray, tkeys: np.ndarray,
                      tvals: np.ndarray, use_table: bool, libs: np.ndarray,
                      mark: np.ndarray, stamp: np.ndarray, out_pt: np.ndarray,
                      out_tac: np.ndarray, out_hash: np.ndarray,
                      out_pat: np.ndarray, cache: np.ndarray, changed_at: np.ndarray,
                      tick: int) -> int:
    """Features of every legal move of ``c`` (simple ko; no pass); returns the count.

    Moves are listed in increasing padded index. With ``use_table`` the pattern id
    (:func:`pattern_id`) goes to ``out_pat``; the canonical hashes of all sizes go
    to ``out_hash[m, :]`` when ``out_hash`` has room (not for cached ids).

    Pattern cache (used with ``use_table`` when ``cache`` has rows): ``cache[c - 1,
    p]`` holds the pattern id of ``p`` for colour ``c`` and ``cache[c + 1, p]`` the
    tick at which it was computed; it is reused while no point of the pattern has
    changed since (``changed_at[p]``, kept by :func:`mark_changes`, is older). Ids
    computed now are stamped with ``tick``.
    """
    string_liberties(s, mark, stamp, libs)
    size = s.meta[0]
    w = size + 2
    vals = np.empty(off_r.shape[0], np.int64)
    hs = np.empty(size_end.shape[0], np.uint64)
    scr = np.empty(12, np.int64)
    use_cache = use_table and cache.shape[0] == 4
    n = 0
    for r in range(size):
        for cc in range(size):
            p = (r + 1) * w + cc + 1
            if s.color[p] != EMPTY or check_move(s, p, c, suicide_ok) != OK:
                continue
            out_pt[n] = p
            out_tac[n] = tactical_code(s, p, c, libs, mark, stamp, scr)
            if use_cache and cache[c + 1, p] > changed_at[p]:
                out_pat[n] = cache[c - 1, p]
                n += 1
                continue
            pattern_values(s, p, c, off_r, off_c, vals)
            pattern_hashes(vals, symkeys, size_end, size_keys, hs)
            if use_table:
                out_pat[n] = pattern_id(hs, tkeys, tvals)
                if use_cache:
                    cache[c - 1, p] = out_pat[n]
                    cache[c + 1, p] = tick
            if out_hash.shape[0] > n:
                for k in range(hs.shape[0]):
                    out_hash[n, k] = hs[k]
            n += 1
    return n


@njit
def mark_changes(s: BoardState, before: np.ndarray, off_r: np.ndarray, off_c: np.ndarray,
                 changed_at: np.ndarray, tick: int) -> None:
    """Compare the stones with ``before`` (then update it): every point whose pattern
    contains a changed point gets ``changed_at = tick``."""
    size = s.meta[0]
    w = size + 2
    for q in range(s.color.shape[0]):
        if s.color[q] == before[q]:
            continue
        before[q] = s.color[q]
        r0 = q // w - 1
        c0 = q % w - 1
        for i in range(off_r.shape[0]):
            rr = r0 + off_r[i]
            cc = c0 + off_c[i]
            if 0 <= rr < size and 0 <= cc < size:
                changed_at[(rr + 1) * w + cc + 1] = tick


@njit
def played_move_hashes(s: BoardState, p: int, c: int, off_r: np.ndarray,
                       off_c: np.ndarray, symkeys: np.ndarray,
                       size_end: np.ndarray, size_keys: np.ndarray,
                       out: np.ndarray) -> None:
    """Canonical pattern hashes of one move (all sizes) into ``out``."""
    vals = np.empty(off_r.shape[0], np.int64)
    pattern_values(s, p, c, off_r, off_c, vals)
    pattern_hashes(vals, symkeys, size_end, size_keys, out)
