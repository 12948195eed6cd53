"""The net's value and score heads on all 10,000 held-out 9-dan games (issue 63).

    python experiments/value_net/winner_net.py            # resumable; ~20 min on one core
    python experiments/value_net/winner_net.py --table    # the README's table

The issue's winner prediction at moves 50, 100, 150 and 200 of the 10,000 test games of
``tygem9d/test.sgfs.xz`` (players of no training game; komi 6.5), for the judge that
costs no search: the net alone (igo's default net, its value of the position for the
player to move). ``judge_eval.py`` compares it with the search on 501 of these positions;
the search at the review's budget on 40,000 positions would take days of this machine.

Every game with a winner gives its positions after those moves (where it is that long).
Each position is one line of ``winner_net.jsonl`` (game, move, the mover, the winner,
the net's win rate for the mover, Black's score at komi 6.5, the recorded margin of a
game that ended by counting): a killed run resumes after its last game. Writes
``winner_net.json``: log-loss, Brier score and accuracy of the winner at each move
number and over all, with 95 % bootstrap intervals over games (1,000 resamples of
whole games), and the score head's mean absolute error against the recorded margin on
the counted games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.color import Color
from igo.core.replay import replay_positions
from igo.nets.encode import encode_board
from igo.nets.policy import NetPolicy, default_net_path
from igo.sgf.corpus import iter_records

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
MOVES = (50, 100, 150, 200)
KOMI = 6.5
BATCH = 64


def _done_games(path: Path) -> int:
    """Games already judged (the last game of the file is judged again: it may be cut)."""
    if not path.exists():
        return 0
    last = -1
    with path.open() as f:
        for line in f:
            try:
                last = max(last, int(json.loads(line)["game"]))
            except (ValueError, KeyError):
                break
    return max(0, last)


def _keep_before(path: Path, game: int) -> None:
    """Drop the lines of games ``>= game`` (a cut run's last game)."""
    if not path.exists():
        return
    kept = []
    for line in path.read_text().splitlines():
        g = _game_of(line)
        if g is not None and g < game:
            kept.append(line + "\n")
    path.write_text("".join(kept))


def _game_of(line: str) -> int | None:
    try:
        return int(json.loads(line)["game"])
    except (ValueError, KeyError):
        return None


def judge(args: argparse.Namespace) -> None:
    """Append the positions of the games not judged yet to ``winner_net.jsonl``."""
    rows_path = args.workdir / "winner_net.jsonl"
    start = _done_games(rows_path)
    _keep_before(rows_path, start)
    net = NetPolicy(args.net, threads=1)
    pending: list[dict[str, Any]] = []
    encoded: list[Any] = []

    def flush() -> None:
        if not pending:
            return
        judged = net.judge_encoded(encoded)
        with rows_path.open("a") as f:
            for row, j in zip(pending, judged, strict=True):
                row["net_win"] = round(j.win_for(Color(row["to_play"])), 5)
                row["black_score"] = round(j.score_at(KOMI), 3)
                f.write(json.dumps(row) + "\n")
        pending.clear()
        encoded.clear()

    for gi, rec in enumerate(iter_records(DATA, progress=False, limit=args.games)):
        if gi < start or rec.winner is None:
            continue
        longest = max([m for m in MOVES if len(rec.moves) > m], default=None)
        if longest is None:
            continue
        game = replay_positions(rec)
        final = None
        if rec.result is not None and rec.result.margin is not None:
            final = rec.result.margin if rec.winner == Color.BLACK else -rec.result.margin
        for m in MOVES:
            if len(rec.moves) <= m:
                continue
            board = game.boards[m]
            color = game.to_play(m)
            pending.append({"game": gi, "move": m, "to_play": int(color),
                            "winner": int(rec.winner), "final_black": final})
            encoded.append(encode_board(board, color))
        if len(pending) >= BATCH:
            flush()
        if gi % 500 == 0:
            print(f"game {gi}", file=sys.stderr, flush=True)
    flush()


def _boot(per_game: np.ndarray, counts: np.ndarray, rng: np.random.Generator,
          n: int = 1000) -> tuple[float, float]:
    """95 % interval of sum(per_game) / sum(counts) over resampled games."""
    k = len(counts)
    w = rng.multinomial(k, np.full(k, 1.0 / k), size=n)
    vals = (w @ per_game) / (w @ counts)
    return float(np.percentile(vals, 2.5)), float(np.percentile(vals, 97.5))


def metrics(rows: list[dict[str, Any]], rng: np.random.Generator) -> dict[str, Any]:
    """Log-loss, Brier, accuracy (each with its interval over games) of ``rows``."""
    games = np.array([r["game"] for r in rows])
    p = np.clip(np.array([r["net_win"] for r in rows]), 1e-4, 1 - 1e-4)
    y = np.array([1.0 if r["winner"] == r["to_play"] else 0.0 for r in rows])
    terms = {"logloss": -(y * np.log(p) + (1 - y) * np.log(1 - p)),
             "brier": (p - y) ** 2, "accuracy": ((p > 0.5) == (y > 0.5)).astype(float)}
    ug, inv = np.unique(games, return_inverse=True)
    counts = np.bincount(inv, minlength=len(ug)).astype(float)
    out: dict[str, Any] = {"n": len(rows), "games": len(ug)}
    for name, t in terms.items():
        per = np.bincount(inv, weights=t, minlength=len(ug))
        lo, hi = _boot(per, counts, rng)
        out[name] = [round(float(t.mean()), 4), round(lo, 4), round(hi, 4)]
    counted = [r for r in rows if r["final_black"] is not None]
    if counted:
        err = np.array([abs(r["black_score"] - r["final_black"]) for r in counted])
        out["score_mae_counted"] = round(float(err.mean()), 2)
        out["score_n_counted"] = len(counted)
    return out


def report(args: argparse.Namespace) -> dict[str, Any]:
    rows = [json.loads(ln) for ln in (args.workdir / "winner_net.jsonl").read_text()
            .splitlines() if ln.strip()]
    rng = np.random.default_rng(1)
    net = NetPolicy(args.net)
    out: dict[str, Any] = {"net": args.net.name, "heads_step": net.meta.get("heads", {})
                           .get("step"), "games_read": args.games,
                           "all": metrics(rows, rng)}
    for m in MOVES:
        sel = [r for r in rows if r["move"] == m]
        if sel:
            out[str(m)] = metrics(sel, rng)
    (args.workdir / "winner_net.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def table(d: dict[str, Any]) -> str:
    lines = ["| move | positions (games) | log-loss [95 %] | Brier [95 %] | accuracy [95 %] "
             "| score MAE, counted games (n) |", "|---|---:|---|---|---|---|"]
    for key in [*map(str, MOVES), "all"]:
        x = d.get(key)
        if x is None:
            continue
        cells = [f"{x[k][0]:.3f} [{x[k][1]:.3f}, {x[k][2]:.3f}]"
                 for k in ("logloss", "brier", "accuracy")]
        mae = (f"{x['score_mae_counted']:.1f} ({x['score_n_counted']})"
               if "score_mae_counted" in x else "")
        lines.append(f"| {key} | {x['n']} ({x['games']}) | " + " | ".join(cells) + f" | {mae} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--net", type=Path, default=default_net_path())
    ap.add_argument("--workdir", type=Path, default=HERE / "results")
    ap.add_argument("--table", action="store_true", help="print the table of winner_net.json")
    args = ap.parse_args(argv)
    if args.table:
        print(table(json.loads((args.workdir / "winner_net.json").read_text())))
        return 0
    args.workdir.mkdir(parents=True, exist_ok=True)
    judge(args)
    print(table(report(args)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
