"""The review's score graph on 19x19: does it zigzag with the side to move?

    python experiments/value_net/score_graph.py --games 40

For every position ``k`` of the first ``--games`` games of ``tygem9d/test.sgfs.xz``, the
net (igo's default) judges the position itself (``own``: the player to move is the
mover) and the position after the policy's top move (``best``: the opponent to move;
the next position where the top move is the move played), as the review's judge does
with the search's best move. Black's score at the game's komi, three graphs:

- ``best``: the score of the best line, the review's graph up to ``b0ee6a1``;
- ``own``: the score of the position itself;
- ``mean``: their mean, one judgement with each player to move.

A head that favours the side to move by ``d`` points puts ``+d`` on Black's positions of
``own`` and ``-d`` on ``best`` (the opponent moves there), and the graph of ``best`` or
``own`` steps by ``2d`` the other way at every move: the alternating part of a graph is
half the mean of ``(-1)^k × (score[k+1] - score[k])``. ``mean`` has one of each and no
such part. For each graph: the median and mean absolute step from one position to the
next, the alternating part, and (games that ended by counting) the mean absolute error
against the final margin at moves 50, 100, 150 and 200. Writes
``results/score_graph.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from ninedan_loss import top_move_judgements  # noqa: E402  (the sibling script's judge)

from igo.core.color import Color  # noqa: E402
from igo.nets.policy import NetPolicy, default_net_path  # noqa: E402
from igo.sgf.corpus import iter_records  # noqa: E402

DATA = HERE.parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
GRAPHS = ("best", "own", "mean")
MOVES = (50, 100, 150, 200)


def game_graphs(net: NetPolicy, rec: Any) -> dict[str, np.ndarray]:
    """Black's score of every position but the last, in each graph."""
    pos, js, best_of = top_move_judgements(net, rec)
    komi = rec.komi
    own = np.array([js[i].score_at(komi) for i in range(len(js) - 1)])
    best = np.array([(best_of[i] if i in best_of else js[i + 1]).score_at(komi)
                     for i in range(len(js) - 1)])
    return {"best": best, "own": own, "mean": 0.5 * (own + best),
            "black_first": np.array([pos[0][1].color == Color.BLACK])}


def _summary(steps: list[np.ndarray], alts: list[float],
             errors: dict[int, list[float]]) -> dict[str, Any]:
    s = np.abs(np.concatenate(steps))
    out = {"median_abs_step": float(np.median(s)), "mean_abs_step": float(np.mean(s)),
           "p90_abs_step": float(np.quantile(s, 0.9)),
           "alternating_part": float(np.mean(alts)),
           "alternating_part_sd_of_games": float(np.std(alts))}
    for m, e in errors.items():
        if e:
            out[f"mae_at_{m}"] = float(np.mean(e))
            out[f"n_at_{m}"] = len(e)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--net", type=Path, default=default_net_path())
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "score_graph.json")
    args = ap.parse_args(argv)
    net = NetPolicy(args.net, threads=1)
    steps: dict[str, list[np.ndarray]] = {g: [] for g in GRAPHS}
    alts: dict[str, list[float]] = {g: [] for g in GRAPHS}
    errors: dict[str, dict[int, list[float]]] = {g: {m: [] for m in MOVES} for g in GRAPHS}
    counted = 0
    for gi, rec in enumerate(iter_records(DATA, progress=False, limit=args.games)):
        graphs = game_graphs(net, rec)
        sign0 = 1.0 if bool(graphs["black_first"][0]) else -1.0
        margin = rec.result.margin if rec.result is not None else None
        winner = rec.result.winner if rec.result is not None else None
        final = None
        if margin is not None and winner is not None:
            final = margin if winner == Color.BLACK else -margin
            counted += 1
        for g in GRAPHS:
            y = graphs[g]
            d = np.diff(y)
            steps[g].append(d)
            # (-1)^k with k = 0 at a Black move: Black's move first in the sign
            alt = sign0 * np.where(np.arange(len(d)) % 2 == 0, 1.0, -1.0)
            alts[g].append(float(0.5 * np.mean(alt * d)))
            if final is not None:
                for m in MOVES:
                    if m < len(y):
                        errors[g][m].append(abs(float(y[m]) - final))
        print(f"game {gi}: {len(graphs['own'])} positions", file=sys.stderr)
    out: dict[str, Any] = {"net": args.net.name, "games": args.games,
                           "counted_games": counted,
                           "command": "python experiments/value_net/score_graph.py "
                                      f"--games {args.games}"}
    for g in GRAPHS:
        out[g] = _summary(steps[g], alts[g], errors[g])
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
