"""Tests of Bouzy's 5/21 model (kernel vs reference, hand-made positions)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.influence.bouzy import BouzyParams, bouzy_influence
from reference.influence import random_stones, ref_bouzy


@pytest.mark.parametrize(("dil", "ero"), [(5, 21), (5, 10), (4, 0), (1, 1)])
def test_kernel_matches_reference(dil: int, ero: int) -> None:
    rng = np.random.default_rng(5)
    for size in (5, 9, 13):
        for density in (0.1, 0.3):
            stones = random_stones(rng, size, density)
            got = bouzy_influence(stones, BouzyParams(dil, ero, 64))
            want = np.array(ref_bouzy(stones.tolist(), dil, ero, 64))
            np.testing.assert_array_equal(got, want)


def test_enclosed_corner_is_territory_open_centre_is_not() -> None:
    board = Board.from_diagram(
        """
        . . . X . . . . .
        . . . X . . . . .
        . . . X . . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """
    )
    f = bouzy_influence(board.to_array())
    assert (f[:3, :3] > 0).all()           # black's enclosed corner survives erosion
    assert f[7, 1] == 0 and f[4, 4] == 0   # open space is eroded to nothing
    assert f[5, 7] < 0                     # the white stone itself stays white


def test_empty_board_and_bad_params() -> None:
    assert not bouzy_influence(np.zeros((9, 9), np.int8)).any()
    with pytest.raises(ValueError):
        BouzyParams(dilations=-1)
