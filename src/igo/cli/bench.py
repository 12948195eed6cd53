"""``igo bench``: speed measurements (playouts per second on one core)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from igo.core.coords import check_size


def add_parser(sub: Any) -> None:
    """Register ``igo bench``."""
    p = sub.add_parser("bench", help="measure speed (light playouts per second, one core)")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    q = what.add_parser("playouts", help="light random playouts from the empty board")
    q.add_argument("--size", type=int, default=9, help="board size (default 9)")
    q.add_argument("--seconds", type=float, default=5.0, help="how long to measure")
    q.add_argument("--komi", type=float, default=7.0)
    q.add_argument("--seed", type=int, default=0)
    q.add_argument("--json", action="store_true", help='print {"size", "playouts", '
                   '"playouts_per_s", ...}')
    q.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print the result."""
    from igo.bench.playouts import PACHI_LIGHT, bench_playouts

    check_size(args.size)
    if args.seconds <= 0:
        raise ValueError("--seconds must be positive")
    result = bench_playouts(args.size, args.seconds, komi=args.komi, seed=args.seed)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    line = (f"{args.size}x{args.size}: {result.playouts} playouts in {result.seconds:.2f} s "
            f"= {result.playouts_per_s:,.0f} playouts/s (one core)")
    if args.size in PACHI_LIGHT:
        ratio = result.playouts_per_s / PACHI_LIGHT[args.size]
        line += f"; Pachi light: {PACHI_LIGHT[args.size]:,}/s, igo = {ratio:.0%} of it"
    print(line)
    return 0
