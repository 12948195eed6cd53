"""Tests of the ownership comparison."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.influence import get_model
from igo.influence.evaluate import (
    accuracy,
    calibration,
    collect_positions,
    fit_beta,
    in_split,
    model_fn,
    score_positions,
    stage_stones,
    summarize,
)
from igo.influence.labels import LabelCache, iter_counted

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"


def test_accuracy_counts_zero_as_half() -> None:
    owners = np.array([1, 1, -1, -1], dtype=np.int8)
    assert accuracy(np.array([2.0, -1.0, -3.0, 0.0]), owners) == pytest.approx(2.5 / 4)
    assert accuracy(np.zeros(4), owners) == 0.5
    assert np.isnan(accuracy(np.zeros(0), owners[:0]))


def test_split_is_thirty_seventy() -> None:
    tune = [i for i in range(100) if in_split(i, "tune")]
    test = [i for i in range(100) if in_split(i, "test")]
    assert len(tune) == 30 and len(test) == 70 and not set(tune) & set(test)
    assert all(in_split(i, "all") for i in range(10))
    with pytest.raises(ValueError, match="split"):
        in_split(0, "train")


def test_fit_beta_recovers_a_logistic_scale() -> None:
    rng = np.random.default_rng(0)
    f = rng.normal(0, 2, 20000)
    owners = np.where(rng.random(f.size) < 1 / (1 + np.exp(-0.7 * f)), 1, -1).astype(np.int8)
    beta = fit_beta(f, owners)
    assert beta == pytest.approx(0.7, rel=0.05)
    cal = calibration(f, owners, beta)
    assert cal["ece"] < 0.02 and cal["log_loss"] < np.log(2)
    assert calibration(f, owners, 5.0)["ece"] > cal["ece"]  # overconfident: worse
    assert fit_beta(np.zeros(10), owners[:10]) == 0.0


def test_stage_stones_counts_moves() -> None:
    record = next(iter(iter_counted(COUNTED)))
    stages = stage_stones(record, (1, 2, 20, 10_000))
    assert sorted(stages) == [1, 2, 20]
    assert int(np.abs(stages[1]).sum()) == 1 and stages[1].sum() == 1   # Black's first stone
    assert int(np.abs(stages[2]).sum()) == 2 and stages[2].sum() == 0


def test_collect_and_summarize(filled_cache: LabelCache) -> None:
    positions, games = collect_positions(COUNTED, filled_cache, stages=(20, 250))
    assert games == 3
    assert sorted({p.move for p in positions}) == [20, 250]
    assert len(positions) == 3 + 2  # the third game ends at move 248
    for name in ("distance", "bouzy", "fukui"):
        summary = summarize(score_positions(model_fn(name, get_model(name)), positions))
        assert set(summary) == {"20", "250"}
        late = summary["250"]["accuracy"]
        assert isinstance(late, float) and late > 0.75  # near the end, maps know the owner
    gnugo = summarize(score_positions(model_fn("gnugo", None), positions))
    assert 0.2 < float(gnugo["20"]["accuracy"]) < 0.8  # made-up left/right regions
    only_one, n = collect_positions(COUNTED, filled_cache, stages=(20,), games=1)
    assert n == 1 and len(only_one) == 1
    _, n_test = collect_positions(COUNTED, filled_cache, stages=(20,), split="test")
    assert n_test == 0  # the first three counted games are all tuning games
    with pytest.raises(ValueError):
        model_fn("fukui", None)
