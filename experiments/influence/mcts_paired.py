"""Paired per-game comparison at one stage: is the MCTS ownership's lead real?

Points of one game are strongly correlated, so the interval is a bootstrap over
games: per game, the accuracy of each model at move ``STAGE`` on the same test
games as ``mcts_runs.sh`` (the first 150 labelled test games); the mean of the
per-game differences and its 95 % bootstrap interval (10,000 resamples of games).
The ``mcts`` maps are the same as in the eval (seeded by the position)::

    nice -n 10 .venv/bin/python experiments/influence/mcts_paired.py [STAGE] [PLAYOUTS]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from igo.influence import get_model
from igo.influence.evaluate import accuracy, collect_positions, model_fn
from igo.influence.labels import LabelCache

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def main() -> int:
    """Per-game accuracies at one stage and paired bootstrap intervals."""
    stage = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        positions, games = collect_positions(DATA, cache, stages=(stage,), split="test",
                                             games=150)
    models = {"gnugo": model_fn("gnugo", None),
              "fukui_tuned": model_fn("fukui", get_model("fukui")),
              "distance": model_fn("distance", get_model("distance")),
              f"mcts_strong_{playouts}": model_fn("mcts", get_model("mcts", playouts=playouts))}
    per_game: dict[str, list[float]] = {name: [] for name in models}
    for pos in positions:
        keep = pos.owner != 0
        for name, fn in models.items():
            value = fn(pos)
            assert value is not None, f"{name} has no map of {pos.key} at {pos.move}"
            per_game[name].append(accuracy(np.asarray(value)[keep], pos.owner[keep]))
    acc = {k: np.array(v) for k, v in per_game.items()}
    rng = np.random.default_rng(0)
    idx = rng.integers(0, len(positions), size=(10_000, len(positions)))
    mcts = f"mcts_strong_{playouts}"
    out: dict[str, object] = {"stage": stage, "games": games, "positions": len(positions),
                              "mean_accuracy_per_game": {k: float(v.mean())
                                                         for k, v in acc.items()}}
    diffs = {}
    for other in ("gnugo", "fukui_tuned", "distance"):
        d = acc[mcts] - acc[other]
        boot = d[idx].mean(axis=1)
        lo, hi = np.percentile(boot, [2.5, 97.5])
        diffs[f"{mcts} - {other}"] = {"mean": float(d.mean()), "ci95": [float(lo), float(hi)],
                                      "games_better": int((d > 0).sum()),
                                      "games_worse": int((d < 0).sum())}
    out["differences"] = diffs
    text = json.dumps(out, indent=1)
    (HERE / "mcts" / f"paired_{stage}.json").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
