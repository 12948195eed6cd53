"""The paper's CNN experiments (Araki et al., sections 6.1 and 7): CNN (regression), CNN-R
(its output classified) and CNN-C (softmax head), for one colour and one N.

One run trains on the training fold minus the validation players and evaluates every
100 iterations on both the validation split and the test fold, so the paper's choice
(best on test) and the honest choice (best on validation) come from the same run.

On a GPU (``device``), the planes of every example are made once and kept on the device
(uint8, turned to float32 per batch), so an iteration is a handful of kernel launches.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import torch

from igo.strength.cache import StrengthCache
from igo.strength.encode import example_boards, planes, symmetry, symmetry_t
from igo.strength.nets import PaddedCNN, PaperCNN
from igo.strength.splits import split_rows
from igo.strength.train import Batcher, TrainConfig, device_name, predict, resolve_device, train_net


def plane_batcher(boards: np.ndarray, moves: np.ndarray, size: int,
                  augment: bool = False) -> Batcher:
    """Batches of the paper's planes; with ``augment`` one random symmetry per batch."""
    def make(idx: np.ndarray | torch.Tensor, rng: np.random.Generator | None
             ) -> torch.Tensor:
        if isinstance(idx, torch.Tensor):
            idx = idx.cpu().numpy()
        x = planes(boards[idx], moves[idx], size)
        if augment and rng is not None:
            x = symmetry(x, int(rng.integers(8)))
        return torch.from_numpy(x)
    return make


def device_planes(boards: np.ndarray, moves: np.ndarray, size: int, dev: torch.device,
                  chunk: int = 2048) -> torch.Tensor:
    """The planes of :func:`~igo.strength.encode.planes` as uint8 on ``dev``, made there
    chunk by chunk: ``(E, 3N/2, size, size)``."""
    e, half, n2 = boards.shape
    out = torch.zeros((e, half, 3, n2), dtype=torch.uint8, device=dev)
    for a in range(0, e, chunk):
        b = torch.from_numpy(np.ascontiguousarray(boards[a:a + chunk])).to(dev)
        m = torch.from_numpy(np.ascontiguousarray(moves[a:a + chunk])).to(dev).long()
        o = out[a:a + chunk]
        o[:, :, 0] = b == 1
        o[:, :, 1] = b == 2
        ee, hh = torch.nonzero(m >= 0, as_tuple=True)
        o[ee, hh, 2, m[ee, hh]] = 1
    return out.reshape(e, 3 * half, size, size)


def tensor_batcher(x: torch.Tensor, augment: bool = False) -> Batcher:
    """Batches of planes kept on a device (uint8 → float32); with ``augment`` one random
    symmetry per batch (drawn as :func:`plane_batcher` does)."""
    def make(idx: np.ndarray | torch.Tensor, rng: np.random.Generator | None
             ) -> torch.Tensor:
        ix = idx if isinstance(idx, torch.Tensor) else torch.from_numpy(np.asarray(idx))
        xb = x[ix.to(x.device)].float()
        if augment and rng is not None:
            xb = symmetry_t(xb, int(rng.integers(8)))
        return xb
    return make


def run_cnn(cache: StrengthCache, colour: int, n_moves: int, cfg: TrainConfig,
            out_dir: Path, arch: str = "paper", augment: bool = False,
            progress: bool = True, stop_at: int | None = None,
            device: str | None = "cpu", resident: bool | None = None) -> dict[str, object]:
    """Train one CNN; write ``result.json``, ``predictions.npz`` and the best weights to
    ``out_dir`` (resumable through ``checkpoint.pt``; ``stop_at`` reports a run that is
    not finished, from its checkpoint). ``device``: ``cpu``, ``cuda`` or ``auto``; the
    result records the device and the wall time of each stretch of training.
    ``resident``: keep every example's planes on the device (:func:`device_planes`;
    always on a GPU) rather than making them batch by batch (the default on the CPU);
    the two give the same batches."""
    torch.set_num_threads(1)
    dev = resolve_device(device)
    out_dir.mkdir(parents=True, exist_ok=True)
    rows = split_rows(cache, colour)
    data = {k: example_boards(cache, rows[k], n_moves) for k in ("train", "val", "test")}
    ys = {k: cache.examples[rows[k], 2] for k in data}
    if cfg.task == "classes":
        from igo.strength.scale import RankScale
        bounds = cache.meta["describe"]["scale"][2:]
        ys = {k: RankScale(class_bounds=tuple(bounds)).classes(v).astype(np.float64)
              for k, v in ys.items()}
    gen = torch.Generator().manual_seed(cfg.seed)
    outputs = 3 if cfg.task == "classes" else 1
    net: torch.nn.Module = (PaperCNN(3 * n_moves // 2, cache.size, outputs, gen)
                            if arch == "paper" else PaddedCNN(3 * n_moves // 2, 32, 3, gen))
    if dev.type == "cpu" and not resident:
        batch = {k: plane_batcher(*data[k], cache.size, augment and k == "train")
                 for k in data}
    else:
        batch = {k: tensor_batcher(device_planes(*data[k], cache.size, dev),
                                   augment and k == "train") for k in data}
    del data
    hist, best = train_net(net, (batch["train"], ys["train"]),
                           {"val": (batch["val"], ys["val"]),
                            "test": (batch["test"], ys["test"])}, cfg,
                           checkpoint=out_dir / "checkpoint.pt", progress=progress,
                           stop_at=stop_at, device=dev,
                           order_on_device=None if dev.type != "cpu" else resident)
    preds = {}
    for pick in ("val", "test"):
        net.load_state_dict(best[pick])
        preds[pick] = predict(net, batch["test"], len(ys["test"]), cfg)
        torch.save({k: v.cpu() for k, v in best[pick].items()}, out_dir / f"best-{pick}.pt")
    np.savez(out_dir / "predictions.npz", y=cache.examples[rows["test"], 2],
             rows=rows["test"], best_test=preds["test"], best_val=preds["val"])
    reached = hist.iterations[-1] if hist.iterations else 0
    segs = hist.segments
    result = {"colour": "BW"[colour - 1], "n_moves": n_moves, "arch": arch,
              "augment": augment, "config": asdict(cfg), "wall_s": hist.wall_s,
              "reached": reached,
              "device": segs[-1]["device"] if segs else device_name(dev),  # trained on
              "devices": sorted({sg["device"] for sg in segs}), "segments": segs,
              "s_per_iteration": (sum(sg["wall_s"] for sg in segs)
                                  / max(1, sum(sg["to"] - sg["from"] for sg in segs))
                                  if segs else None),
              "iterations": hist.iterations, "scores": hist.scores,
              "best": {k: list(v) for k, v in hist.best.items()},
              "n": {k: len(v) for k, v in ys.items()}}
    (out_dir / "result.json").write_text(json.dumps(result))
    return result
