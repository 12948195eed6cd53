"""Training policy networks on compact move lists, with checkpoints that resume.

One run trains one or several nets (:class:`igo.nets.model.NetConfig`) on the same
batches: positions drawn uniformly from the games' encoded positions (encoded in the
background, :class:`igo.nets.stream.StreamEncoder`; on a GPU they live in its memory
and the planes are built there), one of the 8 symmetries a batch, cross-entropy of the
played move over the legal moves, AdamW with a linear warm-up and a cosine decay.

The run's length is ``steps``, or what fits in ``seconds`` of training (measured after
the first steps, then fixed, so that the schedule is one cosine). Every
``checkpoint_seconds`` and at the end, ``run_dir/checkpoint.pt`` (nets, optimisers,
step, schedule, generator states) and one model file a net (``run_dir/<name>.pt``,
:mod:`igo.nets.model_file`) are written atomically; a run started again on the same
folder resumes from the checkpoint (the schedule's length included) and stops at once
when it is done. ``pause()`` (optional) is asked between steps: while it says so, the
run sleeps (``igo timed`` claims, as ``igo evolve`` yields to timed runs).
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.coords import Point
from igo.core.symmetry import SYMMETRIES, apply_point
from igo.nets.games import GameArrays
from igo.nets.stream import NO_TARGET, StreamEncoder

CHECKPOINT = "checkpoint.pt"


@dataclass(frozen=True)
class TrainConfig:
    """What a training run does (see the module docstring)."""

    nets: tuple[tuple[int, int], ...] = ((6, 64),)  # (blocks, channels) of each net
    batch: int = 256
    lr: float = 2e-3
    weight_decay: float = 1e-4
    warmup_steps: int = 200
    steps: int | None = None
    seconds: float | None = None
    calibrate_steps: int = 60
    moves: tuple[int, int] = (1, 10**6)
    seed: int = 0
    threads: int = 1
    chunk_games: int = 256
    checkpoint_seconds: float = 300.0
    log_every: int = 100
    device: str = "cpu"
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (self.steps is None) == (self.seconds is None):
            raise ValueError("give exactly one of steps and seconds")
        if self.batch < 1 or self.lr <= 0 or not self.nets:
            raise ValueError(f"bad training configuration {self}")


def lr_at(step: int, total: int, cfg: TrainConfig) -> float:
    """Learning rate of ``step`` (0-based) in a run of ``total`` steps."""
    if step < cfg.warmup_steps:
        return cfg.lr * (step + 1) / cfg.warmup_steps
    frac = min(1.0, (step - cfg.warmup_steps) / max(1, total - cfg.warmup_steps))
    return cfg.lr * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac)))


def symmetry_tables(size: int) -> np.ndarray:
    """``(8, size*size + 1)``: where each flat point (and pass, last) goes under each
    symmetry of :mod:`igo.core.symmetry`."""
    n2 = size * size
    out = np.zeros((8, n2 + 1), np.int64)
    for s in SYMMETRIES:
        for f in range(n2):
            out[s, f] = apply_point(Point(*divmod(f, size)), s, size).flat(size)
        out[s, n2] = n2
    return out


def apply_symmetry(x: Any, sym: int) -> Any:
    """Symmetry ``sym`` of :mod:`igo.core.symmetry` on a tensor's last two axes."""
    if sym & 4:
        x = x.transpose(-1, -2)
    if sym & 1:
        x = x.flip(-2)
    if sym & 2:
        x = x.flip(-1)
    return x


