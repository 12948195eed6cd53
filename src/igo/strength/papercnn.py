"""The paper's CNN experiments (paper 002 sections 6.1 and 7): CNN (regression), CNN-R
(its output classified) and CNN-C (softmax head), for one colour and one N.

One run trains on the training fold minus the validation players and evaluates every
100 iterations on both the validation split and the test fold, so the paper's choice
(best on test) and the honest choice (best on validation) come from the same run.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import torch

from igo.strength.cache import StrengthCache
from igo.strength.encode import example_boards, planes, symmetry
from igo.strength.nets import PaddedCNN, PaperCNN
from igo.strength.splits import split_rows
from igo.strength.train import Batcher, TrainConfig, predict, train_net


def plane_batcher(boards: np.ndarray, moves: np.ndarray, size: int,
                  augment: bool = False) -> Batcher:
    """Batches of the paper's planes; with ``augment`` one random symmetry per batch."""
    def make(idx: np.ndarray, rng: np.random.Generator | None) -> torch.Tensor:
        x = planes(boards[idx], moves[idx], size)
        if augment and rng is not None:
            x = symmetry(x, int(rng.integers(8)))
        return torch.from_numpy(x)
    return make


def run_cnn(cache: StrengthCache, colour: int, n_moves: int, cfg: TrainConfig,
            out_dir: Path, arch: str = "paper", augment: bool = False,
            progress: bool = True, stop_at: int | None = None) -> dict[str, object]:
    """Train one CNN; write ``result.json``, ``predictions.npz`` and the best weights to
    ``out_dir`` (resumable through ``checkpoint.pt``; ``stop_at`` reports a run that is
    not finished, from its checkpoint)."""
    torch.set_num_threads(1)
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
    batch = {k: plane_batcher(*data[k], cache.size, augment and k == "train") for k in data}
    hist, best = train_net(net, (batch["train"], ys["train"]),
                           {"val": (batch["val"], ys["val"]),
                            "test": (batch["test"], ys["test"])}, cfg,
                           checkpoint=out_dir / "checkpoint.pt", progress=progress,
                           stop_at=stop_at)
    preds = {}
    for pick in ("val", "test"):
        net.load_state_dict(best[pick])
        preds[pick] = predict(net, batch["test"], len(ys["test"]), cfg)
        torch.save(best[pick], out_dir / f"best-{pick}.pt")
    np.savez(out_dir / "predictions.npz", y=cache.examples[rows["test"], 2],
             rows=rows["test"], best_test=preds["test"], best_val=preds["val"])
    result = {"colour": "BW"[colour - 1], "n_moves": n_moves, "arch": arch,
              "augment": augment, "config": asdict(cfg), "wall_s": hist.wall_s,
              "reached": hist.iterations[-1] if hist.iterations else 0,
              "iterations": hist.iterations, "scores": hist.scores,
              "best": {k: list(v) for k, v in hist.best.items()},
              "n": {k: len(v) for k, v in ys.items()}}
    (out_dir / "result.json").write_text(json.dumps(result))
    return result
