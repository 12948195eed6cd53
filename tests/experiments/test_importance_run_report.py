"""``experiments/importance/run_report.py``: the per-record section finds what the weights
depend on, and counts the weight–Elo tests as multiple tests."""

from __future__ import annotations

import numpy as np
from scipy import stats

from igo.core.color import Color
from igo.core.record import GameRecord, GameResult
from scripts import load_script


def test_benjamini_hochberg_counts_what_it_rejects() -> None:
    rr = load_script("importance", "run_report")
    rng = np.random.default_rng(3)
    strong = np.concatenate([rng.uniform(0, 1e-5, 20), rng.uniform(0.2, 1, 180)])
    assert rr.benjamini_hochberg(strong) == 20
    assert rr.benjamini_hochberg(np.linspace(0.01, 1, 300)) == 0
    assert rr.benjamini_hochberg(np.array([])) == 0


def test_record_section_finds_a_weight_that_follows_the_length() -> None:
    rr = load_script("importance", "run_report")
    rng = np.random.default_rng(5)
    n = 300
    length = rng.integers(60, 360, n).astype(float)
    reasons = np.where(rng.random(n) < 0.6, "resign", "score")
    winners = np.where(rng.random(n) < 0.5, "B", "W")
    centre = 1 + 0.002 * (length - length.mean()) + rng.normal(0, 0.05, n)
    centre[reasons == "score"] += 0.2
    attrs = {"length": length, "reason": reasons, "winner": winners,
             "margin": np.where(reasons == "score", rng.normal(0, 10, n), np.nan),
             "year": rng.integers(2005, 2017, n).astype(float),
             "player_games": rng.integers(1, 5, n).astype(float)}
    recs = [GameRecord(size=19, black="b", white="w",
                       result=GameResult(Color.BLACK if w == "B" else Color.WHITE, "resign"))
            for w in winners]
    pvals = np.linspace(0.01, 1.0, n)  # nothing BH would keep; 13 under 0.05
    per_weight = [{"bucket": i, "r": 0.0, "p_value": p} for i, p in enumerate(pvals)]
    doc = rr.record_section(centre, attrs, recs, per_weight)
    assert doc["numeric"]["length"]["spearman_rho"] > 0.5
    assert doc["numeric"]["length"]["p_value"] < 1e-6
    assert doc["numeric"]["year"]["p_value"] > 1e-3
    assert doc["numeric"]["margin"]["n"] == int((reasons == "score").sum())
    reason = doc["groups"]["reason"]
    assert reason["kruskal_p_value"] < 1e-6
    assert reason["mean_weight"]["score"]["mean"] > reason["mean_weight"]["resign"]["mean"]
    assert doc["groups"]["winner"]["kruskal_p_value"] > 1e-3
    assert doc["weight_elo_tests"] == {"tests": n, "p_below_0.05": int((pvals < 0.05).sum()),
                                       "expected_by_chance": 0.05 * n,
                                       "benjamini_hochberg_5pc": 0}
    assert abs(doc["weights"]["mean"] - 1) < 1e-12
    top = doc["most_weight"]
    assert len(top) == 10 and top[0]["weight"] >= top[-1]["weight"]
    assert doc["least_weight"][0]["weight"] <= doc["least_weight"][-1]["weight"]


def test_new_against_initial_sees_a_better_new_group() -> None:
    rr = load_script("importance", "run_report")
    rng = np.random.default_rng(11)
    step = np.concatenate([np.zeros(50, int), np.arange(1, 151)])
    elo = rng.normal(0, 20, 200) + np.where(step > 0, 15.0, 0.0)
    doc = rr.new_against_initial(elo, step)
    assert doc["initial"]["n"] == 50 and doc["new"]["n"] == 150
    low, high = doc["difference_95"]
    assert low < doc["difference"] < high and low > 0
    assert doc["welch_p_value"] < 0.01 and doc["mann_whitney_p_value"] < 0.01
    assert doc["new_elo_by_step"]["p_value"] > 0.01
    assert rr.new_against_initial(elo[:50], step[:50]) is None


def test_correlations_match_scipy() -> None:
    rr = load_script("importance", "run_report")
    rng = np.random.default_rng(2)
    w, e = rng.normal(size=(40, 6)), rng.normal(size=40)
    r, p = rr.correlations(w, e)
    for j in range(6):
        ref = stats.pearsonr(w[:, j], e)
        assert abs(r[j] - ref.statistic) < 1e-12 and abs(p[j] - ref.pvalue) < 1e-9


def test_weight_elo_counts_tell_a_group_effect_from_a_per_weight_one() -> None:
    """New individuals better on average, with weights shifted as a centre that moved
    shifts them: many pooled correlations, none left within the groups. A weight that
    drives Elo inside each group: found within the groups."""
    rr = load_script("importance", "run_report")
    rng = np.random.default_rng(7)
    n_init, n_new, m = 50, 150, 200
    step = np.concatenate([np.zeros(n_init, int), np.arange(1, n_new + 1)])
    new = step > 0
    weights = rng.normal(1, 0.3, (n_init + n_new, m))
    weights[new] += rng.normal(0, 0.15, m)  # the centre moved: each weight by its own amount
    elo = rng.normal(0, 10, n_init + n_new) + np.where(new, 15.0, 0.0)
    doc = rr.weight_elo_counts(weights, elo, step, 200, np.random.default_rng(1))
    assert doc["tests"] == m and doc["permutations"] == 200
    assert doc["pooled"]["p_below_0.05"] > 2 * doc["pooled"]["shuffled_mean"]
    assert doc["pooled"]["permutation_p_value"] < 0.05
    assert doc["within_groups"]["permutation_p_value"] > 0.05
    assert len(doc["within_groups"]["r"]) == m

    weights2 = rng.normal(1, 0.3, (n_init + n_new, m))
    elo2 = rng.normal(0, 10, n_init + n_new) + 40 * (weights2[:, 3] - 1)
    doc2 = rr.weight_elo_counts(weights2, elo2, step, 200, np.random.default_rng(1))
    assert doc2["within_groups"]["p_value"][3] < 1e-6
    assert doc2["within_groups"]["r"][3] > 0.5
