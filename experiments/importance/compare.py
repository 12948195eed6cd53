"""Paper 004, Tables 2-5 and Fig. 5 on Go: learned importance against uniform weights.

    python experiments/importance/compare.py --run runs/importance-progress --games 1000
    python experiments/importance/compare.py --run runs/importance-progress --figure-only

From the run's database (``igo evolve run``) it takes the learned weights (PBILc's
centre after the last finished step, normalised to mean 1) and the best initial
individual (the best-rated step-0 individual at the last step), trains the learned model
and the conventional one (uniform weights) exactly as the loop trains individuals (same
subset, same training settings and shuffling), and plays ``--games`` games of each against
the conventional model, and the learned model against the best initial one: colour-swapped
pairs from the same random opening, varied openings (the loop's players and game settings).
Games are appended one line each to ``OUT/compare-<name>.jsonl`` (a rerun resumes); the
summary (win rate with a 95 % Wilson interval, exact two-sided binomial test, as ``igo
match``) goes to
``experiments/importance/results/compare-<mode>.json``. Fig. 5 (weights by progress
bucket: the best initial individual and the learned centre) goes to
``results/weights-<mode>.png``.

The three comparisons are played side by side (pair ``i`` of one, then pair ``i`` of the
others), so a run stopped early has as many games of each. ``--summary-only`` writes the
summary of the games logged so far and plays nothing. A run copied from another machine
(``device_job.sh``: the database without the model files) works too: the training subset
is extracted again (``--records`` where the stored record paths do not exist here) and a
missing best initial model is trained again from its stored weights.

``--replicates K`` separates the weighting from the training run: uniform and learned
weights are each trained K more times with other shuffling seeds (the run's seed + 1 … K);
per seed, learned plays uniform, and that uniform plays the first uniform model (the same
weights, so any difference is the training run's alone).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from dataclasses import replace
from pathlib import Path
from typing import cast

import numpy as np

from igo.arena.executor import Executor, ExecutorConfig
from igo.arena.executors import open_executor
from igo.arena.stats import binomial_p_value, elo_difference, wilson_interval
from igo.evolve.config import EvolveConfig
from igo.evolve.games import game_task, play_individual_game
from igo.evolve.individual import player_spec, train_individual
from igo.evolve.pbilc import normalise
from igo.evolve.status import run_status
from igo.evolve.subset import prepare_subset

RESULTS = Path(__file__).resolve().parent / "results"  # --results changes it


def load_run(run: Path) -> tuple[EvolveConfig, dict[str, object], np.ndarray,
                                 dict[str, object]]:
    """The run's config, status, learned weights and best initial individual
    (:func:`best_initial`; its model path as stored: it may be another machine's)."""
    db = run / "evolve.sqlite"
    status = run_status(db)
    if status["steps_done"] < 0:
        sys.exit(f"{db}: the initial population is not rated yet")
    with sqlite3.connect(db) as con:
        config = EvolveConfig.from_dict(json.loads(
            con.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]))
    learned = normalise(np.asarray(status["centre"], dtype=float), config.pbilc.min_weight)
    best = best_initial(db, int(str(status["steps_done"])))
    return replace(config, out=run), status, learned, best


def best_initial(db: Path, step: int) -> dict[str, object]:
    """The best-rated step-0 individual after ``step``: its id, rating, weights and model
    path (the run's best overall may be a later individual)."""
    with sqlite3.connect(db) as con:
        ind, elo, low, high, games, weights, path = con.execute(
            "SELECT i.id, r.elo, r.low, r.high, r.games, i.weights, i.model_path"
            " FROM ratings r JOIN individuals i ON i.id = r.individual"
            " WHERE r.step = ? AND i.step = 0 ORDER BY r.elo DESC LIMIT 1", (step,)).fetchone()
    return {"individual": ind, "step": 0, "elo": elo, "low": low, "high": high,
            "games": games, "weights": json.loads(weights), "model_path": path}


