"""The strength estimator behind ``igo strength``: per-colour feature nets (our model,
:mod:`igo.strength.ours`) in numpy, with honest intervals, class probabilities, and
pooled estimates that sharpen with every extra game.

Uncertainty model (fitted on out-of-fold predictions of the training players): a game's
estimate is ``p = mu + lam (r - mu) + u + e``, with the player's true rating ``r``
(spread ``sr`` about the training mean ``mu``), a player effect ``u`` (spread ``su``:
style that the model misreads in every game) and a game effect ``e`` (spread ``se``).
For ``n`` games of one player the Gaussian posterior of ``r`` given the mean estimate
``m`` is ``mu + k_n (m - mu)`` with ``k_n = lam sr² / (lam² sr² + su² + se²/n)`` and
variance ``sr² (1 - k_n lam)``: with one game this is the net's own estimate and error;
with more games the game noise averages out and the estimate moves away from the mean.
Intervals are ±1.96 standard deviations; class probabilities are the Gaussian's mass in
each class.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from igo.strength.ours import FittedNet
from igo.strength.scale import RankScale
from igo.strength.summary import SummaryConfig

MODEL_FORMAT = "igo-strength-model"
MODEL_VERSION = 1
Z95 = 1.959964


class StrengthModelError(ValueError):
    """A strength model file that cannot be used (missing, wrong format, wrong size)."""


@dataclass(frozen=True)
class NetSpec:
    """The policy net whose view of the moves a model's ``net`` feature group reads
    (:mod:`igo.strength.netview`): its model file (a name in igo's models folder, or a
    path), the net's name, and how many moves a game it sees."""

    file: str
    name: str
    max_moves: int

    def path(self) -> Path:
        """The model file (:func:`igo.nets.policy.net_path`: a bare name is one of
        igo's nets)."""
        from igo.nets.policy import net_path

        return net_path(self.file)


@dataclass(frozen=True)
class Spread:
    """The uncertainty model of the module docstring (points)."""

    mu: float
    sr: float
    lam: float
    su: float
    se: float

    def pooled(self, mean_estimate: float, n: int) -> tuple[float, float]:
        """Posterior mean and standard deviation of the rating from ``n`` games."""
        k = self.lam * self.sr**2 / (self.lam**2 * self.sr**2 + self.su**2 + self.se**2 / n)
        var = self.sr**2 * max(1.0 - k * self.lam, 1e-6)
        return self.mu + k * (mean_estimate - self.mu), math.sqrt(var)


def fit_spread(pred: np.ndarray, true: np.ndarray, players: list[str]) -> Spread:
    """Fit :class:`Spread` from out-of-fold estimates ``pred`` of examples with ratings
    ``true`` and player ids (players with several games give the game effect)."""
    mu, sr = float(true.mean()), float(true.std())
    lam = max(float(np.cov(pred, true)[0, 1] / sr**2), 0.05)
    by: dict[str, list[float]] = {}
    for p, pl in zip(pred, players, strict=True):
        by.setdefault(pl, []).append(float(p))
    within = [np.var(v, ddof=1) for v in by.values() if len(v) >= 2]
    se2 = float(np.mean(within)) if within else float(np.var(pred - true))
    su2 = max(float(np.var(pred)) - lam**2 * sr**2 - se2, 0.0)
    return Spread(mu, sr, lam, math.sqrt(su2), math.sqrt(se2))


@dataclass
class StrengthModel:
    """Per-colour nets, their feature configuration, scale and uncertainty model."""

    size: int
    summary: SummaryConfig
    nets: dict[str, list[FittedNet]]  # per colour, an ensemble (mean of the nets)
    spread: dict[str, Spread]
    scale: RankScale = field(default_factory=RankScale)
    train_mean: float = 0.0
    info: dict[str, object] = field(default_factory=dict)
    #: the net of the ``net`` feature group (None: the model does not read one)
    net: NetSpec | None = None

    def raw(self, colour: str, x: np.ndarray) -> np.ndarray:
        """The ensemble's estimates of feature rows of one colour (``"B"``/``"W"``)."""
        return np.mean([n.predict(x) for n in self.nets[colour]], axis=0)

    def interval(self, rating: float, sd: float) -> tuple[float, float]:
        """95 % interval."""
        return rating - Z95 * sd, rating + Z95 * sd

    def class_probabilities(self, rating: float, sd: float) -> list[float]:
        """Gaussian mass of each of the three classes."""
        lo, hi = self.scale.class_bounds
        cdf = [0.5 * (1 + math.erf((b - rating) / (sd * math.sqrt(2)))) for b in (lo, hi)]
        return [cdf[0], cdf[1] - cdf[0], 1 - cdf[1]]

    def pooled_spread(self) -> Spread:
        """One spread for games of either colour (averaged)."""
        b, w = self.spread["B"], self.spread["W"]
        return Spread(*[(x + y) / 2 for x, y in zip(asdict(b).values(), asdict(w).values(),
                                                     strict=True)])


