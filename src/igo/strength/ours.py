"""Our model (Araki et al.'s future work (4) made concrete): a small fully connected net
on per-example features (:mod:`igo.strength.summary`): the move model's view of the
whole game for both players, MBN's hand-made features, length and result.

Training (PyTorch, CPU) standardises features and ratings, uses Adam with weight decay
and dropout, and picks the iteration on the validation split of the training players.
The trained net is exported to numpy arrays (:mod:`igo.strength.estimator`), so the
``igo strength`` tool runs without PyTorch.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from tqdm import tqdm

from igo.strength.cache import StrengthCache
from igo.strength.netview import game_view
from igo.strength.summary import SummaryConfig, example_features

#: standardised features are clipped to ±CLIP (a rare value cannot throw an estimate)
CLIP = 8.0


@dataclass(frozen=True)
class OursConfig:
    """Net and optimisation settings of our model."""

    hidden: tuple[int, ...] = (64, 32)
    dropout: float = 0.1
    lr: float = 1e-3
    weight_decay: float = 1e-4
    iterations: int = 4000
    batch: int = 250
    seed: int = 0


def feature_matrix(cache: StrengthCache, rows: np.ndarray, cfg: SummaryConfig,
                   progress: bool = False, net: np.ndarray | None = None) -> np.ndarray:
    """Features ``(len(rows), d)`` of cached examples; ``net`` is the cache's net view
    (:func:`igo.strength.netview.open_net_view`), which the ``net`` group reads."""
    out = []
    for r in tqdm(rows, disable=not progress, mininterval=2.0, unit=" ex"):
        g, colour = int(cache.examples[r, 0]), int(cache.examples[r, 1])
        pts, mp = cache.game_moves(g)
        view = None if net is None else game_view(net, cache, g)
        out.append(example_features(np.asarray(pts, np.int64), np.asarray(mp), colour,
                                    cache.games[g], cache.size, cfg, view))
    return np.stack(out) if out else np.zeros((0, 0), np.float32)


@dataclass
class FittedNet:
    """A trained feature net as numpy arrays (see :mod:`igo.strength.estimator`)."""

    mean: np.ndarray
    std: np.ndarray
    y_mean: float
    y_std: float
    weights: list[np.ndarray]
    biases: list[np.ndarray]
    best_iteration: int
    val_rmse: float

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Ratings of feature rows."""
        h = np.clip((np.asarray(x, np.float64) - self.mean) / self.std, -CLIP, CLIP)
        for w, b in zip(self.weights[:-1], self.biases[:-1], strict=True):
            h = np.maximum(h @ w.T + b, 0.0)
        return (h @ self.weights[-1].T + self.biases[-1])[:, 0] * self.y_std + self.y_mean


def fit_net(x: np.ndarray, y: np.ndarray, xv: np.ndarray, yv: np.ndarray, cfg: OursConfig,
            eval_every: int = 100) -> FittedNet:
    """Train on ``(x, y)``, keep the iteration best on ``(xv, yv)``."""
    import torch

    from igo.strength.nets import MLP

    torch.set_num_threads(1)
    mean, std = x.mean(0), x.std(0)
    std = np.where(std > 1e-4, std, 1.0)
    ym, ys = float(y.mean()), float(y.std())
    xt = torch.as_tensor(np.clip((x - mean) / std, -CLIP, CLIP), dtype=torch.float32)
    yt = torch.as_tensor((y - ym) / ys, dtype=torch.float32)
    xvt = torch.as_tensor(np.clip((xv - mean) / std, -CLIP, CLIP), dtype=torch.float32)
    gen = torch.Generator().manual_seed(cfg.seed)
    net = MLP(x.shape[1], cfg.hidden, 1, gen, cfg.dropout)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    rng = np.random.default_rng(cfg.seed)
    best: tuple[float, int, dict[str, torch.Tensor]] = (np.inf, 0, {})
    for it in range(1, cfg.iterations + 1):
        idx = torch.as_tensor(rng.integers(0, len(y), cfg.batch))
        opt.zero_grad()
        loss = torch.mean((net(xt[idx]) - yt[idx]) ** 2)
        loss.backward()
        opt.step()
        if it % eval_every == 0 or it == cfg.iterations:  # a short run is judged too
            net.eval()
            with torch.no_grad():
                pv = net(xvt).numpy() * ys + ym
            net.train()
            r = float(np.sqrt(np.mean((pv - yv) ** 2)))
            if r < best[0]:
                best = (r, it, {k: v.clone() for k, v in net.state_dict().items()})
    net.load_state_dict(best[2])
    layers = [*net.hidden, net.out]
    return FittedNet(mean, std, ym, ys, [m.weight.detach().numpy().astype(np.float64)
                                         for m in layers],
                     [m.bias.detach().numpy().astype(np.float64) for m in layers],
                     best[1], best[0])
