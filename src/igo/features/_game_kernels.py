"""Numba kernels that extract the positions of a whole game in one call: replaying it
(:func:`extract_positions`, :func:`count_game`) or reading the positions of its one
replay (:func:`extract_positions` on stacked states); each position's rows are written by
:func:`_position_rows`.
Public API: :meth:`igo.features.extract.Extractor.extract_game`,
:meth:`~igo.features.extract.Extractor.extract_replayed` and
:meth:`~igo.features.extract.Extractor.count_game`."""

from __future__ import annotations

import numpy as np

from igo._jit import njit
from igo.core._kernels import (
    OK,
    BoardState,
    check_move,
    pass_move,
    place_checked,
    place_stone,
)
from igo.features._broad_kernels import broad_cell_keys, broad_scratch
from igo.features._kernels import (
    mark_changes,
    played_move_hashes,
    position_features,
    table_get,
)

# Status codes of extract_positions / count_game.
GAME_OK = 0
GAME_ILLEGAL = 1
GAME_FULL = 2


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
def _stop(select: np.ndarray) -> int:
    """One past the last selected move index (0 if none)."""
    for i in range(select.shape[0] - 1, -1, -1):
        if select[i]:
            return i + 1
    return 0


@njit
def setup_stones(s: BoardState, pts: np.ndarray, cols: np.ndarray) -> bool:
    """Place setup stones; False if one falls on an occupied point."""
    for i in range(pts.shape[0]):
        if place_stone(s, pts[i], cols[i]) != OK:
            return False
    return True


@njit
def count_game(s: BoardState, pts: np.ndarray, cols: np.ndarray, select: np.ndarray,
               suicide_ok: bool, off_r: np.ndarray, off_c: np.ndarray,
               symkeys: np.ndarray, size_end: np.ndarray,
               size_keys: np.ndarray, broad_on: bool, a: float, metric: int, b: float,
               cmin: int, cell_of: np.ndarray, nred: int, sym3: np.ndarray,
               out_hash: np.ndarray, out_broad: np.ndarray, status: np.ndarray) -> int:
    """Replay a game and write the pattern hashes (all sizes) and the broad key of
    each *played* move whose index ``i`` has ``select[i]`` set (passes skipped); the
    replay stops after the last selected move. Returns the number of rows written;
    ``status[0]`` is :data:`GAME_OK` or :data:`GAME_ILLEGAL`.
    """
    size = s.meta[0]
    scr_i8, scr_f, qsum, cnt, area, red = broad_scratch(size, nred)
    keys = np.empty(nred * nred, np.uint64)
    hs = np.empty(size_end.shape[0], np.uint64)
    w = size + 2
    n = 0
    status[0] = GAME_OK
    for i in range(_stop(select)):
        p = pts[i]
        c = cols[i]
        if select[i] and p != 0:
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
def _position_rows(s: BoardState, i: int, p: int, c: int, prev1: int, prev2: int,
                   tick: int, suicide_ok: bool, off_r: np.ndarray, off_c: np.ndarray,
                   symkeys: np.ndarray, size_end: np.ndarray, size_keys: np.ndarray,
                   tkeys: np.ndarray, tvals: np.ndarray, broad_on: bool, a: float,
                   metric: int, b: float, cmin: int, cell_of: np.ndarray, nred: int,
                   sym3: np.ndarray, bkeys: np.ndarray, bvals: np.ndarray,
                   out_pt: np.ndarray, out_tac: np.ndarray, out_pat: np.ndarray,
                   pos_info: np.ndarray, pos_broad: np.ndarray, npos: int, nmov: int,
                   libs: np.ndarray, mark: np.ndarray, stamp: np.ndarray,
                   scr_i8: np.ndarray, scr_f: np.ndarray, qsum: np.ndarray,
                   cnt: np.ndarray, area: np.ndarray, red: np.ndarray, keys: np.ndarray,
                   dummy_hash: np.ndarray, cache: np.ndarray,
                   changed_at: np.ndarray) -> int:
    """The rows of one position (move index ``i``, played move ``p`` of colour ``c``,
    the previous two moves ``prev1``/``prev2``): its moves from ``out_pt[nmov]`` on,
    ``pos_info[npos]`` and ``pos_broad[npos]`` (see :func:`extract_positions`). Returns the
    number of moves written, or -1 if ``p`` is not among the legal moves (what was
    written then does not count)."""
    m = position_features(s, c, suicide_ok, off_r, off_c, symkeys, size_end, size_keys,
                          tkeys, tvals, True, libs, mark, stamp, out_pt[nmov:],
                          out_tac[nmov:], dummy_hash, out_pat[nmov:], cache, changed_at,
                          tick)
    target = -1
    for j in range(m):
        if out_pt[nmov + j] == p:
            target = j
    if target < 0:
        return -1
    pos_info[npos, 0] = nmov
    pos_info[npos, 1] = m
    pos_info[npos, 2] = target
    pos_info[npos, 3] = prev1
    pos_info[npos, 4] = prev2
    pos_info[npos, 5] = i
    if broad_on:
        broad_cell_keys(s, c, a, metric, b, cmin, cell_of, nred, sym3, scr_i8, scr_f,
                        qsum, cnt, area, red, keys)
        for k in range(nred * nred):
            v = table_get(bkeys, bvals, keys[k])
            pos_broad[npos, k] = v if v >= 0 else 0
    else:
        for k in range(nred * nred):
            pos_broad[npos, k] = 0
    return m


