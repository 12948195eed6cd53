"""Light playouts per second on one core, 9x9 and 19x19 → results/playouts.json.

Usage: ``python benchmarks/bench_playouts.py [--seconds S]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from igo.bench.playouts import PACHI_HEAVY, PACHI_LIGHT, bench_playouts

RESULTS = Path(__file__).resolve().parents[1] / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rows = []
    for size in (9, 19):
        r = bench_playouts(size, args.seconds)
        row = r.to_json() | {"pachi_light_per_s": PACHI_LIGHT[size],
                             "pachi_heavy_per_s": PACHI_HEAVY[size],
                             "ratio_to_pachi_light": round(r.playouts_per_s / PACHI_LIGHT[size], 3)}
        rows.append(row)
        print(json.dumps(row))
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "light playouts, empty board, one core", "date": time.strftime("%F"),
           "machine": platform.processor() or platform.machine(), "results": rows}
    (RESULTS / "playouts.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