def trained(config: EvolveConfig, jobs: dict[str, np.ndarray], workers: int | None,
            seeds: dict[str, int] | None = None) -> dict[str, str]:
    """Train (on the executor, side by side) each model of ``jobs`` (name -> weights)
    whose file is not in ``OUT/compare`` yet, with the run's training seed or the one
    ``seeds`` gives it; returns name -> path."""
    seeds = seeds or {}
    paths = {name: config.out / "compare" / f"{name}.npz" for name in jobs}
    todo = [name for name in jobs if not paths[name].exists()]
    if todo:
        with open_executor(ExecutorConfig(workers=workers)) as ex:
            for name in todo:
                ex.submit(name, train_individual, -1, str(config.out / "data"),
                          [float(w) for w in jobs[name]], config.mode, config.train,
                          seeds.get(name, config.seed), str(paths[name]))
            while ex.pending:
                fin = ex.next_done()
                if fin.error is not None:
                    raise fin.error
                print(f"trained {fin.key} in {fin.value.seconds:.0f} s", file=sys.stderr)
    return {name: str(path) for name, path in paths.items()}


def read_log(log: Path) -> dict[int, dict[str, object]]:
    """The games logged so far, by index."""
    done: dict[int, dict[str, object]] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[int(row["index"])] = row
    return done