@njit
def _state_row(stack: tuple, zob: np.ndarray, i: int) -> BoardState:
    """Row ``i`` of stacked :class:`~igo.core._kernels.BoardState` fields."""
    return BoardState(stack[0][i], stack[1][i], stack[2][i], stack[3][i], stack[4][i],
                      stack[5][i], stack[6][i], stack[7][i], stack[8][i], stack[9][i],
                      zob)


@njit
def extract_positions(s: BoardState, stack: tuple, stacked: bool, pts: np.ndarray,
             cols: np.ndarray, select: np.ndarray, suicide_ok: bool, off_r: np.ndarray,
             off_c: np.ndarray, symkeys: np.ndarray, size_end: np.ndarray,
             size_keys: np.ndarray, tkeys: np.ndarray, tvals: np.ndarray, broad_on: bool,
             a: float, metric: int, b: float, cmin: int, cell_of: np.ndarray, nred: int,
             sym3: np.ndarray, bkeys: np.ndarray, bvals: np.ndarray, out_pt: np.ndarray,
             out_tac: np.ndarray, out_pat: np.ndarray, pos_info: np.ndarray,
             pos_broad: np.ndarray, status: np.ndarray) -> int:
    """Extract the features of every legal move of each position whose move index ``i``
    has ``select[i]`` set and whose played move is not a pass (the loop stops after the
    last selected move). With ``stacked`` false, ``s`` is the start and each move is
    played on it (``stack``, which is not read, holds ``s``'s fields as one row each);
    with ``stacked`` true, the position before move ``i`` is row ``i`` of ``stack``
    (the fields of a :class:`~igo.core._kernels.BoardState`, stacked, ``color`` …
    ``hashv``: the replay of :func:`igo.core.replay.replay_positions`, nothing replayed
    here), the row after the last move following it, and ``s`` is row 0.

    Per position ``k`` (returned count): ``pos_info[k] = (start, n_moves, target,
    prev1, prev2, move_index)`` with ``target`` the index of the played move among
    the position's moves and ``prev1``/``prev2`` the padded points of the two
    previous moves (0 = pass or none); ``pos_broad[k, cell]`` the broad id of each
    reduced cell (0 = unknown pattern). Move rows ``start .. start + n_moves`` of
    ``out_pt``/``out_tac``/``out_pat`` hold the moves. ``status[0]``:
    :data:`GAME_OK`, :data:`GAME_ILLEGAL` (stopped at an illegal move, or a played move
    not among its position's legal moves) or :data:`GAME_FULL` (output arrays too
    small).
    """
    size = s.meta[0]
    a_len = s.color.shape[0]
    libs = np.zeros(a_len, np.int64)
    mark = np.zeros(a_len, np.int32)
    stamp = np.zeros(1, np.int64)
    scr_i8, scr_f, qsum, cnt, area, red = broad_scratch(size, nred)
    keys = np.empty(nred * nred, np.uint64)
    dummy_hash = np.empty((0, 0), np.uint64)  # no room: the hashes are not kept
    cache = np.zeros((4, a_len), np.int64)
    changed_at = np.zeros(a_len, np.int64)
    before = s.color.copy()
    status[0] = GAME_OK
    npos = 0
    nmov = 0
    cap = out_pt.shape[0]
    for i in range(_stop(select)):
        tick = i + 1
        p = pts[i]
        c = cols[i]
        if select[i] and p != 0:
            if nmov + size * size > cap or npos >= pos_info.shape[0]:
                status[0] = GAME_FULL
                return npos
            prev1 = pts[i - 1] if i >= 1 else 0
            prev2 = pts[i - 2] if i >= 2 else 0
            m = _position_rows(s, i, p, c, prev1, prev2, tick, suicide_ok, off_r,
                               off_c, symkeys, size_end, size_keys, tkeys, tvals,
                               broad_on, a, metric, b, cmin, cell_of, nred, sym3, bkeys,
                               bvals, out_pt, out_tac, out_pat, pos_info, pos_broad,
                               npos, nmov, libs, mark, stamp, scr_i8, scr_f, qsum, cnt,
                               area, red, keys, dummy_hash, cache, changed_at)
            if m < 0:
                status[0] = GAME_ILLEGAL
                return npos
            nmov += m
            npos += 1
        if stacked:
            s = _state_row(stack, s.zob, i + 1)
        elif not _advance(s, p, c, suicide_ok):
            status[0] = GAME_ILLEGAL
            return npos
        mark_changes(s, before, off_r, off_c, changed_at, tick)
    return npos
