"""The ownership head's labels checked against GNU Go 3.8 on a sample (issue 63, point 1).

    python experiments/value_net/owners_gnugo.py --sample 60

``label_owners.py`` settles the dead stones of a counted 9-dan game with igo's
end-of-game search and keeps the labels whose area margin agrees with the record. Here a
random sample of the kept test-shard games (seed 1) is played into GNU Go
(``/usr/games/gnugo --mode gtp --chinese-rules``) and its ``final_status_list dead``
taken as the other referee's dead stones; the owners are the area owners of the final
position with those stones removed, as igo's labels are. Per game: whether the two dead
sets are the same, the share of points whose owner agrees, and the difference of the two
area margins. And on a sample of the games whose igo labels were rejected (off the
record by more than 2 points): how often GNU Go's margin agrees with the record. Writes
``results/owners_gnugo.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from igo.core.color import Color
from igo.core.coords import Point, format_vertex, parse_vertex
from igo.core.errors import IllegalMoveError
from igo.gtp.client import GtpClient
from igo.nets import games as G
from igo.nets.final_owner import board_of_moves

HERE = Path(__file__).resolve().parent
GNUGO = "/usr/games/gnugo --mode gtp --chinese-rules"


def gnugo_dead(gtp: GtpClient, size: int, points: np.ndarray, colors: np.ndarray,
               komi: float) -> list[tuple[int, int]]:
    """GNU Go's dead stones (row, column) of the game's final position."""
    gtp.send(f"boardsize {size}")
    gtp.send("clear_board")
    gtp.send(f"komi {komi}")
    for p, c in zip(points.tolist(), colors.tolist(), strict=True):
        where = "pass" if p < 0 else format_vertex(Point.from_flat(p, size), size)
        gtp.send(f"play {'B' if c == int(Color.BLACK) else 'W'} {where}")
    dead = []
    for word in gtp.send("final_status_list dead", timeout=600).split():
        pt = parse_vertex(word, size)
        if pt is not None:
            dead.append((pt.row, pt.col))
    return dead


def _rejected(gtp: GtpClient, games: G.GameArrays, rejected: np.ndarray,
              args: argparse.Namespace, rng: np.random.Generator) -> dict[str, float]:
    """GNU Go on a sample of the games whose igo labels disagreed with the record: the
    share where GNU Go's area margin agrees with the record (within the labels' 2
    points), that is, where the label was lost to igo's dead stones, not to the record."""
    pick = rng.choice(rejected, size=min(args.rejected, len(rejected)), replace=False)
    ok = []
    for g in pick.tolist():
        pts, cols = games.game(int(g))
        try:
            board = board_of_moves(games.size, pts, cols)
        except IllegalMoveError:
            continue
        dead = gnugo_dead(gtp, games.size, pts, cols, args.komi)
        area = board.area_ownership(tuple(Point(r, c) for r, c in dead)).reshape(-1)
        margin = float(np.count_nonzero(area == int(Color.BLACK))
                       - np.count_nonzero(area == int(Color.WHITE)))
        ok.append(abs(margin - args.komi - float(games.scores[int(g)])) <= 2.0)
    return {"checked": len(ok), "gnugo_agrees_with_record": round(float(np.mean(ok)), 3)
            if ok else float("nan")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=Path, default=Path("runs/value-net/games/test.npz.xz"))
    ap.add_argument("--owners", type=Path, default=Path("runs/value-net/owners/test.npz"))
    ap.add_argument("--sample", type=int, default=60)
    ap.add_argument("--rejected", type=int, default=40,
                    help="rejected games (igo's labels off the record) checked too")
    ap.add_argument("--komi", type=float, default=6.5)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "owners_gnugo.json")
    args = ap.parse_args(argv)
    games = G.load(args.games)
    labels = np.load(args.owners)
    rng = np.random.default_rng(1)
    pick = np.sort(rng.choice(len(labels["game"]), size=min(args.sample, len(labels["game"])),
                              replace=False))
    same_dead, agree, margin_diff, n_dead = [], [], [], []
    with GtpClient(GNUGO, timeout=600) as gtp:
        for k, i in enumerate(pick.tolist()):
            g = int(labels["game"][i])
            pts, cols = games.game(g)
            board = board_of_moves(games.size, pts, cols)
            dead = gnugo_dead(gtp, games.size, pts, cols, args.komi)
            area = board.area_ownership(tuple(Point(r, c) for r, c in dead)).reshape(-1)
            theirs = np.where(area == int(Color.BLACK), 1,
                              np.where(area == int(Color.WHITE), -1, 0))
            ours = labels["owner"][i].astype(int)
            # igo's dead stones: stones on the board whose label is the other colour's
            st = np.asarray(board.to_array()).reshape(-1)
            igo_dead = {p for p in range(st.size)
                        if st[p] != 0 and ours[p] != (1 if st[p] == int(Color.BLACK) else -1)}
            gg_dead = {r * games.size + c for r, c in dead}
            n_dead.append(len(gg_dead))
            same_dead.append(igo_dead == gg_dead)
            agree.append(float(np.mean(ours == theirs)))
            margin_diff.append(float(abs(ours.sum() - theirs.sum())))
            print(f"{k + 1}/{len(pick)}: game {g}, owners agree {agree[-1]:.3f}, "
                  f"dead sets {'equal' if same_dead[-1] else 'differ'} "
                  f"({len(gg_dead)} dead by GNU Go)", file=sys.stderr, flush=True)
        rejected = _rejected(gtp, games, labels["rejected"], args, rng)
    out = {"sample": len(pick), "seed": 1, "gnugo": GNUGO,
           "same_dead_stones": round(float(np.mean(same_dead)), 3),
           "owner_agreement_mean": round(float(np.mean(agree)), 4),
           "owner_agreement_min": round(float(np.min(agree)), 4),
           "games_all_points_agree": round(float(np.mean(np.array(agree) == 1.0)), 3),
           "area_margin_abs_diff_median": float(np.median(margin_diff)),
           "area_margin_abs_diff_mean": round(float(np.mean(margin_diff)), 2),
           "gnugo_dead_stones_mean": round(float(np.mean(n_dead)), 2),
           "games_with_dead_stones": round(float(np.mean(np.array(n_dead) > 0)), 3),
           "rejected": rejected,
           "command": "python experiments/value_net/owners_gnugo.py "
                      f"--sample {args.sample} --rejected {args.rejected}"}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
