"""``igo bench``: speed measurements (playouts per second on one core).

A benchmark claims the machine while it runs (:mod:`igo.arena.yielding`): background jobs
such as ``igo evolve run`` stop their workers until it ends.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
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
    q.set_defaults(func=_claiming(run))
    r = what.add_parser("search", help="playouts per second inside the MCTS search")
    r.add_argument("--size", type=int, default=9, help="board size (default 9)")
    r.add_argument("--seconds", type=float, default=5.0, help="how long to measure")
    r.add_argument("--preset", default="strong", help="search preset (paper or strong)")
    r.add_argument("--policy", choices=("light", "heavy"), default=None,
                   help="playout policy (default: the preset's)")
    r.add_argument("--threads", type=int, default=1, help="search threads (default 1)")
    r.add_argument("--parallel", choices=("tree", "root"), default="tree",
                   help="threads share one tree (default) or have a tree each")
    r.add_argument("--tabu", type=int, default=None, help="tabu list length")
    r.add_argument("--komi", type=float, default=7.0)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--json", action="store_true", help='print {"size", "preset", '
                   '"playouts", "playouts_per_s", "threads", ...}')
    r.set_defaults(func=_claiming(run_search))


def _claiming(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``func`` with the machine claimed while it runs (:mod:`igo.arena.yielding`):
    background jobs pause, so that they do not bend the figure."""
    def claimed(args: argparse.Namespace) -> int:
        from igo.arena.yielding import claim
        from igo.cli.timed import claims_folder

        with claim(claims_folder(), f"igo bench {args.what}"):
            return func(args)

    return claimed


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


def run_search(args: argparse.Namespace) -> int:
    """``igo bench search``: playouts per second inside the search."""
    from igo.bench.playouts import PACHI_HEAVY, PACHI_LIGHT
    from igo.bench.search import bench_search
    from igo.search.config import preset

    check_size(args.size)
    if args.seconds <= 0:
        raise ValueError("--seconds must be positive")
    options: dict[str, object] = {"threads": args.threads, "parallel": args.parallel}
    if args.policy is not None:
        options["policy"] = args.policy
    if args.tabu is not None:
        options["tabu"] = args.tabu
    config = preset(args.preset).with_options(**options)
    result = bench_search(args.size, args.seconds, args.preset, config, komi=args.komi,
                          seed=args.seed)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    policy, threads = config.playouts.policy, config.resources.threads
    pachi = (PACHI_HEAVY if policy == "heavy" else PACHI_LIGHT).get(args.size)
    line = (f"{args.size}x{args.size} {args.preset} ({policy} playouts, "
            f"{threads} thread(s), {config.resources.parallel}): "
            f"{result.playouts_per_s:,.0f} playouts/s, "
            f"{result.nodes:,} nodes")
    if pachi:
        line += f"; Pachi {policy}: {pachi:,}/s (igo = {result.playouts_per_s / pachi:.0%})"
    print(line)
    return 0