def save_model(model: StrengthModel, path: str | Path) -> None:
    """Write a self-describing ``.npz`` model file."""
    header = {"format": MODEL_FORMAT, "version": MODEL_VERSION, "size": model.size,
              "groups": list(model.summary.groups), "patterns": list(model.summary.patterns),
              "scale": asdict(model.scale), "train_mean": model.train_mean,
              "spread": {k: asdict(v) for k, v in model.spread.items()}, "info": model.info,
              "net": None if model.net is None else asdict(model.net),
              "nets": {c: [{"y_mean": n.y_mean, "y_std": n.y_std, "layers": len(n.weights),
                            "best_iteration": n.best_iteration, "val_rmse": n.val_rmse}
                           for n in ens] for c, ens in model.nets.items()}}
    arrays: dict[str, np.ndarray] = {"header": np.array(json.dumps(header))}
    for c, ens in model.nets.items():
        for j, n in enumerate(ens):
            arrays[f"{c}{j}_mean"], arrays[f"{c}{j}_std"] = n.mean, n.std
            for i, (w, b) in enumerate(zip(n.weights, n.biases, strict=True)):
                arrays[f"{c}{j}_w{i}"] = w.astype(np.float32)
                arrays[f"{c}{j}_b{i}"] = b.astype(np.float32)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def _net(z: np.lib.npyio.NpzFile, key: str, d: dict[str, float]) -> FittedNet:
    layers = int(d["layers"])
    ws = [z[f"{key}_w{i}"].astype(np.float64) for i in range(layers)]
    bs = [z[f"{key}_b{i}"].astype(np.float64) for i in range(layers)]
    return FittedNet(z[f"{key}_mean"].astype(np.float64), z[f"{key}_std"].astype(np.float64),
                     d["y_mean"], d["y_std"], ws, bs, int(d["best_iteration"]), d["val_rmse"])


def load_model(path: str | Path) -> StrengthModel:
    """Read a model file written by :func:`save_model`.

    Raises
    ------
    StrengthModelError
        If the file is missing, unreadable or not a strength model.
    """
    try:
        with np.load(path, allow_pickle=False) as z:
            h = json.loads(str(z["header"]))
            if h.get("format") != MODEL_FORMAT or h.get("version") != MODEL_VERSION:
                raise StrengthModelError(f"{path}: not a version-{MODEL_VERSION} strength model")
            nets = {c: [_net(z, f"{c}{j}", d) for j, d in enumerate(ens)]
                    for c, ens in h["nets"].items()}
    except (OSError, KeyError, ValueError) as exc:
        if isinstance(exc, StrengthModelError):
            raise
        raise StrengthModelError(f"{path}: cannot read strength model ({exc})") from exc
    sc = h["scale"]
    groups = tuple(h["groups"])
    try:
        net = NetSpec(**h["net"]) if h.get("net") else None
    except TypeError as exc:
        raise StrengthModelError(f"{path}: a malformed net entry ({exc})") from exc
    if "net" in groups and net is None:
        raise StrengthModelError(f"{path}: reads the net feature group but names no net")
    return StrengthModel(h["size"], SummaryConfig(groups, tuple(h["patterns"])),
                         nets, {k: Spread(**v) for k, v in h["spread"].items()},
                         RankScale(sc["points_per_rank"], sc["one_kyu"],
                                   tuple(sc["class_bounds"])), h["train_mean"], h["info"],
                         net)
