"""Paper 004, Tables 2-5 and Fig. 5 on Go: learned importance against uniform weights.

    python experiments/importance/compare.py --run runs/importance-progress --games 1000
    python experiments/importance/compare.py --run runs/importance-progress --figure-only

From the run's database (``igo evolve run``) it takes the learned weights (PBILc's
centre after the last finished step, normalised to mean 1) and the best initial
individual (the best-rated step-0 individual at the last step), trains the learned model
and the conventional one (uniform weights) exactly as the loop trains individuals (same
subset, same training settings and shuffling), and plays ``--games`` games of each against
the conventional model: colour-swapped pairs from the same random opening, varied openings
(the loop's players and game settings). Games are appended one line each to
``OUT/compare-<name>.jsonl`` (a rerun resumes); the summary (win rate with a 95 % Wilson
interval, exact two-sided binomial test, as ``igo match``) goes to
``experiments/importance/results/compare-<mode>.json``. Fig. 5 (weights by progress
bucket: the best initial individual and the learned centre) goes to
``results/weights-<mode>.png``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from igo.arena.executor import ExecutorConfig, open_executor
from igo.arena.stats import binomial_p_value, elo_difference, wilson_interval
from igo.evolve.config import EvolveConfig
from igo.evolve.games import game_task, play_individual_game
from igo.evolve.individual import player_spec, train_individual
from igo.evolve.pbilc import normalise
from igo.evolve.status import run_status

RESULTS = Path(__file__).resolve().parent / "results"  # --results changes it


def load_run(run: Path) -> tuple[EvolveConfig, dict[str, object], np.ndarray, str]:
    """The run's config, status, learned weights and the best initial model's path."""
    db = run / "evolve.sqlite"
    status = run_status(db)
    if status["steps_done"] < 0:
        sys.exit(f"{db}: the initial population is not rated yet")
    with sqlite3.connect(db) as con:
        config = EvolveConfig.from_dict(json.loads(
            con.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]))
        step = int(status["steps_done"])  # type: ignore[call-overload]
        path = con.execute(
            "SELECT i.model_path FROM ratings r JOIN individuals i ON i.id = r.individual"
            " WHERE r.step = ? AND i.step = 0 ORDER BY r.elo DESC LIMIT 1", (step,)).fetchone()[0]
    learned = normalise(np.asarray(status["centre"], dtype=float), config.pbilc.min_weight)
    return replace(config, out=run), status, learned, str(path)


def train(config: EvolveConfig, weights: np.ndarray, name: str) -> str:
    path = config.out / "compare" / f"{name}.npz"
    if not path.exists():
        train_individual(-1, str(config.out / "data"), [float(w) for w in weights],
                         config.mode, config.train, config.seed, str(path))
    return str(path)


def play(config: EvolveConfig, first: str, second: str, games: int, log: Path,
         workers: int | None, seed: int) -> list[dict[str, object]]:
    """``games`` games (pairs from one opening, colours swapped), resumed from ``log``."""
    done = {}
    if log.exists():
        for line in log.read_text().splitlines():
            row = json.loads(line)
            done[row["index"]] = row
    a, b = player_spec(first, config.games), player_spec(second, config.games)
    todo = [i for i in range(games) if i not in done]
    with open_executor(ExecutorConfig(workers=workers)) as ex, open(log, "a") as out:
        for i in todo:
            black, white = (a, b) if i % 2 == 0 else (b, a)
            ex.submit(i, play_individual_game, game_task(black, white, seed + i // 2,
                                                         config.games))
        while ex.pending:
            fin = ex.next_done()
            if fin.error is not None:  # a lost worker: play that game again
                i = int(fin.key)  # type: ignore[call-overload]
                black, white = (a, b) if i % 2 == 0 else (b, a)
                ex.submit(i, play_individual_game, game_task(black, white, seed + i // 2,
                                                             config.games))
                continue
            g = fin.value
            i = int(fin.key)  # type: ignore[call-overload]
            first_black = i % 2 == 0
            score = 0.5 if g.winner is None else float((g.winner == "B") == first_black)
            row = {"index": i, "first_black": first_black, "score": score, "result": g.result,
                   "moves": g.moves}
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[i] = row
            if len(done) % 50 == 0:
                print(f"{log.name}: {len(done)}/{games}", file=sys.stderr, flush=True)
    return [done[i] for i in sorted(done) if i < games]


def summary(rows: list[dict[str, object]]) -> dict[str, object]:
    n = len(rows)
    score = sum(float(r["score"]) for r in rows)  # type: ignore[arg-type]
    wins = sum(r["score"] == 1.0 for r in rows)
    decisive = sum(r["score"] != 0.5 for r in rows)
    low, high = wilson_interval(score, n)
    return {"games": n, "score": score, "win_rate": score / n if n else None,
            "low": low, "high": high, "p_value": binomial_p_value(wins, decisive),
            "elo": elo_difference(score / n) if 0 < score < n else None}


def figure(status: dict[str, object], best_weights: list[float], mode: str,
           results: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    centre = normalise(np.asarray(status["centre"], dtype=float))
    k = len(centre)
    x = (np.arange(k) + 0.5) / k
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(x, best_weights, "o--", label="best initial individual")
    ax.plot(x, centre, "s-", label=f"learned (PBILc centre, step {status['steps_done']})")
    ax.axhline(1.0, color="grey", lw=0.5)
    ax.set_xlabel("progress (move number / game length)")
    ax.set_ylabel("weight (mean 1)")
    ax.set_xlim(0, 1)
    ax.legend()
    fig.tight_layout()
    path = results / f"weights-{mode}.png"
    fig.savefig(path, dpi=120)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--run", type=Path, required=True, help="the run's folder")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=10**6)
    parser.add_argument("--figure-only", action="store_true")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="where the summary and the figure go")
    args = parser.parse_args()
    config, status, learned, best_path = load_run(args.run)
    best = status["best"]
    best_weights = json.loads(sqlite3.connect(args.run / "evolve.sqlite").execute(
        "SELECT weights FROM individuals WHERE model_path = ?", (best_path,)).fetchone()[0])
    args.results.mkdir(parents=True, exist_ok=True)
    if config.mode == "progress":
        print(figure(status, best_weights, config.mode, args.results))
    if args.figure_only:
        return 0
    uniform = train(config, np.ones(config.length), "uniform")
    step = status["steps_done"]
    mine = train(config, learned, f"learned-step{step}")
    doc: dict[str, object] = {"run": str(args.run), "mode": config.mode, "step": step,
                              "learned_weights": learned.tolist(), "best_initial": best,
                              "games_settings": config.to_dict()["games"]}
    for name, model in (("learned", mine), ("best_initial", best_path)):
        log = config.out / "compare" / f"compare-{name}-step{step}.jsonl"
        rows = play(config, model, uniform, args.games, log, args.workers, args.seed)
        doc[f"{name}_vs_uniform"] = summary(rows)
        print(name, "vs uniform:", doc[f"{name}_vs_uniform"])
    out = args.results / f"compare-{config.mode}.json"
    out.write_text(json.dumps(doc, indent=1))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
