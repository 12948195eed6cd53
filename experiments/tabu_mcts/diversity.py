"""Ohta & Itoh, Fig. 4 and section 3.2: playout diversity with and without tabu lists.

Searches the empty 9x9 board (Black to move, komi 6.5) with the ``paper`` preset,
plain and with tabu lists of length L, and reports

- the share of repeated positions at playout moves 1 and 2: a position reached by
  the first (second) playout move from a leaf that an earlier playout from the same
  leaf had already reached (Fig. 4);
- the mean number of playout attempts per accepted playout, against the paper's
  bound ``T = ((N^2 - K + L) / (N^2 - K - L))^2`` (section 3.2) with N = 9 and
  K = the mean move number of the leaves (1 + mean leaf depth).

Usage::

    python experiments/tabu_mcts/diversity.py --playouts 100000 --seeds 5 \\
        --out experiments/tabu_mcts/results/diversity.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from igo.core.board import Board
from igo.search import PAPER, Search


def mean_leaf_depth(search: Search) -> float:
    """Visit-weighted mean depth of the nodes where playouts started."""
    t = search.workers[0].tree
    used = int(t.meta[0])
    depth = np.zeros(used, np.int64)
    for n in range(1, used):
        depth[n] = depth[int(t.parent[n])] + 1
    leaf = t.first[:used] < 0
    w = t.N[:used] * leaf
    return float((depth * w).sum() / max(w.sum(), 1.0))


def measure(tabu: int, playouts: int, seed: int, key: str) -> dict[str, float]:
    """One search of the empty board; the diversity figures of its playouts."""
    s = Search(Board(9), komi=6.5, config=PAPER.with_options(tabu=tabu, tabu_key=key),
               seed=seed)
    for wk in s.workers:
        wk.count_repeats(22)
    st = s.run(playouts=playouts).stats
    k = 1.0 + mean_leaf_depth(s)
    n2 = 81.0
    bound = ((n2 - k + tabu) / (n2 - k - tabu)) ** 2 if tabu else 1.0
    return {"tabu": tabu, "seed": seed, "playouts": st["playouts"],
            "repeat1": st["repeat1"] / max(st["check1"], 1),
            "repeat2": st["repeat2"] / max(st["check2"], 1),
            "attempts_per_playout": st["tries"] / max(st["playouts"], 1),
            "bound_T": bound, "mean_K": k}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=100_000)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--tabu", type=int, nargs="+", default=[0, 3, 5, 7, 9, 11, 12])
    ap.add_argument("--key", choices=("move", "position"), default="move",
                    help="what tabu lists and repeat counts compare (default: the move)")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    rows = []
    for tabu in args.tabu:
        runs = [measure(tabu, args.playouts, seed, args.key) for seed in range(args.seeds)]
        row = {key: float(np.mean([r[key] for r in runs])) for key in runs[0]}
        row["repeat1_sd"] = float(np.std([r["repeat1"] for r in runs]))
        row["repeat2_sd"] = float(np.std([r["repeat2"] for r in runs]))
        rows.append(row)
        print(f"tabu {tabu:2d}: repeats move 1 {row['repeat1']:.1%} (sd {row['repeat1_sd']:.1%}),"
              f" move 2 {row['repeat2']:.1%}; attempts/playout "
              f"{row['attempts_per_playout']:.3f} (bound T {row['bound_T']:.3f}, "
              f"K {row['mean_K']:.2f})", flush=True)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"playouts": args.playouts, "seeds": args.seeds,
                                        "key": args.key, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
