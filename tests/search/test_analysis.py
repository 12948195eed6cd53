"""Reading searches for analysis: per-move PVs, LCB, score, the moves a GUI gets."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import Search, preset
from igo.search.analysis import (
    analyze_moves,
    lcb,
    move_pv,
    root_winrate,
    score_lead,
)
from igo.search.search import MoveStats, SearchResult
from igo.search.tree import children


@pytest.fixture(scope="module")
def searched() -> tuple[Search, SearchResult]:
    board = Board(7)
    board.play(Color.BLACK, Point(3, 3))
    search = Search(board, 0.5, preset("strong"), seed=11)
    return search, search.run(playouts=600)


def test_lcb_is_the_wilson_lower_bound() -> None:
    assert lcb(0.7, 0) == lcb(0.7, 1) == 0.0
    assert lcb(0.5, 100) == pytest.approx(0.4038, abs=1e-4)  # Wilson: [0.4038, 0.5962]
    assert lcb(1.0, 10) == pytest.approx(0.7225, abs=1e-4) and lcb(0.0, 50) == 0.0
    assert lcb(1.0, 7) < lcb(0.84, 92)  # a few lucky playouts do not outrank the best move
    assert lcb(0.6, 10) < lcb(0.6, 100) < lcb(0.6, 10_000) < 0.6
    assert 0.0 <= lcb(0.01, 3) < 0.01


def test_best_move_pv_is_the_search_pv(searched: tuple[Search, SearchResult]) -> None:
    search, result = searched
    best = result.moves[0]
    pv, visits = move_pv(search, best.move)
    assert list(pv) == search.pv(len(pv))
    assert pv[0] == best.move and visits[0] == best.visits
    assert len(pv) > 2
    assert all(a >= b for a, b in itertools.pairwise(visits))


def test_pv_of_a_move_no_tree_has_is_the_move_alone(searched: tuple[Search, SearchResult]
                                                    ) -> None:
    search, _ = searched
    assert move_pv(search, Point(3, 3)) == ((Point(3, 3),), (0,))  # the black stone


def test_analyze_moves_orders_and_caps(searched: tuple[Search, SearchResult]) -> None:
    search, result = searched
    moves = analyze_moves(search, result)
    assert [m.order for m in moves] == list(range(len(moves)))
    assert [m.visits for m in moves] == sorted((m.visits for m in moves), reverse=True)
    assert all(m.visits > 0 for m in moves)
    assert sum(m.visits for m in moves) == sum(s.visits for s in result.moves)
    for m in moves:
        assert m.lcb == lcb(m.winrate, m.visits) and m.pv[0] == m.move
    assert len(analyze_moves(search, result, max_moves=2)) == 2
    n_legal = len(result.moves)
    assert len(analyze_moves(search, result, min_moves=n_legal)) == n_legal


def test_min_moves_reports_moves_of_a_fresh_search() -> None:
    search = Search(Board(7), 0.5, preset("strong"), seed=2)
    result = search.result()
    assert analyze_moves(search, result) == []
    some = analyze_moves(search, result, min_moves=3)
    assert len(some) == 3 and all(m.visits == 0 and m.pv == (m.move,) for m in some)


def test_score_lead_is_the_mean_playout_area_score(searched: tuple[Search, SearchResult]
                                                   ) -> None:
    search, _ = searched
    black = float(np.sum(search.ownership())) - 0.5
    assert search.color() is Color.WHITE
    assert score_lead(search) == pytest.approx(-black)
    assert score_lead(search) < 0  # black's stone in the centre of 7x7 leads


def test_root_winrate_weights_moves_by_visits() -> None:
    moves = (MoveStats(Point(0, 0), 3, 1.0, 0.5, 0, 0.5),
             MoveStats(None, 1, 0.0, 0.5, 0, 0.5))
    assert root_winrate(SearchResult(moves, 4, 0.0, {})) == 0.75
    assert root_winrate(SearchResult((), 0, 0.0, {})) == 0.5


@pytest.mark.parametrize("parallel", ["root", "tree"])
def test_pv_comes_from_the_tree_that_visited_the_move_most(parallel: str) -> None:
    config = preset("strong").with_options(threads=2, parallel=parallel)
    search = Search(Board(7), 0.5, config, seed=5)
    assert len(search.trees()) == (2 if parallel == "root" else 1)
    result = search.run(playouts=800)
    for stats in result.moves[:3]:
        pv, visits = move_pv(search, stats.move)
        w = search.size + 2
        code = 0 if stats.move is None else (stats.move[0] + 1) * w + stats.move[1] + 1
        per_tree = [max((t.N[i] for i in children(t, 0) if t.move[i] == code),
                        default=0.0) for t in search.trees()]
        assert visits[0] == max(per_tree) and pv[0] == stats.move
        assert math.isclose(sum(per_tree), stats.visits)


def test_analysing_the_other_colour_starts_a_fresh_tree() -> None:
    board = Board(7)
    board.play(Color.BLACK, Point(3, 3))
    search = Search(board, 0.5, preset("strong"), seed=3)
    search.run(playouts=300)
    other = board.copy()
    other.to_play = Color.BLACK
    search.set_position(other)
    assert search.color() is Color.BLACK
    assert sum(m.visits for m in search.result().moves) == 0
    result = search.run(playouts=200)
    assert all(m.move != Point(3, 3) for m in result.moves)
    assert sum(m.visits for m in result.moves) == 200
