"""``igo evolve run CONFIG`` / ``igo evolve status DB``: Sato & Takahashi's evolution loop.

``run`` reads a TOML configuration (:mod:`igo.evolve.config`), extracts the fixed
training subset once, then trains and rates individuals (:mod:`igo.evolve.loop`). Every
game, rating, weight vector and model path goes to ``OUT/evolve.sqlite``; rerunning the
same command resumes after a kill (SIGKILL included) with no game lost or played twice.
Training and games run in a pool of ``--workers`` local processes (default: one per core;
no server, no network), one after another with ``--workers 1``, on a Ray started here on
127.0.0.1 with ``--ray``, or on the nodes of a Ray cluster with ``--address HOST:PORT``
(the nodes must see ``OUT`` at the same path, e.g. over NFS). A line of progress a round
(step, games, best Elo, games per second) goes to stderr.

While a timed run claims the machine (``igo timed``, a timed ``igo match``, ``igo bench``:
:mod:`igo.arena.yielding`), the local workers are stopped and the loop waits; it goes on by
itself when the claim ends (``--no-yield``: never pause).

``status`` prints where a run stands (running or finished); ``--json`` prints the
document of :func:`igo.evolve.status.run_status` (schema 1).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> None:
    """Register ``igo evolve``."""
    p = subparsers.add_parser(
        "evolve", help="learn the importance of training records by evolution (Sato & Takahashi)",
        description="Learn weights of training records with PBILc: individuals are move "
                    "models trained with weighted records, rated by Elo from games between "
                    "them (Sato & Takahashi).")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    r = sub.add_parser("run", help="run or resume the loop of a configuration file",
                       description="Run (or resume) the evolution loop of CONFIG (TOML).")
    r.add_argument("config", type=Path, metavar="CONFIG", help="TOML configuration file")
    r.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="the run's folder instead of the file's 'out' (a run moved or "
                        "copied elsewhere resumes from there)")
    r.add_argument("--steps", type=int, default=None,
                   help="run until this many steps are done (default: the file's steps)")
    r.add_argument("--workers", type=int, default=None,
                   help="tasks at once (default: number of cores) in local worker "
                        "processes (no network); 1 = in this process")
    where = r.add_mutually_exclusive_group()
    where.add_argument("--ray", action="store_true",
                       help="run on a Ray started here (127.0.0.1 only, --workers CPUs)")
    where.add_argument("--address", default=None, metavar="HOST:PORT",
                       help="run on the Ray cluster at HOST:PORT (uses the network)")
    r.add_argument("--no-yield", action="store_true",
                   help="do not pause while a timed run claims the machine (by default "
                        "the local workers stop while one runs: igo timed, a timed igo "
                        "match, igo bench)")
    r.add_argument("--quiet", action="store_true", help="no progress lines")
    r.set_defaults(func=run)
    s = sub.add_parser("status", help="where a run stands",
                       description="Print where the run of DB (evolve.sqlite, or its "
                                   "folder) stands.")
    s.add_argument("db", type=Path, metavar="DB", help="OUT/evolve.sqlite or OUT")
    s.add_argument("--json", action="store_true", help="print the status as JSON")
    s.set_defaults(func=status)


def run(args: argparse.Namespace) -> int:
    """``igo evolve run``."""
    from dataclasses import replace

    from igo.arena.executor import ExecutorConfig
    from igo.evolve.config import load_config
    from igo.evolve.loop import run_evolution

    config = load_config(args.config)
    if args.out is not None:
        config = replace(config, out=args.out.resolve())
    if args.steps is not None:
        if args.steps < 0:
            raise ValueError(f"--steps must be >= 0, got {args.steps}")
        config = replace(config, steps=args.steps)
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    executor = ExecutorConfig(workers=None if args.address else args.workers, ray=args.ray,
                              address=args.address)

    def say(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", file=sys.stderr, flush=True)

    with _yielding(not (args.no_yield or args.address), say):
        report = run_evolution(config, executor, None if args.quiet else say)
    print(f"{report.steps_done} steps done, {report.individuals} individuals; this run: "
          f"{report.games_played} games, {report.failed_attempts} failed attempts, "
          f"{report.seconds:.0f} s")
    return 0


@contextmanager
def _yielding(enabled: bool, say: Callable[[str], None]) -> Iterator[None]:
    """Run the loop yielding to timed runs (:func:`igo.cli.timed.yielding_to_timed_runs`)
    if ``enabled``."""
    if not enabled:
        yield
        return
    from igo.cli.timed import yielding_to_timed_runs

    with yielding_to_timed_runs(say):
        yield


def status(args: argparse.Namespace) -> int:
    """``igo evolve status``."""
    from igo.evolve.status import format_status, run_status

    doc = run_status(args.db)
    print(json.dumps(doc, indent=1) if args.json else format_status(doc))
    return 0
