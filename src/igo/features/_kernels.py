"""Numba kernels of move features (paper 000; public API in :mod:`igo.features.extract`).

Everything works on the padded board state of :mod:`igo.core._kernels`
(``W = size + 2``, point ``p = (r + 1) * W + c + 1``). One call,
:func:`position_features`, computes the features of *every* legal move of a
position; :func:`extract_game` replays a whole game and does that for a range of
its moves in a single call (no Python per position).

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
(:func:`broad_cell_keys`, paper section 4).

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
    pass_move,
    place_checked,
    place_stone,
)
from igo.influence._kernels import distance_map

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

# Status codes of extract_game.
GAME_OK = 0
GAME_ILLEGAL = 1
GAME_FULL = 2


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


# --------------------------------------------------------------------------------------
# broad patterns (paper 000, section 4)


@njit
def reduced_board(s: BoardState, a: float, metric: int, b: float, cmin: int,
                  cell_of: np.ndarray, nred: int, stones: np.ndarray, infl: np.ndarray,
                  qsum: np.ndarray, cnt: np.ndarray, area: np.ndarray,
                  out: np.ndarray) -> None:
    """Quantised reduced board (section 4.1): ``out[i, j]`` in 0 (white), 1
    (unclaimed), 2 (contested), 3 (black).

    ``cell_of[r]`` is the reduced row (and column) of board row ``r``. Scratch:
    ``stones`` int8 and ``infl`` float64 ``(size, size)``, ``qsum`` float64,
    ``cnt`` and ``area`` int64 ``(nred, nred)``.
    """
    size = s.meta[0]
    w = size + 2
    for r in range(size):
        for c in range(size):
            v = s.color[(r + 1) * w + c + 1]
            stones[r, c] = 1 if v == BLACK else (-1 if v == WHITE else 0)
    distance_map(stones, a, metric, infl)
    for i in range(nred):
        for j in range(nred):
            qsum[i, j] = 0.0
            cnt[i, j] = 0
            area[i, j] = 0
    for r in range(size):
        for c in range(size):
            i = cell_of[r]
            j = cell_of[c]
            qsum[i, j] += infl[r, c]
            area[i, j] += 1
            if stones[r, c] != 0:
                cnt[i, j] += 1
    for i in range(nred):
        for j in range(nred):
            q = qsum[i, j] / area[i, j]
            if q < -b:
                out[i, j] = 0
            elif q >= b:
                out[i, j] = 3
            elif cnt[i, j] < cmin:
                out[i, j] = 1
            else:
                out[i, j] = 2


@njit
def broad_key(red: np.ndarray, i: int, j: int, c: int, sym3: np.ndarray) -> np.uint64:
    """Canonical key of the 3x3 reduced pattern centred on cell ``(i, j)`` for the
    player ``c``, with the cell's position class (section 4.2).

    Values are made relative (own 3, opponent 0, 1 unclaimed, 2 contested, 4 off
    the reduced board); the code is base 5 over the 9 cells, minimum over the 8
    symmetries (``sym3[s, k]``: where symmetry ``s`` sends cell ``k`` of the 3x3,
    row-major). The class is (nearer edge distance, farther edge distance) of the
    cell on the reduced board, which is invariant under the symmetries.
    """
    n = red.shape[0]
    v = np.empty(9, np.int64)
    for di in range(3):
        for dj in range(3):
            ii = i + di - 1
            jj = j + dj - 1
            if ii < 0 or ii >= n or jj < 0 or jj >= n:
                x = 4
            else:
                x = red[ii, jj]
                if c == WHITE and x != 1 and x != 2:
                    x = 3 - x
            v[di * 3 + dj] = x
    best = np.int64(-1)
    for sym in range(8):
        code = np.int64(0)
        for k in range(9):
            code += v[k] * np.int64(5) ** sym3[sym, k]
        if best < 0 or code < best:
            best = code
    ei = min(i, n - 1 - i)
    ej = min(j, n - 1 - j)
    lo = min(ei, ej)
    hi = max(ei, ej)
    return np.uint64(((best * n + lo) * n + hi) + 1)


@njit
def broad_cell_keys(s: BoardState, c: int, a: float, metric: int, b: float, cmin: int,
                    cell_of: np.ndarray, nred: int, sym3: np.ndarray,
                    scratch_i8: np.ndarray, scratch_f: np.ndarray, qsum: np.ndarray,
                    cnt: np.ndarray, area: np.ndarray, red: np.ndarray,
                    out: np.ndarray) -> None:
    """Broad key of every reduced cell (``out[i * nred + j]``) for the player ``c``."""
    reduced_board(s, a, metric, b, cmin, cell_of, nred, scratch_i8, scratch_f, qsum, cnt,
                  area, red)
    for i in range(nred):
        for j in range(nred):
            out[i * nred + j] = broad_key(red, i, j, c, sym3)


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


@njit
def _advance(s: BoardState, p: int, c: int, suicide_ok: bool) -> bool:
    """Play one record move (0 = pass); False if it is illegal."""
    if p == 0:
        pass_move(s)
        return True
    if check_move(s, p, c, suicide_ok) != OK:
        return False
    place_checked(s, p, c)
    return True


@njit
def setup_stones(s: BoardState, pts: np.ndarray, cols: np.ndarray) -> bool:
    """Place setup stones; False if one falls on an occupied point."""
    for i in range(pts.shape[0]):
        if place_stone(s, pts[i], cols[i]) != OK:
            return False
    return True


@njit
def count_game(s: BoardState, pts: np.ndarray, cols: np.ndarray, first: int, last: int,
               suicide_ok: bool, off_r: np.ndarray, off_c: np.ndarray,
               symkeys: np.ndarray, size_end: np.ndarray,
               size_keys: np.ndarray, broad_on: bool, a: float, metric: int, b: float,
               cmin: int, cell_of: np.ndarray, nred: int, sym3: np.ndarray,
               out_hash: np.ndarray, out_broad: np.ndarray, status: np.ndarray) -> int:
    """Replay a game and write the pattern hashes (all sizes) and the broad key of
    each *played* move with index in ``[first, last)`` (passes skipped); returns the
    number of rows written. ``status[0]`` is :data:`GAME_OK` or :data:`GAME_ILLEGAL`.
    """
    size = s.meta[0]
    scr_i8 = np.empty((size, size), np.int8)
    scr_f = np.empty((size, size), np.float64)
    qsum = np.empty((nred, nred), np.float64)
    cnt = np.empty((nred, nred), np.int64)
    area = np.empty((nred, nred), np.int64)
    red = np.empty((nred, nred), np.int64)
    keys = np.empty(nred * nred, np.uint64)
    hs = np.empty(size_end.shape[0], np.uint64)
    w = size + 2
    n = 0
    status[0] = GAME_OK
    for i in range(min(last, pts.shape[0])):
        p = pts[i]
        c = cols[i]
        if i >= first and p != 0:
            played_move_hashes(s, p, c, off_r, off_c, symkeys, size_end,
                               size_keys, hs)
            for k in range(hs.shape[0]):
                out_hash[n, k] = hs[k]
            if broad_on:
                broad_cell_keys(s, c, a, metric, b, cmin, cell_of, nred, sym3, scr_i8,
                                scr_f, qsum, cnt, area, red, keys)
                r = p // w - 1
                cc = p % w - 1
                out_broad[n] = keys[cell_of[r] * nred + cell_of[cc]]
            n += 1
        if not _advance(s, p, c, suicide_ok):
            status[0] = GAME_ILLEGAL
            return n
    return n


@njit
def extract_game(s: BoardState, pts: np.ndarray, cols: np.ndarray, first: int, last: int,
                 suicide_ok: bool, off_r: np.ndarray, off_c: np.ndarray,
                 symkeys: np.ndarray, size_end: np.ndarray,
                 size_keys: np.ndarray, tkeys: np.ndarray, tvals: np.ndarray,
                 broad_on: bool, a: float, metric: int, b: float, cmin: int,
                 cell_of: np.ndarray, nred: int, sym3: np.ndarray, bkeys: np.ndarray,
                 bvals: np.ndarray, out_pt: np.ndarray, out_tac: np.ndarray,
                 out_pat: np.ndarray, pos_info: np.ndarray, pos_broad: np.ndarray,
                 status: np.ndarray) -> int:
    """Replay a game and extract the features of every legal move of each position
    whose move index is in ``[first, last)`` and whose played move is not a pass.

    Per position ``k`` (returned count): ``pos_info[k] = (start, n_moves, target,
    prev1, prev2, move_index)`` with ``target`` the index of the played move among
    the position's moves and ``prev1``/``prev2`` the padded points of the two
    previous moves (0 = pass or none); ``pos_broad[k, cell]`` the broad id of each
    reduced cell (0 = unknown pattern). Move rows ``start .. start + n_moves`` of
    ``out_pt``/``out_tac``/``out_pat`` hold the moves. ``status[0]``:
    :data:`GAME_OK`, :data:`GAME_ILLEGAL` (stopped at an illegal move) or
    :data:`GAME_FULL` (output arrays too small).
    """
    size = s.meta[0]
    a_len = s.color.shape[0]
    libs = np.zeros(a_len, np.int64)
    mark = np.zeros(a_len, np.int32)
    stamp = np.zeros(1, np.int64)
    scr_i8 = np.empty((size, size), np.int8)
    scr_f = np.empty((size, size), np.float64)
    qsum = np.empty((nred, nred), np.float64)
    cnt = np.empty((nred, nred), np.int64)
    area = np.empty((nred, nred), np.int64)
    red = np.empty((nred, nred), np.int64)
    keys = np.empty(nred * nred, np.uint64)
    dummy_hash = np.empty((1, 1), np.uint64)
    cache = np.zeros((4, a_len), np.int64)
    changed_at = np.zeros(a_len, np.int64)
    before = s.color.copy()
    status[0] = GAME_OK
    npos = 0
    nmov = 0
    cap = out_pt.shape[0]
    for i in range(min(last, pts.shape[0])):
        tick = i + 1
        p = pts[i]
        c = cols[i]
        if i >= first and p != 0:
            if nmov + size * size > cap or npos >= pos_info.shape[0]:
                status[0] = GAME_FULL
                return npos
            m = position_features(s, c, suicide_ok, off_r, off_c, symkeys,
                                  size_end, size_keys, tkeys, tvals, True, libs, mark,
                                  stamp, out_pt[nmov:], out_tac[nmov:], dummy_hash,
                                  out_pat[nmov:], cache, changed_at, tick)
            target = -1
            for j in range(m):
                if out_pt[nmov + j] == p:
                    target = j
            if target < 0:
                status[0] = GAME_ILLEGAL
                return npos
            pos_info[npos, 0] = nmov
            pos_info[npos, 1] = m
            pos_info[npos, 2] = target
            pos_info[npos, 3] = pts[i - 1] if i >= 1 else 0
            pos_info[npos, 4] = pts[i - 2] if i >= 2 else 0
            pos_info[npos, 5] = i
            if broad_on:
                broad_cell_keys(s, c, a, metric, b, cmin, cell_of, nred, sym3, scr_i8,
                                scr_f, qsum, cnt, area, red, keys)
                for k in range(nred * nred):
                    v = table_get(bkeys, bvals, keys[k])
                    pos_broad[npos, k] = v if v >= 0 else 0
            else:
                for k in range(nred * nred):
                    pos_broad[npos, k] = 0
            nmov += m
            npos += 1
        if not _advance(s, p, c, suicide_ok):
            status[0] = GAME_ILLEGAL
            return npos
        mark_changes(s, before, off_r, off_c, changed_at, tick)
    return npos
