"""The evaluation summary of ``igo strength eval`` (Araki et al., sections 6–7)."""

from __future__ import annotations

import numpy as np

from igo.strength.estimator import StrengthModel
from igo.strength.metrics import accuracy, confusion, correlation, rmse, worst_case_ratio
from igo.strength.scale import RankScale


def summarize(pred: np.ndarray, true: np.ndarray, train_mean: float, scale: RankScale
              ) -> dict[str, float]:
    """RMSE (points, ranks), AVE's RMSE on the same examples, correlation, 3-class
    accuracy and worst-case ratio of estimates ``pred`` against ratings ``true``."""
    m = confusion(scale.classes(true), scale.classes(pred))
    r = rmse(pred, true)
    return {"rmse_points": r, "rmse_ranks": r / scale.points_per_rank,
            "rmse_ave": rmse(np.full(len(true), train_mean), true),
            "correlation": correlation(pred, true), "accuracy3": accuracy(m),
            "worst_case_ratio": worst_case_ratio(m)}


def evaluate_examples(model: StrengthModel, pred: np.ndarray, true: np.ndarray
                      ) -> dict[str, float]:
    """:func:`summarize` with the model's scale and training mean."""
    return summarize(pred, true, model.train_mean, model.scale)


def pooled_errors(model: StrengthModel, raw: np.ndarray, true: np.ndarray,
                  players: list[str], ns: tuple[int, ...], rng: np.random.Generator,
                  draws: int = 20) -> dict[int, dict[str, float]]:
    """How the error falls with more games of one player: for each ``n``, every player
    with at least ``n`` examples gives up to ``draws`` random sets of ``n`` of them;
    the pooled estimate is compared with the mean label of the set. Returns, per ``n``,
    the players, sets, RMSE (points), and the share of 95 % intervals that hold the label.
    """
    from igo.strength.predict import pooled_estimate

    by: dict[str, list[int]] = {}
    for i, p in enumerate(players):
        by.setdefault(p, []).append(i)
    out: dict[int, dict[str, float]] = {}
    for n in ns:
        errs, hits, people = [], [], 0
        for idx in by.values():
            if len(idx) < n:
                continue
            people += 1
            for _ in range(min(draws, _n_sets(len(idx), n))):
                pick = rng.choice(idx, size=n, replace=False)
                e = pooled_estimate(model, [float(raw[i]) for i in pick])
                target = float(np.mean(true[pick]))
                errs.append(e.rating - target)
                hits.append(e.low <= target <= e.high)
        out[n] = {"players": people, "sets": len(errs),
                  "rmse_points": float(np.sqrt(np.mean(np.square(errs)))) if errs else np.nan,
                  "coverage95": float(np.mean(hits)) if hits else np.nan}
    return out


def _n_sets(k: int, n: int) -> int:
    from math import comb
    return comb(k, n)
