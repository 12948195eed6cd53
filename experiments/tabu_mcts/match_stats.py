"""Where a match stands, read from its results database (while it runs or after).

    .venv/bin/python experiments/tabu_mcts/match_stats.py DB [--sprt ELO0,ELO1] [--games]

Prints, for every match in DB, igo match's own summary (wins by colour, the first player's
score with its Wilson interval, binomial p, Elo), the time and length of its games and,
with ``--sprt``, the SPRT's log-likelihood ratio for those hypotheses (the scaling matches
of issue 24 used 0,150). The database does not say whether a match ran with ``--sprt``, so
the line is printed only when asked for: a fixed-length match has no SPRT, and a line
saying "H0 accepted after 9 games" beside a 100-game result reads as a verdict it is not.
``--games`` lists the games one by one.
"""

from __future__ import annotations

import argparse
import statistics

from igo.arena.runner import match_sprt
from igo.arena.sprt import SprtConfig
from igo.arena.stats import format_table, summarize
from igo.arena.store import GameRow, MatchStore


def report(db: str, sprt: tuple[float, float] | None = None, games: bool = False) -> str:
    """The text printed for ``db`` (see the module docstring)."""
    out: list[str] = []
    with MatchStore(db) as store:
        for match_id, name in store.matches():
            config = store.match_config(match_id)
            rows = store.games(match_id)
            out.append(f"== {name}: {len(rows)} of {config.games} games")
            if not rows:
                continue
            s = summarize(rows, config.black, config.white,
                          errors=len(store.errors(match_id)))
            out.append(format_table(s))
            if sprt is not None:
                out.append(match_sprt(store, match_id, SprtConfig(*sprt)).describe())
            minutes = [r.duration / 60 for r in rows]
            out.append(f"minutes a game: median {statistics.median(minutes):.1f}, "
                       f"range {min(minutes):.1f}-{max(minutes):.1f}; moves: median "
                       f"{statistics.median(r.moves for r in rows):.0f}")
            if games:
                out.extend(_game_line(r) for r in rows)
    return "\n".join(out)


def _game_line(r: GameRow) -> str:
    """One game: index, result, length, time, who won it, and how it ended (last: the
    referee's reasons are long and of any length)."""
    first_won = None if r.winner is None else (r.winner == "B") == (r.index % 2 == 0)
    tag = {True: "first", False: "second", None: "draw"}[first_won]
    return (f"  {r.index:4d} {r.result:8s} {r.moves:4d} moves {r.duration / 60:5.1f} min  "
            f"{tag:6s}  {r.reason}")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("--sprt", default=None,
                    help="ELO0,ELO1: also print the SPRT for these hypotheses")
    ap.add_argument("--games", action="store_true", help="list the games")
    args = ap.parse_args()
    sprt = None
    if args.sprt is not None:
        elo0, elo1 = (float(x) for x in args.sprt.split(","))
        sprt = (elo0, elo1)
    print(report(args.db, sprt, args.games))


if __name__ == "__main__":
    main()
