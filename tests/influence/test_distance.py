"""Tests of paper 000's distance influence model (kernel vs reference, hand examples)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.influence import _kernels
from igo.influence.distance import distance_influence
from reference.influence import random_stones, ref_distance_map


@pytest.mark.parametrize("metric", ["d", "manhattan", "euclidean"])
@pytest.mark.parametrize("a", [0.0, 2.0, 5.0, 7.5])
def test_kernel_matches_reference(metric: str, a: float) -> None:
    rng = np.random.default_rng(4)
    for size in (5, 9, 13):
        for density in (0.1, 0.4):
            stones = random_stones(rng, size, density)
            got = distance_influence(stones, a=a, metric=metric)
            want = np.array(ref_distance_map(stones.tolist(), a, metric))
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_single_black_stone_paper_metric() -> None:
    stones = np.zeros((9, 9), dtype=np.int8)
    stones[4, 4] = 1
    f = distance_influence(stones)
    assert f[4, 4] == 1.0          # d = 0 -> divided by max(0, 1) = 1
    assert f[4, 5] == 0.5          # d(1, 0) = 2
    assert f[5, 5] == pytest.approx(1 / 3)  # d(1, 1) = 3
    assert f[4, 6] == 0.25         # d(2, 0) = 4
    assert f[5, 6] == 0.2          # d(2, 1) = 5 = a, still inside
    assert f[6, 6] == 0.0          # d(2, 2) = 6 > a
    assert f[4, 7] == 0.0          # d(3, 0) = 6 > a
    assert np.count_nonzero(f) == 1 + 4 + 4 + 4 + 8


def test_colours_cancel_and_sign() -> None:
    board = Board.from_diagram(
        """
        . . . . .
        . X . O .
        . . . . .
        . . . . .
        . . . . .
        """
    )
    f = distance_influence(board.to_array())  # board encoding 0/1/2
    signed = np.where(board.to_array() == 2, -1, board.to_array())
    np.testing.assert_array_equal(f, distance_influence(signed))
    assert f[1, 2] == 0.0            # halfway between a black and a white stone
    assert f[1, 1] > 0 > f[1, 3]
    np.testing.assert_allclose(f, -f[:, ::-1], atol=1e-15)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="metric"):
        distance_influence(np.zeros((9, 9), dtype=np.int8), metric="chebyshev")
    with pytest.raises(ValueError, match="square"):
        distance_influence(np.zeros((9, 8), dtype=np.int8))
    with pytest.raises(ValueError, match="-1"):
        distance_influence(np.full((5, 5), 3, dtype=np.int8))
    mixed = np.zeros((5, 5), dtype=np.int8)
    mixed[0, 0], mixed[1, 1] = -1, 2
    with pytest.raises(ValueError, match="-1"):
        distance_influence(mixed)
    with pytest.raises(ValueError, match="radius"):
        distance_influence(np.zeros((5, 5), dtype=np.int8), a=-1)


def test_kernel_direct_call_overwrites_out() -> None:
    stones = np.zeros((5, 5), dtype=np.int8)
    stones[0, 0] = -1
    out = np.full((5, 5), 99.0)
    _kernels.distance_map(stones, 5.0, _kernels.METRIC_MANHATTAN, out)
    assert out[0, 0] == -1.0 and out[4, 4] == 0.0 and out[0, 3] == pytest.approx(-1 / 3)
