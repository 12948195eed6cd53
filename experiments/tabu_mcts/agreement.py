"""How often igo's search plays the 9-dan's move, for several search options.

    python experiments/tabu_mcts/agreement.py [--games 60] [--playouts 2000] \
        [--moves 40,80,120] [--json OUT] "NAME=OPTIONS" ...

Positions: moves ``--moves`` (0-based: the move to find is the record's move there) of
the first ``--games`` games of ``../shared/data/tygem9d/test.sgfs.xz`` (19x19, 9-dan
players no model here was trained on). Each variant is a ``NAME=OPTIONS`` pair, OPTIONS
igo mcts options as ``igo match`` takes them (``default=`` for the default engine). For
each variant and position, a search of ``--playouts`` playouts (seed: the position's
index) from the engine's configuration on 19x19 (:meth:`SearchConfig.for_size`); the
table gives the share of positions where the search's most visited move is the
9-dan's, beside the share where the prior's top move is (the move model's, or the net's
once its answer reached the root), with a 95 % Wilson interval.

This is a cheap proxy for the prior's weight at a small budget, not a strength test:
a search that plays the strong player's move less often than its own prior does is
throwing the prior away.
"""

from __future__ import annotations

import argparse
import itertools
import json
import lzma
import sys
import time
from pathlib import Path

from igo.arena.stats import wilson_interval
from igo.core.board import Board
from igo.search.config import STRONG
from igo.search.search import Search
from igo.sgf.read import parse_sgf

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def positions(games: int, moves: list[int]) -> list[tuple[Board, tuple[int, int]]]:
    """The positions and the 9-dan's move in each."""
    out = []
    with lzma.open(DATA, "rt", encoding="utf-8") as f:
        for line in itertools.islice(f, games):
            rec = parse_sgf(line)
            for k in moves:
                if len(rec.moves) <= k or rec.moves[k].point is None:
                    continue
                b = Board(rec.size)
                for m in rec.moves[:k]:
                    b.play(m.color, m.point)
                point = rec.moves[k].point
                assert point is not None
                out.append((b, point))
    return out


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    name, _, opts = text.partition("=")
    options = dict(kv.split("=", 1) for kv in opts.split(",") if kv)
    return name, options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="NAME=OPTIONS (igo mcts options)")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--moves", default="40,80,120")
    ap.add_argument("--komi", type=float, default=6.5)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    variants = dict(parse_variant(v) for v in args.variants)
    pos = positions(args.games, [int(x) for x in args.moves.split(",")])
    hits = {n: [0, 0] for n in variants}
    t0 = time.time()
    for i, (board, target) in enumerate(pos):
        for name, opts in variants.items():
            r = Search(board, args.komi, STRONG.with_options(**opts), seed=i).run(
                playouts=args.playouts)
            best = r.best
            hits[name][0] += int(best is not None and best.move == target)
            hits[name][1] += int(max(r.moves, key=lambda m: m.prior).move == target)
        print(f"{i + 1}/{len(pos)} {time.time() - t0:.0f} s "
              + " ".join(f"{n} {h[0]}" for n, h in hits.items()), file=sys.stderr, flush=True)
    n = len(pos)
    rows = {}
    print(f"{n} positions, {args.playouts} playouts")
    print(f"{'variant':<16} {'search':>7} {'95 %':>15} {'prior':>7}")
    for name, (k, kp) in hits.items():
        lo, hi = wilson_interval(k, n)
        rows[name] = {"options": variants[name], "positions": n, "search": k / n,
                      "search_ci": [lo, hi], "prior": kp / n}
        print(f"{name:<16} {k / n:7.3f} [{lo:.3f}, {hi:.3f}] {kp / n:7.3f}")
    if args.json:
        args.json.write_text(json.dumps({"playouts": args.playouts, "games": args.games,
                                         "moves": args.moves, "variants": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
