"""``experiments/importance/compare.py`` reports the initial individual it plays as the
best initial one, not the run's best overall (a later individual once the loop has run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

from igo.evolve.store import EvolveStore, StepRow

SCRIPT = Path(__file__).resolve().parents[2] / "experiments" / "importance" / "compare.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("importance_compare", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_best_initial_is_the_step_zero_individual_rated_at_that_step(tmp_path: Path) -> None:
    compare = _load()
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
