"""How long a reclaim of a full search tree pauses the search → results/reclaim.json.

For each tree budget, the search a user gets (``strong``, the default, with the board
size's defaults; 9x9 and 19x19, from the empty board) runs until its tree has been
reclaimed a few times; the pause of each reclaim (:meth:`igo.search.search._Trees.
reclaim`: the copy of the kept half of the pool into the spare one) and the nodes it kept
are read from the search's counters. ``ns_per_kept_node``, the pauses over the nodes
copied, shows a copy that got slower whatever the tree's shape: 36-77 ns a node on
2026-12-01, about 400 ns on 9x9 while the node copy was a call that counted references.
The bound: an analysis stream is not interrupted for more than about half a second. The
first reclaim of a process also loads the copy kernel, so it is reported apart.

Usage: ``python benchmarks/bench_reclaim.py [--budgets 64,512] [--reclaims 3]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from igo.core.board import Board
from igo.search import STRONG, Search

RESULTS = Path(__file__).resolve().parents[1] / "results"


def measure(size: int, mb: int, reclaims: int, threads: int) -> dict[str, object]:
    s = Search(Board(size), komi=7.0, config=STRONG.with_options(max_tree_mb=mb,
                                                                  threads=threads), seed=1)
    s.log_reclaims = False
    pauses: list[float] = []
    kept: list[int] = []
    t0 = time.perf_counter()
    seen = 0
    while len(pauses) < reclaims:
        s.run(seconds=1.0)
        ts = s._tree_sets[0]
        if ts.reclaims > seen and ts.last_reclaim is not None:
            seen = ts.reclaims
            pauses.append(ts.last_reclaim[1])
            kept.append(ts.last_reclaim[3])
    st = s.result().stats
    return {"size": size, "max_tree_mb": mb, "threads": threads,
            "pool_nodes": st["tree_capacity"], "reclaims": st["reclaims"],
            "pauses_s": [round(p, 4) for p in pauses], "kept_nodes": kept,
            "ns_per_kept_node": round(1e9 * sum(pauses[1:]) / max(sum(kept[1:]), 1), 1),
            "max_pause_after_first_s": round(max(pauses[1:], default=0.0), 4),
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budgets", default="64,512")
    parser.add_argument("--reclaims", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    rows = []
    for mb in (int(x) for x in args.budgets.split(",")):
        for size in (9, 19):
            row = measure(size, mb, args.reclaims, args.threads)
            rows.append(row)
            print(json.dumps(row), flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "pause of a reclaim of a full search tree",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "results": rows}
    (RESULTS / "reclaim.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
