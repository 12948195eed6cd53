"""The cost of the playout policies beside Pachi's moggy, in one run → results/moggy.json.

igo's search from the empty board (the ``strong`` preset, one thread) with each
playout policy (``heavy``, ``moggy``) and with the ladder-read priors, and Pachi
12.90 (``-t =N threads=1,pondering=0``, its default moggy playouts and priors) on the
same machine in the same run: its own log's "mcts … games/s" of a first move on the
empty board. Run it on an idle machine (both engines use one core).

Usage: ``python benchmarks/bench_moggy.py [--seconds S] [--pachi PATH]``
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import time
from pathlib import Path

from igo.bench.search import bench_search
from igo.search.config import preset

RESULTS = Path(__file__).resolve().parents[1] / "results"
PACHI_RATE = re.compile(r"mcts [\d.]+s \((\d+) games/s")
VARIANTS: dict[str, dict[str, str | float]] = {
    "heavy": {}, "moggy": {"policy": "moggy"},
    "moggy, Pachi's ladders": {"policy": "moggy", "ladder_middle": 0, "ladder_shape": 1},
    "heavy+ladder priors": {"ladder_escape": 0.05, "ladder_atari": 3.0}}


def pachi_rate(pachi: str, size: int, playouts: int) -> float:
    """Pachi's own games/s for a first move of ``playouts`` playouts."""
    gtp = f"boardsize {size}\nclear_board\nkomi 7\ngenmove b\nquit\n"
    run = subprocess.run([pachi, "-t", f"={playouts}", "threads=1,pondering=0"],
                         input=gtp, capture_output=True, text=True, timeout=600, check=False)
    m = PACHI_RATE.search(run.stderr)
    if m is None:
        raise RuntimeError(f"no games/s in Pachi's log:\n{run.stderr[-2000:]}")
    return float(m.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--pachi", default="", help="Pachi 12.90 binary (optional)")
    args = parser.parse_args()
    rows = []
    for size in (9, 19):
        pachi = pachi_rate(args.pachi, size, 40_000 if size == 9 else 10_000) \
            if args.pachi else None
        for name, options in VARIANTS.items():
            cfg = preset("strong").with_options(**options)
            r = bench_search(size, args.seconds, name, cfg)
            row = r.to_json() | {"variant": name, "pachi_per_s": pachi}
            if pachi:
                row["ratio_to_pachi"] = round(r.playouts_per_s / pachi, 3)
            rows.append(row)
            print(json.dumps(row), flush=True)
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "search playouts per second by playout policy, beside Pachi 12.90",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "results": rows}
    (RESULTS / "moggy.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
