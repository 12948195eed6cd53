"""Where a paper-004 run stands, from its database: Fig. 5 with the PBILc trajectory, and
what the population's ratings can and cannot say yet.

    python experiments/importance/run_report.py --run runs/importance-progress-device

Reads ``RUN/evolve.sqlite`` (and ``RUN/compare/*.jsonl`` when compare.py has played) and
writes to ``--results`` (default ``experiments/importance/results``):

- ``weights-<mode>-steps.png``: (a) the learned weights by game progress (PBILc's centre
  after the last step, ±σ), the best initial individual and the mean of the ten best-rated
  individuals; (b) how far the centre has moved from uniform weights, step by step, beside
  the same distance when the fitness is pure noise (below), and the mean σ.
- ``run-<mode>.json``: the centre and σ after every step; the spread of the population's
  ratings against their standard errors (how much of it is real); per bucket, the
  correlation across individuals between that bucket's weight and the individual's Elo
  (Pearson r and its two-sided p-value, uncorrected for the ten tests); the correlation of
  the training log-likelihood with Elo; the compare games by colour; whether the new
  individuals are rated above the initial population (``new_against_initial``); and the
  count of weight–Elo correlations under p = 0.05 against shuffled ratings, pooled and
  within the initial and new groups (``weight_elo_counts``: the individuals are not
  independent samples, so the count is judged against shuffles, not against 5 %).

For a per-record run (``mode = "record"``, one weight a training record) the same JSON
gets a ``records`` section and the figure is ``weights-record-steps.png``: which records
the learned weights favour, against what is known of each record (its length, how it
ended, who won, its year, how often its players appear in the subset; Spearman
correlations and Kruskal-Wallis tests), the records with the most and least weight, the
count of the per-record weight–Elo correlations under p = 0.05 against the 5 % that
chance gives (and under Benjamini-Hochberg at 5 %), and the distance moved against the
random-fitness band.

The null model: the same PBILc (the run's settings, the same number of steps) where each
individual's fitness is a fixed random number drawn when it is created — ratings that are
stable but mean nothing, as with few games per individual. It gives the distance the centre
moves from 1 by noise alone (``--null-runs`` repetitions).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from igo.core.record import GameRecord
from igo.evolve.config import EvolveConfig
from igo.evolve.pbilc import PbilcConfig, add_individual, normalise, sample, start, update

RESULTS = Path(__file__).resolve().parent / "results"


def rms_from_one(centre: np.ndarray) -> float:
    """Root-mean-square distance of the normalised weights from uniform (1)."""
    return float(np.sqrt(np.mean((normalise(centre) - 1.0) ** 2)))


def null_distances(config: PbilcConfig, steps: int, runs: int, seed: int) -> np.ndarray:
    """``runs`` x ``steps + 1`` RMS distances of the centre from 1 after each update when
    every individual's fitness is a fixed random number (no information)."""
    out = np.empty((runs, steps + 1))
    for r in range(runs):
        rng = np.random.default_rng([seed, r])
        state = start(config, rng)
        fitness = list(rng.normal(size=len(state.population)))
        state = update(config, state, fitness)
        out[r, 0] = rms_from_one(state.centre)
        for s in range(1, steps + 1):
            state = add_individual(state, sample(config, state, rng))
            fitness.append(float(rng.normal()))
            state = update(config, state, fitness)
            out[r, s] = rms_from_one(state.centre)
    return out


def compare_by_colour(run: Path) -> dict[str, object]:
    """The compare.py games (first player = learned or best initial) by colour."""
    doc: dict[str, object] = {}
    for log in sorted((run / "compare").glob("compare-*.jsonl")):
        rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        if not rows:
            continue
        black = [r["score"] for r in rows if r["first_black"]]
        white = [r["score"] for r in rows if not r["first_black"]]
        doc[log.stem] = {"games": len(rows),
                         "score_as_black": float(np.mean(black)) if black else None,
                         "score_as_white": float(np.mean(white)) if white else None,
                         "mean_moves": float(np.mean([r["moves"] for r in rows]))}
    return doc


