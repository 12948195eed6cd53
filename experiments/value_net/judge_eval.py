"""The judges of a position measured on held-out 9-dan games: winner prediction and score noise.

    python experiments/value_net/judge_eval.py search --games 200 --noise 100   # the searches
    python experiments/value_net/judge_eval.py report --net runs/value-net/heads/policy-19-heads.pt

Positions: the positions after moves 50, 100, 150 and 200 of the first ``--games`` games
of ``tygem9d/test.sgfs.xz`` that have a winner (players of no training game; komi 6.5).

``search`` runs, for each position, the review's search (its default budget on 19x19,
:func:`igo.review.evaluate.default_budget`, its configuration, one thread) with seed 1;
for the first ``--noise`` positions also with seed 2 and with 200 more playouts (the
issue's "two nearby budgets"). Every search is one line of ``searches.jsonl`` (the root
win rate and score for the player to move, the best move): a killed run resumes.

``report`` adds the net (its value and score of the position, and of the position after
each search's best move) and writes ``judge_eval.json``: for each judge (the net alone;
the search alone, the review before the heads (`46abd6f`); the net with the search: the
net's value of the best line mixed half and half with the search's win rate) the
log-loss, Brier score and accuracy of the winner at each move number (bootstrap 95 %
intervals over games); and
the score noise: the median absolute difference between two evaluations of the same
position (seeds 1 and 2; budgets B and B+200), of the search's score (the playouts' mean)
and of the net's score of the best line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from igo.analysis.position import Budget, evaluate_position
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.replay import replay
from igo.review.evaluate import EvalSettings, default_budget
from igo.sgf.corpus import iter_records

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
MOVES = (50, 100, 150, 200)
KOMI = 6.5
LAM = 0.5


def positions(n_games: int) -> list[dict[str, Any]]:
    """The positions measured: game index, move number, winner, record."""
    out = []
    for gi, rec in enumerate(iter_records(DATA, progress=False, limit=n_games)):
        if rec.winner is None:
            continue
        for m in MOVES:
            if len(rec.moves) > m:
                out.append({"game": gi, "move": m, "winner": int(rec.winner), "rec": rec})
    return out


def run_searches(args: argparse.Namespace) -> int:
    out = args.workdir / "searches.jsonl"
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            d = json.loads(line)
            done.add((d["game"], d["move"], d["seed"], d["playouts"]))
    budget = default_budget(19)
    assert budget.playouts is not None
    config = EvalSettings().config
    todo = []
    for k, p in enumerate(positions(args.games)):
        todo.append((p, 1, budget.playouts))
        if k < args.noise:
            todo += [(p, 2, budget.playouts), (p, 1, budget.playouts + 200)]
    with open(out, "a") as f:
        for i, (p, seed, playouts) in enumerate(todo):
            if (p["game"], p["move"], seed, playouts) in done:
                continue
            board = replay(p["rec"], upto=p["move"])
            ev = evaluate_position(board, KOMI, Budget(playouts=playouts), config=config,
                                   seed=seed, max_moves=1)
            best = ev.best.move if ev.best is not None else None
            f.write(json.dumps({"game": p["game"], "move": p["move"], "seed": seed,
                                "playouts": playouts, "to_play": int(ev.to_play),
                                "winrate": ev.winrate, "score": ev.score_lead,
                                "best": None if best is None else [best.row, best.col]})
                    + "\n")
            f.flush()
            print(f"{i + 1}/{len(todo)}", file=sys.stderr, flush=True)
    return 0


def _metrics(p: np.ndarray, y: np.ndarray, games: np.ndarray, rng: np.random.Generator
             ) -> dict[str, Any]:
    p = np.clip(p, 1e-4, 1 - 1e-4)

    def stats(idx: np.ndarray) -> tuple[float, float, float]:
        pp, yy = p[idx], y[idx]
        return (float(-np.mean(yy * np.log(pp) + (1 - yy) * np.log(1 - pp))),
                float(np.mean((pp - yy) ** 2)), float(np.mean((pp > 0.5) == (yy > 0.5))))

    point = stats(np.arange(len(p)))
    ug = np.unique(games)
    boots = []
    for _ in range(1000):
        pick = rng.choice(ug, len(ug))
        idx = np.concatenate([np.flatnonzero(games == g) for g in pick])
        boots.append(stats(idx))
    b = np.array(boots)
    lo, hi = np.percentile(b, 2.5, axis=0), np.percentile(b, 97.5, axis=0)
    names = ("logloss", "brier", "accuracy")
    return {"n": len(p), **{k: [round(point[i], 4), round(lo[i], 4), round(hi[i], 4)]
                            for i, k in enumerate(names)}}


def choose_lambda(net: np.ndarray, search: np.ndarray) -> dict[str, Any]:
    """The weight of the net's value (best line) against the search's win rate that
    minimises the log-loss on the even games, and its log-loss on the odd games beside
    the search alone's and the net alone's (rows: game, move, p, y)."""
    even = net[:, 0] % 2 == 0

    def logloss(p: np.ndarray, y: np.ndarray) -> float:
        p = np.clip(p, 1e-4, 1 - 1e-4)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    grid = np.round(np.linspace(0, 1, 21), 2)
    tune = [logloss(w * net[even, 2] + (1 - w) * search[even, 2], net[even, 3]) for w in grid]
    best = float(grid[int(np.argmin(tune))])
    odd = ~even
    return {"grid": grid.tolist(), "tuning_logloss": [round(t, 4) for t in tune],
            "chosen_on_even_games": best, "n_even": int(even.sum()), "n_odd": int(odd.sum()),
            "odd_logloss_chosen": logloss(best * net[odd, 2] + (1 - best) * search[odd, 2],
                                          net[odd, 3]),
            "odd_logloss_search": logloss(search[odd, 2], net[odd, 3]),
            "odd_logloss_net_best_line": logloss(net[odd, 2], net[odd, 3])}


def report(args: argparse.Namespace) -> int:
    from igo.nets.encode import encode_board
    from igo.nets.policy import NetPolicy

    net = NetPolicy(args.net)
    rows = [json.loads(line) for line in (args.workdir / "searches.jsonl").read_text().splitlines()]
    recs = {(p["game"], p["move"]): p for p in positions(args.games)}
    judged: dict[tuple[int, int, Any], Any] = {}

    def judge(gi: int, m: int, best: list[int] | None) -> Any:
        key = (gi, m, None if best is None else tuple(best))
        if key not in judged:
            board = replay(recs[(gi, m)]["rec"], upto=m)
            if best is not None:
                board.play(board.to_play, Point(*best))
            judged[key] = net.judge_encoded([encode_board(board, board.to_play)])[0]
        return judged[key]

    base = budget = default_budget(19).playouts or 0
    main = [r for r in rows if r["seed"] == 1 and r["playouts"] == base
            and (r["game"], r["move"]) in recs]
    by: dict[str, list[tuple[int, int, float, float]]] = {"net": [], "search": [], "net+search": []}
    for r in main:
        gi, m = r["game"], r["move"]
        mover = Color(r["to_play"])
        y = 1.0 if recs[(gi, m)]["winner"] == r["to_play"] else 0.0
        root = judge(gi, m, None)
        child = judge(gi, m, r["best"])
        net_best = child.win_for(mover)  # the best line's value, the mover's view
        by["net"].append((gi, m, root.win_for(mover), y))
        by["search"].append((gi, m, r["winrate"], y))
        by["net+search"].append((gi, m, LAM * net_best + (1 - LAM) * r["winrate"], y))
        by.setdefault("_best_line", []).append((gi, m, net_best, y))
        # the mean of the position's own value and its best line's (one with each
        # player to move: the review's score graph takes this mean)
        by.setdefault("_mean", []).append((gi, m, 0.5 * (root.win_for(mover) + net_best), y))
    lam = choose_lambda(np.array(by.pop("_best_line")), np.array(by["search"]))
    lam_mean = choose_lambda(np.array(by.pop("_mean")), np.array(by["search"]))
    rng = np.random.default_rng(1)
    winner: dict[str, Any] = {}
    for name, vals in by.items():
        a = np.array(vals)
        winner[name] = {"all": _metrics(a[:, 2], a[:, 3], a[:, 0], rng)}
        for m in MOVES:
            sel = a[:, 1] == m
            if sel.any():
                winner[name][str(m)] = _metrics(a[sel, 2], a[sel, 3], a[sel, 0], rng)
    # score noise
    index = {(r["game"], r["move"], r["seed"], r["playouts"]): r for r in rows}
    noise: dict[str, Any] = {}
    for label, other in (("seeds 1 and 2", (2, base)), (f"{base} and {base + 200} playouts",
                                                         (1, base + 200))):
        search, new = [], []
        for (gi, m, s, pl), r in index.items():
            if s != 1 or pl != base or (gi, m, *other) not in index:
                continue
            r2 = index[(gi, m, *other)]
            search.append(abs(r["score"] - r2["score"]))
            # the net's score of each search's best line (Black's view)
            new.append(abs(judge(gi, m, r["best"]).score_at(KOMI)
                           - judge(gi, m, r2["best"]).score_at(KOMI)))
        if search:
            noise[label] = {"n": len(search), "search_median": float(np.median(search)),
                            "search_p90": float(np.percentile(search, 90)),
                            "net_median": float(np.median(new)),
                            "net_p90": float(np.percentile(new, 90)),
                            "best_move_same": float(np.mean(np.array(new) == 0))}
    meta = net.meta.get("heads", {})
    out = {"net": str(args.net), "net_step": meta.get("step"), "budget": budget,
           "games": args.games, "winner": winner, "lambda": lam,
           "lambda_mean_of_position_and_best_line": lam_mean, "score_noise": noise}
    (args.workdir / "judge_eval.json").write_text(json.dumps(out, indent=1))
    print(json.dumps(out, indent=1))
    return 0


def table(path: Path) -> str:
    """The markdown tables of a ``judge_eval.json``."""
    d = json.loads(path.read_text())
    lines = [f"Net `{d['net']}` (heads step {d['net_step']}), search budget {d['budget']} "
             "playouts. Log-loss [95 % interval over games], accuracy:", "",
             "| judge | " + " | ".join(["all", *map(str, MOVES)]) + " |",
             "|---|" + "---:|" * (len(MOVES) + 1)]
    for name, v in d["winner"].items():
        cells = []
        for key in ["all", *map(str, MOVES)]:
            x = v.get(key)
            cells.append("" if x is None else f"{x['logloss'][0]:.3f} [{x['logloss'][1]:.3f}, "
                         f"{x['logloss'][2]:.3f}], {x['accuracy'][0]:.2f} (n {x['n']})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lam = d.get("lambda")
    if lam:
        lines += ["", f"The net's weight in the mix chosen on the even games' "
                  f"{lam['n_even']} positions: **{lam['chosen_on_even_games']}**; on the odd "
                  f"games' {lam['n_odd']}: log-loss {lam['odd_logloss_chosen']:.4f} with it, "
                  f"{lam['odd_logloss_search']:.4f} the search alone, "
                  f"{lam['odd_logloss_net_best_line']:.4f} the net alone (its best line)."]
    lam = d.get("lambda_mean_of_position_and_best_line")
    if lam:
        lines += ["", f"The same with the mean of the position's own value and its best "
                  f"line's: weight **{lam['chosen_on_even_games']}**; on the odd games "
                  f"log-loss {lam['odd_logloss_chosen']:.4f} with it, "
                  f"{lam['odd_logloss_net_best_line']:.4f} the mean alone."]
    lines += ["", "| score noise | n | search: median | search: 90th pct "
              "| net's best line: median | net: 90th pct | same best move |",
              "|---|---:|---:|---:|---:|---:|---:|"]
    for label, x in d["score_noise"].items():
        lines.append(f"| {label} | {x['n']} | {x['search_median']:.2f} | {x['search_p90']:.2f} "
                     f"| {x['net_median']:.2f} | {x['net_p90']:.2f} | {x['best_move_same']:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("search", "report", "table"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--noise", type=int, default=100)
    ap.add_argument("--workdir", type=Path, default=HERE / "results")
    ap.add_argument("--net", type=Path, default=Path("runs/value-net/heads/policy-19-heads.pt"))
    args = ap.parse_args(argv)
    args.workdir.mkdir(parents=True, exist_ok=True)
    if args.what == "table":
        print(table(args.workdir / "judge_eval.json"))
        return 0
    return run_searches(args) if args.what == "search" else report(args)


if __name__ == "__main__":
    raise SystemExit(main())

