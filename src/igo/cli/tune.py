"""``igo tune``: tune options of an igo engine by SPSA over games (:mod:`igo.arena.spsa`).

Each step plays a short match between the engine with its parameters perturbed up and
down (alternating colours), moves the parameters towards the winner and writes
``OUT/spsa.json``; the games go to ``OUT/results.sqlite`` (one match a step, SGF files
in ``OUT/step-K``). Rerunning the same command resumes the run after a kill, the
unfinished step's games included; other settings for the same ``OUT`` are refused.
``--yield`` pauses the games while a timed run claims the machine (as ``igo match
--yield``). A line a step goes to stderr; the end prints the parameters as a spec.

Example::

    igo tune "igo:mcts:playouts=2000,policy=moggy" p_atari=1.0:0:1:0.2 \\
        p_nakade=0.8:0:1:0.2 ladder_budget=200:0:400:60:int --steps 300 --games 8 \\
        --size 9 --komi 7 --out runs/tune-moggy --yield
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> None:
    """Register ``igo tune``."""
    p = subparsers.add_parser(
        "tune", help="tune engine options by SPSA over games (resumable)",
        description="Tune options of an igo engine by SPSA: each step a short match "
                    "between the options perturbed up and down, the options moved "
                    "towards the winner. Rerun the same command to resume.")
    p.add_argument("base", metavar="ENGINE", help="igo engine spec with the fixed options, "
                   "e.g. igo:mcts:playouts=2000")
    p.add_argument("params", nargs="+", metavar="NAME=START:LOW:HIGH:STEP[:int]",
                   help="a tuned option: start value, bounds, perturbation size")
    p.add_argument("--steps", type=int, default=200, help="SPSA steps (default 200)")
    p.add_argument("--games", type=int, default=8, help="games a step, even (default 8)")
    p.add_argument("--gain", type=float, default=1.0,
                   help="SPSA gain a: a step won by every game moves each option by "
                        "about a times its perturbation at the start (default 1)")
    p.add_argument("--size", type=int, default=9, help="board size (default 9)")
    p.add_argument("--komi", type=float, default=7.0, help="komi (default 7)")
    p.add_argument("--seed", type=int, default=0, help="seed of the signs and the games")
    p.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="the run's folder (state, games, SGF files)")
    p.add_argument("--workers", type=int, default=None,
                   help="games at once (default: one per core)")
    p.add_argument("--yield", dest="yield_", action="store_true",
                   help="pause while a timed run claims the machine")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``igo tune``."""
    from igo.arena.config import MatchConfig
    from igo.arena.executor import ExecutorConfig
    from igo.arena.executors import open_executor
    from igo.arena.runner import run_match
    from igo.arena.spsa import SpsaConfig, SpsaParam, load_state, save_state
    from igo.arena.stats import summarize
    from igo.arena.store import MatchStore
    from igo.cli.match import _check_players, _yielding

    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    config = SpsaConfig(tuple(SpsaParam.parse(t) for t in args.params), args.base.strip(),
                        steps=args.steps, games=args.games, a=args.gain, seed=args.seed)
    _check_players(config.spec([p.start for p in config.params]))
    args.out.mkdir(parents=True, exist_ok=True)
    state_file = args.out / "spsa.json"
    state = load_state(state_file, config)
    with _yielding(args.yield_), MatchStore(args.out / "results.sqlite") as store, \
            open_executor(ExecutorConfig(workers=args.workers)) as ex:
        while state.k < config.steps:
            plus, minus = config.pair(state.theta, state.k)
            match = MatchConfig(black=plus, white=minus, name=f"spsa-{state.k:05d}",
                                games=config.games, size=args.size, komi=args.komi,
                                seed=args.seed * 1_000_003 + state.k,
                                out_dir=args.out / f"step-{state.k:05d}")
            start = time.monotonic()
            report = run_match(match, store, executor=ex, progress=not args.quiet)
            rows = store.games(report.match_id, limit=match.games)
            if len(rows) < match.games:
                print(f"igo tune: step {state.k}: {match.games - len(rows)} games failed; "
                      f"rerun to retry them", file=sys.stderr)
                return 1
            stats = summarize(rows, plus, minus)
            score = (stats.first_wins + stats.draws / 2) / stats.games
            state.record(config, score, stats.games)
            save_state(state_file, config, state)
            values = ", ".join(f"{k}={v if isinstance(v, int) else f'{v:.4g}'}"
                               for k, v in state.values(config).items())
            print(f"{time.strftime('%H:%M:%S')} step {state.k}/{config.steps}: score "
                  f"{score:.3f} in {time.monotonic() - start:.0f} s; {values}",
                  file=sys.stderr, flush=True)
    print(config.spec(state.theta))
    return 0
