"""Points lost a move by 9-dan players, as the net alone judges them.

    python experiments/value_net/ninedan_loss.py --net src/igo/models/policy-19.pt --games 20

For each move of the first ``--games`` games of ``tygem9d/test.sgfs.xz``: the loss is the
net's score (the mover's view, komi 6.5) after the policy's top move less its score after
the move played (0 when they are the same move): the review's judge with the policy's
choice in place of a search's. Both scores are of positions with the same player to
move, so a bias for the side to move cancels. Writes ``results/ninedan_loss.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.replay import replay_positions
from igo.nets.encode import Encoded, encode_board, encode_positions
from igo.nets.judgement import Judgement
from igo.nets.policy import NetPolicy
from igo.sgf.corpus import iter_records

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
KOMI = 6.5


def judge_all(net: NetPolicy, enc: list[Encoded]) -> list[Judgement]:
    out: list[Judgement] = []
    for a in range(0, len(enc), 64):
        out += net.judge_encoded(enc[a:a + 64])
    return out


def top_move_judgements(net: NetPolicy, rec: Any) -> tuple[list[Any], list[Judgement],
                                                              dict[int, Judgement]]:
    """The positions of ``rec`` (board, move played), the net's judgement of each, and
    of the position after the policy's top move where that is not the move played (by
    position index): the review's judge with the policy's choice for the search's."""
    game = replay_positions(rec)
    pos = list(game.positions())
    js = judge_all(net, encode_positions(game))
    kids, where = [], []
    for i in range(len(js) - 1):
        board, mv = pos[i]
        top = int(np.argmax(js[i].policy))
        if mv.point is not None and top == mv.point.flat(board.size):
            continue
        b = board.copy()
        b.play(mv.color, None if top == board.size ** 2 else Point.from_flat(top, board.size))
        kids.append(encode_board(b, b.to_play))
        where.append(i)
    best = dict(zip(where, judge_all(net, kids), strict=True)) if kids else {}
    return pos, js, best


def game_losses(net: NetPolicy, rec: Any) -> list[float]:
    """The loss of every move of ``rec`` but the last (see the module docstring)."""
    pos, js, best = top_move_judgements(net, rec)
    losses = []
    for i in range(len(js) - 1):
        sign = 1.0 if pos[i][1].color == Color.BLACK else -1.0
        after = sign * js[i + 1].score_at(KOMI)
        losses.append(0.0 if i not in best else sign * best[i].score_at(KOMI) - after)
    return losses


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--net", type=Path, required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "ninedan_loss.json")
    args = ap.parse_args(argv)
    net = NetPolicy(args.net)
    losses: list[float] = []
    per_game: list[float] = []
    for gi, rec in enumerate(iter_records(DATA, progress=False, limit=args.games)):
        g = game_losses(net, rec)
        losses += g
        per_game.append(float(np.mean(np.maximum(g, 0))))
        print(f"game {gi}: {len(g)} moves, mean loss {per_game[-1]:.2f}", file=sys.stderr)
    arr = np.array(losses)
    out = {"net": str(args.net), "heads_step": net.meta.get("heads", {}).get("step"),
           "games": args.games, "moves": len(arr), "median_loss": float(np.median(arr)),
           "mean_loss_clipped": float(np.mean(np.maximum(arr, 0))),
           "share_same_as_policy_top": float(np.mean(arr == 0)),
           "share_over_2": float(np.mean(arr > 2)), "share_over_5": float(np.mean(arr > 5)),
           "per_game_mean_clipped_median": float(np.median(per_game))}
    args.out.write_text(json.dumps(out, indent=1))
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
