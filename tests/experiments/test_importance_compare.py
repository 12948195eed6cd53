"""``experiments/importance/compare.py`` reports the initial individual it plays as the
best initial one, not the run's best overall (a later individual once the loop has run)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from igo.evolve.store import EvolveStore, StepRow
from scripts import load_script


def test_best_initial_is_the_step_zero_individual_rated_at_that_step(tmp_path: Path) -> None:
    compare = load_script("importance", "compare")
    db = tmp_path / "evolve.sqlite"
    with EvolveStore(db) as store:
        a, b = store.add_individuals(0, [np.ones(3), np.ones(3)])
        later = store.add_individual(1, np.ones(3))
        store.finish_step(StepRow(0, None, np.ones(3), np.ones(3), a, 30.0, 10),
                          [(a, 30.0, 0.0, 60.0, 10), (b, -30.0, -60.0, 0.0, 10)])
        store.finish_step(StepRow(1, later, np.ones(3), np.ones(3), later, 90.0, 30),
                          [(a, 20.0, -10.0, 50.0, 20), (b, -40.0, -70.0, -10.0, 20),
                           (later, 90.0, 50.0, 130.0, 30)])
    best = compare.best_initial(db, 1)
    assert {k: best[k] for k in ("individual", "step", "elo", "low", "high", "games")} == {
        "individual": a, "step": 0, "elo": 20.0, "low": -10.0, "high": 50.0, "games": 20}
    assert best["weights"] == [1.0, 1.0, 1.0]
    assert compare.best_initial(db, 0)["individual"] == a
