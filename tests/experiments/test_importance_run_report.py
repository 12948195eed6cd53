"""``experiments/importance/run_report.py``: the per-record section finds what the weights
depend on, and counts the weight–Elo tests as multiple tests."""

from __future__ import annotations

import numpy as np

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
