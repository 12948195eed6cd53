"""Tune paper 003's constants on the tuning games (30 %) of the ownership comparison.

Writes ``fukui_tuned.json`` (the parameters, their mean accuracy on the tuning
games, the number of games and the search settings). Run after (or while)
``label.py`` fills the cache::

    nice -n 10 .venv/bin/python experiments/influence/tune.py [TRIALS] [SEED]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from igo.influence.evaluate import collect_positions
from igo.influence.fukui import FukuiParams
from igo.influence.labels import LabelCache
from igo.influence.tuning import params_from_dict, params_to_dict, tune_fukui

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
OUT = HERE / "fukui_tuned.json"


def main() -> int:
    """Run the search from the defaults (or from the last tuned parameters)."""
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        positions, games = collect_positions(DATA, cache, split="tune")
    start = FukuiParams()
    if OUT.exists() and "--fresh" not in sys.argv:
        start = params_from_dict(json.loads(OUT.read_text())["params"])
    t0 = time.time()

    def log(trial: int, score: float, _p: FukuiParams) -> None:
        print(f"trial {trial}: mean accuracy {score:.4f}", flush=True)

    best, score = tune_fukui(positions, np.random.default_rng(seed), trials=trials,
                             start=start, log=log)
    OUT.write_text(json.dumps({
        "params": params_to_dict(best), "mean_accuracy_tune": score, "tune_games": games,
        "tune_positions": len(positions), "trials": trials, "seed": seed,
        "seconds": round(time.time() - t0, 1)}, indent=2) + "\n")
    print(f"{games} tuning games, {len(positions)} positions: best mean accuracy {score:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
