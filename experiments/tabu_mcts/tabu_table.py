"""Tables 1-2 of Ohta & Itoh from the match databases of ``run_tables.sh`` (issue 8, part 4).

    python experiments/tabu_mcts/tabu_table.py WORK/playouts2000
    python experiments/tabu_mcts/tabu_table.py WORK/time0.05

One row per tabu size L (``DIR/tabuL/match.db``): Tabu's score over all games with its
95 % Wilson interval and two-sided binomial test, Tabu as Black (the paper's setting,
with its own test) and as White, the paper's win rate beside it, and a last row over all
L. Komi 6.5 gives no draws; a draw would count half.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from scipy.stats import binomtest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength_table import Row, read

#: Table 2 of the paper: Tabu+MCTS (always Black) against plain MCTS, 200 games per L.
PAPER = {3: 0.690, 4: 0.740, 5: 0.770, 6: 0.810, 7: 0.760, 8: 0.810, 9: 0.775, 10: 0.775,
         11: 0.785, 12: 0.800}


def _p(wins: int, games: int) -> str:
    return f"{binomtest(wins, games, 0.5).pvalue:.2g}" if games else "–"


def rows(folder: Path) -> list[tuple[int, Row]]:
    """(L, row) of every ``tabuL/match.db`` under ``folder``, by L."""
    found = []
    for db in folder.glob("tabu*/match.db"):
        m = re.fullmatch(r"tabu(\d+)", db.parent.name)
        if m:
            found.append((int(m.group(1)), read(db)))
    return sorted(found, key=lambda x: x[0])


def markdown(table: list[tuple[int, Row]]) -> str:
    out = ["| L | games | Tabu score | 95 % Wilson | p (all) | Tabu as Black (paper's "
           "setting) | p (as Black) | Tabu as White | paper (always Black) |",
           "|---|---|---|---|---|---|---|---|---|"]
    tot = dict(games=0, wins=0, draws=0, losses=0, wb=0, nb=0, ww=0, nw=0)
    for size, r in table:
        lo, hi = r.wilson()
        out.append(f"| {size} | {r.games} | {r.score:.3f} | [{lo:.3f}, {hi:.3f}] | "
                   f"{r.sign_test_p:.2g} | {r.wins_black}/{r.games_black} | "
                   f"{_p(r.wins_black, r.games_black)} | {r.wins_white}/{r.games_white} | "
                   f"{PAPER.get(size, float('nan')):.3f} |")
        for key, v in (("games", r.games), ("wins", r.wins), ("draws", r.draws),
                       ("losses", r.losses), ("wb", r.wins_black), ("nb", r.games_black),
                       ("ww", r.wins_white), ("nw", r.games_white)):
            tot[key] += v
    if table:
        all_ = Row("all", "plain", tot["games"], tot["wins"], tot["draws"], tot["losses"],
                   tot["wb"], tot["nb"], tot["ww"], tot["nw"], 0.0, 0.0)
        lo, hi = all_.wilson()
        out.append(f"| all | {all_.games:,} | {all_.score:.3f} | [{lo:.3f}, {hi:.3f}] | "
                   f"{all_.sign_test_p:.2g} | {all_.wins_black}/{all_.games_black:,} | "
                   f"{_p(all_.wins_black, all_.games_black)} | "
                   f"{all_.wins_white}/{all_.games_white:,} | |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="WORK/playoutsN or WORK/timeS")
    args = parser.parse_args()
    table = rows(args.folder)
    if not table:
        parser.error(f"no tabuL/match.db under {args.folder}")
    print(markdown(table))


if __name__ == "__main__":
    main()
