"""The SQLite cache of evaluations (:mod:`igo.review.cache`)."""

from __future__ import annotations

from pathlib import Path

from igo.analysis.position import Budget, evaluate_position
from igo.core.board import Board
from igo.review.cache import EvalCache


def test_put_get_round_trip_and_survives_reopening(tmp_path: Path) -> None:
    ev = evaluate_position(Board(9), 7.0, Budget(playouts=60), seed=2)
    path = tmp_path / "sub" / "c.sqlite"
    with EvalCache(path) as cache:
        assert cache.get("k") is None and cache.misses == 1
        cache.put("k", ev)
        assert len(cache) == 1
    with EvalCache(path) as cache:
        back = cache.get("k")
        assert back is not None and cache.hits == 1
        assert back.moves == ev.moves and back.winrate == ev.winrate


def test_an_unreadable_row_is_a_miss(tmp_path: Path) -> None:
    with EvalCache(tmp_path / "c.sqlite") as cache:
        cache._db.execute("INSERT INTO evals VALUES ('bad', '{\"size\": 9}')")
        assert cache.get("bad") is None and cache.misses == 1
