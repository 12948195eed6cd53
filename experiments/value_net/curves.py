"""Train and test curves of a heads training run (its ``log.jsonl``), as a figure and a table.

    python experiments/value_net/curves.py runs/value-net/heads/log.jsonl \\
        --out experiments/value_net/results/heads-curves.png

Each line of the log is one evaluation (:mod:`igo.nets.heads_train`): the value's
log-loss and accuracy, the score's mean absolute error and the ownership's accuracy, on
the fixed test positions (one a test game; players of no training game) and on the
fixed positions of training games. A value head that learns its games shows a train
curve that falls away from the test curve.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

PANELS = (("logloss", "value log-loss"), ("accuracy", "winner accuracy"),
          ("score_mae", "score MAE (points)"), ("owner_accuracy", "ownership accuracy"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    rows = [json.loads(line) for p in args.logs for line in p.read_text().splitlines()]
    rows.sort(key=lambda r: r["step"])
    print("| step | positions | test log-loss | train log-loss | test acc | test score MAE "
          "| test owner acc |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        t, tr = r["test"], r["train"]
        print(f"| {r['step']} | {r['positions']:,} | {t['logloss']:.4f} | {tr['logloss']:.4f} "
              f"| {t['accuracy']:.3f} | {t['score_mae']:.2f} | {t['owner_accuracy']:.3f} |")
    if args.out is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(1, 4, figsize=(16, 3.6))
        steps = [r["positions"] for r in rows]
        for ax, (key, title) in zip(axes, PANELS, strict=True):
            for fold, style in (("train", "--"), ("test", "-")):
                ax.plot(steps, [r[fold][key] for r in rows], style, marker="o", label=fold)
            ax.set_title(title)
            ax.set_xlabel("positions trained")
            ax.legend()
        fig.tight_layout()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(args.out, dpi=90)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
