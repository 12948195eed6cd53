"""Training the value, score and ownership heads on a policy net's trunk (issue 63).

The trunk (stem, tower, policy head) of an existing policy net is copied and **frozen**:
its moves do not change, and on a CPU only the heads' own layers
(:class:`igo.nets.model.PolicyNet`, ``value_blocks`` residual blocks and the heads) pay
for gradients. With ``value_skip`` the heads read the tower before its last blocks, and
their own blocks start as copies of those (a partly frozen trunk, the policy untouched).
Targets, all from the player to move's view:

- value: did the player to move win the game (games without a winner are skipped);
- score: the game's final margin (games that ended by counting; NaN otherwise, masked);
- ownership: each point's final owner (:mod:`igo.nets.final_owner`; only the counted
  games whose labels agreed with the record, masked elsewhere, neutral points too).

A value target is the same for every position of a game, so a net fed many positions of
few games learns the games (AlphaGo's value net did until it took one position a
game). Positions are drawn ``per_game`` a game: the training games are taken in a
seeded random order, ``chunk_games`` at a time, every position of a chunk is encoded
(:func:`igo.nets.stream.encode_games`) and ``per_game`` drawn from each game. The test
curve is on other games (other players too, on the 9-dan corpus): a fixed sample of
one position a test game; the train curve on a fixed sample of positions of the first
training chunk (games trained on; the positions drawn by another generator).

Loss: binary cross-entropy of the value, Huber of the score / 20, binary cross-entropy
of each labelled point's owner (mean over points), summed with weights. AdamW, a cosine
learning rate.

With ``train_trunk`` the **whole net** trains (the stem, the tower and the policy head
with the heads, from the initial file's weights), and the loss adds ``w_policy`` times
the policy's cross-entropy of the move played over the legal moves (as
:mod:`igo.nets.train`): the policy moves too, and its top-1 accuracy and loss join the
curves, so that a run shows whether the heads' gain costs the moves anything. This is
the run meant for a GPU (``device="cuda"``: the net and each batch there, the forward
pass in bfloat16); on this machine's CPU a step of 16 positions took 2.7 s.

A run lives in a folder: ``checkpoint.pt`` (the heads, or the whole net with
``train_trunk``; the optimiser, the step, the chunk cursor, the generators, the chunk in
hand: a resumed run takes the batches an uninterrupted one would) every
``checkpoint_seconds`` and at the end,
``log.jsonl`` (one line an evaluation: the train and test metrics), and the model file
(the whole net with its heads, :func:`igo.nets.model_file.save_net`); a run started again
on its folder resumes, with the checkpoint's settings (it may run longer, or report
otherwise: :data:`RESUMABLE_CHANGES`; any other change is refused). ``pause()`` is
asked between steps, as in :mod:`igo.nets.train`.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from igo.nets.encode import Encoded
from igo.nets.games import GameArrays

CHECKPOINT = "checkpoint.pt"
LOG = "log.jsonl"


@dataclass(frozen=True)
class HeadsConfig:
    """A heads training run (see the module docstring)."""

    steps: int = 2000
    batch: int = 128
    lr: float = 1e-3
    weight_decay: float = 1e-4
    value_blocks: int = 1
    value_channels: int = 32
    value_hidden: int = 64
    value_skip: int = 0
    per_game: int = 2
    chunk_games: int = 1000
    w_value: float = 1.0
    w_score: float = 1.0
    w_owner: float = 1.0
    eval_every: int = 100
    eval_positions: int = 1000
    checkpoint_seconds: float = 300.0
    threads: int = 1
    seed: int = 1
    train_trunk: bool = False
    w_policy: float = 1.0
    device: str = "cpu"
    komi: float = 6.5  # the games' komi: the score head's margins include it

    def __post_init__(self) -> None:
        if self.steps < 1 or self.batch < 1 or self.lr <= 0 or self.per_game < 1 \
                or self.value_skip < 0 or self.w_policy < 0 \
                or self.device.split(":")[0] not in ("cpu", "cuda"):
            raise ValueError(f"bad heads training configuration {self}")


@dataclass(frozen=True)
class Labelled:
    """Games with their final owners: ``owners`` maps a game index to its ``(n2,)``
    int8 owners (+1 Black), for the games that have them."""

    games: GameArrays
    owners: dict[int, np.ndarray]

    @staticmethod
    def load(games_path: Path, owners_path: Path | None) -> Labelled:
        """A compact move list and, if the file exists, its owners
        (``experiments/value_net/label_owners.py``)."""
        from igo.nets import games as G

        games = G.load(games_path)
        owners: dict[int, np.ndarray] = {}
        if owners_path is not None and owners_path.exists():
            with np.load(owners_path) as z:
                owners = {int(g): o for g, o in zip(z["game"], z["owner"], strict=True)}
        return Labelled(games, owners)


@dataclass
class Batch:
    """Encoded positions and their targets (player to move's view)."""

    enc: Encoded
    value: np.ndarray      # (n,) float32, 1 the player to move won
    score: np.ndarray      # (n,) float32, NaN unknown
    owner: np.ndarray      # (n, n2) float32 in {-1, 0, 1}
    has_owner: np.ndarray  # (n,) bool


def targets(data: Labelled, sub: np.ndarray, enc: Encoded) -> Batch:
    """The targets of positions ``enc`` of the games ``data.games.subset(sub)``."""
    g = sub[enc.game.astype(np.int64)]
    sign = np.where(enc.to_move == 1, 1.0, -1.0).astype(np.float32)
    winner = data.games.winner[g]
    value = (winner == enc.to_move).astype(np.float32)
    score = data.games.scores[g].astype(np.float32) * sign
    n2 = data.games.size ** 2
    owner = np.zeros((len(g), n2), np.float32)
    has = np.zeros(len(g), bool)
    for i, gi in enumerate(g.tolist()):
        o = data.owners.get(gi)
        if o is not None:
            owner[i] = o * sign[i]
            has[i] = True
    return Batch(enc, value, score, owner, has)


def draw_positions(data: Labelled, games: np.ndarray, per_game: int,
                   rng: np.random.Generator) -> Batch:
    """``per_game`` positions (at most) of each game of ``games`` that has a winner,
    drawn uniformly from its positions."""
    from igo.nets.stream import encode_games

    games = games[data.games.winner[games] != 0]
    enc = encode_games(data.games.subset(games))
    order = np.argsort(enc.game, kind="stable")
    starts = np.searchsorted(enc.game[order], np.arange(len(games) + 1))
    rows: list[int] = []
    for k in range(len(games)):
        a, b = int(starts[k]), int(starts[k + 1])
        if b > a:
            rows.extend(order[a + rng.choice(b - a, size=min(per_game, b - a),
                                             replace=False)].tolist())
    idx = np.array(sorted(rows), np.int64)
    return targets(data, games, enc.rows(idx))


def loss_terms(net: Any, batch: Batch, idx: np.ndarray, sym: int, cfg: HeadsConfig,
               grad: bool) -> dict[str, Any]:
    """The losses (tensors) of rows ``idx`` under symmetry ``sym``: the three heads',
    and with ``cfg.train_trunk`` the policy's (and its hits on the move played)."""
    import torch
    import torch.nn.functional as F

    from igo.nets.encode import legal_mask, planes
    from igo.nets.model import SCORE_SCALE, masked_logits
    from igo.nets.stream import NO_TARGET
    from igo.nets.train import apply_symmetry, symmetry_tables

    dev = torch.device(cfg.device)
    e = batch.enc
    size = e.size
    x = planes(torch.from_numpy(e.stones[idx]).to(dev), torch.from_numpy(e.moves[idx]).to(dev),
               torch.from_numpy(e.hist[idx]).to(dev), torch.from_numpy(e.to_move[idx]).to(dev),
               size)
    own = torch.from_numpy(batch.owner[idx]).to(dev).view(-1, 1, size, size)
    if sym:
        x, own = apply_symmetry(x, sym), apply_symmetry(own, sym)
    out: dict[str, Any] = {}
    with torch.set_grad_enabled(grad), \
            torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
        if cfg.train_trunk:
            logits, v, s, o = net.judge(x)
        else:
            with torch.no_grad():
                t = net.branch(x)
            v, s, o = net.heads(t)
    v, s, o = v.float(), s.float(), o.float()
    with torch.set_grad_enabled(grad):
        if cfg.train_trunk:
            legal = legal_mask(torch.from_numpy(e.moves[idx]).to(dev))
            tgt = torch.from_numpy(e.target[idx]).to(dev).long()
            if sym:
                perm = torch.from_numpy(symmetry_tables(size)[sym]).to(dev)
                moved = torch.empty_like(legal)
                moved[:, perm] = legal
                legal = moved
                tgt = torch.where(tgt != NO_TARGET, perm[tgt.clamp(0, size * size)], tgt)
            lg = masked_logits(logits, legal)
            ok = tgt != NO_TARGET
            out["policy"] = (F.cross_entropy(lg, tgt, ignore_index=NO_TARGET)
                             if bool(ok.any()) else v.sum() * 0)
            out["policy_hits"] = float((lg.argmax(1)[ok] == tgt[ok]).float().sum())
            out["policy_n"] = int(ok.sum())
        lv = F.binary_cross_entropy_with_logits(v, torch.from_numpy(batch.value[idx]).to(dev))
        sc = torch.from_numpy(batch.score[idx]).to(dev)
        ok = ~torch.isnan(sc)
        ls = (F.huber_loss(s[ok] / SCORE_SCALE, sc[ok] / SCORE_SCALE)
              if bool(ok.any()) else v.sum() * 0)
        has = torch.from_numpy(batch.has_owner[idx]).to(dev)
        tgt_own = own.reshape(len(idx), -1)
        labelled = has[:, None] & (tgt_own != 0)
        if bool(labelled.any()):
            p = ((o + 1) / 2).clamp(1e-6, 1 - 1e-6)
            lo = F.binary_cross_entropy(p[labelled], (tgt_own[labelled] + 1) / 2)
        else:
            lo = v.sum() * 0
    return {**out, "value": lv, "score": ls, "owner": lo, "v": v.detach().cpu(),
            "s": s.detach().cpu(), "o": o.detach().cpu(), "tgt_owner": tgt_own.cpu(),
            "labelled": labelled.cpu()}


def evaluate(net: Any, batch: Batch, cfg: HeadsConfig) -> dict[str, float]:
    """Value log-loss, Brier and accuracy; score mean absolute error (points);
    ownership accuracy over labelled points; and the three losses, on ``batch``; with
    ``cfg.train_trunk`` the policy's loss and top-1 accuracy too."""
    import torch

    net.eval()
    n = len(batch.value)
    sums = {"value": 0.0, "score": 0.0, "owner": 0.0}
    if cfg.train_trunk:
        sums["policy"] = 0.0
    vs, ss, hits, pts = [], [], 0.0, 0
    policy_hits, policy_n = 0.0, 0
    for a in range(0, n, 256):
        idx = np.arange(a, min(a + 256, n))
        out = loss_terms(net, batch, idx, 0, cfg, grad=False)
        for k in sums:
            sums[k] += float(out[k]) * len(idx)
        policy_hits += out.get("policy_hits", 0.0)
        policy_n += out.get("policy_n", 0)
        vs.append(torch.sigmoid(out["v"]).numpy())
        ss.append(out["s"].numpy())
        lab = out["labelled"]
        hits += float(((out["o"] > 0) == (out["tgt_owner"] > 0))[lab].float().sum())
        pts += int(lab.sum())
    p = np.clip(np.concatenate(vs).astype(np.float64), 1e-6, 1 - 1e-6)
    y = batch.value.astype(np.float64)
    s = np.concatenate(ss)
    ok = ~np.isnan(batch.score)
    policy = ({"loss_policy": sums["policy"] / n,
               "policy_top1": policy_hits / policy_n if policy_n else math.nan}
              if cfg.train_trunk else {})
    return {**policy, "n": n, "loss_value": sums["value"] / n, "loss_score": sums["score"] / n,
            "loss_owner": sums["owner"] / n,
            "logloss": float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))),
            "brier": float(np.mean((p - y) ** 2)),
            "accuracy": float(np.mean((p > 0.5) == (y > 0.5))),
            "score_mae": float(np.mean(np.abs(s[ok] - batch.score[ok]))) if ok.any() else math.nan,
            "owner_accuracy": hits / pts if pts else math.nan}