class Trainer:
    """A training run in ``run_dir`` (see the module docstring)."""

    def __init__(self, cfg: TrainConfig, games: GameArrays, run_dir: Path,
                 say: Callable[[str], None] | None = None,
                 pause: Callable[[], bool] | None = None,
                 meta: dict[str, Any] | None = None, models_dir: Path | None = None,
                 init: list[Path] | None = None) -> None:
        import torch

        from igo.nets.model import NetConfig, PolicyNet

        self.cfg, self.games, self.run_dir = cfg, games, Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.models_dir = Path(models_dir) if models_dir is not None else self.run_dir
        self.models_dir.mkdir(parents=True, exist_ok=True)
        self.say = say or (lambda m: print(m, file=sys.stderr, flush=True))
        self.pause = pause
        self.meta = dict(meta or {})
        self.device = torch.device(cfg.device)
        torch.manual_seed(cfg.seed)
        self.nets = [PolicyNet(NetConfig(b, c)).to(self.device) for b, c in cfg.nets]
        if self.device.type == "cuda":
            self.nets = [n.to(memory_format=torch.channels_last)  # type: ignore[call-overload]
                         for n in self.nets]
        self.opts = [torch.optim.AdamW(n.parameters(), lr=cfg.lr,
                                       weight_decay=cfg.weight_decay) for n in self.nets]
        self.step = 0
        self.total: int | None = cfg.steps
        self.trained_seconds = 0.0
        self.positions_seen = 0
        self.gen = torch.Generator(device=self.device)
        self.gen.manual_seed(cfg.seed)
        self.sym_rng = np.random.default_rng(cfg.seed)
        self.losses = [0.0 for _ in self.nets]
        self.hits = [0.0 for _ in self.nets]
        if init and not (self.run_dir / CHECKPOINT).exists():
            self._init_from(init)
        self._load_checkpoint()
        self.sym = torch.from_numpy(symmetry_tables(games.size)).to(self.device)
        self._gpu: dict[str, Any] = {}
        self._copied = 0
        self.encoder = StreamEncoder(games, cfg.moves, cfg.threads, cfg.chunk_games)

    # -- data -------------------------------------------------------------------------

    def _ready(self) -> int:
        """Rows to sample from; on a GPU, the newly encoded ones are copied there first."""
        import torch

        ready = self.encoder.ready()
        if self.device.type != "cuda" or ready == self._copied:
            return ready
        o, a = self.encoder.out, self._copied
        for name in ("stones", "moves", "hist", "target", "to_move"):
            self._gpu[name][a:ready].copy_(torch.from_numpy(getattr(o, name)[a:ready]))
        self._copied = ready
        return ready

    def _tensors(self) -> dict[str, Any]:
        import torch

        o = self.encoder.out
        names = ("stones", "moves", "hist", "target", "to_move")
        if self.device.type != "cuda":
            return {k: torch.from_numpy(getattr(o, k)) for k in names}
        return self._gpu

    def _batch(self, ready: int) -> tuple[Any, Any, Any]:
        import torch

        from igo.nets.encode import legal_mask, planes

        t = self._tensors()
        idx = torch.randint(0, ready, (self.cfg.batch,), generator=self.gen, device=self.device)
        size = self.games.size
        x = planes(t["stones"][idx], t["moves"][idx], t["hist"][idx], t["to_move"][idx], size)
        legal = legal_mask(t["moves"][idx])
        tgt = t["target"][idx].long()
        s = int(self.sym_rng.integers(0, 8))
        if s:
            x = apply_symmetry(x, s)
            n2 = size * size
            perm = self.sym[s]
            moved = torch.empty_like(legal)
            moved[:, perm] = legal
            legal = moved
            ok = tgt != NO_TARGET
            tgt = torch.where(ok, perm[tgt.clamp(0, n2)], tgt)
        if self.device.type == "cuda":
            x = x.contiguous(memory_format=torch.channels_last)
        return x, legal, tgt

    # -- checkpoints ------------------------------------------------------------------

    def _load_checkpoint(self) -> None:
        import torch

        path = self.run_dir / CHECKPOINT
        if not path.exists():
            return
        blob = torch.load(path, map_location=self.device, weights_only=False)
        if [tuple(x) for x in blob["nets"]] != [tuple(x) for x in self.cfg.nets]:
            raise ValueError(f"{path}: a checkpoint of other nets ({blob['nets']})")
        for net, opt, st, os_ in zip(self.nets, self.opts, blob["state"], blob["opt"],
                                     strict=True):
            net.load_state_dict(st)
            opt.load_state_dict(os_)
        # a run asked for a number of steps gets it (a longer run goes on); one with a
        # time budget keeps the schedule it fixed
        self.step = int(blob["step"])
        self.total = self.cfg.steps if self.cfg.steps is not None else blob["total"]
        self.trained_seconds = float(blob["trained_seconds"])
        self.positions_seen = int(blob["positions_seen"])
        self.gen.set_state(blob["gen"].cpu())
        self.sym_rng.bit_generator.state = blob["sym_rng"]
        self.say(f"resumed {path} at step {self.step} of {self.total}")

    def _init_from(self, paths: list[Path]) -> None:
        """Start each net from the weights of a model file (a fresh optimiser)."""
        from igo.nets.model_file import load_net

        if len(paths) != len(self.nets):
            raise ValueError(f"{len(paths)} model files for {len(self.nets)} nets")
        for net, path in zip(self.nets, paths, strict=True):
            src, _ = load_net(path)
            if src.config != net.config:
                raise ValueError(f"{path}: a {src.config.name} net, expected {net.config.name}")
            net.load_state_dict(src.state_dict())
            self.say(f"{net.config.name} starts from {path}")

    def save(self) -> None:
        """Write the checkpoint and one model file a net (atomically)."""
        import torch

        from igo.nets.model_file import save_net

        blob = {"nets": [list(x) for x in self.cfg.nets],
                "state": [n.state_dict() for n in self.nets],
                "opt": [o.state_dict() for o in self.opts], "step": self.step,
                "total": self.total, "trained_seconds": self.trained_seconds,
                "positions_seen": self.positions_seen, "gen": self.gen.get_state(),
                "sym_rng": self.sym_rng.bit_generator.state,
                "config": {k: v for k, v in asdict(self.cfg).items() if k != "extra"}}
        tmp = self.run_dir / f".{CHECKPOINT}.{os.getpid()}.tmp"
        torch.save(blob, tmp)
        tmp.replace(self.run_dir / CHECKPOINT)
        for net in self.nets:
            meta = {**self.meta, "step": self.step, "total_steps": self.total,
                    "batch": self.cfg.batch, "positions_seen": self.positions_seen,
                    "trained_seconds": round(self.trained_seconds, 1),
                    "games": len(self.games), "device": str(self.device)}
            save_net(net, self.models_dir / f"{net.config.name}.pt", meta)

    # -- the loop ---------------------------------------------------------------------

    def done(self) -> bool:
        """True once the run has made all its steps."""
        return self.total is not None and self.step >= self.total

    def run(self) -> None:
        """Train until done (or ``seconds`` of this call), checkpointing."""
        import torch

        if self.device.type == "cuda":
            n, n2 = len(self.encoder), self.games.size ** 2
            o = self.encoder.out
            self._gpu = {k: torch.empty(getattr(o, k).shape,
                                        dtype=getattr(torch, str(getattr(o, k).dtype)),
                                        device=self.device)
                         for k in ("stones", "moves", "hist", "target", "to_move")}
            self.say(f"{n} positions ({n * n2 * 2 / 1e9:.1f} GB of codes) on {self.device}")
        if len(self.encoder) == 0:
            raise ValueError("no positions to train on")
        while self._ready() < min(self.cfg.batch * 4, len(self.encoder)):
            time.sleep(0.2)
        self.say(f"training {[n.config.name for n in self.nets]} from step {self.step}")
        last_ckpt = time.monotonic()
        started = time.monotonic()
        calib_t = None
        while not self.done():
            if self.pause is not None and self.pause():
                time.sleep(1.0)
                continue
            t0 = time.monotonic()
            self._one_step()
            self.trained_seconds += time.monotonic() - t0
            if self.total is None:
                if self.step == 10:
                    self._sync()
                    calib_t = time.monotonic()
                elif self.step == 10 + self.cfg.calibrate_steps and calib_t is not None:
                    self._sync()
                    rate = self.cfg.calibrate_steps / (time.monotonic() - calib_t)
                    left = (self.cfg.seconds or 0) - (time.monotonic() - started)
                    self.total = self.step + max(1, int(rate * left))
                    self.say(f"{rate:.1f} steps/s: {self.total} steps in all")
            if self.step % self.cfg.log_every == 0:
                self._log()
            if time.monotonic() - last_ckpt > self.cfg.checkpoint_seconds:
                self.save()
                last_ckpt = time.monotonic()
        self.save()
        self.say(f"done: step {self.step}, {self.positions_seen} positions, "
                 f"{self.trained_seconds:.0f} s")

    def _sync(self) -> None:
        import torch

        if self.device.type == "cuda":
            torch.cuda.synchronize()

    def _one_step(self) -> None:
        import torch
        import torch.nn.functional as F

        from igo.nets.model import masked_logits

        x, legal, tgt = self._batch(self._ready())
        lr = lr_at(self.step, self.total or 10**9, self.cfg)
        for i, (net, opt) in enumerate(zip(self.nets, self.opts, strict=True)):
            for g in opt.param_groups:
                g["lr"] = lr
            net.train()
            with torch.autocast("cuda", dtype=torch.bfloat16,
                                enabled=self.device.type == "cuda"):
                raw = net(x)
            lg = masked_logits(raw, legal)
            loss = F.cross_entropy(lg, tgt, ignore_index=NO_TARGET)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if (self.step + 1) % self.cfg.log_every == 0:
                ok = tgt != NO_TARGET
                self.losses[i] = float(loss.detach())
                self.hits[i] = float((lg.argmax(1)[ok] == tgt[ok]).float().mean())
        self.step += 1
        self.positions_seen += self.cfg.batch

    def _log(self) -> None:
        nets = ", ".join(f"{n.config.name} loss {lo:.3f} top1 {h:.3f}"
                         for n, lo, h in zip(self.nets, self.losses, self.hits, strict=True))
        lr = lr_at(self.step, self.total or 10**9, self.cfg)
        self.say(f"step {self.step}/{self.total} lr {lr:.2e} "
                 f"ready {self.encoder.ready()}/{len(self.encoder)} "
                 f"{self.trained_seconds:.0f}s: {nets}")


def write_json(path: Path, obj: Any) -> None:
    """``obj`` as indented JSON, atomically."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(obj, indent=2) + "\n")
    tmp.replace(path)
