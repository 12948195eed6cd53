"""Pairings of the loop, pair results, and weights per position."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from igo.arena.matchmaking import NOT_PLAYED
from igo.evolve.games import (
    black_score,
    initial_pairings,
    last_pair_points,
    new_individual_pairings,
)
from igo.evolve.subset import Subset, SubsetError, position_weights


def test_pairings_are_colour_swapped_pairs() -> None:
    rng = np.random.default_rng(0)
    games = initial_pairings([10, 11, 12, 13], [12, 10, 11, 13], [NOT_PLAYED] * 4, 5, rng)
    assert len(games) == 10
    for (b1, w1, s1), (b2, w2, s2) in zip(games[::2], games[1::2], strict=True):
        assert (b1, w1, s1) == (w2, b2, s2) and b1 != w1
    new = new_individual_pairings(9, [1, 2, 3], 4, np.random.default_rng(1))
    assert all(9 in (b, w) for b, w, _ in new) and len(new) == 8


def test_last_pair_points() -> None:
    games = [(1, 2, 5, 1.0), (2, 1, 5, 1.0),   # 1 wins as Black, 2 wins as Black: 1-1
             (3, 1, 6, 0.0), (1, 3, 6, 1.0),   # 1 wins both: 2 points for 1
             (2, 3, 7, 0.0)]                    # incomplete pairing: ignored
    assert last_pair_points(games, [1, 2, 3]) == [2, 1, 0]
    assert black_score(None) == 0.5 and black_score("W") == 0.0


def test_position_weights_by_progress_and_record() -> None:
    progress = np.array([0.05, 0.1, 0.11, 0.5, 0.95, 1.0])
    subset = Subset(SimpleNamespace(game=np.array([0, 0, 1, 1, 2, 2])), progress, 3)  # type: ignore[arg-type]
    w = np.arange(1.0, 11.0)
    assert position_weights(subset, w, "progress").tolist() == [1, 1, 2, 5, 10, 10]
    assert position_weights(subset, np.array([1.0, 2.0, 3.0]), "record").tolist() == [
        1, 1, 2, 2, 3, 3]
    with pytest.raises(SubsetError, match="2 record weights for 3 records"):
        position_weights(subset, np.ones(2), "record")
