"""Train one of the paper's CNNs on the pre-encoded Fox cache (resumable).

    python run_cnn.py --colour B --n 50 --iterations 30000            # CNN (Table 4)
    python run_cnn.py --colour B --n 50 --task classes --lr 0.01      # CNN-C (Table 5)
    python run_cnn.py --colour B --n 50 --iterations 1000 --seed 3    # Fig. 3 seeds
    python run_cnn.py --colour B --n 50 --device cuda                 # the same on a GPU

Outputs go to cache/runs/<name>/ (result.json, history, best weights, predictions);
a killed run resumes from its checkpoint when the same command is run again, on any
device. Reads cache/boards (python build_cache.py --boards-only), or --cache cache/fox.
"""

import argparse
from pathlib import Path

from igo.strength.cache import open_cache
from igo.strength.papercnn import run_cnn
from igo.strength.train import TrainConfig

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--colour", choices=("B", "W"), required=True)
    ap.add_argument("--n", type=int, default=50)
    ap.add_argument("--iterations", type=int, default=30000)
    ap.add_argument("--task", choices=("regression", "classes"), default="regression")
    ap.add_argument("--lr", type=float, default=1e-6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--arch", choices=("paper", "padded"), default="paper")
    ap.add_argument("--optimizer", choices=("sgd", "adam"), default="sgd")
    ap.add_argument("--augment", action="store_true")
    ap.add_argument("--name", default=None)
    ap.add_argument("--stop-at", type=int, default=None,
                    help="stop (or report a stopped run) at this iteration; resumable")
    ap.add_argument("--cache", default=str(HERE / "cache" / "boards"))
    ap.add_argument("--runs", default=str(HERE / "cache" / "runs"))
    ap.add_argument("--device", default="cpu", help="cpu (default), cuda, or auto")
    ap.add_argument("--resident", action="store_true",
                    help="all planes made once and kept on the device (default on a GPU)")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args()
    name = a.name or f"{a.arch}-{a.task}-{a.colour}-N{a.n}-it{a.iterations}-s{a.seed}"
    shift, scale = (2500.0, 300.0) if a.arch == "padded" else (0.0, 1.0)
    cfg = TrainConfig(iterations=a.iterations, lr=a.lr, task=a.task, seed=a.seed,
                      optimizer=a.optimizer, target_shift=shift, target_scale=scale,
                      bias_lr_mult=1.0 if a.optimizer == "adam" else 2.0)
    r = run_cnn(open_cache(Path(a.cache)), 1 if a.colour == "B" else 2, a.n, cfg,
                Path(a.runs) / name, arch=a.arch, augment=a.augment,
                stop_at=a.stop_at, device=a.device, progress=not a.no_progress,
                resident=True if a.resident else None)
    print(name, r["reached"], r["best"], round(float(r["wall_s"]), 1), r["device"],
          r["s_per_iteration"], flush=True)
