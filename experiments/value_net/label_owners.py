"""Final owners of the counted games of compact move lists: the ownership head's target.

    python experiments/value_net/label_owners.py --games runs/value-net/games \\
        --out runs/value-net/owners --shards test train-00 train-01 --playouts 100

For every game of a shard that ended by counting (``score`` not NaN), the final position's
owners (:func:`igo.nets.final_owner.final_owner`: a search settles the dead stones, then
area owners) are kept when their area margin minus the komi (``--komi``: 6.5, the 9-dan
games'; 7 for igo's own 9x9 games) is within 2 points of the recorded margin. Writes
``<shard>.npz`` (``game``: index in the shard, ``owner``:
``(n, 361)`` int8, ``area_margin``, and the games that disagreed in ``rejected``) from
parts of 500 games (``<shard>.part-NNNN.npz``): a killed run resumes at its last part.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from igo.core.errors import IllegalMoveError
from igo.nets import games as G
from igo.nets.final_owner import board_of_moves, final_owner

KOMI = 6.5
PART = 500


def label_part(games: G.GameArrays, idx: np.ndarray, playouts: int, seed: int,
               komi: float = KOMI) -> dict[str, np.ndarray]:
    """Labels of the games ``idx`` (see the module docstring)."""
    rng = np.random.default_rng(seed)
    kept: list[int] = []
    owners: list[np.ndarray] = []
    margins: list[float] = []
    rejected: list[int] = []
    for g in idx.tolist():
        pts, cols = games.game(g)
        try:
            board = board_of_moves(games.size, pts, cols)
        except IllegalMoveError:
            rejected.append(g)
            continue
        fo = final_owner(board, komi, playouts=playouts, rng=rng)
        if fo.agrees(komi, float(games.scores[g])):
            kept.append(g)
            owners.append(fo.owner)
            margins.append(fo.area_margin)
        else:
            rejected.append(g)
    n2 = games.size * games.size
    return {"game": np.array(kept, np.int64),
            "owner": np.array(owners, np.int8).reshape(-1, n2),
            "area_margin": np.array(margins, np.float32),
            "rejected": np.array(rejected, np.int64)}


def label_shard(src: Path, out: Path, playouts: int, limit: int | None,
                komi: float = KOMI) -> Path:
    """Label one shard, resuming from its parts; returns the shard's labels file."""
    dest = out / (src.name.removesuffix(".npz.xz") + ".npz")
    if dest.exists():
        return dest
    games = G.load(src)
    counted = np.flatnonzero(~np.isnan(games.scores))
    if limit is not None:
        counted = counted[:limit]
    parts = []
    t0 = time.time()
    for k, lo in enumerate(range(0, len(counted), PART)):
        part = out / f"{dest.stem}.part-{k:04d}.npz"
        if not part.exists():
            arrays = label_part(games, counted[lo:lo + PART], playouts, seed=1000 + k,
                                komi=komi)
            tmp = part.with_name(part.name + ".tmp.npz")
            np.savez(tmp, **arrays)  # type: ignore[arg-type]
            tmp.replace(part)
            done = min(lo + PART, len(counted))
            print(f"{src.name}: {done}/{len(counted)} games, "
                  f"{(time.time() - t0) / max(done - lo, 1):.3f} s a game (this run)",
                  flush=True)
        parts.append(part)
    merged: dict[str, list[np.ndarray]] = {}
    for part in parts:
        with np.load(part) as z:
            for key in z.files:
                merged.setdefault(key, []).append(z[key])
    n2 = games.size * games.size
    arrays = {k: np.concatenate(v) if v else np.zeros((0, n2), np.int8)
              for k, v in merged.items()}
    tmp = dest.with_name(dest.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(dest)
    for part in parts:
        part.unlink()
    kept, rej = len(arrays["game"]), len(arrays["rejected"])
    print(f"{dest}: {kept} kept, {rej} rejected ({kept / max(kept + rej, 1):.3f} kept)",
          flush=True)
    return dest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=Path, default=Path("runs/value-net/games"))
    ap.add_argument("--out", type=Path, default=Path("runs/value-net/owners"))
    ap.add_argument("--shards", nargs="+", default=["test", "train-00"])
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--limit", type=int, default=None, help="counted games a shard, at most")
    ap.add_argument("--komi", type=float, default=KOMI, help="the games' komi")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.shards:
        src = args.games / f"{name}.npz.xz"
        if not src.exists():
            print(f"{src}: missing", file=sys.stderr)
            return 1
        label_shard(src, args.out, args.playouts, args.limit, args.komi)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
