"""The table of igo against an opponent from `igo match` databases (issue 8, part 5).

    python experiments/tabu_mcts/strength_table.py DB [DB ...]

One row per database (its first match): the first player's spec, the games stored, wins,
draws and losses of the first player, its score with draws as half a win and the 95 %
Wilson interval of that score, the sign test (binomial test of wins against losses,
draws left out), its wins as Black and as White, and the mean game length and duration.
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from scipy.stats import binomtest


@dataclass(frozen=True)
class Row:
    """The first player's results in one match."""

    player: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    wins_black: int
    games_black: int
    wins_white: int
    games_white: int
    moves: float
    seconds: float

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def wilson(self, z: float = 1.96) -> tuple[float, float]:
        n = self.games
        if n == 0:
            return 0.0, 1.0
        p = self.score
        den = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / den
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
        return centre - half, centre + half

    @property
    def sign_test_p(self) -> float:
        decisive = self.wins + self.losses
        return binomtest(self.wins, decisive, 0.5).pvalue if decisive else 1.0


def read(db: Path) -> Row:
    """The first match of ``db``, seen from its first player."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        match_id, config = con.execute("SELECT id, config FROM matches ORDER BY id").fetchone()
        cfg = json.loads(config)
        first, second = cfg["black"], cfg["white"]
        games = con.execute("SELECT game_index, winner, moves, duration FROM games "
                            "WHERE match_id = ?", (match_id,)).fetchall()
    finally:
        con.close()
    w = d = lo = wb = nb = ww = nw = 0
    moves = seconds = 0.0
    for index, winner, n_moves, duration in games:
        first_black = index % 2 == 0  # colours alternate, the first player Black in even games
        moves += n_moves
        seconds += duration
        nb += first_black
        nw += not first_black
        if winner is None:
            d += 1
        elif (winner == "B") == first_black:
            w += 1
            wb += first_black
            ww += not first_black
        else:
            lo += 1
    n = len(games)
    return Row(first, second, n, w, d, lo, wb, nb, ww, nw, moves / max(n, 1),
               seconds / max(n, 1))


def markdown(rows: list[Row]) -> str:
    head = ("| first player | games | wins | draws | losses | score | 95 % Wilson | "
            "sign test p | as Black | as White | moves | s/game |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    lines = []
    for r in rows:
        lo, hi = r.wilson()
        lines.append(f"| `{r.player}` | {r.games} | {r.wins} | {r.draws} | {r.losses} | "
                     f"{r.score:.3f} | [{lo:.3f}, {hi:.3f}] | {r.sign_test_p:.2g} | "
                     f"{r.wins_black}/{r.games_black} | {r.wins_white}/{r.games_white} | "
                     f"{r.moves:.0f} | {r.seconds:.0f} |")
    return head + "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db", nargs="+", type=Path)
    args = parser.parse_args()
    print(markdown([read(db) for db in args.db]))


if __name__ == "__main__":
    main()
