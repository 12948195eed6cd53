"""The comparison table: every model on the test games (70 %), per stage.

Writes ``results.json`` (everything ``igo influence eval --json`` prints, per
model) and prints a Markdown table for the README::

    nice -n 10 .venv/bin/python experiments/influence/compare.py [SPLIT]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from igo.influence import DistanceModel, get_model
from igo.influence.evaluate import collect_positions, fit_beta, model_fn, score_positions, summarize
from igo.influence.fukui import PAPER
from igo.influence.labels import LabelCache
from igo.influence.tuning import load_model, tune_distance

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
TUNED = HERE / "fukui_tuned.json"


def main() -> int:
    """Evaluate distance (paper's a = 5, and a and metric chosen on the tuning games),
    bouzy, fukui (paper and tuned constants) and GNU Go."""
    split = sys.argv[1] if len(sys.argv) > 1 else "test"
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        positions, games = collect_positions(DATA, cache, split=split)
        tune, tune_games = collect_positions(DATA, cache, split="tune")
    a, metric, _ = tune_distance(tune)
    models = {
        "distance": get_model("distance"),
        f"distance (tuned: a={a:g}, {metric})": DistanceModel(a, metric),
        "bouzy": get_model("bouzy"),
        "fukui (paper)": get_model("fukui", params=PAPER),
        "gnugo": None,
    }
    if TUNED.exists():
        models["fukui (tuned)"] = load_model("fukui", TUNED)
    results = {}
    for label, model in models.items():
        fn = model_fn("gnugo" if model is None else "model", model)
        betas = {m: fit_beta(*s.arrays()) for m, s in score_positions(fn, tune).items()}
        results[label] = summarize(score_positions(fn, positions), betas)
    out = {"split": split, "games": games, "tune_games": tune_games, "models": results}
    (HERE / f"results_{split}.json").write_text(json.dumps(out, indent=1) + "\n")
    stages = sorted({int(k) for r in results.values() for k in r})
    print(f"{split} games: {games} (calibration fitted on {tune_games} tuning games)\n")
    print("| model | " + " | ".join(f"move {m}" for m in stages) + " | mean |")
    print("|---|" + "---|" * (len(stages) + 1))
    for label, r in results.items():
        accs = [float(r[str(m)]["accuracy"]) for m in stages]  # type: ignore[arg-type]
        print(f"| {label} | " + " | ".join(f"{a:.3f}" for a in accs)
              + f" | {sum(accs) / len(accs):.3f} |")
    print("\nlog loss of sigmoid(beta*f), beta fitted on the tuning games (nats/point)\n")
    print("| model | " + " | ".join(f"move {m}" for m in stages) + " |")
    print("|---|" + "---|" * len(stages))
    for label, r in results.items():
        cal = [r[str(m)]["calibration"]["log_loss"] for m in stages]  # type: ignore[index]
        print(f"| {label} | " + " | ".join(f"{c:.3f}" for c in cal) + " |")
    print("\npoints per stage: " + ", ".join(
        f"{m}: {results['distance'][str(m)]['points']}" for m in stages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