def new_against_initial(elo: np.ndarray, step: np.ndarray) -> dict[str, object] | None:
    """The loop's plainest effect: are the individuals PBILc sampled (step > 0) rated above
    the initial random population (step 0)? Welch's t (mean difference and its 95 %
    interval), Mann-Whitney, and the new individuals' Elo against their step (Spearman)."""
    init, new = elo[step == 0], elo[step > 0]
    if len(init) < 2 or len(new) < 3:
        return None
    welch = stats.ttest_ind(new, init, equal_var=False)
    ci = welch.confidence_interval()
    rho, rho_p = stats.spearmanr(step[step > 0], new)
    return {"initial": {"n": len(init), "mean_elo": float(init.mean())},
            "new": {"n": len(new), "mean_elo": float(new.mean())},
            "difference": float(new.mean() - init.mean()),
            "difference_95": [float(ci.low), float(ci.high)],
            "welch_p_value": float(welch.pvalue),
            "mann_whitney_p_value": float(stats.mannwhitneyu(new, init).pvalue),
            "new_elo_by_step": {"spearman_rho": float(rho), "p_value": float(rho_p)}}


def correlations(weights: np.ndarray, elo: np.ndarray, lost_dof: int = 2
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Pearson r of every column of ``weights`` with ``elo`` and its two-sided p-value
    (``lost_dof``: 2, or 3 once a group mean has been taken out of both)."""
    wc = weights - weights.mean(axis=0)
    ec = elo - elo.mean()
    r = (wc.T @ ec) / np.sqrt((wc ** 2).sum(axis=0) * (ec ** 2).sum())
    df = len(elo) - lost_dof
    t = r * np.sqrt(df / np.maximum(1 - r ** 2, 1e-300))
    return r, 2 * stats.t.sf(np.abs(t), df)


def centred_by_group(x: np.ndarray, groups: list[np.ndarray]) -> np.ndarray:
    """``x`` (rows = individuals) less the mean of each row's group."""
    out = np.array(x, dtype=float)
    for g in groups:
        out[g] -= out[g].mean(axis=0)
    return out


def weight_elo_counts(weights: np.ndarray, elo: np.ndarray, step: np.ndarray,
                      permutations: int, rng: np.random.Generator) -> dict[str, object]:
    """How many weight–Elo correlations fall under p = 0.05, against the same count when
    the ratings are shuffled (which keeps every dependence between the tests and breaks
    only the link between weights and strength; p = the share of shuffles with at least
    as many, counting the observed one):

    - ``pooled``: every rated individual; the ratings shuffled across all of them;
    - ``within_groups``: the initial population and the new individuals each centred on
      their own means (weights and Elo) and shuffled inside their group — what is left
      once the new individuals' mean advantage and the centre's move, which alone make
      many weights correlate with Elo, are taken out. ``r``/``p`` per weight are given."""
    groups = [g for g in (step == 0, step > 0) if g.sum() > 0]

    def count(e: np.ndarray, w: np.ndarray, lost: int) -> int:
        return int((correlations(w, e, lost)[1] < 0.05).sum())

    def shuffled(e: np.ndarray) -> np.ndarray:
        out = e.copy()
        for g in groups:
            out[g] = rng.permutation(e[g])
        return out

    pooled = count(elo, weights, 2)
    pooled_null = np.array([count(rng.permutation(elo), weights, 2)
                            for _ in range(permutations)])
    wg, eg = centred_by_group(weights, groups), centred_by_group(elo, groups)
    lost = 1 + len(groups)
    within = count(eg, wg, lost)
    within_null = np.array([count(shuffled(eg), wg, lost) for _ in range(permutations)])
    r, p = correlations(wg, eg, lost)

    def summary(obs: int, null: np.ndarray) -> dict[str, object]:
        return {"p_below_0.05": obs, "shuffled_mean": float(null.mean()),
                "shuffled_95th": float(np.quantile(null, 0.95)),
                "permutation_p_value": float((1 + (null >= obs).sum()) / (1 + len(null)))}

    return {"tests": weights.shape[1], "permutations": permutations,
            "pooled": summary(pooled, pooled_null),
            "within_groups": {**summary(within, within_null),
                              "r": [float(x) for x in r], "p_value": [float(x) for x in p]}}


def record_attributes(config: EvolveConfig) -> tuple[dict[str, np.ndarray], list[GameRecord]]:
    """What is known of each training record of a per-record run, in the order of its
    weights (the first ``config.subset`` 19x19 records of ``config.records``)."""
    import itertools
    from collections import Counter

    from igo.movepred.dataset import same_size
    from igo.sgf import iter_records

    recs = list(itertools.islice(same_size(iter_records(list(config.records),
                                                        progress=False), 19), config.subset))
    if len(recs) != config.subset:
        sys.exit(f"{config.records}: {len(recs)} 19x19 records, the run used {config.subset}")
    seen = Counter(name for r in recs for name in (r.black, r.white))
    res = [r.result for r in recs]
    attrs = {
        "length": np.array([len(r.moves) for r in recs], dtype=float),
        "reason": np.array([x.reason for x in res]),
        "winner": np.array([x.winner.letter if x.winner is not None else "-" for x in res]),
        "margin": np.array([np.nan if x.margin is None else x.margin for x in res]),
        "year": np.array([float(r.date[:4]) if r.date and r.date[:4].isdigit() else np.nan
                          for r in recs]),
        "player_games": np.array([(seen[r.black] + seen[r.white]) / 2 for r in recs]),
    }
    return attrs, recs


def benjamini_hochberg(p: np.ndarray, q: float = 0.05) -> int:
    """How many of the p-values ``p`` the Benjamini-Hochberg procedure rejects at FDR q."""
    return int((stats.false_discovery_control(p) <= q).sum()) if len(p) else 0


def record_section(centre: np.ndarray, attrs: dict[str, np.ndarray], recs: list[GameRecord],
                   per_weight: list[dict[str, float]]) -> dict[str, object]:
    """The ``records`` section of a per-record run's report (see the module docstring)."""
    w = normalise(centre)
    numeric = {}
    for name in ("length", "margin", "year", "player_games"):
        x = attrs[name]
        ok = ~np.isnan(x)
        if ok.sum() > 2 and np.ptp(x[ok]) > 0:
            rho, p = stats.spearmanr(x[ok], w[ok])
            numeric[name] = {"n": int(ok.sum()), "spearman_rho": float(rho), "p_value": float(p)}
    groups = {}
    for name in ("reason", "winner"):
        labels = attrs[name]
        by = {str(v): w[labels == v] for v in sorted(set(labels.tolist()))}
        by = {k: v for k, v in by.items() if len(v) >= 5}
        test = stats.kruskal(*by.values()) if len(by) > 1 else None
        groups[name] = {
            "mean_weight": {k: {"n": len(v), "mean": float(v.mean()),
                                "se": float(v.std(ddof=1) / np.sqrt(len(v)))}
                            for k, v in by.items()},
            "kruskal_p_value": None if test is None else float(test.pvalue)}
    p = np.array([c["p_value"] for c in per_weight])

    def describe(i: int) -> dict[str, object]:
        r = recs[i]
        return {"record": i, "weight": float(w[i]), "game": r.properties.get("GN", [""])[0],
                "black": r.black, "white": r.white,
                "result": None if r.result is None else str(r.result.reason),
                "winner": attrs["winner"][i], "moves": len(r.moves), "date": r.date}

    order = np.argsort(-w)
    return {
        "weights": {"mean": float(w.mean()), "sd": float(w.std()),
                    "quantiles_05_50_95": [float(q) for q in np.quantile(w, [0.05, 0.5, 0.95])]},
        "numeric": numeric, "groups": groups,
        "weight_elo_tests": {"tests": len(p), "p_below_0.05": int((p < 0.05).sum()),
                             "expected_by_chance": 0.05 * len(p),
                             "benjamini_hochberg_5pc": benjamini_hochberg(p)},
        "most_weight": [describe(int(i)) for i in order[:10]],
        "least_weight": [describe(int(i)) for i in order[-10:][::-1]],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--run", type=Path, required=True, help="the run's folder")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--null-runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--permutations", type=int, default=2000,
                        help="shuffles of the ratings for the weight-Elo counts")
    args = parser.parse_args()
    db = args.run / "evolve.sqlite"
    if not db.exists():
        sys.exit(f"{db}: no such database")
    with sqlite3.connect(db) as con:
        config = EvolveConfig.from_dict(json.loads(
            con.execute("SELECT value FROM meta WHERE key = 'config'").fetchone()[0]))
        steps = con.execute("SELECT step, centre, sigma, best, best_elo, games, finished "
                            "FROM steps ORDER BY step").fetchall()
        if not steps:
            sys.exit(f"{db}: the initial population is not rated yet")
        last = steps[-1][0]
        ratings = con.execute("SELECT r.individual, r.elo, r.low, r.high, r.games, i.weights,"
                              " i.log_likelihood, i.step FROM ratings r JOIN individuals i "
                              "ON i.id = r.individual WHERE r.step = ?", (last,)).fetchall()
    centres = np.array([json.loads(s[1]) for s in steps])
    sigmas = np.array([json.loads(s[2]) for s in steps])
    elo = np.array([r[1] for r in ratings])
    se = np.array([(r[3] - r[2]) / 2 / 1.96 for r in ratings])
    weights = np.array([json.loads(r[5]) for r in ratings])
    ll = np.array([np.nan if r[6] is None else r[6] for r in ratings])
    step = np.array([r[7] for r in ratings])
    order = np.argsort(-elo)
    best_initial = next(i for i in order if ratings[i][7] == 0)
    k = config.pbilc.k_best

    r_all, p_all = correlations(weights, elo)
    per_bucket = [{"bucket": b, "r": float(r), "p_value": float(p)}
                  for b, (r, p) in enumerate(zip(r_all, p_all, strict=True))]
    has_ll = ~np.isnan(ll)
    ll_r, ll_p = stats.pearsonr(ll[has_ll], elo[has_ll])
    null = null_distances(config.pbilc_config(), last, args.null_runs, args.seed)
    observed = [rms_from_one(c) for c in centres]
    observed_sd = float(elo.std(ddof=1))
    noise_sd = float(np.sqrt(np.mean(se ** 2)))
    doc = {
        "run": str(args.run), "mode": config.mode, "steps_done": last,
        "steps_planned": config.steps, "individuals": len(ratings),
        "games": int(steps[-1][5]),
        "pbilc": {"alpha": config.pbilc.alpha, "k_best": k,
                  "initial_sigma": float(np.sqrt(config.pbilc.initial_variance)),
                  "share_of_the_way_moved": 1 - (1 - config.pbilc.alpha) ** (last + 1)},
        "centre": centres[-1].tolist(), "sigma": sigmas[-1].tolist(),
        "centre_rms_from_uniform": observed,
        "null_rms_from_uniform_at_last_step": {
            "runs": args.null_runs, "mean": float(null[:, -1].mean()),
            "p05": float(np.quantile(null[:, -1], 0.05)),
            "p95": float(np.quantile(null[:, -1], 0.95)),
            "share_at_least_observed": float(np.mean(null[:, -1] >= observed[-1]))},
        "ratings": {"elo_sd": observed_sd, "rms_standard_error": noise_sd,
                    "implied_true_sd": float(np.sqrt(max(observed_sd ** 2 - noise_sd ** 2, 0))),
                    "games_per_individual_mean": float(np.mean([r[4] for r in ratings]))},
        "best_initial": {"individual": ratings[best_initial][0],
                         "elo": ratings[best_initial][1], "low": ratings[best_initial][2],
                         "high": ratings[best_initial][3]},
        "weight_elo_correlation": per_bucket,
        "weight_elo_counts": weight_elo_counts(weights, elo, step, args.permutations,
                                               np.random.default_rng(args.seed)),
        "new_against_initial": new_against_initial(elo, step),
        "log_likelihood_elo_correlation": {"r": float(ll_r), "p_value": float(ll_p),
                                           "n": int(has_ll.sum())},
        "compare_by_colour": compare_by_colour(args.run),
        "steps": [{"step": s[0], "best": s[3], "best_elo": s[4], "games": s[5],
                   "finished": s[6]} for s in steps],
    }
    attrs: dict[str, np.ndarray] = {}
    if config.mode == "record":
        attrs, recs = record_attributes(config)
        doc["records"] = record_section(centres[-1], attrs, recs, per_bucket)
    args.results.mkdir(parents=True, exist_ok=True)
    out = args.results / f"run-{config.mode}.json"
    out.write_text(json.dumps(doc, indent=1))
    print(out)
    if config.mode == "progress":
        print(figure(config, centres, sigmas, weights, order, best_initial, observed, null,
                     args.results))
    else:
        print(record_figure(config, centres, sigmas, attrs, observed, null, args.results))
    return 0


def figure(config: EvolveConfig, centres: np.ndarray, sigmas: np.ndarray,
           weights: np.ndarray, order: np.ndarray, best_initial: int,
           observed: list[float], null: np.ndarray, results: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    k = centres.shape[1]
    x = (np.arange(k) + 0.5) / k
    centre = normalise(centres[-1])
    last = len(centres) - 1
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 3.8))
    a.fill_between(x, centre - sigmas[-1], centre + sigmas[-1], color="C1", alpha=0.15,
                   label="centre ± σ")
    a.plot(x, weights[best_initial], "o--", color="C0", label="best initial individual")
    a.plot(x, weights[order[:config.pbilc.k_best]].mean(axis=0), "^:", color="C2",
           label=f"mean of the {config.pbilc.k_best} best-rated")
    a.plot(x, centre, "s-", color="C1", label=f"learned (PBILc centre, step {last})")
    a.axhline(1.0, color="grey", lw=0.5)
    a.set_xlabel("progress (move number / game length)")
    a.set_ylabel("weight (mean 1)")
    a.set_xlim(0, 1)
    a.set_title("(a) Fig. 5: weights by game progress")
    a.legend(fontsize=8, loc="upper left")
    distance_panel(b, config, sigmas, observed, null, "(b)")
    fig.tight_layout()
    path = results / f"weights-{config.mode}-steps.png"
    fig.savefig(path, dpi=110)
    return path


