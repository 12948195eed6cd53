"""``igo tsumego PROBLEMS``: solve life-and-death problems with the MCTS search.

Each problem is framed (:mod:`igo.tsumego.frame`: the rest of the 19x19 board
filled with living walls and areas of both colours and a komi so that the problem's
life or death decides the game) and searched ``--runs`` times from scratch with
``--playouts`` playouts; a run is correct when the first move is one of ``SOL``.

``--json`` prints one line (stable schema, :mod:`igo.tsumego.score`)::

    {"problems": n, "solved": k, "rate": x, "runs": R, "attempts": n R, "correct": c,
     "attempt_rate": y, "unframed": u, "bad_lines": b, "preset": "strong",
     "policy": "moggy", "tabu": L, "playouts": N, "seed": S,
     "by_collection": {name: {"problems", "solved", "rate", "attempts", "correct",
                              "attempt_rate"}}}

The strong preset's playouts are the tactical ``moggy`` policy here (``--policy``),
where a game's default is ``heavy``: on Cho Chikun's 900 elementary problems at 5,000
playouts it solves 90.3 % against heavy's 85.8 % (and 86.7 % at 10,000 playouts, which
take longer; ``experiments/tabu_mcts/LOG.md``, "life and death with tactical
playouts").

Bad lines of the file are skipped and counted in ``bad_lines`` (each reported on
stderr); ``--strict`` stops at the first one with exit code 1 instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    """Register ``igo tsumego``."""
    p = sub.add_parser("tsumego", help="solve life-and-death problems (JSON lines)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("problems", metavar="PROBLEMS", help="problems.jsonl or .jsonl.xz")
    p.add_argument("--limit", type=_count(0), default=None, metavar="N", help="first N problems")
    p.add_argument("--collection", default=None, metavar="SUBSTR",
                   help="only problems whose collection contains SUBSTR (any case)")
    p.add_argument("--playouts", type=_count(1), default=5000, metavar="N",
                   help="playouts per search (default 5000: 90.3 %% of Cho Chikun's "
                        "elementary problems with the moggy playouts, 85.8 %% with heavy's; "
                        "about 0.3 s a problem)")
    p.add_argument("--preset", choices=("paper", "strong"), default="strong",
                   help="search preset (default strong)")
    p.add_argument("--policy", choices=("light", "heavy", "moggy"), default=None,
                   help="playout policy (default: moggy, the tactical one, with the "
                        "strong preset; the paper preset's own, light, with paper)")
    p.add_argument("--tabu", type=_count(0), default=None, metavar="L",
                   help="tabu list length (Ohta & Itoh; default: the preset's, none)")
    p.add_argument("--runs", type=_count(1), default=1, metavar="R",
                   help="searches per problem, each with its own seed (default 1)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="base seed (default 0)")
    p.add_argument("--strict", action="store_true", help="stop at the first bad line")
    p.add_argument("--show-frame", action="store_true",
                   help="print each framed board on stderr")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON line")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=run)


#: The strong preset's playout policy in life and death (measured: see the module).
TSUMEGO_POLICY = "moggy"


def _count(low: int) -> Any:
    """An argparse type: an integer >= ``low`` (else a usage error, exit 2)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def run(args: argparse.Namespace) -> int:
    """Load, solve, print the summary."""
    from tqdm import tqdm

    from igo.search import preset
    from igo.tsumego.problems import ProblemError, load_problems
    from igo.tsumego.score import summarize
    from igo.tsumego.solve import Solver

    errors: list[ProblemError] | None = None if args.strict else []
    problems = load_problems(args.problems, limit=args.limit, collection=args.collection,
                             errors=errors)
    for err in errors or []:
        print(f"igo tsumego: skipped: {err}", file=sys.stderr)
    config = preset(args.preset)
    policy = args.policy or (TSUMEGO_POLICY if args.preset == "strong" else config.playouts.policy)
    config = config.with_options(policy=policy)
    if args.tabu is not None:
        config = config.with_options(tabu=args.tabu)
    solver = Solver(config, args.playouts, seed=args.seed)
    attempts = []
    bar = tqdm(total=len(problems) * args.runs, file=sys.stderr, unit=" runs",
               disable=args.no_progress, mininterval=0.5)
    for problem in problems:
        if args.show_frame:
            _show(solver, problem)
        for r in range(args.runs):
            attempts.append(solver.attempt(problem, r))
            bar.update(1)
    bar.close()
    summary = summarize(problems, attempts)
    summary.update(bad_lines=len(errors or []), preset=args.preset, policy=config.playouts.policy,
                   tabu=config.playouts.tabu,
                   playouts=args.playouts, seed=args.seed)
    if args.json:
        print(json.dumps(summary))
    else:
        print(_table(summary))
    return 0


def _show(solver: Any, problem: Any) -> None:
    from igo.tsumego.frame import FrameError

    try:
        frame = solver.frame(problem)
    except FrameError as exc:
        print(f"{problem.source}: {exc}", file=sys.stderr)
        return
    print(f"{problem.source}: {problem.to_play.name.lower()} to play, attacker "
          f"{frame.attacker.name.lower()}, komi {frame.komi}\n{frame.diagram()}",
          file=sys.stderr)


def _table(s: dict[str, Any]) -> str:
    lines = [f"solved {s['solved']}/{s['problems']} = {s['rate']:.1%} "
             f"(runs {s['runs']}, correct runs {s['correct']}/{s['attempts']} = "
             f"{s['attempt_rate']:.1%}; preset {s['preset']}, policy {s['policy']}, "
             f"tabu {s['tabu']}, "
             f"{s['playouts']} playouts)"]
    for name, c in s["by_collection"].items():
        lines.append(f"  {c['solved']:>5}/{c['problems']:<5} {c['rate']:6.1%}  {name}")
    return "\n".join(lines)
