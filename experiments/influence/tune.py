"""Tune Fukui et al.'s constants on the tuning games (30 %) of the ownership comparison.

Local random search (:func:`igo.influence.tuning.tune_fukui`) from the hand-set
constants (the ``paper`` preset), restarted with several seeds and step sizes;
the best on the tuning games is kept. Writes ``fukui_tuned.json`` (the parameters,
their mean accuracy on the tuning games, every restart's score, the number of games). Run after (or
while) ``label.py`` fills the cache::

    nice -n 10 .venv/bin/python experiments/influence/tune.py [TRIALS] [RESTARTS]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from igo.influence.evaluate import collect_positions
from igo.influence.labels import LabelCache
from igo.influence.tuning import params_to_dict, tune_fukui

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
OUT = HERE / "fukui_tuned.json"
STEPS = (0.3, 0.5, 0.3, 0.5)


def main() -> int:
    """Run ``RESTARTS`` searches of ``TRIALS`` trials each (default 400 and 3)."""
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    restarts = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        positions, games = collect_positions(DATA, cache, split="tune")
    t0 = time.time()
    runs = []
    for seed in range(1, restarts + 1):
        step = STEPS[(seed - 1) % len(STEPS)]
        params, score = tune_fukui(positions, np.random.default_rng(seed), trials=trials,
                                   step=step)
        runs.append({"seed": seed, "step": step, "mean_accuracy_tune": score,
                     "params": params_to_dict(params)})
        print(f"seed {seed} step {step}: mean accuracy {score:.4f}", flush=True)
    best = max(runs, key=lambda r: float(r["mean_accuracy_tune"]))  # type: ignore[arg-type]
    OUT.write_text(json.dumps({
        "params": best["params"], "mean_accuracy_tune": best["mean_accuracy_tune"],
        "tune_games": games, "tune_positions": len(positions), "trials": trials,
        "restarts": [{k: v for k, v in r.items() if k != "params"} for r in runs],
        "seconds": round(time.time() - t0, 1)}, indent=2) + "\n")
    print(f"{games} tuning games, {len(positions)} positions: best {best['mean_accuracy_tune']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
