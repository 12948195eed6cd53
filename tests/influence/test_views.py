"""Tests of the GoGui influence views."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.engine.influence_views import format_dboard, map_handler, thickness_handler
from igo.engine.standard_views import standard_analyze_commands
from igo.engine.state import GameState
from igo.gtp.errors import GtpError


def _grid(text: str) -> np.ndarray:
    return np.array([[float(v) for v in line.split()] for line in text.split("\n")])


def test_views_are_registered() -> None:
    names = {e.name for e in standard_analyze_commands()}
    assert {"igo-influence_fukui", "igo-influence_fukui_paper", "igo-influence_distance",
            "igo-influence_bouzy", "igo-thickness_fukui"} <= names
    assert all(e.type == "dboard" for e in standard_analyze_commands()
               if e.name.startswith(("igo-influence", "igo-thickness")))


def test_map_and_thickness() -> None:
    state = GameState(size=9)
    state.board.play(Color.BLACK, Point(4, 4))
    for name in ("fukui", "distance", "bouzy"):
        grid = _grid(map_handler(name)(state, []))
        assert grid.shape == (9, 9) and grid[4, 4] > 0
    tuned = _grid(map_handler("fukui")(state, []))
    paper = _grid(map_handler("fukui", "paper")(state, []))
    assert paper[4, 4] > 0 and not np.allclose(paper, tuned)   # the two constant sets differ
    state.board.play(Color.WHITE, Point(2, 4))
    change = _grid(thickness_handler("fukui")(state, []))
    assert change[2, 4] < 0 and change.min() < 0   # White's move: White gains
    with pytest.raises(GtpError):
        map_handler("fukui")(state, ["x"])
    with pytest.raises(GtpError, match="no move"):
        thickness_handler("fukui")(GameState(size=9), [])


def test_format_dboard_has_no_negative_zero() -> None:
    assert format_dboard(np.array([[-0.0001, 1.23456]])) == "0.000 1.235"
