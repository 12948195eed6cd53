"""Tests of :func:`igo.search.ownership.position_ownership`."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.replay import replay
from igo.core.scoring import final_status
from igo.search import preset
from igo.search.ownership import position_ownership
from igo.sgf import parse_sgf


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


# A game igo (Black) won against GNU Go 3.8, 9x9, ended by two passes: GNU Go's
# ``final_status_list dead`` is B7 C6 (White) and G3 H3 H2 (Black).
CLOSED_BY_PASSES = (
    "(;FF[4]GM[1]SZ[9]KM[7]RU[chinese];B[fd];W[cd];B[de];W[gf];B[bf];W[dg];B[eg];W[eh]"
    ";B[ef];W[fh];B[gg];W[fg];B[ch];W[bc];B[eb];W[dh];B[ff];W[ge];B[ce];W[hc];B[cg];W[ci]"
    ";B[gb];W[hb];B[hh];W[gh];B[bi];W[di];B[hg];W[hi];B[gd];W[hd];B[bh];W[ha];B[he];W[hf]"
    ";B[fe];W[ie];B[cb];W[gc];B[fc];W[ga];B[fb];W[fa];B[ea];W[df];B[cf];W[];B[])")


@pytest.mark.parametrize("seed", [3, 5])  # seeds the old code got wrong
def test_the_games_closing_passes_do_not_end_the_searches_games(seed: int) -> None:
    """After two passes the searches still play the position out: a pass of theirs
    must not end their games with every stone counted as it stands (the dead ones
    then own their points), so the dead stones are GNU Go's."""
    board = replay(parse_sgf(CLOSED_BY_PASSES))
    assert board.consecutive_passes == 2
    own = position_ownership(board, 7.0, preset("strong"), playouts=4000,
                             rng=np.random.default_rng(seed))
    dead = final_status(board, np.random.default_rng(0), own=own).dead_stones
    assert {p.to_gtp(9) for p in dead} == {"B7", "C6", "G3", "H3", "H2"}
    assert board.consecutive_passes == 2   # the board is not changed
