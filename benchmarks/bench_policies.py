"""The playout policies alone, step by step → results/policies.json.

Playouts from the empty board with no tree (restore, play to two passes or 300 moves),
one core, for the ``heavy`` policy, the full ``moggy`` policy and moggy with one step
turned off at a time: nanoseconds of CPU time a playout move (``time.process_time``: this
VM's wall-clock speed drifts with its neighbours), best of three runs of N playouts. It
says what each tactical step costs (``benchmarks/bench_moggy.py`` measures the search).

Usage: ``python benchmarks/bench_policies.py [--playouts N]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import numpy as np

from igo._jit import njit_noalloc
from igo.core import _kernels as CK
from igo.core.board import Board
from igo.search._moggy_kernels import MoggyScratch, moggy_move, new_moggy_scratch
from igo.search._policy_kernels import heavy_move
from igo.search.patterns3 import pattern3_table

RESULTS = Path(__file__).resolve().parents[1] / "results"
# policy, p_capture, p_atari, p_nakade, p_pattern, p_reject, p_ccap, ladder_budget
# (a negative budget: ladders read on the first line only, ``ladder_middle`` off;
# ``-1``: Pachi's first-line shape test and no reading, ``ladder_shape`` on)
VARIANTS = {
    "heavy": (0, 0.9, 0.0, 0.0, 0.9, 0.9, 0.4, 0),
    "heavy with the nakade step": (0, 0.9, 0.0, 0.8, 0.9, 0.9, 0.4, 0),
    "moggy": (1, 0.9, 1.0, 0.8, 0.9, 0.9, 0.4, 200),
    "moggy, no ladder reading": (1, 0.9, 1.0, 0.8, 0.9, 0.9, 0.4, 0),
    "moggy, first-line ladders only": (1, 0.9, 1.0, 0.8, 0.9, 0.9, 0.4, -200),
    "moggy, Pachi's first-line shape test": (1, 0.9, 1.0, 0.8, 0.9, 0.9, 0.4, -1),
    "moggy, no atari step": (1, 0.0, 1.0, 0.8, 0.9, 0.9, 0.4, 200),
    "moggy, no two-liberty step": (1, 0.9, 0.0, 0.8, 0.9, 0.9, 0.4, 200),
    "moggy, no nakade step": (1, 0.9, 1.0, 0.0, 0.9, 0.9, 0.4, 200),
    "moggy, no pattern step": (1, 0.9, 1.0, 0.8, 0.0, 0.9, 0.4, 200),
    "moggy, steps off (self-atari test only)": (1, 0.0, 0.0, 0.0, 0.0, 0.9, 0.4, 0),
    "lite moggy (p_atari=0, p_nakade=0)": (1, 0.9, 0.0, 0.0, 0.9, 0.9, 0.4, 200),
    "lite moggy, first-line ladders only": (1, 0.9, 0.0, 0.0, 0.9, 0.9, 0.4, -200),
    "lite moggy, no ladder reading": (1, 0.9, 0.0, 0.0, 0.9, 0.9, 0.4, 0),
}


@njit_noalloc
def _run(root: CK.BoardState, s: CK.BoardState, ms: MoggyScratch, pat3: np.ndarray,
         cand: np.ndarray, rng: np.ndarray, n: int, which: int, pc: float, pa: float,
         pn: float, pp: float, pr: float, pcc: float, lb: int) -> int:
    moves = 0
    for _ in range(n):
        CK.restore_state(s, root)
        c = 1
        last = 0
        passes = 0
        for _k in range(300):
            if which == 0:
                p = heavy_move(s, c, last, False, rng, pat3, cand, ms.pts, pc, pn, pp, pr)
            else:
                p = moggy_move(s, ms, c, last, False, rng, pat3, cand, pc, pa, pn, pp, pr,
                               pcc, abs(lb), lb >= 0, lb == -1)
            if p == 0:
                CK.pass_move(s)
                passes += 1
                if passes >= 2:
                    break
            else:
                CK.place_checked(s, p, c)
                passes = 0
            moves += 1
            last = p
            c = 3 - c
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--playouts", type=int, default=3000)
    args = parser.parse_args()
    rows = []
    for size in (9, 19):
        b = Board(size)
        root = CK.copy_state(b.state)
        s = CK.copy_state(b.state)
        ms = new_moggy_scratch(s)
        pat3 = pattern3_table()
        cand = np.zeros((size + 2) ** 2, np.int64)
        n = args.playouts if size == 9 else max(1, args.playouts // 5)
        base = None
        for name, v in VARIANTS.items():
            rng = np.array([12345], np.uint64)
            _run(root, s, ms, pat3, cand, rng, 2, *v)  # compile / load
            best = float("inf")
            moves = 0
            for _ in range(3):
                t0 = time.process_time()
                moves = _run(root, s, ms, pat3, cand, rng, n, *v)
                best = min(best, (time.process_time() - t0) / moves * 1e9)
            base = base or best
            row = {"size": size, "variant": name, "ns_per_move": round(best),
                   "moves_per_playout": round(moves / n, 1),
                   "relative_to_heavy": round(best / base, 2)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "playout policies alone, ns of CPU time a playout move, best of 3",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "results": rows}
    (RESULTS / "policies.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