def play(config: EvolveConfig, matches: dict[str, tuple[str, str, Path]], games: int,
         workers: int | None, seed: int) -> dict[str, list[dict[str, object]]]:
    """``games`` games of each match (name -> (first, second, log)): pairs from one
    opening, colours swapped, the matches interleaved pair by pair; resumed from the logs."""
    done = {name: read_log(log) for name, (_, _, log) in matches.items()}
    specs = {name: (player_spec(a, config.games), player_spec(b, config.games))
             for name, (a, b, _) in matches.items()}

    def submit(ex: Executor, name: str, i: int) -> None:
        a, b = specs[name]
        black, white = (a, b) if i % 2 == 0 else (b, a)
        ex.submit((name, i), play_individual_game,
                  game_task(black, white, seed + i // 2, config.games))

    outs = {name: open(log, "a") for name, (_, _, log) in matches.items()}  # noqa: SIM115
    try:
        with open_executor(ExecutorConfig(workers=workers)) as ex:
            for i in range(games):
                for name in matches:
                    if i not in done[name]:
                        submit(ex, name, i)
            while ex.pending:
                fin = ex.next_done()
                name, i = fin.key  # type: ignore[misc]
                if fin.error is not None:  # a lost worker: play that game again
                    submit(ex, name, i)
                    continue
                g = fin.value
                first_black = i % 2 == 0
                score = 0.5 if g.winner is None else float((g.winner == "B") == first_black)
                row = {"index": i, "first_black": first_black, "score": score,
                       "result": g.result, "moves": g.moves}
                outs[name].write(json.dumps(row) + "\n")
                outs[name].flush()
                done[name][i] = row
                if len(done[name]) % 50 == 0:
                    print(f"{name}: {len(done[name])}/{games}", file=sys.stderr, flush=True)
    finally:
        for f in outs.values():
            f.close()
    return {name: [rows[i] for i in sorted(rows) if i < games] for name, rows in done.items()}


def summary(rows: list[dict[str, object]]) -> dict[str, object]:
    n = len(rows)
    if n == 0:
        return {"games": 0}
    score = sum(float(str(r["score"])) for r in rows)
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
    parser.add_argument("--games", type=int, default=1000,
                        help="games of each comparison (default 1000)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=10**6)
    parser.add_argument("--figure-only", action="store_true")
    parser.add_argument("--summary-only", action="store_true",
                        help="summarise the games logged so far; play nothing")
    parser.add_argument("--records", nargs="+", default=None, metavar="FILE",
                        help="the training records, where the run's stored paths do not "
                             "exist (a run made on another machine)")
    parser.add_argument("--replicates", type=int, default=0, metavar="K",
                        help="also train uniform and learned again with K other shuffling "
                             "seeds: learned against uniform per seed, and each uniform "
                             "against the first (how far training alone moves the result)")
    parser.add_argument("--retrain", action="store_true",
                        help="train the best initial individual again from its stored "
                             "weights even where its model file exists (as on a fresh "
                             "machine; the same model bit for bit)")
    parser.add_argument("--results", type=Path, default=RESULTS,
                        help="where the summary and the figure go")
    args = parser.parse_args()
    config, status, learned, best = load_run(args.run)
    if args.records:
        config = replace(config, records=tuple(str(Path(r).resolve()) for r in args.records))
    best_id, best_path = best["individual"], str(best["model_path"])
    best_weights = cast(list[float], best["weights"])
    args.results.mkdir(parents=True, exist_ok=True)
    if config.mode == "progress":
        print(figure(status, best_weights, config.mode, args.results))
    if args.figure_only:
        return 0
    step = status["steps_done"]
    reps = range(1, args.replicates + 1)
    # match name -> the summary's key (the first player named first)
    names = {"learned": "learned_vs_uniform", "best_initial": "best_initial_vs_uniform",
             "learned_best": "learned_vs_best_initial"}
    for r in reps:
        names[f"learned_r{r}"] = f"learned_vs_uniform_seed{r}"
        names[f"uniform_r{r}"] = f"uniform_seed{r}_vs_uniform"
    logs = {name: config.out / "compare" / f"compare-{name}-step{step}.jsonl"
            for name in names}
    doc: dict[str, object] = {"run": str(args.run), "mode": config.mode, "step": step,
                              "learned_weights": learned.tolist(), "best_initial": best,
                              "games_settings": config.to_dict()["games"]}
    if args.summary_only:
        rows = {name: [r for i, r in sorted(read_log(log).items()) if i < args.games]
                for name, log in logs.items()}
    else:
        prepare_subset(config.out / "data", config.records, config.subset, config.stride)
        jobs = {"uniform": np.ones(config.length), f"learned-step{step}": learned}
        seeds = {}
        for r in reps:  # the same weightings trained again with other shuffling seeds
            jobs[f"uniform-s{r}"] = np.ones(config.length)
            jobs[f"learned-step{step}-s{r}"] = learned
            seeds[f"uniform-s{r}"] = seeds[f"learned-step{step}-s{r}"] = config.seed + r
        here = None if args.retrain else relocated(args.run, best_path)
        if here is None:  # the run was made elsewhere: train it again from its weights
            jobs[f"best-initial-{best_id}"] = np.asarray(best_weights, dtype=float)
        paths = trained(config, jobs, args.workers, seeds)
        best_model = here or paths[f"best-initial-{best_id}"]
        learned_model = paths[f"learned-step{step}"]
        matches = {"learned": (learned_model, paths["uniform"], logs["learned"]),
                   "best_initial": (best_model, paths["uniform"], logs["best_initial"]),
                   "learned_best": (learned_model, best_model, logs["learned_best"])}
        for r in reps:
            matches[f"learned_r{r}"] = (paths[f"learned-step{step}-s{r}"],
                                        paths[f"uniform-s{r}"], logs[f"learned_r{r}"])
            matches[f"uniform_r{r}"] = (paths[f"uniform-s{r}"], paths["uniform"],
                                        logs[f"uniform_r{r}"])
        rows = play(config, matches, args.games, args.workers, args.seed)
    for name, key in names.items():
        doc[key] = summary(rows[name])
        print(key, doc[key])
    if args.replicates:  # every training seed's learned-vs-uniform games together
        pooled = rows["learned"] + [row for r in reps for row in rows[f"learned_r{r}"]]
        doc["learned_vs_uniform_pooled"] = summary(pooled)
        print("learned_vs_uniform_pooled", doc["learned_vs_uniform_pooled"])
    out = args.results / f"compare-{config.mode}.json"
    out.write_text(json.dumps(doc, indent=1))
    print(out)
    return 0


def relocated(run: Path, stored: str) -> str | None:
    """The best initial model's file: where the database says, or in this run's
    ``models`` folder (a moved run), or ``None`` when neither exists."""
    for path in (Path(stored), run / "models" / Path(stored).name):
        if path.exists():
            return str(path)
    return None


if __name__ == "__main__":
    sys.exit(main())
