"""Training the move model: pattern dictionaries, then gradient ascent (Honda et al., §5).

1. :func:`build_dictionaries`: one pass over the training records collecting the
   canonical hashes of every pattern size and the broad key of each *played* move;
   patterns seen at least the threshold number of times are kept.
2. :func:`train`: maximise the weighted log-likelihood
   ``sum_i w_i log P(move_i) - l2 / 2 * |theta|^2 * sum_i w_i`` by minibatch
   gradient ascent with Adam steps. Per-sample weights ``w_i`` (the weights of Sato & Takahashi
   whole records: pass one weight per position, e.g. ``game_weight[set.game]``);
   a weight of 2 is the same as the sample listed twice. A tqdm bar shows progress;
   a checkpoint (``theta``, Adam moments, epoch and batch) is written every
   ``checkpoint_every`` batches and :func:`train` resumes from it.
3. :func:`train_mm`: Coulom's minorisation-maximisation as an option (full-batch).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from igo.core.record import GameRecord
from igo.features.extract import Extractor, FeatureConfig
from igo.movepred import _kernels as K
from igo.movepred.dataset import PositionSet
from igo.movepred.model import MoveModel


@dataclass
class PatternCounts:
    """How often each canonical pattern hash / broad key occurs among played moves."""

    hashes: np.ndarray
    hash_counts: np.ndarray
    broad: np.ndarray
    broad_counts: np.ndarray
    games: int
    positions: int

    def save(self, path: Path) -> None:
        """Write to an ``.npz`` file (atomically)."""
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(tmp, hashes=self.hashes, hash_counts=self.hash_counts, broad=self.broad,
                 broad_counts=self.broad_counts, games=self.games, positions=self.positions)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path) -> PatternCounts:
        """Read a file written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as z:
            return cls(z["hashes"], z["hash_counts"], z["broad"], z["broad_counts"],
                       int(z["games"]), int(z["positions"]))


