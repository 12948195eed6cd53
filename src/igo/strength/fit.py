"""Fitting the default estimator from a strength cache (``igo strength train``).

Per colour (the paper's separate systems): features of the training fold's examples;
``k`` folds of the training *players*; one net per fold, each keeping the iteration
best on its held-out players; the ensemble of the ``k`` nets is the model, and their
out-of-fold estimates fit the uncertainty model (:func:`~igo.strength.estimator.fit_spread`).
The test fold is not read.
"""

from __future__ import annotations

from dataclasses import asdict, replace

import numpy as np

from igo.strength.cache import StrengthCache
from igo.strength.estimator import NetSpec, StrengthModel, fit_spread
from igo.strength.ours import FittedNet, OursConfig, feature_matrix, fit_net
from igo.strength.scale import RankScale
from igo.strength.splits import split_rows
from igo.strength.summary import SummaryConfig, fit_patterns


def player_folds(players: list[str], k: int, seed: int) -> np.ndarray:
    """Fold number (0..k-1) of each example, all examples of a player in one fold."""
    names = sorted(set(players))
    perm = np.random.default_rng(seed).permutation(len(names))
    fold_of = {names[i]: int(j % k) for j, i in enumerate(perm)}
    return np.array([fold_of[p] for p in players], np.int64)


def fit_colour(x: np.ndarray, y: np.ndarray, players: list[str], cfg: OursConfig,
               k: int = 5) -> tuple[list[FittedNet], np.ndarray]:
    """The ``k`` fold nets of one colour and their out-of-fold estimates."""
    folds = player_folds(players, k, cfg.seed)
    oof = np.zeros(len(y))
    nets = []
    for f in range(k):
        tr, va = folds != f, folds == f
        net = fit_net(x[tr], y[tr], x[va], y[va], replace(cfg, seed=cfg.seed + f))
        oof[va] = net.predict(x[va])
        nets.append(net)
    return nets, oof


def pattern_vocabulary(cache: StrengthCache, rows: np.ndarray, n_patterns: int) -> tuple[int, ...]:
    """MBN's pattern vocabulary from the estimated players' moves of ``rows``."""
    ids = []
    for r in rows:
        g, colour = int(cache.examples[r, 0]), int(cache.examples[r, 1])
        _, mp = cache.game_moves(g)
        ids.append(np.asarray(mp[colour - 1::2, 6]))
    return fit_patterns(np.concatenate(ids) if ids else np.zeros(0), n_patterns)


def fit_holdout(x: np.ndarray, y: np.ndarray, is_val: np.ndarray, cfg: OursConfig
                ) -> tuple[list[FittedNet], np.ndarray]:
    """One net trained on the training players, stopped at the iteration best on the
    held-out players ``is_val``; its estimates of the held-out examples."""
    net = fit_net(x[~is_val], y[~is_val], x[is_val], y[is_val], cfg)
    return [net], net.predict(x[is_val])


def fit_model(cache: StrengthCache, groups: tuple[str, ...], cfg: OursConfig, k: int = 5,
              n_patterns: int = 100, progress: bool = True,
              features: dict[int, np.ndarray] | None = None,
              patterns: tuple[int, ...] | None = None,
              net: tuple[NetSpec, np.ndarray] | None = None
              ) -> tuple[StrengthModel, dict[str, np.ndarray]]:
    """The estimator and, per colour, the out-of-fold estimates of the training fold.

    ``features`` (colour → matrix of the training-fold rows of that colour, in
    :func:`~igo.strength.splits.split_rows` order) and ``patterns`` skip recomputing them.
    ``k = 1``: one net per colour, held out = the validation split of
    :func:`~igo.strength.splits.split_rows` (its estimates fit the uncertainty model).
    ``net``: the policy net and the cache's view by it
    (:func:`~igo.strength.netview.open_net_view`), which the ``net`` group reads.

    Raises
    ------
    ValueError
        If ``groups`` has ``net`` and no ``net`` is given.
    """
    if "net" in groups and net is None:
        raise ValueError("the net feature group needs the policy net's view of the cache")
    bounds = cache.meta["describe"]["scale"]
    scale = RankScale(bounds[0], bounds[1], (bounds[2], bounds[3]))
    train_all = split_rows(cache, 0)["train_all"]
    if patterns is None:
        patterns = pattern_vocabulary(cache, train_all, n_patterns) if "mbn" in groups else ()
    summ = SummaryConfig(groups, patterns)
    nets, spreads, oofs = {}, {}, {}
    for colour, name in ((1, "B"), (2, "W")):
        rows = split_rows(cache, colour)["train_all"]
        x = (features[colour] if features is not None
             else feature_matrix(cache, rows, summ, progress,
                                 None if net is None else net[1]))
        y = cache.examples[rows, 2]
        players = [cache.players[r] for r in rows]
        if k == 1:
            is_val = np.isin(rows, split_rows(cache, colour)["val"])
            nets[name], oofs[name] = fit_holdout(x, y, is_val, cfg)
            spreads[name] = fit_spread(oofs[name], y[is_val],
                                       [p for p, v in zip(players, is_val, strict=True) if v])
        else:
            nets[name], oofs[name] = fit_colour(x, y, players, cfg, k)
            spreads[name] = fit_spread(oofs[name], y, players)
    mean = float(cache.examples[train_all, 2].mean())
    info = {"config": asdict(cfg), "folds": k, "train_examples": len(train_all),
            "data": cache.meta["describe"]}
    spec = net[0] if net is not None and "net" in groups else None
    return StrengthModel(cache.size, summ, nets, spreads, scale, mean, info, spec), oofs
