"""Tests of parameter files and the tuning search."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from igo.influence.evaluate import collect_positions
from igo.influence.fukui import PAPER, FukuiModel, FukuiParams
from igo.influence.labels import LabelCache
from igo.influence.tuning import (
    load_model,
    mean_accuracy,
    params_from_dict,
    params_to_dict,
    tune_distance,
    tune_fukui,
)

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"


def test_params_round_trip_and_errors(tmp_path: Path) -> None:
    p = FukuiParams(k_far=0.3)
    assert params_from_dict(params_to_dict(p)) == p
    with pytest.raises(ValueError, match="unknown"):
        params_from_dict({"k_fat": 1.0})
    with pytest.raises(ValueError, match="bad"):
        params_from_dict({"eyes": {"no_such": 1}})
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"params": params_to_dict(p), "score": 0.7}))
    model = load_model("fukui", path)
    assert isinstance(model, FukuiModel) and model.params == p
    with pytest.raises(ValueError, match="fukui"):
        load_model("distance", path)
    assert load_model("bouzy").name == "bouzy"
    paper = load_model("fukui", "paper")
    assert isinstance(paper, FukuiModel) and paper.params == PAPER
    tuned = load_model("fukui", "tuned")
    assert isinstance(tuned, FukuiModel) and tuned.params == FukuiParams()


def test_tuning_never_gets_worse(filled_cache: LabelCache) -> None:
    positions, _ = collect_positions(COUNTED, filled_cache, stages=(50, 150))
    start = FukuiParams()
    base = mean_accuracy(FukuiModel(start), positions)
    seen: list[float] = []
    best, score = tune_fukui(positions, np.random.default_rng(1), trials=6, start=start,
                             log=lambda t, s, p: seen.append(s))
    assert score >= base and seen == sorted(seen)
    assert score == pytest.approx(mean_accuracy(FukuiModel(best), positions))
    kept, _ = tune_fukui(positions, np.random.default_rng(2), trials=4, start=start,
                         constrain=lambda p: dataclasses.replace(p, pass_enemy=0.25))
    assert kept.pass_enemy == 0.25


def test_tune_distance_picks_the_best_of_the_grid(filled_cache: LabelCache) -> None:
    from igo.influence import DistanceModel

    positions, _ = collect_positions(COUNTED, filled_cache, stages=(100,))
    a, metric, score = tune_distance(positions, radii=(2, 6), metrics=("d", "manhattan"))
    grid = [mean_accuracy(DistanceModel(r, m), positions) for r in (2, 6)
            for m in ("d", "manhattan")]
    assert score == max(grid) == mean_accuracy(DistanceModel(a, metric), positions)
