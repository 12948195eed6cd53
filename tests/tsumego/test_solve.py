"""Solving (:mod:`igo.tsumego.solve`): the strong preset solves easy problems, runs
are reproducible, unframeable problems are reported, not raised."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.search import preset
from igo.tsumego.problems import Problem, load_problems
from igo.tsumego.solve import Solver, run_seed

EASY = Path(__file__).resolve().parents[1] / "data" / "tsumego" / "easy.jsonl"


@pytest.fixture(scope="module")
def easy() -> list[Problem]:
    return load_problems(EASY)


def test_strong_solves_easy_problems(easy: list[Problem]) -> None:
    """Cho Chikun elementary 1 (kill) and 2 (live), and 1 with colours swapped."""
    solver = Solver(preset("strong"), 300, seed=11)
    for problem in easy:
        attempt = solver.attempt(problem, 0)
        assert attempt.correct, (problem.source, attempt.move)
        assert attempt.move == Point(0, 1)
        assert attempt.error == ""


def test_runs_are_reproducible(easy: list[Problem]) -> None:
    a = Solver(preset("paper").with_options(tabu=3), 200, seed=5)
    b = Solver(preset("paper").with_options(tabu=3), 200, seed=5)
    moves_a = [a.attempt(easy[1], r).move for r in range(3)]
    assert moves_a == [b.attempt(easy[1], r).move for r in range(3)]


def test_run_seed() -> None:
    seeds = {run_seed(0, i, r) for i in range(20) for r in range(20)}
    assert len(seeds) == 400
    assert run_seed(3, 4, 5) == run_seed(3, 4, 5) != run_seed(4, 4, 5)


def test_unframeable_problem_is_an_incorrect_attempt() -> None:
    corners = tuple(Point(r, c) for r in (0, 18) for c in (0, 18))
    problem = Problem(9, corners[:2], corners[2:], Color.BLACK, frozenset({Point(1, 1)}), "t/x")
    attempt = Solver(preset("paper"), 10).attempt(problem, 2)
    assert (attempt.index, attempt.run, attempt.move, attempt.correct) == (9, 2, None, False)
    assert "no room" in attempt.error
    assert attempt.to_json()["move"] is None


def test_bad_playouts() -> None:
    with pytest.raises(ValueError, match="playouts"):
        Solver(preset("paper"), 0)


def test_other_board_sizes_use_their_model() -> None:
    """A 9x9 corner problem is framed on 9x9 and searched with the 9x9 model."""
    def pts(text: str) -> tuple[Point, ...]:
        return tuple(Point.from_sgf(s, 9) for s in text.split())
    problem = Problem(0, pts("eb fb bc cc dc be"), pts("da ab bb cb db"), Color.BLACK,
                      frozenset({Point(0, 1)}), "t/9", size=9)
    solver = Solver(preset("strong"), 200, seed=1)
    attempt = solver.attempt(problem, 0)
    assert attempt.error == ""
    assert solver.frame(problem).board.size == 9
    assert set(solver._models) == {9}
    assert attempt.move is None or attempt.move.on_board(9)
