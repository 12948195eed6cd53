"""How often the nakade step floods, and finds a vital point, under three filters of the
last move's empty neighbours (the step's cost is its floods): none, Pachi's (no step when
the last move has empty points on two opposite sides, ``nakade_check``), and igo's (a
neighbour with three empty neighbours is open ground, not flooded; the kernel's since
2026-11-29), and igo's plus Pachi's test on that neighbour. Positions: every move of
heavy playouts from the empty board (2,000 on 9x9, 300 on 19x19, seed 5).

Usage: ``PYTHONPATH=src python experiments/tabu_mcts/nakade_floods.py``
"""

from __future__ import annotations

import numpy as np
from numba import njit

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.search._policy_kernels import _legal, _nb, heavy_move
from igo.search.patterns3 import pattern3_table
from igo.tactics._nakade_kernels import MAX_SPACE, eye_space
from igo.tactics._shape_kernels import in_set, vital_point

UNFILTERED, PACHI, IGO, IGO_AND_OPPOSITE = range(4)
NAMES = ["unfiltered", "Pachi's: opposite empties of the last move",
         "igo's: a neighbour with 3+ empties", "igo's, or opposite empties of it"]


@njit(cache=False)
def _opposite_empties(s: CK.BoardState, p: int) -> bool:
    w = s.meta[0] + 2
    e = CK.EMPTY
    return ((s.color[p - w] == e and s.color[p + w] == e)
            or (s.color[p - 1] == e and s.color[p + 1] == e))


@njit(cache=False)
def _step(s: CK.BoardState, pts: np.ndarray, c: int, last: int,
          mode: int) -> tuple[int, int]:
    """The nakade step's point under filter ``mode`` and the floods it took."""
    w = s.meta[0] + 2
    if mode == PACHI and _opposite_empties(s, last):
        return 0, 0
    seen = 0
    floods = 0
    for k in range(4):
        q = _nb(last, k, w)
        if s.color[q] != CK.EMPTY or in_set(pts, seen, q):
            continue
        mine = False
        empty = 0
        for j in range(4):
            cj = s.color[_nb(q, j, w)]
            mine = mine or cj == c
            empty += cj == CK.EMPTY
        if mine:
            continue
        if mode >= IGO and empty >= 3:
            continue
        if mode == IGO_AND_OPPOSITE and _opposite_empties(s, q):
            continue
        floods += 1
        n, owner = eye_space(s, q, pts, True)
        seen = n
        if owner == 0 or n < 3 or n > MAX_SPACE:
            continue
        v = vital_point(pts, n, w)
        if v != 0 and _legal(s, v, c, False):
            return v, floods
    return 0, floods


@njit(cache=False)
def _count(root: CK.BoardState, s: CK.BoardState, pat3: np.ndarray, cand: np.ndarray,
           pts: np.ndarray, rng: np.ndarray, n: int, out: np.ndarray) -> None:
    """Heavy playouts; at each move, every filter's calls, floods and points found."""
    for _ in range(n):
        CK.restore_state(s, root)
        c = 1
        last = 0
        passes = 0
        for _k in range(300):
            if last > 0:
                for mode in range(4):
                    v, f = _step(s, pts, c, last, mode)
                    out[mode, 0] += 1
                    out[mode, 1] += f
                    out[mode, 2] += v != 0
            p = heavy_move(s, c, last, False, rng, pat3, cand, pts, 0.9, 0.0, 0.9, 0.9)
            if p == 0:
                CK.pass_move(s)
                passes += 1
                if passes >= 2:
                    break
            else:
                CK.place_checked(s, p, c)
                passes = 0
            last = p
            c = 3 - c


def main() -> None:
    for size, playouts in ((9, 2000), (19, 300)):
        b = Board(size)
        root = CK.copy_state(b.state)
        s = CK.copy_state(b.state)
        out = np.zeros((4, 3), np.int64)
        _count(root, s, pattern3_table(), np.zeros((size + 2) ** 2, np.int64),
               np.zeros(16, np.int32), np.array([5], np.uint64), playouts, out)
        for mode, name in enumerate(NAMES):
            calls, floods, found = out[mode]
            print(f"{size}x{size} {name}: {floods / calls:.2f} floods a call, "
                  f"{1000 * found / calls:.1f} points found in 1,000 calls")


if __name__ == "__main__":
    main()
