"""Tests of :func:`igo.search.ownership.position_ownership`."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import preset
from igo.search.ownership import position_ownership


def test_ownership_of_a_split_board_both_colours() -> None:
    board = Board(7)
    board.setup(black=[Point(r, 2) for r in range(7)], white=[Point(r, 4) for r in range(7)])
    board.to_play = Color.WHITE
    own = position_ownership(board, 0.5, preset("paper"), playouts=200,
                             rng=np.random.default_rng(1))
    assert own.shape == (7, 7) and np.abs(own).max() <= 1.0
    assert own[:, :3].min() > 0.2 and own[:, 4:].max() < -0.2
    assert board.to_play is Color.WHITE          # the board is not changed
    again = position_ownership(board, 0.5, preset("paper"), playouts=200,
                               rng=np.random.default_rng(1))
    np.testing.assert_array_equal(own, again)   # seeded


def test_budget_errors() -> None:
    with pytest.raises(ValueError, match="playouts or seconds"):
        position_ownership(Board(5), 0.5, preset("paper"))
    with pytest.raises(ValueError, match="playouts >= 2"):
        position_ownership(Board(5), 0.5, preset("paper"), playouts=1)
