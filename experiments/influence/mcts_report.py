"""Tables of the MCTS-ownership comparison (README, "MCTS ownership").

Reads the ``igo influence eval --json`` lines that ``mcts_runs.sh`` wrote to
``mcts/*.json`` and writes ``results_mcts.json`` (all of them, by run name) and the
Markdown tables on stdout::

    .venv/bin/python experiments/influence/mcts_report.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LABELS = {  # run name -> row label, in table order
    "distance": "distance (Honda et al., a = 5)",
    "fukui_paper": "fukui (paper's hand-set constants)",
    "fukui_tuned": "fukui (tuned: the new default)",
    "gnugo": "gnugo (initial_influence regions)",
    "mcts_paper_1000": "mcts: paper preset (plain UCT, light), 1000 playouts",
    "mcts_light_1000": "mcts: strong preset, light playouts, 1000 playouts",
    "mcts_strong_100": "mcts: strong preset (heavy), 100 playouts",
    "mcts_strong_200": "mcts: strong preset (heavy), 200 playouts",
    "mcts_strong_500": "mcts: strong preset (heavy), 500 playouts",
    "mcts_strong_1000": "mcts: strong preset (heavy), 1000 playouts",
    "mcts_strong_3000": "mcts: strong preset (heavy), 3000 playouts",
}


def main() -> int:
    """Print the tables and write ``results_mcts.json``."""
    runs = {p.stem: json.loads(p.read_text()) for p in sorted((HERE / "mcts").glob("*.json"))
            if not p.stem.startswith("paired")}
    runs = {k: runs[k] for k in [*LABELS, *sorted(set(runs) - set(LABELS))] if k in runs}
    if not runs:
        print("no runs in mcts/ yet (sh experiments/influence/mcts_runs.sh 1|2)")
        return 1
    (HERE / "results_mcts.json").write_text(json.dumps(runs, indent=1) + "\n")
    stages = sorted({int(s) for r in runs.values() for s in r["accuracy"]})
    games = {r["games"] for r in runs.values()}
    print(f"test games: {sorted(games)}; positions per stage: "
          + ", ".join(f"{m}: {next(iter(runs.values()))['points'].get(str(m), 0)} points"
                      for m in stages) + "\n")
    head = " | ".join(f"move {m}" for m in stages)
    print(f"| model | {head} | mean | ms/map (wall) | ms/map (CPU) |")
    print("|---|" + "---|" * (len(stages) + 3))
    for name, r in runs.items():
        accs = [float(r["accuracy"].get(str(m), "nan")) for m in stages]
        t = r.get("timing", {}) if r.get("timing", {}).get("positions") else {}
        wall = f"{1000 * t['wall_s']:.{0 if t['wall_s'] > 0.1 else 1}f}" if t else ""
        cpu = f"{1000 * t['cpu_s']:.{0 if t['cpu_s'] > 0.1 else 1}f}" if t else ""
        mean = f"{sum(accs) / len(accs):.3f}" if len(r["accuracy"]) == len(stages) else ""
        print(f"| {LABELS.get(name, name)} | "
              + " | ".join("" if a != a else f"{a:.3f}" for a in accs)  # nan: not run
              + f" | {mean} | {wall} | {cpu} |")
    print("\nlog loss of sigmoid(beta*f), beta fitted on tuning games (nats/point)\n")
    print(f"| model | {head} |")
    print("|---|" + "---|" * len(stages))
    for name, r in runs.items():
        cal = r["calibration"]
        print(f"| {LABELS.get(name, name)} | " + " | ".join(
            f"{float(cal[str(m)]['log_loss']):.3f}" if str(m) in cal else "" for m in stages)
            + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