def _unique_counts(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a = a[a != 0]
    u, c = np.unique(a, return_counts=True)
    return u, c.astype(np.int64)


def count_patterns(records: Iterable[GameRecord], config: FeatureConfig,
                   moves: tuple[int, int] = (0, 50), progress: bool = False,
                   stride: int = 1) -> PatternCounts:
    """Counts of the canonical hashes (every size) and broad keys of the played
    moves of ``records`` in the move range (one in ``stride``, as
    :func:`igo.features.extract.select_moves`)."""
    ex = Extractor(config)
    hashes: list[np.ndarray] = []
    broad: list[np.ndarray] = []
    games = 0
    for rec in tqdm(records, disable=not progress, unit=" games", desc="patterns",
                    mininterval=1.0):
        h, b, _ = ex.count_game(rec, moves[0], moves[1], stride)
        hashes.append(h.ravel())
        broad.append(b)
        games += 1
    allh = np.concatenate(hashes) if hashes else np.zeros(0, np.uint64)
    allb = np.concatenate(broad) if broad else np.zeros(0, np.uint64)
    hu, hc = _unique_counts(allh)
    bu, bc = _unique_counts(allb)
    return PatternCounts(hu, hc, bu, bc, games, len(allb))


def merge_counts(parts: list[PatternCounts]) -> PatternCounts:
    """Sum the counts of several :class:`PatternCounts`."""
    def merge(keys: list[np.ndarray], counts: list[np.ndarray]
              ) -> tuple[np.ndarray, np.ndarray]:
        if not keys:
            return np.zeros(0, np.uint64), np.zeros(0, np.int64)
        u, inv = np.unique(np.concatenate(keys), return_inverse=True)
        return u, np.bincount(inv, weights=np.concatenate(counts)).astype(np.int64)

    hu, hc = merge([p.hashes for p in parts], [p.hash_counts for p in parts])
    bu, bc = merge([p.broad for p in parts], [p.broad_counts for p in parts])
    return PatternCounts(hu, hc, bu, bc, sum(p.games for p in parts),
                         sum(p.positions for p in parts))


def dictionaries_from_counts(counts: PatternCounts, config: FeatureConfig
                             ) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """Kept hashes/keys (count at least the thresholds, sorted) and a summary."""
    if config.pattern_threshold < 1 or config.broad.threshold < 1:
        raise ValueError("thresholds must be >= 1")
    kept = counts.hashes[counts.hash_counts >= config.pattern_threshold]
    kept_b = (counts.broad[counts.broad_counts >= config.broad.threshold]
              if config.uses_broad else np.zeros(0, np.uint64))
    stats = {"games": counts.games, "positions": counts.positions,
             "distinct_patterns": len(counts.hashes), "kept_patterns": len(kept),
             "distinct_broad": len(counts.broad), "kept_broad": len(kept_b)}
    return kept, kept_b, stats


def build_dictionaries(records: Iterable[GameRecord], config: FeatureConfig,
                       moves: tuple[int, int] = (0, 50), progress: bool = False
                       ) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """Kept local-pattern hashes and broad keys of the played moves of ``records``,
    and counts (games, positions, distinct patterns before the threshold)."""
    return dictionaries_from_counts(count_patterns(records, config, moves, progress), config)


@dataclass(frozen=True)
class TrainConfig:
    """Settings of :func:`train`.

    Attributes
    ----------
    epochs : int
    batch : int
        Positions per gradient step.
    lr : float
        Adam step size (on log-gammas).
    l2 : float
        Gaussian prior on ``theta`` (per unit of sample weight).
    seed : int
        Seed of the shuffling.
    checkpoint_every : int
        Batches between checkpoints.
    window : int
        Sets of more positions than this are shuffled by windows (see
        :func:`epoch_windows`), so that an on-disk cache larger than memory is read
        in large sequential pieces instead of one random page per position.
    block : int
        Consecutive positions that stay together in a window.
    """

    epochs: int = 3
    batch: int = 1000
    lr: float = 0.02
    l2: float = 1e-6
    seed: int = 0
    checkpoint_every: int = 200
    window: int = 262_144
    block: int = 2048

    def __post_init__(self) -> None:
        for name in ("epochs", "batch", "window", "block", "checkpoint_every"):
            if getattr(self, name) < 1:
                raise ValueError(f"TrainConfig.{name} must be at least 1")


def _data_args(data: PositionSet, model: MoveModel) -> tuple[Any, ...]:
    cell_of, nred = model.extractor.cells(data.size)
    if nred != data.nred:
        raise ValueError(f"positions have {data.nred}x{data.nred} reduced cells, the model "
                         f"{nred}x{nred}")
    return (data.start, data.pt, data.tac, data.pat, data.prev1, data.prev2, data.broad,
            data.target, data.size, cell_of, nred)


def log_likelihood(model: MoveModel, data: PositionSet, idx: np.ndarray | None = None,
                   weights: np.ndarray | None = None) -> tuple[float, np.ndarray]:
    """Weighted log-likelihood of the positions ``idx`` (default all) and its gradient."""
    idx = np.arange(len(data)) if idx is None else np.asarray(idx, np.int64)
    w = np.ones(len(idx)) if weights is None else np.asarray(weights, np.float64)
    start, pt, tac, pat, p1, p2, broad, target, size, cell_of, nred = _data_args(data, model)
    grad = np.zeros(model.n_params)
    ll = K.batch_gradient(idx, w, start, pt, tac, pat, p1, p2, broad, target, size,
                          cell_of, nred, model.theta, model.offsets(), grad)
    return float(ll), grad


def _save_ckpt(path: Path, theta: np.ndarray, m: np.ndarray, v: np.ndarray, step: int,
               epoch: int, batch: int, cfg: TrainConfig) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        np.savez(fh, theta=theta, m=m, v=v, step=step, epoch=epoch, batch=batch,
                 config=np.array(repr(asdict(cfg))))
    os.replace(tmp, path)


def epoch_windows(n: int, cfg: TrainConfig, epoch: int) -> list[np.ndarray]:
    """The order of the ``n`` positions in one epoch, as windows of positions.

    Up to ``cfg.window`` positions: one window, a uniform random permutation. Beyond:
    the positions are cut into blocks of ``cfg.block`` consecutive positions, the
    blocks are shuffled and dealt into windows of ``window // block`` blocks, and
    each window's positions are shuffled together; every minibatch then mixes
    positions from ~``window // block`` places spread over the whole set, and
    training reads one window (a few hundred MB) at a time.
    """
    rng = np.random.default_rng([cfg.seed, epoch])
    if n <= cfg.window:
        return [rng.permutation(n)]
    nb = (n + cfg.block - 1) // cfg.block
    per = max(1, cfg.window // cfg.block)
    order = rng.permutation(nb)
    out = []
    for k in range(0, nb, per):
        blocks = np.sort(order[k:k + per])
        idx = np.concatenate([np.arange(b * cfg.block, min(n, (b + 1) * cfg.block))
                              for b in blocks])
        out.append(idx[rng.permutation(len(idx))])
    return out


def _load_window(data: PositionSet, widx: np.ndarray, block: int
                 ) -> tuple[PositionSet, np.ndarray]:
    """The blocks of a window in memory, and the window's order as local indices."""
    n = len(data)
    blocks = np.unique(widx // block)
    ranges = [(int(b) * block, min(n, (int(b) + 1) * block)) for b in blocks]
    local = data.gather(ranges)
    glob = np.concatenate([np.arange(a, b) for a, b in ranges])
    return local, np.searchsorted(glob, widx)


def train(model: MoveModel, data: PositionSet, cfg: TrainConfig = TrainConfig(),
          weights: np.ndarray | None = None, checkpoint: Path | None = None,
          progress: bool = True) -> list[float]:
    """Fit ``model.theta`` in place on ``data``; returns the mean log-likelihood per
    position of each epoch (as seen during the epoch).

    ``weights`` gives one non-negative weight per position. With ``checkpoint``, the
    state is saved there regularly and a run with the same settings resumes from it.

    Raises
    ------
    ValueError
        For weights of the wrong length or negative weights, or a checkpoint made
        with other settings.
    """
    n = len(data)
    w_all = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    if w_all.shape != (n,) or np.any(w_all < 0) or not np.all(np.isfinite(w_all)):
        raise ValueError(f"weights must be {n} finite non-negative numbers")
    _data_args(data, model)  # (checks the reduced board)
    offs = model.offsets()
    theta = model.theta
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    step, epoch0, batch0 = 0, 0, 0
    if checkpoint is not None and checkpoint.exists():
        with np.load(checkpoint, allow_pickle=False) as z:
            if str(z["config"]) != repr(asdict(cfg)) or z["theta"].shape != theta.shape:
                raise ValueError(f"checkpoint {checkpoint} was made with other settings")
            theta[:] = z["theta"]
            m[:], v[:] = z["m"], z["v"]
            step, epoch0, batch0 = int(z["step"]), int(z["epoch"]), int(z["batch"])
    adam = _Adam(theta, m, v, step, cfg)
    history: list[float] = []
    grad = np.zeros_like(theta)
    with ThreadPoolExecutor(max_workers=1) as pool:  # loads the next window meanwhile
        for epoch in range(epoch0, cfg.epochs):
            windows = epoch_windows(n, cfg, epoch)
            # ends[w]: batches of the epoch up to the end of window w
            ends = np.cumsum([(len(w) + cfg.batch - 1) // cfg.batch for w in windows])
            first = batch0 if epoch == epoch0 else 0
            todo = [wi for wi in range(len(windows)) if ends[wi] > first]
            total, wsum = 0.0, 0.0
            bar = tqdm(total=int(ends[-1]), initial=first, disable=not progress,
                       desc=f"epoch {epoch + 1}/{cfg.epochs}", mininterval=1.0)

            def load(wi: int, windows: list[np.ndarray] = windows
                     ) -> tuple[PositionSet, np.ndarray]:
                if len(windows) == 1:
                    return data, windows[0]
                return _load_window(data, windows[wi], cfg.block)

            pending = pool.submit(load, todo[0]) if todo else None
            for j, wi in enumerate(todo):
                assert pending is not None
                local, lidx = pending.result()
                pending = pool.submit(load, todo[j + 1]) if j + 1 < len(todo) else None
                args = _data_args(local, model)
                b0 = int(ends[wi - 1]) if wi else 0
                for b in range(max(first, b0), int(ends[wi])):
                    sl = slice((b - b0) * cfg.batch, (b - b0 + 1) * cfg.batch)
                    wb = w_all[windows[wi][sl]]
                    grad[:] = 0.0
                    start, pt, tac, pat, p1, p2, broad, target, size, cell_of, nred = args
                    total += K.batch_gradient(lidx[sl], wb, start, pt, tac, pat, p1, p2,
                                              broad, target, size, cell_of, nred, theta,
                                              offs, grad)
                    sw = float(wb.sum())
                    wsum += sw
                    if sw > 0:
                        adam.step(grad, sw, cfg.l2)
                    bar.update(1)
                    if wsum > 0:
                        bar.set_postfix(ll=f"{total / wsum:.4f}", refresh=False)
                    if checkpoint is not None and (b + 1) % cfg.checkpoint_every == 0:
                        _save_ckpt(checkpoint, theta, m, v, adam.t, epoch, b + 1, cfg)
            bar.close()
            history.append(total / wsum if wsum > 0 else 0.0)
            if checkpoint is not None:
                _save_ckpt(checkpoint, theta, m, v, adam.t, epoch + 1, 0, cfg)
    return history


class _Adam:
    """Adam ascent steps on ``theta`` in place (moments ``m``, ``v``; ``t`` steps)."""

    def __init__(self, theta: np.ndarray, m: np.ndarray, v: np.ndarray, t: int,
                 cfg: TrainConfig, b1: float = 0.9, b2: float = 0.999,
                 eps: float = 1e-8) -> None:
        self.theta, self.m, self.v, self.t = theta, m, v, t
        self.lr, self.b1, self.b2, self.eps = cfg.lr, b1, b2, eps

    def step(self, grad: np.ndarray, sw: float, l2: float) -> None:
        """One step along ``grad / sw - l2 * theta`` (a batch's weighted gradient, its
        total weight ``sw`` and the L2 penalty), in one kernel pass
        (:func:`igo.movepred._kernels.adam_step`; its numpy reference is
        ``tests/reference/adam.py``)."""
        self.t += 1
        K.adam_step(self.theta, self.m, self.v, grad, sw, l2, self.lr, self.b1, self.b2,
                    1 - self.b1 ** self.t, 1 - self.b2 ** self.t, self.eps)


def train_mm(model: MoveModel, data: PositionSet, iterations: int = 10,
             weights: np.ndarray | None = None, prior: float = 1.0) -> list[float]:
    """Coulom's minorisation-maximisation (2007), one group at a time, full batch.

    For a value ``f`` of group ``g``: ``gamma_f <- (W_f + prior) / (sum_i w_i
    C_if / E_i + 2 prior / (gamma_f + 1))`` — Coulom's update with his virtual
    win and loss against a gamma-1 opponent as prior — where ``W_f`` is the
    weighted number of played moves with value ``f``, ``E_i`` the sum of strengths of
    position ``i`` and ``C_if`` the sum of strengths of its moves having ``f``,
    divided by ``gamma_f``. Returns the mean log-likelihood after each iteration.
    """
    n = len(data)
    w_all = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    start, pt, tac, pat, p1, p2, broad, target, size, cell_of, nred = _data_args(data, model)
    offs = model.offsets()
    idx = np.arange(n, dtype=np.int64)
    history = []
    for _ in range(iterations):
        for g in range(K.N_GROUPS):
            if offs[g] < 0:
                continue
            wins = np.zeros(model.n_params)
            denom = np.zeros(model.n_params)
            K.mm_statistics(idx, w_all, start, pt, tac, pat, p1, p2, broad, target, size,
                            cell_of, nred, model.theta, offs, g, wins, denom)
            lo = int(offs[g])
            hi = lo + model.sizes[_group_name(g)]
            gam = np.exp(model.theta[lo:hi])
            new = (wins[lo:hi] + prior) / (denom[lo:hi] + 2 * prior / (gam + 1))
            model.theta[lo:hi] = np.log(new)
        ll, _ = log_likelihood(model, data, idx, w_all)
        history.append(ll / max(float(w_all.sum()), 1e-300))
    return history


def _group_name(g: int) -> str:
    from igo.features.extract import GROUPS

    return GROUPS[g]
