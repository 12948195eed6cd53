"""Playouts per second inside the MCTS search from the empty board → results/search.json.

Light playouts (the ``paper`` preset: UCB1, expansion after 100 playouts) and heavy
playouts (the ``strong`` preset: priors from the move model at every expansion, RAVE,
heavy playouts), 9x9 and 19x19, one thread; and the ``strong`` preset on two threads,
sharing one tree (the default) and a tree each (root parallelism), for the speed-up.
Pachi 12.90's figures (one thread, tree search included) measured on this kind of
machine are beside ours.

Usage: ``python benchmarks/bench_search.py [--seconds S]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from igo.bench.playouts import PACHI_HEAVY, PACHI_LIGHT
from igo.bench.search import bench_search
from igo.search.config import preset

RESULTS = Path(__file__).resolve().parents[1] / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    rows = []
    runs = [(9, "paper", 1, "tree"), (19, "paper", 1, "tree"), (9, "strong", 1, "tree"),
            (19, "strong", 1, "tree"), (9, "strong", 2, "tree"), (19, "strong", 2, "tree"),
            (9, "strong", 2, "root")]
    for size, name, threads, parallel in runs:
        cfg = preset(name).with_options(threads=threads, parallel=parallel)
        r = bench_search(size, args.seconds, name, cfg)
        pachi = (PACHI_HEAVY if cfg.playouts.policy == "heavy" else PACHI_LIGHT)[size]
        row = r.to_json() | {"pachi_per_s": pachi,
                             "ratio_to_pachi": round(r.playouts_per_s / pachi, 3)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "MCTS playouts per second from the empty board",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "results": rows}
    (RESULTS / "search.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
