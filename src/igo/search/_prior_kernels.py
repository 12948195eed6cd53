"""The move model of Honda et al. inside numba: priors for the search with no Python call.

:func:`position_priors` computes the features of every legal move of a position
(tactical code, local pattern id, broad-pattern ids, distances to the two previous
moves, distance to the edge) and the Bradley-Terry probabilities of the moves, in
one kernel that the search kernels call at each expansion. It is the same
computation as :meth:`igo.movepred.model.MoveModel.probabilities` (the test compares
the two), with every table passed as a :class:`PriorTables` tuple and every scratch
array preallocated in a :class:`PriorScratch`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from igo._jit import njit
from igo.core._kernels import EMPTY, OK, BoardState, check_move
from igo.features import _broad_kernels as BK
from igo.features import _kernels as FK
from igo.movepred import _kernels as MK


class PriorTables(NamedTuple):
    """Everything of one move model that the kernel reads (see :func:`prior_tables`)."""

    off_r: np.ndarray
    off_c: np.ndarray
    symkeys: np.ndarray
    size_end: np.ndarray
    size_keys: np.ndarray
    pat_keys: np.ndarray
    pat_vals: np.ndarray
    broad_keys: np.ndarray
    broad_vals: np.ndarray
    sym3: np.ndarray
    cell_of: np.ndarray
    theta: np.ndarray
    offs: np.ndarray
    pat_idx: np.ndarray  # int32[A, points]: padded points of each pattern (FK.pattern_points)
    broad_params: np.ndarray  # float64[4]: a, metric code, b, c (cmin); [4] = 1 if used
    nred: int
    use_broad: bool


class PriorScratch(NamedTuple):
    """Scratch arrays of :func:`position_priors` for one board size."""

    libs: np.ndarray
    mark: np.ndarray
    stamp: np.ndarray
    scr: np.ndarray
    gvals: np.ndarray
    keys: np.ndarray
    bids: np.ndarray
    b_i8: np.ndarray
    b_f: np.ndarray
    b_q: np.ndarray
    b_cnt: np.ndarray
    b_area: np.ndarray
    b_red: np.ndarray


def new_scratch(tables: PriorTables, size: int) -> PriorScratch:
    """Scratch arrays for positions of ``size`` (allocate once per search)."""
    a = (size + 2) ** 2
    nred = tables.nred
    return PriorScratch(np.zeros(a, np.int64), np.zeros(a, np.int32), np.zeros(1, np.int64),
                        np.zeros(12, np.int64),
                        np.zeros(MK.N_GROUPS, np.int64), np.zeros(nred * nred, np.uint64),
                        np.zeros(nred * nred, np.int64),
                        *BK.broad_scratch(size, nred))


@njit
def _broad_ids(s: BoardState, c: int, t: PriorTables, x: PriorScratch) -> None:
    if not t.use_broad:
        for i in range(x.bids.shape[0]):
            x.bids[i] = 0
        return
    bp = t.broad_params
    BK.broad_cell_keys(s, c, bp[0], int(bp[1]), bp[2], int(bp[3]), t.cell_of, t.nred,
                       t.sym3, x.b_i8, x.b_f, x.b_q, x.b_cnt, x.b_area, x.b_red, x.keys)
    FK.lookup_many(x.keys, t.broad_keys, t.broad_vals, x.bids)


@njit
def position_priors(s: BoardState, c: int, suicide_ok: bool, prev1: int, prev2: int,
                    t: PriorTables, x: PriorScratch, out_pt: np.ndarray,
                    out_p: np.ndarray) -> int:
    """Legal moves of ``c`` (simple ko, no pass; increasing padded index) into
    ``out_pt`` and their model probabilities into ``out_p``; returns their number.

    ``prev1``/``prev2`` are the padded points of the last two moves (0 = none or pass).
    """
    FK.string_liberties(s, x.mark, x.stamp, x.libs)
    _broad_ids(s, c, t, x)
    size = s.meta[0]
    w = size + 2
    n = 0
    mx = -1e300
    for r in range(size):
        for cc in range(size):
            p = (r + 1) * w + cc + 1
            if s.color[p] != EMPTY or check_move(s, p, c, suicide_ok) != OK:
                continue
            tac = FK.tactical_code(s, p, c, x.libs, x.mark, x.stamp, x.scr)
            pat = FK.pattern_id_at(s, p, c, t.pat_idx, t.symkeys, t.size_end, t.size_keys,
                                   t.pat_keys, t.pat_vals)
            MK.move_values(p, tac, pat, prev1, prev2, x.bids, size, t.cell_of, t.nred,
                           x.gvals)
            sc = MK.move_score(x.gvals, t.theta, t.offs)
            out_pt[n] = p
            out_p[n] = sc
            if sc > mx:
                mx = sc
            n += 1
    z = 0.0
    for m in range(n):
        out_p[m] = math.exp(out_p[m] - mx)
        z += out_p[m]
    for m in range(n):
        out_p[m] /= z
    return n
