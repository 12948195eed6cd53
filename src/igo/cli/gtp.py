"""``igo gtp --engine NAME``: speak GTP v2 on stdin/stdout (logs go to stderr only).

``NAME`` is one of igo's engines as the player registry
(:data:`igo.players.registry.IGO_ENGINES`) names them, optionally with options
(``--engine random``, later ``--engine mcts:playouts=1000``); every engine the registry
learns is available here without changing this module. Example with GNU Go's
``twogtp``-style controllers::

    gogui-twogtp -black "igo gtp --engine random" -white "gnugo --mode gtp"
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
from typing import Any


def add_parser(subparsers: Any) -> None:
    """Register ``igo gtp``."""
    from igo.players.registry import IGO_ENGINES

    names = ", ".join(sorted(IGO_ENGINES))
    p = subparsers.add_parser(
        "gtp", help="run an igo engine as a GTP engine on stdin/stdout",
        description="Speak GTP v2 on stdin/stdout (logs go to stderr only).")
    p.add_argument("--engine", default="mcts", metavar="NAME[:k=v,...]",
                   help=f"engine from the player registry ({names}; default mcts)")
    p.add_argument("--preset", default=None, help="mcts: search preset, paper or strong "
                   "(default strong)")
    p.add_argument("--tabu", type=int, default=None, metavar="L",
                   help="mcts: tabu lists of length L in the playouts (Ohta & Itoh)")
    limit = p.add_mutually_exclusive_group()
    limit.add_argument("--playouts", type=int, default=None, metavar="N",
                       help="mcts: playouts per move")
    limit.add_argument("--time", type=float, default=None, metavar="S",
                       help="mcts: seconds per move (default 1; a GTP clock overrides it)")
    p.add_argument("--threads", type=int, default=None, metavar="K",
                   help="mcts: search threads, all searching one tree (default: one per "
                   "core this process may use)")
    p.add_argument("--max-tree-mb", type=int, default=None, metavar="MB",
                   help="mcts: memory of the search tree in MB (default: the smaller of "
                   "a quarter of the machine's memory and 2048); a full tree is "
                   "reclaimed (its most visited part kept) and the search goes on")
    p.add_argument("--net", default=None, metavar="PATH|default",
                   help="mcts: the policy network's priors at the root (and at nodes "
                   "of net_visits visits), computed beside the search; '' turns it off "
                   "(default: igo's net at the root from 9x9 up, with Pachi's form of the "
                   "prior, also a default there; on 9x9 and 13x13 '' turns both off; "
                   "why: docs/engine-defaults.md; --show-config prints them)")
    p.add_argument("--ponder", action="store_true",
                   help="mcts: think on the opponent's time, on the tree the next move "
                   "reuses (stops at once on any command; leave it off when the "
                   "opponent runs on the same machine)")
    p.add_argument("--ponder-time", type=float, default=None, metavar="S",
                   help="mcts: the longest a ponder runs when no command comes (default "
                   "600)")
    p.add_argument("--size", type=int, default=None,
                   help="initial board size (default 19; with --show-config, the one size "
                   "shown)")
    p.add_argument("--show-config", action="store_true",
                   help="print the engine these flags give on each board size (9, 13 and "
                   "19, or --size): every search option, its group and what set it (an "
                   "option, the preset or a board-size default), then exit")
    p.add_argument("--komi", type=float, default=7.5, help="initial komi (default 7.5)")
    p.add_argument("--rules", default="igo",
                   help="rule set name: igo, chinese, japanese, tromp-taylor... (default igo)")
    p.add_argument("--seed", type=int, default=None,
                   help="random seed for moves and scoring (default: unseeded; the same "
                   "moves again with --playouts and --threads 1)")
    p.add_argument("--scoring-playouts", type=int, default=None,
                   help="light playouts per dead-stone estimate (default 200)")
    p.add_argument("--verbose", action="store_true",
                   help="log every command and response on stderr")
    p.set_defaults(func=run)


def usable_cores() -> int:
    """Cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def engine_spec(args: argparse.Namespace) -> str:
    """``--engine`` with the mcts flags added as options (``mcts:preset=paper,tabu=5``).

    The mcts engine searches with one thread per usable core unless ``--threads`` or
    the engine's own options say otherwise: a GTP engine usually has the machine to
    itself (``igo match`` plays games in parallel, one thread each, instead).

    Raises
    ------
    ValueError
        If an mcts flag is given for another engine.
    """
    flags = {"preset": args.preset, "tabu": args.tabu, "playouts": args.playouts,
             "time": args.time, "threads": args.threads, "max_tree_mb": args.max_tree_mb,
             "ponder": 1 if getattr(args, "ponder", False) else None,
             "ponder_time": args.ponder_time, "net": getattr(args, "net", None)}
    given = {k: v for k, v in flags.items() if v is not None}
    name, _, opts = str(args.engine).partition(":")
    if given and name != "mcts":
        raise ValueError(f"--{', --'.join(given)} only apply to the mcts engine, not {name!r}")
    named = {o.partition("=")[0].strip() for o in opts.split(",")}
    if name == "mcts" and "threads" not in given and "threads" not in named:
        given["threads"] = usable_cores()
    if not given:
        return str(args.engine)
    extra = ",".join(f"{k}={v}" for k, v in given.items())
    return f"{name}:{opts},{extra}" if opts else f"{name}:{extra}"


