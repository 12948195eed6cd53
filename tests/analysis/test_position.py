"""The per-position evaluation service (:mod:`igo.analysis`)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.analysis import Budget, PositionEval, evaluate_position, model_view, read_search
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.movepred.default import load_default
from igo.search import Search, preset
from igo.search.analysis import analyze_moves, root_winrate, score_lead


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError, match="playouts or seconds"):
        Budget()
    with pytest.raises(ValueError):
        Budget(playouts=0)
    with pytest.raises(ValueError):
        Budget(seconds=0)
    assert Budget(2000).describe() == "2,000 playouts"
    assert Budget(None, 1.5).describe() == "1.5 s"


def test_read_search_is_what_the_search_analysis_helpers_say() -> None:
    """One service, the same figures as the helpers GTP used directly."""
    b = Board(7)
    b.play(Color.BLACK, Point(3, 3))
    s = Search(b, 0.5, preset("paper"), seed=5)
    r = s.run(playouts=300)
    ev = read_search(s, r, max_moves=3, ownership=True)
    assert ev.to_play is Color.WHITE and ev.size == 7
    assert ev.moves == tuple(analyze_moves(s, r, max_moves=3))
    assert ev.winrate == root_winrate(r) and ev.score_lead == score_lead(s)
    assert ev.visits == sum(m.visits for m in r.moves)
    assert ev.ownership is not None
    assert np.array_equal(ev.ownership, s.ownership())
    to_play = ev.ownership_to_play()
    assert to_play is not None and np.array_equal(to_play, -s.ownership())
    # White to move: Black's figures are the other side's
    assert ev.winrate_black == pytest.approx(1 - ev.winrate)
    assert ev.score_black == pytest.approx(-ev.score_lead)


def test_evaluate_position_is_deterministic_with_a_seed_and_round_trips() -> None:
    b = Board(9)
    one = evaluate_position(b, 7.0, Budget(playouts=200), seed=11, max_moves=4)
    two = evaluate_position(b, 7.0, Budget(playouts=200), seed=11, max_moves=4)
    assert one.moves == two.moves and one.winrate == two.winrate
    assert len(one.moves) <= 4 and one.best is not None and one.best.pv[0] == one.best.move
    assert one.ownership is not None and one.ownership.shape == (9, 9)
    back = PositionEval.from_dict(one.to_dict())
    assert back.moves == one.moves and back.to_play is one.to_play
    assert back.winrate == one.winrate and back.score_lead == one.score_lead
    assert back.ownership is not None
    assert np.allclose(back.ownership, one.ownership, atol=1e-4)


def test_model_view_ranks_and_probabilities() -> None:
    b = Board(9)
    view = model_view(b, load_default(9))
    assert len(view.points) == 81 and view.probs.sum() == pytest.approx(1.0)
    assert np.all(np.diff(view.probs) <= 0)  # most probable first
    assert view.rank_of(view.top) == 1
    assert view.probability_of(view.points[4]) == pytest.approx(float(view.probs[4]))
    assert view.rank_of(None) is None and view.probability_of(None) is None
