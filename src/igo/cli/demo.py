"""``igo demo``: the main job of ``make run`` — what igo does, at a glance.

Plays a short 9x9 game between igo's random player and GNU Go (if installed, else
igo against itself), printing the board after each move, then the result (area
scoring, dead stones by GNU Go when it is there) and the path of the SGF written.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from igo.core.board import Board
from igo.core.move import Move


def add_parser(sub: Any) -> None:
    """Register ``igo demo``."""
    p = sub.add_parser("demo", help="play a short 9x9 game (igo vs GNU Go) and show it")
    p.add_argument("--size", type=int, default=9, help="board size (default 9)")
    p.add_argument("--komi", type=float, default=7.0)
    p.add_argument("--opponent", default="auto",
                   help="player spec for White: auto (GNU Go level 1 if installed, else "
                        "igo:random), or any spec igo match accepts")
    p.add_argument("--seed", type=int, default=None, help="seed of igo's player")
    p.add_argument("--out", type=Path, default=Path("out/demo.sgf"), help="SGF to write")
    p.add_argument("--every", type=int, default=1,
                   help="print the board every N moves (0: only the final board)")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to pause per move")
    p.set_defaults(func=run)


def _opponent(spec: str) -> str:
    from igo.arena.config import default_gnugo

    if spec != "auto":
        return spec
    gnugo = default_gnugo()
    return f"gtp:{gnugo} --mode gtp --level 1" if gnugo else "igo:random"


def run(args: argparse.Namespace) -> int:
    """Play the game and print it."""
    import numpy as np

    from igo.arena.adjudicate import DeadStoneJudge
    from igo.arena.config import default_gnugo
    from igo.arena.referee import GameSettings, Referee
    from igo.core.coords import check_size, format_vertex
    from igo.core.rules import Ruleset
    from igo.players.registry import make_player
    from igo.sgf import to_sgf

    check_size(args.size)
    rng = np.random.default_rng(args.seed)
    white_spec = _opponent(args.opponent)
    gnugo = default_gnugo()
    judge = DeadStoneJudge("gnugo", gnugo) if gnugo else DeadStoneJudge("tromp-taylor")
    settings = GameSettings(size=args.size, komi=args.komi, rules=Ruleset.named("chinese"),
                            move_cap=4 * args.size * args.size)
    print(f"igo demo: {args.size}x{args.size}, komi {args.komi}, "
          f"Black = igo:random, White = {white_spec}", flush=True)

    def show(board: Board, move: Move) -> None:
        n = board.move_number
        if args.every and n % args.every == 0:
            print(f"\nmove {n}: {move.color.name.lower()} "
                  f"{format_vertex(move.point, board.size)}")
            print(board, flush=True)
        if args.delay:
            time.sleep(args.delay)

    with make_player("igo:random", rng) as black, make_player(white_spec, rng) as white:
        outcome = Referee(settings, judge).play(black, white, source="igo demo", on_move=show)
    record = outcome.record
    if not args.every:
        from igo.core.replay import replay

        print(replay(record))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(to_sgf(record) + "\n", encoding="utf-8")
    print(f"\nresult: {outcome.result} ({outcome.end}; {outcome.reason})")
    print(f"{len(record.moves)} moves in {outcome.duration:.1f} s; SGF written to {args.out}")
    sys.stdout.flush()
    return 0
