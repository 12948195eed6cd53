"""``igo elo DB_OR_FILE…``: Bradley-Terry Elo of every player of the given games.

Reads ``igo match`` SQLite databases and ``black,white,result`` CSV files (see
:mod:`igo.arena.game_files`), fits :class:`igo.arena.ratings.Ratings` (Coulom's MM with a
colour advantage, draws as half wins; Sato & Takahashi, §3) and prints a table, best first.

``--json`` prints one object (schema version 1)::

    {
      "schema": 1,
      "games": int,
      "colour_advantage": float,      # Black's first-move advantage, Elo
      "anchor": {"name": str, "elo": float} | null,
      "players": [{"name": str, "elo": float, "low": float, "high": float,
                   "games": int}, ...]
    }

``low``/``high`` bound a 95 % interval from the observed information (Hessian), relative
to the mean of all players (mean 0) or to the anchor. Exit 1 on a bad file or anchor.
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_parser(subparsers: Any) -> None:
    """Register ``igo elo``."""
    p = subparsers.add_parser(
        "elo", help="Bradley-Terry Elo ratings of all players of match databases / CSV files",
        description="Rate every player of one or more igo match SQLite databases and "
                    "black,white,result CSV files by Bradley-Terry (Coulom's MM) with a "
                    "first-move advantage; draws count half; 95%% intervals from the Hessian.")
    p.add_argument("files", nargs="+", metavar="DB_OR_FILE",
                   help="igo match database (.sqlite) or CSV file black,white,result")
    p.add_argument("--anchor", metavar="NAME=ELO", type=_anchor,
                   help="give player NAME this Elo (default: mean of all players is 0)")
    p.add_argument("--prior", type=float, default=2.0,
                   help="virtual games (half won) of each player against Elo 0 (default 2)")
    p.add_argument("--json", action="store_true", help="print JSON (schema above)")
    p.set_defaults(func=run)


def _anchor(text: str) -> tuple[str, float]:
    name, sep, value = text.rpartition("=")
    try:
        if not sep or not name:
            raise ValueError
        return name, float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected NAME=ELO, got {text!r}") from None


def run(args: argparse.Namespace) -> int:
    """Read the games, fit the ratings and print them."""
    from igo.arena.game_files import read_games
    from igo.arena.ratings import Ratings, RatingsConfig

    ratings = Ratings(RatingsConfig(prior=args.prior))
    total = 0
    for path in args.files:
        games = read_games(path)
        total += len(games)
        ratings.add(games)
    ratings.fit()
    table = ratings.table(args.anchor)
    if args.json:
        anchor = None if args.anchor is None else {"name": args.anchor[0],
                                                   "elo": args.anchor[1]}
        print(json.dumps({"schema": 1, "games": total,
                          "colour_advantage": ratings.colour_advantage_elo,
                          "anchor": anchor, "players": [r.to_dict() for r in table]}))
        return 0
    width = max(4, *(len(row.name) for row in table))
    print(f"{'rank':>4}  {'name':<{width}}  {'elo':>7}  {'95% interval':>17}  {'games':>6}")
    for rank, row in enumerate(table, start=1):
        print(f"{rank:>4}  {row.name:<{width}}  {row.elo:>7.1f}  "
              f"[{row.low:>7.1f}, {row.high:>7.1f}]  {row.games:>6}")
    print(f"{total} games; Black's first-move advantage {ratings.colour_advantage_elo:+.1f} Elo")
    return 0
