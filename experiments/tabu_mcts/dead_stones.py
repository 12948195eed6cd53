"""Dead stones at game end: igo's ``final_status_list dead`` against GNU Go's.

    python experiments/tabu_mcts/dead_stones.py WORK/g03/sgf/*.sgf [--playouts 4000]
        [--json experiments/tabu_mcts/results/dead_stones.json]

For every game of an ``igo match`` folder that ended by two passes, the dead stones that
igo's engine would answer to ``final_status_list dead`` (the ``strong`` search of the final
position with each colour to move, ``--playouts`` in all, as ``igo gtp`` does) and GNU Go
3.8's (``loadsgf`` then ``final_status_list dead``, Chinese rules). Prints one line a game
and the number of games where the two lists are equal.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from igo.core.record import GameRecord
from igo.core.replay import replay
from igo.gtp.client import GtpClient
from igo.players.mcts import EndingConfig, MCTSGenerator
from igo.sgf import read_sgf_file


def ended_by_passes(record: GameRecord) -> bool:
    """True when the record's last two moves are passes."""
    moves = record.moves
    return len(moves) >= 2 and moves[-1].is_pass and moves[-2].is_pass


def igo_dead(record: GameRecord, playouts: int, seed: int) -> set[str]:
    """The dead stones igo's engine answers to ``final_status_list dead``."""
    board = replay(record)
    engine = MCTSGenerator(rng=np.random.default_rng(seed),
                           ending=EndingConfig(final_playouts=playouts))
    engine.set_context(record.komi)
    return {p.to_gtp(board.size) for p in engine.dead_stones(board)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sgf", nargs="+", type=Path)
    parser.add_argument("--playouts", type=int, default=EndingConfig().final_playouts)
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None, help="write the games' lists here")
    args = parser.parse_args()
    rows = []
    with GtpClient([args.gnugo, "--mode", "gtp", "--chinese-rules"], timeout=300.0) as gnugo:
        for path in args.sgf:
            record = read_sgf_file(path)
            if not ended_by_passes(record):
                continue
            gnugo.send(f"loadsgf {path.resolve()}")
            theirs = set(gnugo.send("final_status_list dead").split())
            ours = igo_dead(record, args.playouts, args.seed)
            only_gnugo, only_igo = sorted(theirs - ours), sorted(ours - theirs)
            rows.append({"game": path.name, "agree": ours == theirs,
                         "gnugo_only": only_gnugo, "igo_only": only_igo})
            extra = f"  GNU Go only {only_gnugo}, igo only {only_igo}"
            print(f"{path.name}: " + ("agree" if ours == theirs else "DISAGREE" + extra),
                  flush=True)
    agree = sum(bool(r["agree"]) for r in rows)
    print(f"{agree} of {len(rows)} games ended by passes: the same dead stones")
    if args.json:
        args.json.write_text(json.dumps({"games": len(rows), "agree": agree,
                                         "playouts": args.playouts, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
