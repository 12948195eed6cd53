"""Per-example features (MBN of paper 002 section 5, move-model groups)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.strength.gamearrays import N_MP
from igo.strength.summary import (
    GROUPS,
    SummaryConfig,
    _pattern_counts,
    example_features,
    fit_patterns,
)


def test_pattern_counts_match_a_plain_count() -> None:
    rng = np.random.default_rng(0)
    vocab = (7, 3, 11, 5)
    ids = rng.integers(0, 13, 200).astype(np.float64)
    want = [float(np.sum(ids == p)) for p in vocab]
    assert _pattern_counts(ids, vocab).tolist() == want
    assert fit_patterns(np.array([0, 4, 4, 9, np.nan, 9, 9]), 2) == (9, 4)


def _game(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    pts = rng.choice(361, n, replace=False).astype(np.int64)
    mp = np.zeros((n, N_MP), np.float32)
    mp[:, 0] = -rng.uniform(0, 5, n)
    mp[:, 1] = rng.integers(1, 50, n)
    mp[:, 2] = mp[:, 1] == 1
    mp[:, 3] = mp[:, 1] <= 20
    mp[:, 4] = rng.integers(0, 450, n)
    mp[:, 6] = rng.integers(0, 5, n)
    return pts, mp


def test_groups_and_colours() -> None:
    pts, mp = _game(120)
    row = np.array([0.0, 1, 1, 120, 0])  # Black won by resignation
    cfg = SummaryConfig(GROUPS, (1, 2, 3))
    fb = example_features(pts, mp, 1, row, 19, cfg)
    fw = example_features(pts, mp, 2, row, 19, cfg)
    assert fb.shape == fw.shape and np.isfinite(fb).all()
    g = example_features(pts, mp, 1, row, 19, SummaryConfig(("game",), ()))
    np.testing.assert_allclose(g, [1.2, 1.0, 0.0, 1.0, 0.0, 0.0], rtol=1e-6)
    early = example_features(pts, mp, 1, row, 19, SummaryConfig(("mp_early",), ()))
    assert early[0] == pytest.approx(float(mp[0:50:2, 0].mean()))
    with pytest.raises(ValueError, match="unknown feature group"):
        example_features(pts, mp, 1, row, 19, SummaryConfig(("cnn",), ()))
