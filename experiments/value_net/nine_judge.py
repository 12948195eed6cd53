"""Does the 19x19 net's judgement carry to 9x9? The heads against the review's search on
9x9 game records.

    python experiments/value_net/nine_judge.py \
        experiments/tabu_mcts/results/tactics/pachi-1s-numpy.sqlite.xz

The heads learned on 19x19 9-dan games only (``meta["heads"]["sizes"]`` = [19]), and the
review judges 9x9 with the search alone. Positions: after moves 10, 20, 30 and 40 of
every game with a winner in an ``igo match`` database that keeps the games' SGF (komi
from the record). Each is searched as the review searches a 9x9 position (its default
budget, :func:`igo.review.evaluate.default_budget`, its configuration) with seeds 1 and
2; the net judges the position and the position after the seed's best move. For the
winner: log-loss, Brier and accuracy of the search's root win rate, of the net's (the
mean of the position's and the best line's, as the review's), and of the review's mix
(:data:`igo.review.net_judge.NET_WEIGHT`); for the score: the median absolute difference
between the two seeds, of the search's score and of the net's, and how the two scores
go together (correlation, the net's slope on the search's: the heads' points on a board
they did not learn). Writes
``results/nine_judge.json``. ``--net FILE`` judges with another net (heads trained on
9x9 games, for instance) than the default.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import numpy as np

from igo.analysis.position import evaluate_position
from igo.core.replay import replay_positions
from igo.nets.encode import encode_board
from igo.nets.policy import NetPolicy, default_net_path
from igo.review.evaluate import EvalSettings, default_budget
from igo.review.net_judge import NET_WEIGHT
from igo.sgf import parse_sgf

HERE = Path(__file__).resolve().parent
MOVES = (10, 20, 30, 40)


def _logloss(p: np.ndarray, y: np.ndarray) -> dict[str, float]:
    p = np.clip(p, 1e-4, 1 - 1e-4)
    return {"logloss": round(float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), 4),
            "brier": round(float(np.mean((p - y) ** 2)), 4),
            "accuracy": round(float(np.mean((p > 0.5) == (y > 0.5))), 4)}


def _games_sgf(db: Path) -> list[str]:
    """The SGF text of every game of an ``igo match`` database (``.sqlite`` or
    ``.sqlite.xz``)."""
    if db.suffix == ".xz":
        import lzma
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            plain = Path(tmp) / db.stem
            plain.write_bytes(lzma.decompress(db.read_bytes()))
            return _games_sgf(plain)
    con = sqlite3.connect(db)
    try:
        return [sgf for (sgf,) in con.execute(
            "select sgf from games where sgf is not null order by match_id, game_index")]
    finally:
        con.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("databases", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "nine_judge.json")
    ap.add_argument("--net", type=Path, default=None, help="the judging net (default: igo's)")
    args = ap.parse_args(argv)
    net = NetPolicy(args.net or default_net_path(), threads=1)
    budget = default_budget(9)
    config = EvalSettings().config
    rows: list[dict[str, Any]] = []
    games = 0
    for db in args.databases:
        for sgf in _games_sgf(db):
            rec = parse_sgf(sgf)
            if rec.winner is None or rec.size != 9:
                continue
            games += 1
            game = replay_positions(rec)
            for m in MOVES:
                if len(rec.moves) <= m:
                    continue
                board, color = game.boards[m], game.to_play(m)
                row: dict[str, Any] = {"game": games, "move": m,
                                       "y": 1.0 if rec.winner == color else 0.0}
                own = net.judge_encoded([encode_board(board, color)])[0]
                for seed in (1, 2):
                    ev = evaluate_position(board, rec.komi, budget, config=config,
                                           seed=seed, max_moves=1)
                    after = board.copy()
                    if ev.best is not None:
                        after.play(color, ev.best.move)
                    child = net.judge_encoded([encode_board(after, after.to_play)])[0]
                    sign = 1.0 if int(color) == 1 else -1.0
                    row[f"search_win_{seed}"] = ev.winrate
                    row[f"search_score_{seed}"] = ev.score_lead
                    row[f"net_win_{seed}"] = 0.5 * (own.win_for(color) + child.win_for(color))
                    row[f"net_score_{seed}"] = sign * 0.5 * (own.score_at(rec.komi)
                                                             + child.score_at(rec.komi))
                rows.append(row)
            print(f"game {games}: {len(rows)} positions", file=sys.stderr, flush=True)
    y = np.array([r["y"] for r in rows])
    search = np.array([r["search_win_1"] for r in rows])
    netw = np.array([r["net_win_1"] for r in rows])
    mix = NET_WEIGHT * netw + (1 - NET_WEIGHT) * search
    noise = {k: np.abs(np.array([r[f"{k}_score_1"] - r[f"{k}_score_2"] for r in rows]))
             for k in ("search", "net")}
    ss = np.array([r["search_score_1"] for r in rows])
    ns = np.array([r["net_score_1"] for r in rows])
    slope = float(np.polyfit(ss, ns, 1)[0]) if len(rows) > 2 else float("nan")
    out = {"databases": [str(d) for d in args.databases], "games": games,
           "positions": len(rows), "budget": budget.playouts, "net_weight": NET_WEIGHT,
           "winner": {"search": _logloss(search, y), "net": _logloss(netw, y),
                      "mix": _logloss(mix, y)},
           "winner_by_move": {str(m): {"n": int(sum(r["move"] == m for r in rows)),
                                       "search": _logloss(search[[r["move"] == m for r in rows]],
                                                          y[[r["move"] == m for r in rows]]),
                                       "net": _logloss(netw[[r["move"] == m for r in rows]],
                                                       y[[r["move"] == m for r in rows]])}
                              for m in MOVES},
           "score_noise_seeds": {k: {"median": round(float(np.median(v)), 3),
                                     "p90": round(float(np.quantile(v, 0.9)), 3)}
                                 for k, v in noise.items()},
           "score_scale": {"correlation_net_search": round(float(np.corrcoef(ss, ns)[0, 1]), 3),
                           "slope_net_on_search": round(slope, 3),
                           "mean_abs_search": round(float(np.mean(np.abs(ss))), 2),
                           "mean_abs_net": round(float(np.mean(np.abs(ns))), 2)},
           "net": str(args.net or default_net_path()),
           "command": "python experiments/value_net/nine_judge.py "
                      + " ".join(str(d) for d in args.databases)
                      + (f" --net {args.net} --out {args.out}" if args.net else "")}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
