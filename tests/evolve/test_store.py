"""The run's SQLite store: planned games are completed once, failures are counted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.evolve.store import EvolveStore, EvolveStoreError, GameResult, StepRow


def test_games_are_planned_then_finished_once(tmp_path: Path) -> None:
    with EvolveStore(tmp_path / "e.sqlite") as store:
        a, b = store.add_individuals(0, [np.ones(3), np.full(3, 2.0)])
        store.set_trained(a, "a.npz", 1.0, -4.0)
        assert [i.model_path for i in store.individuals()] == ["a.npz", None]
        store.plan_games(0, 0, [(a, b, 7), (b, a, 7)])
        assert store.rounds(0) == 1 and store.rounds(1) == 0
        first, second = store.open_games(0)
        result = GameResult(1.0, "B+3.5", "two passes", 200, 0.5, "g.sgf")
        assert store.finish_game(first.id, result)
        assert not store.finish_game(first.id, result)  # never stored twice
        assert store.fail_attempt(second.id, "worker died", give_up=False) == 1
        assert [g.id for g in store.open_games()] == [second.id]
        assert store.fail_attempt(second.id, "again", give_up=True) == 2
        assert store.open_games() == [] and store.results() == [(a, b, 1.0)]
        assert store.game_counts() == {"done": 1, "failed": 1}
        assert [e[1] for e in store.errors()] == [1, 2]
        assert store.finished_games() == [(a, b, 7, 1.0)]
        assert store.round_counts(0, 0) == {"done": 1, "failed": 1}
        assert store.reopen_failed() == 1 and [g.attempts for g in store.open_games()] == [0]
        assert store.fail_attempt(second.id, "third", give_up=True) == 1
        store.finish_step(StepRow(0, None, np.ones(3), np.ones(3), a, 12.0, 1),
                          [(a, 12.0, 0.0, 24.0, 1), (b, -12.0, -24.0, 0.0, 1)])
        (row,) = store.steps()
        assert row.best == a and store.ratings(0)[0][0] == a


def test_a_foreign_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    with pytest.raises(EvolveStoreError, match="not a usable evolution database"):
        EvolveStore(bad)