class HeadsTrainer:
    """A heads training run in ``run_dir`` (see the module docstring)."""

    def __init__(self, cfg: HeadsConfig, init: Path, train: list[Labelled], test: Labelled,
                 run_dir: Path, out: Path, meta: dict[str, Any] | None = None,
                 say: Callable[[str], None] | None = None,
                 pause: Callable[[], bool] | None = None) -> None:
        import torch

        from igo.nets.model import NetConfig, PolicyNet
        from igo.nets.model_file import load_net

        torch.set_num_threads(cfg.threads)
        torch.manual_seed(cfg.seed)
        self.cfg, self.train, self.test = cfg, train, test
        self.run_dir, self.out = Path(run_dir), Path(out)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.say = say or (lambda m: print(m, file=sys.stderr, flush=True))
        self.pause = pause
        self.meta = dict(meta or {})
        base, base_meta = load_net(init)
        shape = {**base.config.as_dict(), "value_blocks": cfg.value_blocks,
                 "value_channels": cfg.value_channels, "value_hidden": cfg.value_hidden,
                 "value_skip": cfg.value_skip}
        self.net = PolicyNet(NetConfig(**shape))
        missing = self.net.load_state_dict(base.state_dict(), strict=False).missing_keys
        if any(not k.startswith(("value_", "ownership")) for k in missing):
            raise ValueError(f"{init}: not a trunk for these heads ({missing[:3]})")
        self.meta.setdefault("policy", base_meta)
        self._copy_skipped_blocks()
        self.device = torch.device(cfg.device)
        self.net.to(self.device)
        self.params = [p for n, p in self.net.named_parameters()
                       if cfg.train_trunk or n.startswith(("value_", "ownership"))]
        for n, p in self.net.named_parameters():
            p.requires_grad_(cfg.train_trunk or n.startswith(("value_", "ownership")))
        self.opt = torch.optim.AdamW(self.params, lr=cfg.lr, weight_decay=cfg.weight_decay)
        self.step = 0
        self.trained_seconds = 0.0
        self.rng = np.random.default_rng(cfg.seed)
        # the training games: (shard, game) in one seeded order
        pairs = [(s, g) for s, d in enumerate(train) for g in range(len(d.games))]
        perm = np.random.default_rng(cfg.seed).permutation(len(pairs))
        self.order = np.array(pairs, np.int64)[perm]
        self.cursor = 0
        # the chunk in hand: its positions, the next one's index, and how it was drawn
        # (its cursor, the generator's state before), which a checkpoint keeps
        self.pending: Batch | None = None
        self.pos = 0
        self.net_size = train[0].games.size
        self.chunk_cursor = 0
        self.chunk_rng: dict[str, Any] | None = None
        self._load_checkpoint()
        fixed = np.random.default_rng(cfg.seed + 7)
        ntest = min(cfg.eval_positions, len(test.games))
        self.test_batch = draw_positions(test, np.arange(ntest), 1, fixed)
        # train curve: the first chunk's games, positions drawn apart from training's
        first = self._chunk_games(0)
        self.train_eval = {s: draw_positions(train[s], g[: cfg.eval_positions], 1, fixed)
                           for s, g in first.items()}

    def _copy_skipped_blocks(self) -> None:
        """The heads' first blocks start as copies of the tower blocks they skip (the
        heads then read what the policy reads, and learn from there)."""
        first = self.net.config.blocks - self.cfg.value_skip
        for i in range(min(self.cfg.value_blocks, self.cfg.value_skip)):
            self.net.value_tower[i].load_state_dict(self.net.tower[first + i].state_dict())

    def _chunk_games(self, cursor: int) -> dict[int, np.ndarray]:
        rows = self.order[cursor:cursor + self.cfg.chunk_games]
        return {int(s): np.sort(rows[rows[:, 0] == s, 1]) for s in np.unique(rows[:, 0])}

    def _next_batch(self) -> tuple[Batch, np.ndarray]:
        while self.pending is None or self.pos >= len(self.pending.value):
            if self.cursor >= len(self.order):
                self.cursor = 0
            self.chunk_cursor, self.chunk_rng = self.cursor, dict(self.rng.bit_generator.state)
            self.pending = self._draw_chunk(self.cursor, self.rng)
            self.cursor += self.cfg.chunk_games
            self.pos = 0
        idx = np.arange(self.pos, min(self.pos + self.cfg.batch, len(self.pending.value)))
        self.pos += len(idx)
        return self.pending, idx

    def _draw_chunk(self, cursor: int, rng: np.random.Generator) -> Batch:
        """The positions of the chunk of games at ``cursor``, shuffled."""
        parts = [draw_positions(self.train[s], g, self.cfg.per_game, rng)
                 for s, g in self._chunk_games(cursor).items()]
        batch = parts[0] if len(parts) == 1 else _concat(parts)
        return _take(batch, rng.permutation(len(batch.value)))

    def lr(self) -> float:
        frac = min(1.0, self.step / self.cfg.steps)
        warm = min(1.0, (self.step + 1) / 50)
        return self.cfg.lr * warm * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))

    def run(self) -> None:
        """Train until ``steps``, evaluating, checkpointing and logging."""
        last_ckpt = time.monotonic()
        if self.step == 0:
            self._evaluate()
        while self.step < self.cfg.steps:
            while self.pause is not None and self.pause():
                time.sleep(5.0)
            t0 = time.monotonic()
            self._one_step()
            self.trained_seconds += time.monotonic() - t0
            if self.step % self.cfg.eval_every == 0 or self.step == self.cfg.steps:
                self._evaluate()
            if time.monotonic() - last_ckpt > self.cfg.checkpoint_seconds:
                self.save()
                last_ckpt = time.monotonic()
        self.save()

    def _one_step(self) -> None:
        import torch

        batch, idx = self._next_batch()
        for g in self.opt.param_groups:
            g["lr"] = self.lr()
        if self.cfg.train_trunk:
            self.net.train()
        else:
            self.net.eval()  # the frozen trunk keeps its batch-norm statistics
            for m in (self.net.value_tower, self.net.value_conv):
                m.train()
        out = loss_terms(self.net, batch, idx, int(self.rng.integers(0, 8)), self.cfg, True)
        loss = (self.cfg.w_value * out["value"] + self.cfg.w_score * out["score"]
                + self.cfg.w_owner * out["owner"])
        if self.cfg.train_trunk:
            loss = loss + self.cfg.w_policy * out["policy"]
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.params, 5.0)
        self.opt.step()
        self.step += 1

    def _evaluate(self) -> None:
        test = evaluate(self.net, self.test_batch, self.cfg)
        trains = [evaluate(self.net, b, self.cfg) for b in self.train_eval.values()]
        train = {k: float(np.mean([t[k] for t in trains])) for k in trains[0]}
        line = {"step": self.step, "positions": self.step * self.cfg.batch,
                "seconds": round(self.trained_seconds, 1), "lr": self.lr(),
                "train": train, "test": test}
        with open(self.run_dir / LOG, "a") as f:
            f.write(json.dumps(line) + "\n")
        policy = (f" policy top1 {test['policy_top1']:.3f}" if self.cfg.train_trunk else "")
        self.say(f"step {self.step}: test logloss {test['logloss']:.4f} acc "
                 f"{test['accuracy']:.3f} score MAE {test['score_mae']:.2f} owner "
                 f"{test['owner_accuracy']:.3f}{policy} | train logloss "
                 f"{train['logloss']:.4f} ({self.trained_seconds:.0f} s)")

    def save(self) -> None:
        """Checkpoint and model file, atomically."""
        import torch

        from igo.nets.model_file import save_net

        state = {"heads": {k: v for k, v in self.net.state_dict().items()
                           if self.cfg.train_trunk or k.startswith(("value_", "ownership"))},
                 "opt": self.opt.state_dict(), "step": self.step, "cursor": self.cursor,
                 "trained_seconds": self.trained_seconds,
                 "rng": self.rng.bit_generator.state, "config": asdict(self.cfg),
                 "chunk": None if self.pending is None else
                 {"cursor": self.chunk_cursor, "rng": self.chunk_rng, "pos": self.pos}}
        tmp = self.run_dir / f".{CHECKPOINT}.tmp"
        torch.save(state, tmp)
        tmp.replace(self.run_dir / CHECKPOINT)
        meta = {**self.meta, "heads": {"config": asdict(self.cfg), "step": self.step,
                                       "positions": self.step * self.cfg.batch,
                                       "seconds": round(self.trained_seconds, 1),
                                       "komi": self.cfg.komi, "sizes": [self.net_size]}}
        if self.cfg.train_trunk:  # the policy trained with the heads: no longer the init's
            meta["policy"] = {**meta.get("policy", {}), "trained_with_heads": {
                "step": self.step, "positions": self.step * self.cfg.batch}}
        save_net(self.net, self.out, meta, half=True)

    def _load_checkpoint(self) -> None:
        import torch

        path = self.run_dir / CHECKPOINT
        if not path.exists():
            return
        state = torch.load(path, map_location=self.device, weights_only=False)
        differ = config_differences(state.get("config", {}), self.cfg)
        if differ:
            raise ValueError(f"{path}: a checkpoint of another run ({'; '.join(differ)}): "
                             "start it in a new folder, or with the checkpoint's settings")
        self.net.load_state_dict(state["heads"], strict=False)
        self.opt.load_state_dict(state["opt"])
        self.step, self.cursor = int(state["step"]), int(state["cursor"])
        self.trained_seconds = float(state["trained_seconds"])
        self.rng.bit_generator.state = state["rng"]
        chunk = state.get("chunk")  # absent from older checkpoints: a new chunk is drawn
        if chunk is not None:  # the chunk in hand, drawn again as it was
            redraw = np.random.default_rng()
            redraw.bit_generator.state = chunk["rng"]
            self.chunk_cursor, self.chunk_rng = int(chunk["cursor"]), chunk["rng"]
            self.pending = self._draw_chunk(self.chunk_cursor, redraw)
            self.pos = int(chunk["pos"])
        said = state.get("config", {}).get("steps", self.cfg.steps)
        longer = "" if said == self.cfg.steps else f" (its run was of {said} steps)"
        self.say(f"resumed at step {self.step} of {self.cfg.steps}{longer}")


