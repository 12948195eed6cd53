"""Speed of one 19x19 influence map per model → results/influence.json.

Real positions (moves 50, 100, 150 and 200 of the first games of
``tygem9d/test.sgfs.xz``), CPU time of this process per map (other jobs on a
shared machine do not count), for the public call (validation and allocation
included) and, for distance and bouzy, the bare kernel into a preallocated map.

Usage: ``python benchmarks/bench_influence.py [--games N] [--repeat R]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from igo.influence import _kernels as K
from igo.influence import get_model
from igo.influence.evaluate import stage_stones
from igo.influence.eyes import eye_degree
from igo.influence.fukui import PAPER
from igo.influence.labels import iter_counted

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
DATA = ROOT.parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
TUNED = ROOT / "experiments" / "influence" / "fukui_tuned.json"


def per_call_us(fn: Callable[[np.ndarray], object], boards: list[np.ndarray],
                repeat: int) -> float:
    """Mean CPU microseconds of ``fn(board)`` over ``boards``, ``repeat`` times."""
    for b in boards[:3]:
        fn(b)  # compile / warm up
    c0 = time.process_time()
    for _ in range(repeat):
        for b in boards:
            fn(b)
    return (time.process_time() - c0) / (repeat * len(boards)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    boards = []
    for record in iter_counted(DATA, limit=args.games):
        boards.extend(stage_stones(record, (50, 100, 150, 200)).values())
    out = np.empty((19, 19))
    a = np.empty((19, 19), dtype=np.int64)
    b = np.empty((19, 19), dtype=np.int64)
    timings = {
        "distance": per_call_us(get_model("distance"), boards, args.repeat),
        "distance_kernel": per_call_us(lambda s: K.distance_map(s, 5.0, 0, out), boards,
                                       args.repeat),
        "bouzy": per_call_us(get_model("bouzy"), boards, args.repeat),
        "bouzy_kernel": per_call_us(lambda s: K.bouzy_map(s, 5, 21, 128, out, a, b), boards,
                                    args.repeat),
        "fukui": per_call_us(get_model("fukui", params=PAPER), boards, args.repeat),  # hand-set
        "fukui_eye_degree_only": per_call_us(eye_degree, boards, args.repeat),
    }
    if TUNED.exists():
        from igo.influence.tuning import load_model

        timings["fukui_tuned"] = per_call_us(load_model("fukui", TUNED), boards, args.repeat)
    result = {
        "benchmark": "influence map, 19x19, CPU microseconds per map",
        "positions": len(boards),
        "mean_stones": float(np.mean([np.count_nonzero(x) for x in boards])),
        "repeat": args.repeat,
        "us_per_map": {k: round(v, 2) for k, v in timings.items()},
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor() or platform.machine(),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "influence.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
