"""Train policy networks on the 9-dan games and evaluate them on the test games (issue 37).

On a lent GPU machine (the compact move lists travel; features are built there):

    python experiments/policy_net/train_run.py --games runs/policy-net/games --shards 5 \\
        --nets 6x64,10x128 --batch 512 --seconds 400 --device cuda \\
        --run /tmp/pn-run --models "$OUT" --eval-games 10000

On this machine's CPUs, resuming from the nets that came back (a fresh optimiser):

    python experiments/policy_net/train_run.py --device cpu --threads 1 --nets 6x64 \\
        --init runs/policy-net/device/b6c64.pt --steps 100000 --batch 128 --lr 3e-4 \\
        --run runs/policy-net/cpu

The model files (``<models>/b6c64.pt`` …) carry their configuration and how they were
made; ``<models>/eval.json`` has top-1 and mean log-likelihood by game phase.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from igo.arena.yielding import live_claims
from igo.nets import games as G
from igo.nets.evaluate import per_position, summarize
from igo.nets.stream import encode_games
from igo.nets.train import TrainConfig, Trainer, write_json


def _say(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def _nets(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for part in text.split(","):
        b, c = part.lower().split("x")
        out.append((int(b), int(c)))
    return tuple(out)


def _claims_folder() -> Path:
    """``igo timed``'s claims folder (``igo.cli.timed.claims_folder``; an experiment
    does not import the command line)."""
    value = os.environ.get("IGO_CLAIMS_DIR")
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(value) if value else Path(tempfile.gettempdir()) / f"igo-claims-{uid}"


def _pause(folder: Path) -> Callable[[], bool]:
    """True while a live claim is in ``folder`` (said once a pause)."""
    paused = [False]

    def ask() -> bool:
        now = bool(live_claims(folder))
        if now != paused[0]:
            _say("paused for a timed run" if now else "timed run over: training again")
            paused[0] = now
        return now

    return ask


def _load(folder: Path, names: list[str]) -> G.GameArrays:
    parts = []
    for n in names:
        path = next((p for p in (folder / f"{n}.npz.xz", folder / f"{n}.npz") if p.exists()),
                    None)
        if path is None:
            raise SystemExit(f"no {n}.npz[.xz] in {folder}")
        parts.append(G.load(path))
    return G.concatenate(parts)


def _data_name(folder: Path, shards: int) -> str:
    """What the training games are, for the model file: the 9-dan shards, or what
    ``prepare_small.py`` wrote in the folder's ``prepare.json``."""
    about = folder / "prepare.json"
    if about.is_file():
        info = json.loads(about.read_text(encoding="utf-8"))
        train = info.get("train-00", {})
        return (f"{info.get('size')}x{info.get('size')} engine games of {folder} "
                f"(prepare_small.py): {train.get('games')} games, {train.get('moves')} moves")
    return f"tygem9d train-00..{shards - 1:02d}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=Path, default=Path("runs/policy-net/games"))
    ap.add_argument("--shards", type=int, default=5)
    ap.add_argument("--nets", type=_nets, default=((6, 64),))
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--warmup", type=int, default=300)
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--steps", type=int)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--run", type=Path, default=Path("runs/policy-net/run"))
    ap.add_argument("--models", type=Path)
    ap.add_argument("--init", type=Path, nargs="*")
    ap.add_argument("--eval-games", type=int, default=0)
    ap.add_argument("--checkpoint-seconds", type=float, default=120.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--yield", dest="yield_", action="store_true",
                    help="pause while a timed run claims the machine (igo timed, "
                    "igo match --timed), as igo evolve does: for a background run here")
    ap.add_argument("--claims", type=Path, default=None,
                    help="the claims folder (default: $IGO_CLAIMS_DIR, else "
                    "igo-claims-UID in the temporary folder, as igo timed)")
    args = ap.parse_args(argv)

    import torch

    _say(f"python {platform.python_version()}, torch {torch.__version__}, "
         f"{os.cpu_count()} cpus, cuda {torch.cuda.is_available()} "
         f"{torch.cuda.get_device_name() if torch.cuda.is_available() else ''}")
    if args.device == "cpu":
        torch.set_num_threads(max(1, args.threads))
    else:
        torch.backends.cudnn.benchmark = True  # one input shape throughout
    train = _load(args.games, [f"train-{k:02d}" for k in range(args.shards)])
    _say(f"{len(train)} training games, {train.n_moves} moves")
    cfg = TrainConfig(nets=args.nets, batch=args.batch, lr=args.lr,
                      weight_decay=args.weight_decay, warmup_steps=args.warmup,
                      steps=args.steps, seconds=args.seconds, seed=args.seed,
                      threads=args.threads, device=args.device,
                      checkpoint_seconds=args.checkpoint_seconds)
    meta = {"command": shlex.join([sys.argv[0], *(argv if argv is not None else sys.argv[1:])]),
            "data": _data_name(args.games, args.shards),
            "hardware": (torch.cuda.get_device_name() if args.device.startswith("cuda")
                         else platform.processor() or platform.machine())}
    pause = _pause(args.claims or _claims_folder()) if args.yield_ else None
    trainer = Trainer(cfg, train, args.run, say=_say, meta=meta, models_dir=args.models,
                      init=args.init, pause=pause)
    trainer.run()
    if args.eval_games:
        test = _load(args.games, ["test"]).subset(range(args.eval_games))
        t0 = time.monotonic()
        data = encode_games(test, threads=max(1, args.threads))
        _say(f"test: {len(test)} games, {len(data)} positions encoded in "
             f"{time.monotonic() - t0:.0f} s")
        report = {}
        for net in trainer.nets:
            net.eval()
            t0 = time.monotonic()
            match, logp = per_position(net, data, batch=4096, device=args.device)
            res = {k: v.as_dict() for k, v in summarize(match, logp, data.number).items()}
            report[net.config.name] = {"metrics": res, "step": trainer.step,
                                       "positions_seen": trainer.positions_seen,
                                       "eval_seconds": round(time.monotonic() - t0, 1)}
            _say(f"{net.config.name}: top-1 {res['all']['match_rate']:.4f} "
                 f"(moves 1-50 {res['1-50']['match_rate']:.4f}), "
                 f"log-lik {res['all']['mean_log_evidence']:.4f}")
            write_json((args.models or args.run) / "eval.json",
                       {"test_games": len(test), "positions": len(data), "nets": report})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