def distance_panel(b: Any, config: EvolveConfig, sigmas: np.ndarray, observed: list[float],
                   null: np.ndarray, tag: str) -> None:
    """How far the centre moved from uniform weights, step by step, against the
    random-fitness band, and the mean σ."""
    last = len(observed) - 1
    s = np.arange(last + 1)
    b.fill_between(s, np.quantile(null, 0.05, axis=0), np.quantile(null, 0.95, axis=0),
                   color="grey", alpha=0.25, label="random fitness: 90 % band")
    b.plot(s, null.mean(axis=0), color="grey", lw=1, label="random fitness: mean")
    b.plot(s, observed, "s-", color="C1", ms=3, label="this run")
    b.set_xlabel("PBILc step")
    b.set_ylabel("RMS distance of the centre from 1")
    b.set_title(f"{tag} how far the centre moved ({last} of {config.steps} steps)")
    b2 = b.twinx()
    b2.plot(s, sigmas.mean(axis=1), "--", color="C3", lw=1)
    b2.set_ylabel("mean σ (dashed)", color="C3")
    b2.set_ylim(0, 0.4)
    b.legend(fontsize=8, loc="upper left")


def record_figure(config: EvolveConfig, centres: np.ndarray, sigmas: np.ndarray,
                  attrs: dict[str, np.ndarray], observed: list[float], null: np.ndarray,
                  results: Path) -> Path:
    """A per-record run's picture: (a) the learned weight of each record against its
    length, with the mean by length decile; (b) the mean weight by how the game ended and
    by winner; (c) the distance moved against the random-fitness band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w = normalise(centres[-1])
    last = len(centres) - 1
    fig, (a, m, b) = plt.subplots(1, 3, figsize=(15, 3.9))
    length = attrs["length"]
    a.scatter(length, w, s=5, alpha=0.35, color="C1", label="a record")
    edges = np.quantile(length, np.linspace(0, 1, 11))
    idx = np.clip(np.searchsorted(edges, length, side="right") - 1, 0, 9)
    mids = [length[idx == d].mean() for d in range(10)]
    means = [w[idx == d].mean() for d in range(10)]
    errs = [w[idx == d].std(ddof=1) / np.sqrt((idx == d).sum()) for d in range(10)]
    a.errorbar(mids, means, yerr=errs, fmt="s-", color="C0", label="mean by length decile")
    a.axhline(1.0, color="grey", lw=0.5)
    a.set_xlabel("moves in the record")
    a.set_ylabel("learned weight (mean 1)")
    a.set_title(f"(a) the {len(w)} records' weights, step {last}")
    a.legend(fontsize=8)
    labels, values, errors = [], [], []
    for name in ("reason", "winner"):
        for k in sorted(set(attrs[name].tolist())):
            sel = w[attrs[name] == k]
            if len(sel) >= 5:
                labels.append(f"{k}\n(n={len(sel)})")
                values.append(sel.mean())
                errors.append(sel.std(ddof=1) / np.sqrt(len(sel)))
    m.bar(range(len(values)), values, yerr=errors, color="C1", alpha=0.7)
    m.set_xticks(range(len(values)), labels, fontsize=7)
    m.axhline(1.0, color="grey", lw=0.5)
    lo = min(v - e for v, e in zip(values, errors, strict=True))
    hi = max(v + e for v, e in zip(values, errors, strict=True))
    m.set_ylim(min(0.9, lo - 0.02), max(1.1, hi + 0.02))
    m.set_ylabel("mean learned weight ± se")
    m.set_title("(b) by how the game ended, and by winner")
    distance_panel(b, config, sigmas, observed, null, "(c)")
    fig.tight_layout()
    path = results / f"weights-{config.mode}-steps.png"
    fig.savefig(path, dpi=110)
    return path


if __name__ == "__main__":
    sys.exit(main())
