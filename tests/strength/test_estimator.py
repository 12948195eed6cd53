"""The uncertainty model, class probabilities and model files of the estimator."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from igo.strength.estimator import (
    Spread,
    StrengthModel,
    StrengthModelError,
    fit_spread,
    load_model,
    save_model,
)
from igo.strength.ours import FittedNet
from igo.strength.summary import SummaryConfig


def _net(rng: np.random.Generator, d: int) -> FittedNet:
    return FittedNet(rng.normal(size=d), rng.uniform(0.5, 2, d), 2400.0, 300.0,
                     [rng.normal(size=(4, d)), rng.normal(size=(1, 4))],
                     [rng.normal(size=4), rng.normal(size=1)], 100, 250.0)


def _model() -> StrengthModel:
    rng = np.random.default_rng(0)
    sp = Spread(2400.0, 300.0, 0.6, 60.0, 200.0)
    return StrengthModel(19, SummaryConfig(("game",), ()),
                         {"B": [_net(rng, 6), _net(rng, 6)], "W": [_net(rng, 6)]},
                         {"B": sp, "W": sp}, train_mean=2400.0)


def test_more_games_sharpen_the_estimate() -> None:
    sp = Spread(2400.0, 300.0, 0.6, 60.0, 200.0)
    sds = [sp.pooled(2600.0, n)[1] for n in (1, 2, 5, 10, 20)]
    assert all(a > b for a, b in itertools.pairwise(sds))
    means = [sp.pooled(2600.0, n)[0] for n in (1, 2, 5, 10, 20)]
    assert all(a < b for a, b in itertools.pairwise(means))  # less shrinkage
    assert sp.pooled(2400.0, 7)[0] == pytest.approx(2400.0)
    assert sds[-1] > 0


def test_fit_spread_recovers_the_simulation() -> None:
    rng = np.random.default_rng(1)
    players = rng.normal(2400, 300, 3000)
    u = rng.normal(0, 80, 3000)
    idx = np.repeat(np.arange(3000), 4)
    pred = 2400 + 0.5 * (players[idx] - 2400) + u[idx] + rng.normal(0, 150, len(idx))
    sp = fit_spread(pred, players[idx], [str(i) for i in idx])
    assert sp.lam == pytest.approx(0.5, abs=0.03)
    assert sp.se == pytest.approx(150, rel=0.05)
    assert sp.su == pytest.approx(80, rel=0.25)


def test_class_probabilities() -> None:
    m = _model()
    p = m.class_probabilities(2400.0, 150.0)
    assert sum(p) == pytest.approx(1.0) and p[1] > p[0] > p[2]
    assert m.class_probabilities(3500.0, 10.0)[2] == pytest.approx(1.0)


def test_round_trip(tmp_path: Path) -> None:
    m = _model()
    save_model(m, tmp_path / "m.npz")
    m2 = load_model(tmp_path / "m.npz")
    x = np.random.default_rng(2).normal(size=(5, 6))
    np.testing.assert_allclose(m2.raw("B", x), m.raw("B", x), rtol=1e-5)
    assert m2.spread == m.spread and m2.summary == m.summary


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(StrengthModelError, match="cannot read"):
        load_model(tmp_path / "missing.npz")
    np.savez(tmp_path / "other.npz", theta=np.zeros(3))
    with pytest.raises(StrengthModelError):
        load_model(tmp_path / "other.npz")
