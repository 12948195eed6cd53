"""Train value, score and ownership heads on the default policy net's frozen trunk.

    python experiments/value_net/train_heads.py --games runs/value-net/games \\
        --owners runs/value-net/owners --shards train-00 train-01 train-02 train-03 \\
        --run runs/value-net/heads --out runs/value-net/heads/policy-19-heads.pt \\
        --steps 3000 --threads 1

(:mod:`igo.nets.heads_train`; the games from ``experiments/policy_net/prepare.py``, the
owners from ``label_owners.py``.) Resumes from ``--run``'s checkpoint; the test curve is
on ``test.npz.xz`` (players of no training game). Owner files that appear while it runs
are read at the next start.

The whole net with its heads, the policy training too (``--train-trunk``: the run meant
for a lent GPU, issue 63; tested on the CPU with tiny nets, never yet run on a GPU), from
the default net with run 1's heads:

    python experiments/value_net/train_heads.py --shards train-00 train-01 train-02 train-03 \\
        --init src/igo/models/policy-19.pt --train-trunk --device cuda --batch 256 \\
        --lr 2e-4 --steps 20000 --eval-every 1000 --eval-positions 2000 \\
        --threads 8 --run runs/value-net/joint --out runs/value-net/joint/policy-19-joint.pt
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from igo.nets.heads_train import HeadsConfig, HeadsTrainer, Labelled
from igo.nets.policy import default_net_path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=Path, default=Path("runs/value-net/games"))
    ap.add_argument("--owners", type=Path, default=Path("runs/value-net/owners"))
    ap.add_argument("--shards", nargs="+", default=["train-00"])
    ap.add_argument("--test", default="test")
    ap.add_argument("--init", type=Path, default=default_net_path())
    ap.add_argument("--run", type=Path, default=Path("runs/value-net/heads"))
    ap.add_argument("--out", type=Path, default=None)
    for name, default in vars(HeadsConfig()).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(default, bool):  # --train-trunk / --no-train-trunk
            ap.add_argument(flag, action=argparse.BooleanOptionalAction, default=default)
        else:
            ap.add_argument(flag, type=type(default), default=default)
    args = ap.parse_args(argv)
    cfg = HeadsConfig(**{k: getattr(args, k) for k in vars(HeadsConfig())})
    out = args.out or args.run / "heads.pt"

    def labelled(name: str) -> Labelled:
        return Labelled.load(args.games / f"{name}.npz.xz", args.owners / f"{name}.npz")

    train = [labelled(s) for s in args.shards]
    test = labelled(args.test)
    for name, d in zip([*args.shards, args.test], [*train, test], strict=True):
        print(f"{name}: {len(d.games)} games, {len(d.owners)} with owners", file=sys.stderr)
    meta = {"command": "python " + " ".join(shlex.quote(a) for a in sys.argv),
            "data": {"games": [str(args.games / f"{s}.npz.xz") for s in args.shards],
                     "owners": {s: len(d.owners) for s, d in zip(args.shards, train,
                                                                  strict=True)}}}
    HeadsTrainer(cfg, args.init, train, test, args.run, out, meta).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
