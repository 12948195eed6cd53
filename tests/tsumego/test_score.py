"""Scoring (:mod:`igo.tsumego.score`): majority rule, attempt rates, collections."""

from __future__ import annotations

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.tsumego.problems import Problem
from igo.tsumego.score import summarize
from igo.tsumego.solve import Attempt


def _p(index: int, source: str) -> Problem:
    return Problem(index, (Point(0, 0),), (Point(1, 1),), Color.BLACK,
                   frozenset({Point(0, 1)}), source)


def _a(index: int, run: int, correct: bool, error: str = "") -> Attempt:
    return Attempt(index, run, Point(0, 1) if correct else None, correct, 0.1, error)


def test_summary() -> None:
    problems = [_p(0, "A/1"), _p(5, "A/2"), _p(7, "B/1")]
    attempts = [_a(0, 0, True), _a(0, 1, True), _a(0, 2, False),   # solved 2/3
                _a(5, 0, True), _a(5, 1, False), _a(5, 2, False),  # not solved
                _a(7, 0, False, "no room"), _a(7, 1, False), _a(7, 2, False)]
    s = summarize(problems, attempts)
    assert (s["problems"], s["solved"], s["runs"], s["attempts"], s["correct"]) == (3, 1, 3, 9, 3)
    assert s["rate"] == pytest.approx(1 / 3)
    assert s["attempt_rate"] == pytest.approx(1 / 3)
    assert s["unframed"] == 1
    assert s["by_collection"]["A"] == {"problems": 2, "solved": 1, "rate": 0.5,
                                       "attempts": 6, "correct": 3, "attempt_rate": 0.5}
    assert s["by_collection"]["B"]["solved"] == 0


def test_half_is_not_solved() -> None:
    s = summarize([_p(0, "A/1")], [_a(0, 0, True), _a(0, 1, False)])
    assert s["solved"] == 0 and s["attempt_rate"] == 0.5


def test_empty_and_unknown() -> None:
    assert summarize([], [])["rate"] == 0.0
    with pytest.raises(ValueError, match="unknown problem"):
        summarize([_p(0, "A/1")], [_a(3, 0, True)])