def show_config(args: argparse.Namespace) -> str:
    """The search options of the engine ``args`` give, on each board size
    (``--show-config``): a table a size (:func:`igo.search.explain.show`).

    Raises
    ------
    ValueError
        If the engine is not mcts, or an option is unknown or bad.
    """
    from igo.players.registry import MCTS_PLAYER_OPTIONS, mcts_search_config, parse_options
    from igo.search.explain import show

    spec = engine_spec(args)
    name, _, text = spec.partition(":")
    if name != "mcts":
        raise ValueError(f"--show-config shows the search of the mcts engine; {name!r} "
                         "has none")
    options = parse_options(text)
    config = mcts_search_config(options)
    preset = options.get("preset", "strong")
    if "playouts" in options:
        limit = f"{options['playouts']} playouts a move"
    else:
        limit = f"{options.get('time', '1')} s a move (a GTP clock overrides it)"
    ponder = "on" if options.get("ponder", "0") in ("1", "true", "yes") else "off"
    searched = [k for k in options if k not in MCTS_PLAYER_OPTIONS]
    blocks = []
    for size in [args.size] if args.size is not None else [9, 13, 19]:
        blocks.append(f"igo gtp --engine {spec} on {size}x{size}: preset {preset}, "
                      f"{limit}, ponder {ponder}\n"
                      + show(config, size, searched, preset))
    return "\n\n".join(blocks)


def run(args: argparse.Namespace) -> int:
    """Build the engine and serve stdin until ``quit`` or end of input (or, with
    ``--show-config``, print the engine's search options and exit)."""
    if args.show_config:
        print(show_config(args))
        return 0
    size = args.size if args.size is not None else 19
    import numpy as np

    from igo.core.rules import Ruleset
    from igo.core.scoring import DEFAULT_PLAYOUTS
    from igo.engine.engine import GtpEngine
    from igo.players.base import EnginePlayer
    from igo.players.registry import make_player

    logging.basicConfig(stream=sys.stderr, level=logging.DEBUG if args.verbose else
                        logging.WARNING, format="igo gtp: %(levelname)s: %(message)s")
    if not args.verbose:  # the tree's reclaims, the ponders and the net's engine are said
        for name in ("igo.search.search", "igo.players.mcts", "igo.nets.policy"):
            logging.getLogger(name).setLevel(logging.INFO)
    # independent streams: scoring playouts do not change the moves that follow
    move_seed, engine_seed = np.random.SeedSequence(args.seed).spawn(2)
    player = make_player(f"igo:{engine_spec(args)}", np.random.default_rng(move_seed))
    if not isinstance(player, EnginePlayer):
        raise ValueError(f"engine {args.engine!r} has no move generator to serve over GTP")
    playouts = args.scoring_playouts if args.scoring_playouts is not None else DEFAULT_PLAYOUTS
    if playouts < 2:
        raise ValueError(f"--scoring-playouts must be at least 2, got {playouts}")
    engine = GtpEngine(player.generator, size=size, komi=args.komi,
                       rules=Ruleset.named(args.rules), rng=np.random.default_rng(engine_seed),
                       scoring_playouts=playouts)
    warm_up = getattr(player.generator, "warm_up", None)
    if callable(warm_up):  # kernels and model load while the controller sets the game up
        warm_up(size, args.komi)
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
    logging.getLogger("igo.engine").info("engine %s %s ready", engine.name, engine.version)
    try:
        engine.run(stdin, stdout)
    finally:  # flush, and leave sys.stdin/sys.stdout usable
        stdout.detach()
        stdin.detach()
    return 0
