"""Loading models by name with their parameters, and tuning Fukui et al.'s constants.

The paper chose its constants by hand and judged the maps by eye. Here they
are tuned on the tuning games of the ownership comparison
(:mod:`igo.influence.evaluate`) by a simple local random search: from the best
parameters so far, draw a neighbour (each tunable constant multiplied by
``exp(N(0, step))`` with probability 1/2, the shares in [0, 1] moved by
``N(0, step / 2)``), keep it if the mean accuracy over
the stages is higher. Reported numbers then come from the other games.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from igo.influence import InfluenceModel, get_model
from igo.influence.evaluate import StagePosition, accuracy, model_fn, score_positions
from igo.influence.eyes import EyeParams
from igo.influence.fukui import PAPER, PRESETS, FukuiModel, FukuiParams

#: Constants the search changes (the eye constants are prefixed ``eyes.``).
TUNABLE = ("a", "a0", "k_nobi", "k_kosumi", "k_ikken", "k_kogeima", "max_gain", "k_scale",
           "d_break", "k_far", "lateral", "pass_friend", "pass_enemy", "eyes.eye_weight",
           "eyes.lib_weight", "eyes.lib_cap")
#: Constants in [0, 1], changed by adding ``N(0, step / 2)`` (they may start at 0).
SHARES = ("pass_friend", "pass_enemy")


def params_to_dict(params: FukuiParams) -> dict[str, Any]:
    """``FukuiParams`` as a JSON-ready dict (``eyes`` nested)."""
    return dataclasses.asdict(params)


def params_from_dict(data: dict[str, Any]) -> FukuiParams:
    """``FukuiParams`` from a dict as written by :func:`params_to_dict`.

    Raises
    ------
    ValueError
        For an unknown field or a bad value.
    """
    data = dict(data)
    eyes = data.pop("eyes", None)
    names = {f.name for f in dataclasses.fields(FukuiParams)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"unknown Fukui parameters: {', '.join(sorted(unknown))}")
    try:
        eye_params = EyeParams(**eyes) if eyes is not None else EyeParams()
        return FukuiParams(**data, eyes=eye_params)
    except TypeError as exc:
        raise ValueError(f"bad Fukui parameters: {exc}") from exc


def load_model(name: str, params_path: str | Path | None = None) -> InfluenceModel:
    """A model by name; for fukui, ``params_path`` is a preset name of
    :data:`igo.influence.fukui.PRESETS` (``tuned``, the default, or ``paper``, the
    hand-set constants) or a JSON file of :class:`FukuiParams`.

    Raises
    ------
    ValueError
        If parameters are given for a model other than fukui, or are bad.
    """
    if params_path is None:
        return get_model(name)
    if name != "fukui":
        raise ValueError(f"--params applies to the fukui model only, not {name!r}")
    if str(params_path) in PRESETS:
        return FukuiModel(PRESETS[str(params_path)])
    data = json.loads(Path(params_path).read_text(encoding="utf-8"))
    if "params" in data and isinstance(data["params"], dict):
        data = data["params"]
    return FukuiModel(params_from_dict(data))


def mean_accuracy(model: Callable[[np.ndarray], np.ndarray],
                  positions: Sequence[StagePosition]) -> float:
    """Mean over stages of the accuracy of ``model`` on ``positions``."""
    scores = score_positions(model_fn("model", model), positions)
    return float(np.mean([accuracy(*s.arrays()) for s in scores.values()]))


def _replace(params: FukuiParams, name: str, value: float) -> FukuiParams:
    change: dict[str, Any] = {name.removeprefix("eyes."): value}
    if name.startswith("eyes."):
        return dataclasses.replace(params, eyes=dataclasses.replace(params.eyes, **change))
    return dataclasses.replace(params, **change)


def _get(params: FukuiParams, name: str) -> float:
    if name.startswith("eyes."):
        return float(getattr(params.eyes, name[5:]))
    return float(getattr(params, name))


def tune_fukui(positions: Sequence[StagePosition], rng: np.random.Generator, *,
               trials: int = 200, step: float = 0.3, start: FukuiParams | None = None,
               constrain: Callable[[FukuiParams], FukuiParams] | None = None,
               log: Callable[[int, float, FukuiParams], None] | None = None
               ) -> tuple[FukuiParams, float]:
    """Local random search for the constants with the best mean accuracy.

    ``constrain`` maps every candidate (and the start) to the allowed set, e.g.
    ``lambda p: replace(p, pass_friend=0, pass_enemy=0)`` keeps full shielding.
    Starts from ``start`` (default: the paper's hand-set constants, :data:`PAPER`).
    Returns the best parameters and their mean accuracy on ``positions``.
    """
    fix = constrain or (lambda p: p)
    best = fix(start or PAPER)
    best_score = mean_accuracy(FukuiModel(best), positions)
    for trial in range(trials):
        cand = best
        changed = False
        for name in TUNABLE:
            if rng.random() < 0.5:
                if name in SHARES:
                    value = float(np.clip(_get(best, name) + rng.normal(0.0, step / 2), 0, 1))
                else:
                    value = _get(best, name) * float(np.exp(rng.normal(0.0, step)))
                if name == "eyes.lib_cap":
                    value = max(1.0, value)
                cand = _replace(cand, name, value)
                changed = True
        if not changed:
            continue
        try:
            cand = fix(cand)
            score = mean_accuracy(FukuiModel(cand), positions)
        except ValueError:
            continue
        if score > best_score:
            best, best_score = cand, score
            if log is not None:
                log(trial, score, best)
    return best, best_score


def tune_distance(positions: Sequence[StagePosition],
                  radii: Sequence[float] = (3, 5, 7, 9, 12, 16),
                  metrics: Sequence[str] = ("d", "manhattan", "euclidean")
                  ) -> tuple[float, str, float]:
    """Grid search of Honda et al.'s radius ``a`` and metric: ``(a, metric, mean accuracy)``."""
    from igo.influence import DistanceModel

    best = (float(radii[0]), metrics[0], -1.0)
    for metric in metrics:
        for a in radii:
            score = mean_accuracy(DistanceModel(float(a), metric), positions)
            if score > best[2]:
                best = (float(a), metric, score)
    return best