#: The settings a resumed run may change: how long it runs (``steps``: the cosine
#: follows the new length from the step reached) and how it reports and runs.
RESUMABLE_CHANGES = frozenset({"steps", "eval_every", "eval_positions",
                               "checkpoint_seconds", "threads", "device"})


def config_differences(saved: dict[str, Any], cfg: HeadsConfig) -> list[str]:
    """The settings of ``cfg`` that differ from a checkpoint's ``saved`` configuration
    other than :data:`RESUMABLE_CHANGES` (``"name: saved -> asked"``); a setting the
    checkpoint lacks (an older file) is not compared."""
    asked = asdict(cfg)
    return [f"{k}: {saved[k]!r} -> {asked[k]!r}" for k in sorted(asked)
            if k not in RESUMABLE_CHANGES and k in saved and saved[k] != asked[k]]


def _take(b: Batch, idx: np.ndarray) -> Batch:
    return Batch(b.enc.rows(idx), b.value[idx], b.score[idx], b.owner[idx], b.has_owner[idx])


def _concat(parts: list[Batch]) -> Batch:
    from igo.nets.encode import Encoded

    e = [p.enc for p in parts]
    enc = Encoded(e[0].size, *[np.concatenate([getattr(x, f) for x in e])
                               for f in ("stones", "moves", "hist", "target", "to_move",
                                         "number", "game")])
    return Batch(enc, np.concatenate([p.value for p in parts]),
                 np.concatenate([p.score for p in parts]),
                 np.concatenate([p.owner for p in parts]),
                 np.concatenate([p.has_owner for p in parts]))
