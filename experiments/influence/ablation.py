"""Does each of Fukui et al.'s ingredients help predict the final owner?

For each variant the constants are tuned on the tuning games (as
``tune.py``, from the freely tuned constants) under a constraint that keeps
one ingredient switched on, then measured on the test games:

* ``free``: no constraint (what ``tune.py`` found);
* ``eye shape``: ``a = 2·a0`` (a living group radiates three times a group
  without eye shape or liberties, as the hand-set constants) and the constants of
  the eye-shape degree fixed at the hand-set ones (``EyeParams()``);
* ``shape rules``: gains at least the hand-set ones (nobi 0.5, kosumi 0.4, ikken 0.3,
  kogeima 0.3) and ``max_gain >= 1``;
* ``full shielding``: ``pass_friend = pass_enemy = 0`` (stones block);
* ``all three``.

Writes ``ablation.json`` (tuned constants and test accuracies) and prints a
Markdown table::

    nice -n 10 .venv/bin/python experiments/influence/ablation.py [TRIALS]
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from igo.influence.evaluate import accuracy, collect_positions, model_fn, score_positions
from igo.influence.fukui import PAPER, FukuiModel, FukuiParams
from igo.influence.labels import LabelCache
from igo.influence.tuning import params_from_dict, params_to_dict, tune_fukui

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
D = PAPER  # the hand-set constants


def eye(p: FukuiParams) -> FukuiParams:
    """Eye shape on: ``a = 2·a0`` and the eye-shape degree's own constants at the
    hand-set ones (else the search makes ``e`` the same for every group)."""
    return dataclasses.replace(p, a=2 * p.a0, eyes=D.eyes)


def rules(p: FukuiParams) -> FukuiParams:
    """Shape rules on: gains at least the hand-set ones, ``max_gain >= 1``."""
    return dataclasses.replace(
        p, k_nobi=max(p.k_nobi, D.k_nobi), k_kosumi=max(p.k_kosumi, D.k_kosumi),
        k_ikken=max(p.k_ikken, D.k_ikken), k_kogeima=max(p.k_kogeima, D.k_kogeima),
        max_gain=max(p.max_gain, 1.0))


def shield(p: FukuiParams) -> FukuiParams:
    """Full shielding: no influence passes a stone."""
    return dataclasses.replace(p, pass_friend=0.0, pass_enemy=0.0)


VARIANTS: dict[str, Callable[[FukuiParams], FukuiParams] | None] = {
    "free": None, "eye shape": eye, "shape rules": rules, "full shielding": shield,
    "all three": lambda p: shield(rules(eye(p))),
}


def main() -> int:
    """Tune every variant on the tuning games, measure it on the test games."""
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    free = params_from_dict(json.loads((HERE / "fukui_tuned.json").read_text())["params"])
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        tune, tune_games = collect_positions(DATA, cache, split="tune")
        test, test_games = collect_positions(DATA, cache, split="test")
    out: dict[str, dict[str, object]] = {}
    for i, (label, constrain) in enumerate(VARIANTS.items()):
        params, score = free, float("nan")
        if constrain is not None:
            params, score = tune_fukui(tune, np.random.default_rng(10 + i), trials=trials,
                                       start=free, constrain=constrain)
        scores = score_positions(model_fn("fukui", FukuiModel(params)), test)
        out[label] = {"params": params_to_dict(params), "tune_mean_accuracy": score,
                      "test_accuracy": {str(m): accuracy(*s.arrays())
                                        for m, s in sorted(scores.items())}}
        print(f"{label}: done", file=sys.stderr, flush=True)
    (HERE / "ablation.json").write_text(json.dumps(
        {"tune_games": tune_games, "test_games": test_games, "trials": trials,
         "variants": out}, indent=1) + "\n")
    print(f"tuned on {tune_games} games ({trials} trials each), tested on {test_games}\n")
    first = out["free"]["test_accuracy"]
    assert isinstance(first, dict)
    stages = list(first)
    print("| fukui, tuned with | " + " | ".join(f"move {m}" for m in stages) + " | mean |")
    print("|---|" + "---|" * (len(stages) + 1))
    for label, row in out.items():
        acc = row["test_accuracy"]
        assert isinstance(acc, dict)
        vals = [float(acc[m]) for m in stages]
        print(f"| {label} | " + " | ".join(f"{v:.3f}" for v in vals)
              + f" | {float(np.mean(vals)):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
