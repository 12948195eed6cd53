"""Compact move lists of the 9-dan corpus (issue 37), one file a shard.

    python experiments/policy_net/prepare.py --data ../shared/data/tygem9d \
        --out runs/policy-net/games

writes ``train-00.npz.xz`` … ``train-09.npz.xz`` and ``test.npz.xz`` (:mod:`igo.nets.games`): what a
training machine needs of the records, 0.87 bytes a move. A shard already written is
kept (the job resumes). ``--shard NAME PATH`` (repeatable) writes ``NAME.npz.xz`` from
the records at ``PATH`` instead (a folder of SGF files, an archive, a ``.sgfs.xz``): igo's
own games, for instance (``--size 9``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from igo.nets import games as G
from igo.sgf.corpus import CorpusStats, iter_records


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data/tygem9d"))
    ap.add_argument("--out", type=Path, default=Path("runs/policy-net/games"))
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--shard", nargs=2, action="append", metavar=("NAME", "PATH"),
                    help="write NAME.npz.xz from the records at PATH (instead of --data)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.shard:
        sources = [(name, Path(path)) for name, path in args.shard]
    else:
        sources = [(p.name.removesuffix(".sgfs.xz"), p)
                   for p in sorted(args.data.glob("*.sgfs.xz"))]
    if not sources:
        print(f"no .sgfs.xz files in {args.data}", file=sys.stderr)
        return 1
    for name, shard in sources:
        dest = args.out / (name + ".npz.xz")
        if dest.exists():
            continue
        stats = CorpusStats()
        games = G.from_records(iter_records(shard, stats=stats, progress=False), args.size)
        G.save(games, dest)
        print(f"{dest}: {len(games)} games, {games.n_moves} moves, skipped {games.skipped}, "
              f"unreadable {stats.n_skipped}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
