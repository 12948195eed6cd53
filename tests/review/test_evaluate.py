"""Evaluating every position of a game, once (:mod:`igo.review.evaluate`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.analysis.position import Budget
from igo.arena.process_executor import ProcessExecutor
from igo.core.errors import IllegalMoveError
from igo.review import evaluate as E
from igo.review.cache import EvalCache
from igo.review.evaluate import EvalCounts, EvalSettings, default_budget, evaluate_game
from igo.sgf import read_sgf_file

from .conftest import DATA

TINY = EvalSettings(Budget(playouts=30))


def test_default_budget_by_board_size() -> None:
    assert default_budget(9) == Budget(playouts=E.DEFAULT_PLAYOUTS_9)
    assert default_budget(19) == Budget(playouts=E.DEFAULT_PLAYOUTS_19)
    b13 = default_budget(13).playouts
    assert b13 is not None and E.DEFAULT_PLAYOUTS_19 < b13 < E.DEFAULT_PLAYOUTS_9
    assert EvalSettings().config.resources.threads == 1
    assert EvalSettings(Budget(seconds=0.5)).budget_for(19) == Budget(seconds=0.5)


def test_every_position_once_then_from_the_cache(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rec = read_sgf_file(DATA / "handicap9.sgf")
    done: list[int] = []
    counts = EvalCounts()
    with EvalCache(tmp_path / "c.sqlite") as cache:
        evals = evaluate_game(rec, TINY, cache=cache, on_done=done.append, counts=counts)
    n = len(rec.moves) + 1
    assert len(evals) == n and sum(done) == n
    assert counts.searched == n and counts.cached == 0
    assert [e.to_play for e in evals[:3]] == [m.color for m in rec.moves[:3]]

    def no_search(*args: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(E, "evaluate_one", no_search)
    again = EvalCounts()
    with EvalCache(tmp_path / "c.sqlite") as cache:
        cached = evaluate_game(rec, TINY, cache=cache, counts=again)
    assert again.searched == 0 and again.cached == n
    assert [e.winrate for e in cached] == [e.winrate for e in evals]
    assert [e.moves for e in cached] == [e.moves for e in evals]


def test_the_same_evaluation_in_worker_processes() -> None:
    rec = read_sgf_file(DATA / "handicap9.sgf")
    here = evaluate_game(rec, TINY)
    with ProcessExecutor(2) as pool:
        there = evaluate_game(rec, TINY, executor=pool)
        assert pool.pending == 0
    assert [e.winrate for e in there] == [e.winrate for e in here]
    assert [e.moves for e in there] == [e.moves for e in here]


def test_an_illegal_record_fails_before_searching() -> None:
    rec = read_sgf_file(Path(__file__).resolve().parents[1] / "data" / "sgf" /
                        "broken_illegal.sgf")
    with pytest.raises(IllegalMoveError, match="move 2"):
        evaluate_game(rec, TINY)
