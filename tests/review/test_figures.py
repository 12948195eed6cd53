"""Figures per move and per player (:mod:`igo.review.figures`)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.analysis.expected import ModelView
from igo.analysis.position import PositionEval
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord
from igo.review.figures import (
    CLASSES,
    biggest_mistakes,
    loss_class,
    move_figures,
    player_figures,
)
from igo.search.analysis import MoveAnalysis

A, B, C = Point(2, 2), Point(4, 4), Point(6, 6)


def _ev(to_play: Color, winrate: float, lead: float, best: Point | None) -> PositionEval:
    """A position whose win rate and score are ``winrate``/``lead`` for the player to move."""
    moves = () if best is None else (
        MoveAnalysis(best, 10, winrate, winrate, 0.1, 0, (best, C), (10, 4)),)
    return PositionEval(9, to_play, 10, 10, winrate, lead, moves, np.zeros((9, 9)))


def test_classes_are_katrains_thresholds() -> None:
    assert [t for _, t in CLASSES] == [0.0, 0.5, 1.5, 3.0, 6.0, 12.0]
    assert loss_class(0.0) == "good" and loss_class(0.49) == "good"
    assert loss_class(0.5) == "slight" and loss_class(1.5) == "inaccuracy"
    assert loss_class(3.0) == "mistake" and loss_class(6.0) == "big mistake"
    assert loss_class(12.0) == "blunder" and loss_class(40) == "blunder"


def test_losses_are_the_movers_from_both_sides() -> None:
    rec = GameRecord(size=9, komi=7.0, moves=[Move(Color.BLACK, A), Move(Color.WHITE, B),
                                              Move(Color.BLACK, None)])
    evals = [
        _ev(Color.BLACK, 0.60, 2.0, A),   # Black +2
        _ev(Color.WHITE, 0.50, -2.0, C),  # Black +2, no loss by A (engine's move)
        _ev(Color.BLACK, 0.30, -3.0, A),  # Black -3: White gained 5 by B (loss -5)
        _ev(Color.WHITE, 0.80, 4.0, None),  # after Black's pass: Black -4, lost 1
    ]
    view = ModelView((B, A), np.array([0.7, 0.3]))
    mf = move_figures(rec, evals, [view, view, view])
    m1, m2, m3 = mf
    assert m1.engine_agrees and m1.points_loss == pytest.approx(0.0)
    assert m1.winrate_before == pytest.approx(0.60) and m1.winrate_after == pytest.approx(0.5)
    assert m1.winrate_loss == pytest.approx(0.10)
    assert m1.model_rank == 2 and m1.model_probability == pytest.approx(0.3)
    assert not m1.model_agrees and m1.model_top == B
    assert m2.points_loss == pytest.approx(-5.0) and m2.category == "good"
    assert m2.best == C and not m2.engine_agrees and m2.model_agrees
    assert m2.best_winrate == pytest.approx(0.5)
    assert m3.move is None and m3.points_loss == pytest.approx(1.0)
    assert m3.model_rank is None and m3.model_probability is None
    assert m3.category == "slight"

    black = player_figures(mf, Color.BLACK)
    assert black.moves == 2 and black.mean_points_loss == pytest.approx(0.5)
    assert black.engine_agreement == pytest.approx(0.5)
    assert black.model_agreement == 0.0  # the pass is not counted for the model
    assert black.mean_model_probability == pytest.approx(0.3)
    assert black.classes["good"] == 1 and black.classes["slight"] == 1
    white = player_figures(mf, Color.WHITE)
    assert white.mean_points_loss == 0.0 and white.model_agreement == 1.0


def test_biggest_mistakes_largest_first_with_a_better_move() -> None:
    rec = GameRecord(size=9, moves=[Move(Color.BLACK, A), Move(Color.WHITE, B),
                                    Move(Color.BLACK, C), Move(Color.WHITE, A)])
    evals = [_ev(Color.BLACK, 0.5, 0.0, B), _ev(Color.WHITE, 0.5, 2.0, A),
             _ev(Color.BLACK, 0.5, -2.0, B), _ev(Color.WHITE, 0.5, 8.0, B),
             _ev(Color.BLACK, 0.5, -8.0, B)]
    view = ModelView((), np.zeros(0))
    mf = move_figures(rec, evals, [view] * 4)
    black = biggest_mistakes(mf, Color.BLACK)
    assert [m.number for m in black] == [3, 1]  # losses 6 and 2
    assert [m.number for m in biggest_mistakes(mf, Color.BLACK, count=1)] == [3]
    assert biggest_mistakes(mf, Color.WHITE) == []  # White lost nothing


def test_lengths_must_match() -> None:
    rec = GameRecord(size=9, moves=[Move(Color.BLACK, A)])
    with pytest.raises(ValueError, match="evaluations"):
        move_figures(rec, [], [])
