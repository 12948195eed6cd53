"""Training loops of Araki et al. (sections 4–7), in PyTorch, resumable from checkpoints.

:func:`train_net` runs plain minibatch training for a fixed number of iterations
(Caffe-style: the batches walk through a shuffled order of the training set, a new
order every epoch), evaluates every ``eval_every`` iterations on named evaluation sets
(RMSE for regression, accuracy for classification) and keeps the best weights per
set: "best on test" is what the paper reports; "best on val" (a validation split of
the training players) is the honest choice. A checkpoint every ``checkpoint_every``
iterations lets a killed run go on where it stopped.

``device`` runs the same loop on a GPU (``"cuda"``; ``"auto"`` takes one when there is
one): the same order of batches, the same updates in float32 (TF32 off), the batchers
giving tensors on that device. Checkpoints hold CPU tensors, so a run started on one
device goes on on another. Each stretch of a run records its device and wall time
(``History.segments``).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

#: examples (indices: a numpy array, or a tensor on the training device) → input tensor
Batcher = Callable[[Any, np.random.Generator | None], torch.Tensor]


@dataclass(frozen=True)
class TrainConfig:
    """Optimisation settings (Araki et al., section 4: SGD, batch 250, lr 1e-6 with ×2 for
    biases, momentum 0, 30,000 iterations; CNN-C: lr 0.01)."""

    iterations: int = 30000
    batch: int = 250
    lr: float = 1e-6
    bias_lr_mult: float = 2.0
    momentum: float = 0.0
    optimizer: str = "sgd"  # or "adam"
    weight_decay: float = 0.0
    task: str = "regression"  # or "classes"
    target_shift: float = 0.0  # regression on (y - shift) / scale
    target_scale: float = 1.0
    eval_every: int = 100
    checkpoint_every: int = 1000
    seed: int = 0


@dataclass
class History:
    """Evaluation curve per set and the best iteration per set."""

    iterations: list[int] = field(default_factory=list)
    scores: dict[str, list[float]] = field(default_factory=dict)
    best: dict[str, tuple[int, float]] = field(default_factory=dict)
    wall_s: float = 0.0
    #: per stretch of training: device, first and last iteration, wall seconds
    segments: list[dict[str, Any]] = field(default_factory=list)


def resolve_device(device: str | None = "cpu") -> torch.device:
    """``"cpu"``, ``"cuda"``/``"cuda:N"``, or ``"auto"`` (CUDA when available, else CPU).

    Raises
    ------
    ValueError
        If CUDA is asked for and not available.
    """
    name = device or "cpu"
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    dev = torch.device(name)
    if dev.type == "cuda":
        if not torch.cuda.is_available():
            raise ValueError(f"device {name!r}: CUDA is not available here")
        # the same float32 maths as on the CPU: no TF32, deterministic convolutions
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False
    return dev


def device_name(dev: torch.device) -> str:
    """Readable name of a device (the GPU's model, or the CPU with its thread count)."""
    if dev.type == "cuda":
        return torch.cuda.get_device_name(dev)
    import platform

    return (f"cpu ({platform.processor() or platform.machine()}, "
            f"{torch.get_num_threads()} thread(s), {os.cpu_count()} cores)")


def _optimizer(net: nn.Module, cfg: TrainConfig) -> torch.optim.Optimizer:
    weights = [p for n, p in net.named_parameters() if not n.endswith("bias")]
    biases = [p for n, p in net.named_parameters() if n.endswith("bias")]
    groups = [{"params": weights, "lr": cfg.lr},
              {"params": biases, "lr": cfg.lr * cfg.bias_lr_mult, "weight_decay": 0.0}]
    if cfg.optimizer == "adam":
        return torch.optim.Adam(groups, lr=cfg.lr, weight_decay=cfg.weight_decay)
    if cfg.optimizer == "sgd":
        return torch.optim.SGD(groups, lr=cfg.lr, momentum=cfg.momentum,
                               weight_decay=cfg.weight_decay)
    raise ValueError(f"unknown optimizer {cfg.optimizer!r} (sgd or adam)")


def _loss(out: torch.Tensor, y: torch.Tensor, cfg: TrainConfig) -> torch.Tensor:
    if cfg.task == "classes":
        return nn.functional.cross_entropy(out, y.long())
    # Caffe's EuclideanLoss: sum of squares / (2 * batch)
    return 0.5 * torch.mean((out - (y - cfg.target_shift) / cfg.target_scale) ** 2)


def predict(net: nn.Module, batcher: Batcher, n: int, cfg: TrainConfig,
            chunk: int = 500) -> np.ndarray:
    """Outputs on examples ``0..n-1`` of a batcher: ratings (regression, unscaled) or
    class probabilities ``(n, k)``."""
    net.eval()
    outs = []
    with torch.no_grad():
        for a in range(0, n, chunk):
            o = net(batcher(np.arange(a, min(n, a + chunk)), None))
            outs.append(torch.softmax(o, 1) if cfg.task == "classes"
                        else o * cfg.target_scale + cfg.target_shift)
    net.train()
    return torch.cat(outs).cpu().numpy() if outs else np.zeros(0)


def score(pred: np.ndarray, y: np.ndarray, cfg: TrainConfig) -> float:
    """RMSE (regression) or minus the accuracy (classes): lower is better."""
    if cfg.task == "classes":
        return -float(np.mean(pred.argmax(1) == y))
    return float(np.sqrt(np.mean((pred - y) ** 2)))


def _to_cpu(obj: Any) -> Any:
    """A copy of nested dicts/lists of tensors with the tensors on the CPU."""
    if isinstance(obj, torch.Tensor):
        return obj.detach().cpu()
    if isinstance(obj, dict):
        return {k: _to_cpu(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return type(obj)(_to_cpu(v) for v in obj)
    return obj


def _save(path: Path, state: dict[str, object]) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save(_to_cpu(state), tmp)
    tmp.replace(path)


def _resume(checkpoint: Path, net: nn.Module, opt: torch.optim.Optimizer,
            cfg: TrainConfig, rng: np.random.Generator, dev: torch.device
            ) -> dict[str, Any]:
    st: dict[str, Any] = torch.load(checkpoint, weights_only=False, map_location=dev)
    if st["config"] != asdict(cfg):
        raise ValueError(f"{checkpoint}: made with other settings; delete it to restart")
    net.load_state_dict(st["net"])
    opt.load_state_dict(st["opt"])
    rng.bit_generator.state = st["rng"]
    if not hasattr(st["hist"], "segments"):  # checkpoints of before the segments
        st["hist"].segments = []
    return st


def train_net(net: nn.Module, train: tuple[Batcher, np.ndarray],
              evals: dict[str, tuple[Batcher, np.ndarray]], cfg: TrainConfig,
              checkpoint: Path | None = None, progress: bool = True,
              stop_at: int | None = None, device: str | torch.device | None = "cpu",
              order_on_device: bool | None = None
              ) -> tuple[History, dict[str, dict[str, torch.Tensor]]]:
    """Train ``net``; returns the history and the best weights per evaluation set.

    ``stop_at`` ends the run early (at that iteration, or at once when a checkpoint is
    already past it) without changing its configuration, so it can go on later.
    ``device``: where ``net`` is trained (see :func:`resolve_device`; the batchers must
    give tensors there). ``order_on_device``: the batches' indices as a tensor on the
    device rather than a numpy array (default: on a GPU, where it saves a copy a batch;
    the batchers of :func:`~igo.strength.papercnn.tensor_batcher` take either)."""
    import time

    from tqdm import tqdm

    dev = device if isinstance(device, torch.device) else resolve_device(device)
    batcher, y = train
    rng = np.random.default_rng(cfg.seed)
    net.to(dev)
    opt = _optimizer(net, cfg)
    st: dict[str, Any] = {"hist": History(), "best_w": {}, "it": 0,
                          "order": rng.permutation(len(y)), "pos": 0}
    if checkpoint is not None and checkpoint.exists():
        st = _resume(checkpoint, net, opt, cfg, rng, dev)
    hist, best_w = st["hist"], st["best_w"]
    yt = torch.as_tensor(y, dtype=torch.float32).to(dev)
    t0 = time.perf_counter() - hist.wall_s
    end = cfg.iterations if stop_at is None else min(cfg.iterations, stop_at)
    seg: dict[str, Any] = {"device": device_name(dev), "from": st["it"], "to": st["it"],
                           "wall_s": 0.0}
    t_seg = time.perf_counter()
    if st["it"] < end:
        hist.segments.append(seg)
    bar = tqdm(total=cfg.iterations, initial=st["it"], disable=not progress, mininterval=2.0)
    # on a GPU the order lives there: no copy (and no wait) a batch
    on_dev = dev.type != "cpu" if order_on_device is None else order_on_device
    order_t = torch.from_numpy(st["order"]).to(dev) if on_dev else None
    while st["it"] < end:
        if st["pos"] + cfg.batch > len(st["order"]):
            st["order"], st["pos"] = rng.permutation(len(y)), 0
            order_t = torch.from_numpy(st["order"]).to(dev) if on_dev else None
        a = st["pos"]
        idx = order_t[a:a + cfg.batch] if order_t is not None else st["order"][a:a + cfg.batch]
        st["pos"] += cfg.batch
        opt.zero_grad()
        _loss(net(batcher(idx, rng)), yt[idx], cfg).backward()
        opt.step()
        st["it"] += 1
        bar.update(1)
        it = st["it"]
        if it % cfg.eval_every == 0 or it == cfg.iterations:
            _evaluate(net, evals, cfg, it, hist, best_w)
        if checkpoint is not None and (it % cfg.checkpoint_every == 0 or it == end):
            hist.wall_s = time.perf_counter() - t0
            seg.update(to=it, wall_s=time.perf_counter() - t_seg)
            _save(checkpoint, {**st, "config": asdict(cfg), "net": net.state_dict(),
                               "opt": opt.state_dict(), "rng": rng.bit_generator.state})
    bar.close()
    hist.wall_s = time.perf_counter() - t0
    if seg["to"] != st["it"] and st["it"] > seg["from"]:
        seg.update(to=st["it"], wall_s=time.perf_counter() - t_seg)
    return hist, best_w


def _evaluate(net: nn.Module, evals: dict[str, tuple[Batcher, np.ndarray]],
              cfg: TrainConfig, it: int, hist: History,
              best_w: dict[str, dict[str, torch.Tensor]]) -> None:
    hist.iterations.append(it)
    for name, (b, yy) in evals.items():
        s = score(predict(net, b, len(yy), cfg), yy, cfg)
        hist.scores.setdefault(name, []).append(s)
        if name not in hist.best or s < hist.best[name][1]:
            hist.best[name] = (it, s)
            best_w[name] = copy.deepcopy(net.state_dict())


def history_json(hist: History) -> str:
    """The history as JSON text."""
    return json.dumps({"iterations": hist.iterations, "scores": hist.scores,
                       "best": hist.best, "wall_s": hist.wall_s})
