"""Compact move lists of engine games on a small board, for training a net there (issue 36).

    python experiments/policy_net/prepare_small.py --size 9 --out runs/policy-net/games9 \\
        --train 'runs/*/' --test /tmp/n9/test --min-moves 20

There are no human 9x9 or 13x13 records in the shared data. The strongest small-board
games here are engine games: igo against Pachi 12.90 and against itself at 2,000 to
256,000 playouts a move (``igo match`` folders, one SGF a game). Every record of the
size under the ``--train`` folders (globs) becomes ``train-00.npz``, those under ``--test``
``test.npz`` (a record in both is kept in the test set only, by its moves); records
shorter than ``--min-moves`` (early resignations), with setup stones or of another size are
left out and counted. The result is what ``train_run.py --games OUT --shards 1`` reads.
"""

from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path

import numpy as np

from igo.core.record import GameRecord
from igo.nets import games as G
from igo.sgf.errors import SgfError
from igo.sgf.read import read_sgf_file


def _records(folders: list[str], size: int, min_moves: int,
             skipped: dict[str, int]) -> dict[tuple[int, ...], GameRecord]:
    """Records by their move list (one copy of each game), in path order."""
    out: dict[tuple[int, ...], GameRecord] = {}
    paths = sorted({p for f in folders for d in glob.glob(f)
                    for p in Path(d).rglob("*.sgf")})
    for path in paths:
        try:
            rec = read_sgf_file(path)
        except (SgfError, OSError):
            skipped["unreadable"] = skipped.get("unreadable", 0) + 1
            continue
        if rec.size != size:
            skipped["other size"] = skipped.get("other size", 0) + 1
            continue
        if len(rec.moves) < min_moves:
            skipped["short"] = skipped.get("short", 0) + 1
            continue
        key = tuple(-1 if m.point is None else m.point.flat(size) for m in rec.moves)
        if key in out:
            skipped["duplicate"] = skipped.get("duplicate", 0) + 1
            continue
        out[key] = rec
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--train", nargs="+", required=True, help="folders (globs) of SGF files")
    ap.add_argument("--test", nargs="+", required=True, help="folders (globs) of SGF files")
    ap.add_argument("--min-moves", type=int, default=20)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    skipped: dict[str, int] = {}
    test = _records(args.test, args.size, args.min_moves, skipped)
    train = {k: r for k, r in _records(args.train, args.size, args.min_moves, skipped).items()
             if k not in test}
    args.out.mkdir(parents=True, exist_ok=True)
    report = {"size": args.size, "skipped": skipped}
    for name, recs in (("train-00", train), ("test", test)):
        arrays = G.from_records(recs.values(), size=args.size)
        G.save(arrays, args.out / f"{name}.npz")
        report[name] = {"games": len(arrays), "moves": arrays.n_moves,
                        "black_wins": int(np.sum(arrays.winner == 1)),
                        "white_wins": int(np.sum(arrays.winner == 2)),
                        "left_out": arrays.skipped}
    (args.out / "prepare.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
