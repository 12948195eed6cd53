"""The table of igo against an opponent from `igo match` databases (issue 8, part 5).

    python experiments/tabu_mcts/strength_table.py DB [DB ...] [--json OUT] [--plot PNG]
    python experiments/tabu_mcts/strength_table.py --rows results/strength_gnugo.json \
        [DB --engine COMMIT] [--json OUT] [--plot PNG]

One row per database (its first match): the first player's spec, the games stored, wins,
draws and losses of the first player, its score with draws as half a win and the 95 %
Wilson interval of that score, the sign test (binomial test of wins against losses,
draws left out), its wins as Black and as White, and the mean game length and duration.
``--json`` keeps the rows (with the interval and the test) beside the experiment, so
the figures outlive the databases; ``--plot`` draws the score against the seconds a move
of the first player (its spec's ``time=S``), one line per board size and thread count:
the curve of strength per second of thinking. ``--rows JSON`` starts from the rows kept
in a JSON file (the databases may be gone); a database given with ``--engine COMMIT``
replaces the kept row of the same database folder or is added, tagged with the engine
that played it. Rows tagged with an engine are drawn as their own series.
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path

from scipy.stats import binomtest


@dataclass(frozen=True)
class Row:
    """The first player's results in one match."""

    player: str
    opponent: str
    size: int
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
    return Row(first, second, int(cfg["size"]), n, w, d, lo, wb, nb, ww, nw,
               moves / max(n, 1), seconds / max(n, 1))


def spec_option(spec: str, key: str) -> str | None:
    """The value of ``key`` in a player spec ``igo:NAME:k=v,...`` (None if absent).

    >>> spec_option("igo:mcts:time=1,threads=2", "threads")
    '2'
    """
    parts = spec.split(":", 2)
    if len(parts) < 3:
        return None
    for item in parts[2].split(","):
        k, _, v = item.partition("=")
        if k.strip() == key:
            return v.strip()
    return None


def row_dict(r: Row, db: Path, engine: str | None = None) -> dict[str, object]:
    """A row as kept in the JSON file."""
    lo, hi = r.wilson()
    out: dict[str, object] = {**asdict(r), "score": r.score, "wilson_low": lo,
                              "wilson_high": hi, "sign_test_p": r.sign_test_p,
                              "db": db.name, "folder": db.parent.name}
    if engine:
        out["engine"] = engine
    return out


def from_dict(d: dict[str, object]) -> Row:
    """The :class:`Row` of a kept row (the derived fields are computed again)."""
    names = Row.__dataclass_fields__
    return Row(**{k: v for k, v in d.items() if k in names})  # type: ignore[arg-type]


def merge_rows(kept: list[dict[str, object]], new: list[dict[str, object]]
               ) -> list[dict[str, object]]:
    """``kept`` with each row of ``new`` replacing the kept row of the same folder and
    engine, or appended."""
    out = list(kept)
    for row in new:
        key = (row.get("folder"), row.get("engine"))
        for i, old in enumerate(out):
            if (old.get("folder"), old.get("engine")) == key:
                out[i] = row
                break
        else:
            out.append(row)
    return out


def plot(rows: list[Row], path: Path, engines: list[str | None] | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series: dict[tuple[int, str, str], list[tuple[float, Row]]] = {}
    tags = engines if engines is not None else [None] * len(rows)
    for r, engine in zip(rows, tags, strict=True):
        t = spec_option(r.player, "time")
        if t is None or r.games == 0:
            continue
        key = (r.size, spec_option(r.player, "threads") or "1", engine or "")
        series.setdefault(key, []).append((float(t), r))
    fig, ax = plt.subplots(figsize=(6.5, 4))
    for k, ((size, threads, engine), pts) in enumerate(sorted(series.items())):
        pts.sort(key=lambda x: x[0])
        dodge = 1.0 + 0.04 * (k - (len(series) - 1) / 2)  # series side by side at one time
        xs = [x * dodge for x, _ in pts]
        ys = [r.score for _, r in pts]
        err = [[r.score - r.wilson()[0] for _, r in pts], [r.wilson()[1] - r.score for _, r in pts]]
        label = f"{size}x{size}, {threads} thread{'s' if threads != '1' else ''}"
        if engine:
            label += f", engine {engine.split()[0]}"
        label += " (n = " + "/".join(str(r.games) for _, r in pts) + ")"
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=4, label=label)
        for x, (_, r) in zip(xs, pts, strict=True):  # left of the bar, right of the bar
            ax.annotate(f"{r.score:.3f}", (x, r.score), textcoords="offset points",
                        xytext=(-26 if k % 2 == 0 else 5, -3), fontsize=7)
    ax.axhline(0.9, color="grey", linestyle=":", linewidth=1)
    ax.set_xscale("log")
    ax.set_xlabel("seconds a move (igo)")
    ax.set_ylabel("score against the opponent (95 % Wilson)")
    opponents = sorted({r.opponent for r in rows})
    ax.set_title("igo against " + ", ".join(o.removeprefix("gtp:") for o in opponents),
                 fontsize=9)
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db", nargs="*", type=Path)
    parser.add_argument("--rows", type=Path, default=None,
                        help="start from the rows kept in this JSON file")
    parser.add_argument("--engine", default=None,
                        help="tag the databases' rows with the engine (commit) that played")
    parser.add_argument("--json", type=Path, default=None, help="write the rows here")
    parser.add_argument("--plot", type=Path, default=None,
                        help="draw the score against the seconds a move (PNG)")
    args = parser.parse_args(argv)
    if not args.db and args.rows is None:
        parser.error("give databases, --rows, or both")
    kept = json.loads(args.rows.read_text()) if args.rows is not None else []
    dicts = merge_rows(kept, [row_dict(read(db), db, args.engine) for db in args.db])
    rows = [from_dict(d) for d in dicts]
    print(markdown(rows))
    if args.json:
        args.json.write_text(json.dumps(dicts, indent=1) + "\n")
    if args.plot:
        plot(rows, args.plot, [d.get("engine") for d in dicts])  # type: ignore[misc]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
