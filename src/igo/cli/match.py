"""``igo match BLACK WHITE``: play a match, store it, print the summary.

Players are specs (``igo:random``, ``gtp:/usr/games/gnugo --mode gtp --level 1`` …);
BLACK is the first player and takes Black in even-numbered games. Results go to an
SQLite database (default ``OUT/results.sqlite``) one committed game at a time, SGF
files to ``OUT`` (the database holds each game's SGF text too). Running the same
command again resumes: only missing games are played; a different configuration for the
same match name is an error.

``igo match --export-sgf DIR DB`` plays nothing: it writes the record of every game
stored in the database ``DB`` (or ``DB.xz``) to ``DIR`` as ``MATCH-INDEX.sgf``
(:func:`igo.arena.store.export_records`) and says how many games have no record stored
(those of databases written before 2026-12-07, commit 8832591, which kept records only
as files).

Games run in a pool of ``--workers`` processes of this machine (no network), or one
after another with ``--workers 1``; ``--ray`` plays them on a Ray started here on
127.0.0.1, ``--address HOST:PORT`` on the nodes of a Ray cluster (see
:mod:`igo.arena.executor`). Every way gives the same games for the same seed.

A match with a clock (``--main-time``, ``--byo-yomi``, ``--time-per-move``), with an
in-process player that thinks for a set time (``igo:mcts:time=S``), or with ``--timed``
claims the machine while it runs: background jobs (``igo evolve run``, an ``igo match
--yield``) stop their workers until it ends (:mod:`igo.arena.yielding`).

``--json`` prints one object (schema version 1)::

    {
      "schema": 1,
      "match": {"id": int, "name": str, "db": str, "out_dir": str, "config": {...}},
      "run": {"played": int, "already_stored": int, "failed": [int, ...],
              "errors": int, "seconds": float},
      "summary": {
        "first": str, "second": str, "games": int, "errors": int,
        "first_wins": int, "second_wins": int, "draws": int,
        "black_wins": int, "white_wins": int,
        "first_as_black_games": int, "first_as_black_wins": int,
        "first_as_white_games": int, "first_as_white_wins": int,
        "second_as_black_wins": int, "second_as_white_wins": int,
        "win_rate": float, "win_rate_low": float, "win_rate_high": float,
        "p_value": float, "elo": float|null, "elo_low": float|null,
        "elo_high": float|null, "mean_moves": float, "mean_seconds": float
      }
    }

``win_rate`` is the first player's score (draws count 1/2) with a 95 % Wilson
interval; ``p_value`` an exact two-sided binomial test on decisive games; ``errors``
counts games still missing after failed attempts. Exit status 1 if any game is still
missing after its retry (rerun to try again).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from igo.arena.config import DEAD_STONE_MODES


def add_parser(subparsers: Any) -> None:
    """Register ``igo match``."""
    from igo.players.registry import KINDS

    kinds = "; ".join(f"{k}: {d}" for k, d in KINDS.items())
    p = subparsers.add_parser(
        "match", help="play a match between two players (resumable, parallel)",
        usage="igo match [options] BLACK WHITE\n       igo match --export-sgf DIR DB",
        description="Play a match between two players with alternating colours, store "
                    "every game (SQLite + SGF) and print wins per colour, the first "
                    "player's win rate with a 95% Wilson interval and a binomial test. "
                    "Rerunning the same command resumes the match. "
                    f"Player specs: {kinds}.")
    p.add_argument("black", metavar="BLACK", nargs="?",
                   help="first player spec (Black in even games, White in odd ones)")
    p.add_argument("white", metavar="WHITE", nargs="?", help="second player spec")
    p.add_argument("--export-sgf", nargs=2, metavar=("DIR", "DB"), default=None,
                   help="play nothing: write the record of every game stored in the "
                        "database DB (or its .xz) to DIR as MATCH-INDEX.sgf, and say how "
                        "many games have no record stored (databases written before "
                        "2026-12-07 kept records only as files)")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--size", type=int, default=9, help="board size (default 9)")
    p.add_argument("--komi", type=float, default=7.5, help="komi (default 7.5)")
    p.add_argument("--rules", default="chinese", help="rule set name (default chinese)")
    p.add_argument("--handicap", type=int, default=0, help="fixed handicap stones for Black")
    p.add_argument("--random-opening", type=int, default=0, metavar="N",
                   help="the first N moves of each game are random (off the first two "
                        "lines, from the game's seed), to vary the games of "
                        "deterministic engines")
    p.add_argument("--max-moves", type=int, default=0,
                   help="move cap, then score (default 3 * size^2)")
    p.add_argument("--no-resign", action="store_true", help="play resignations as passes")
    p.add_argument("--dead-stones", choices=DEAD_STONE_MODES, default="auto",
                   help="who decides dead stones after two passes (default auto: the "
                        "players, GNU Go when they disagree, if GNU Go is installed)")
    p.add_argument("--gnugo", default=None, metavar="PATH",
                   help="GNU Go for dead stones (default /usr/games/gnugo if present)")
    p.add_argument("--seed", type=int, default=0, help="game i is seeded by SEED + i")
    p.add_argument("--name", default="", help="match name in the database "
                                              "(default 'BLACK vs WHITE')")
    p.add_argument("--out", type=Path, default=None,
                   help="folder for SGF files (default igo-matches/BLACK-vs-WHITE-SIZE)")
    p.add_argument("--db", type=Path, default=None,
                   help="results database (default OUT/results.sqlite)")
    p.add_argument("--workers", type=int, default=None,
                   help="games at once (default: number of cores), in a pool of worker "
                        "processes on this machine (no server, no network); 1 = one "
                        "game after another in this process")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--ray", action="store_true",
                       help="play on a Ray started here (on 127.0.0.1 only, --workers "
                            "CPUs) instead of the process pool: the cluster path on one "
                            "machine")
    where.add_argument("--address", default=None, metavar="HOST:PORT",
                       help="join the Ray cluster at HOST:PORT and play on its nodes "
                            "(the only option with which igo uses the network)")
    where.add_argument("--no-ray", action="store_true",
                       help="same as --workers 1 (kept for older scripts)")
    p.add_argument("--move-timeout", type=float, default=60.0,
                   help="seconds a GTP engine may take per reply (default 60)")
    clock = p.add_argument_group(
        "clock", "the same clock for both players, sent to engines with time_settings "
        "(Canadian, absolute) or kgs-time_settings (Japanese byo-yomi); a player who "
        "runs out loses on time")
    clock.add_argument("--time-per-move", type=float, default=None, metavar="S",
                       help="S seconds for every move (Canadian: no main time, 1 stone "
                            "per S seconds)")
    clock.add_argument("--main-time", type=float, default=0.0, metavar="S",
                       help="main time in seconds")
    clock.add_argument("--byo-yomi", type=float, default=0.0, metavar="S",
                       help="overtime period in seconds")
    clock.add_argument("--byo-stones", type=int, default=0, metavar="N",
                       help="Canadian overtime: moves per period")
    clock.add_argument("--byo-periods", type=int, default=0, metavar="N",
                       help="Japanese byo-yomi: number of periods")
    clock.add_argument("--lag", type=float, default=1.0, metavar="S",
                       help="seconds of each move not charged, for process and GTP "
                            "overhead (default 1)")
    clock.add_argument("--net-lag", type=float, default=0.0, metavar="S",
                       help="seconds added to each move's charge, as a network between a "
                            "server and the engine would (default 0): a time manager "
                            "under lag")
    test = p.add_argument_group(
        "sequential test", "stop as soon as the games decide between two Elo hypotheses "
        "for the first player (SPRT, as cutechess-cli's -sprt); --games is then the most "
        "games played")
    test.add_argument("--sprt", default=None, metavar="ELO0,ELO1",
                      help="H0: the first player is ELO0 stronger, H1: ELO1 stronger "
                           "(e.g. 0,30: is it an improvement worth 30 Elo?; write "
                           "--sprt=-10,30 when ELO0 is negative)")
    test.add_argument("--sprt-alpha", type=float, default=0.05,
                      help="false positive rate (accepting H1 when H0 holds; default 0.05)")
    test.add_argument("--sprt-beta", type=float, default=0.05,
                      help="false negative rate (default 0.05)")
    p.add_argument("--timed", action="store_true",
                   help="claim the machine while the match runs, so that background jobs "
                        "(igo evolve run) pause: for players whose own options time them "
                        "(a gtp: engine with its own time a move); a match with a clock "
                        "claims it by itself")
    p.add_argument("--yield", dest="yield_", action="store_true",
                   help="a background match: its workers pause while a timed run claims "
                        "the machine (igo timed, a timed igo match, igo bench); for "
                        "untimed matches of in-process igo: players, in worker processes "
                        "(with --workers 1 nothing pauses)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    def run_or_export(args: argparse.Namespace) -> int:
        if args.export_sgf is not None:
            if args.black is not None:
                p.error("--export-sgf DIR DB takes no players")
            return export_sgf(Path(args.export_sgf[0]), Path(args.export_sgf[1]))
        if args.white is None:
            p.error("the following arguments are required: "
                    + ("WHITE" if args.black is not None else "BLACK, WHITE"))
        return run(args)

    p.set_defaults(func=run_or_export)


def export_sgf(folder: Path, db: Path) -> int:
    """Write the records stored in the database ``db`` (``.xz``: unpacked to a temporary
    file first) to ``folder``; print what was written. Raises :class:`StoreError` for a
    file that is not a results database, ``OSError`` for one that cannot be read."""
    import lzma
    import shutil
    import tempfile

    from igo.arena.store import MatchStore, StoreError, export_records

    if not db.is_file():
        raise ValueError(f"{db}: no such database")
    with tempfile.TemporaryDirectory() as scratch:
        if db.suffix == ".xz":
            path = Path(scratch) / db.stem
            with lzma.open(db) as src, path.open("wb") as dst:
                shutil.copyfileobj(src, dst)
        else:
            path = db
        try:
            with MatchStore(path) as store:
                written, lacking = export_records(store, folder)
        except StoreError as exc:  # named as given, not as unpacked
            raise StoreError(str(exc).replace(str(path), str(db))) from None
    print(f"{written} game records written to {folder}"
          + (f"; {lacking} games of {db} have no record stored (kept only as SGF files "
             "by the igo that played them)" if lacking else ""))
    return 0


def _slug(spec: str) -> str:
    from igo.players.registry import spec_label

    text = re.sub(r"[^A-Za-z0-9.]+", "-", spec_label(spec)).strip("-")
    return text[:40] or "player"


def default_out(black: str, white: str, size: int) -> Path:
    """The default SGF folder of a match."""
    return Path("igo-matches") / f"{_slug(black)}-vs-{_slug(white)}-{size}x{size}"


def _clock_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The clock options as :class:`MatchConfig` fields (``--time-per-move S`` is
    ``byo_yomi=S, byo_stones=1``)."""
    if args.time_per_move is not None:
        if args.main_time or args.byo_yomi or args.byo_stones or args.byo_periods:
            raise ValueError("--time-per-move excludes --main-time and the byo-yomi options")
        if args.time_per_move <= 0:
            raise ValueError(f"--time-per-move must be positive, got {args.time_per_move}")
        return {"byo_yomi": args.time_per_move, "byo_stones": 1, "lag": args.lag,
                "net_lag": args.net_lag}
    return {"main_time": args.main_time, "byo_yomi": args.byo_yomi,
            "byo_stones": args.byo_stones, "byo_periods": args.byo_periods, "lag": args.lag,
            "net_lag": args.net_lag}


def _times_itself(spec: str) -> bool:
    """Whether an in-process igo player thinks for a set time (``igo:mcts:time=S``)."""
    return spec.startswith("igo:") and re.search(r"[:,]time=", spec) is not None


@contextmanager
def _claimed(timed: bool, what: str) -> Iterator[None]:
    """Claim the machine (:mod:`igo.arena.yielding`) for a timed match."""
    if not timed:
        yield
        return
    from igo.arena.yielding import claim
    from igo.cli.timed import claims_folder

    with claim(claims_folder(), what):
        yield


@contextmanager
def _yielding(enabled: bool) -> Iterator[None]:
    """Pause the match's workers while a timed run claims the machine (``--yield``)."""
    if not enabled:
        yield
        return
    from igo.cli.timed import yielding_to_timed_runs

    def say(line: str) -> None:
        print(f"igo match: {line}", file=sys.stderr, flush=True)

    with yielding_to_timed_runs(say):
        yield


def _check_players(*specs: str) -> None:
    """Make each igo player once before any game starts, so that a bad option or a
    bad model file is said as such instead of as games that failed.

    Raises
    ------
    PlayerSpecError
        From :func:`igo.players.registry.make_player`.
    """
    from igo.players.registry import make_player

    for spec in dict.fromkeys(specs):
        if spec.strip().startswith("igo:"):
            make_player(spec).close()


def run(args: argparse.Namespace) -> int:
    """Play (or resume) the match and print its summary."""
    from igo.arena.config import MatchConfig
    from igo.arena.executor import ExecutorConfig
    from igo.arena.runner import run_match
    from igo.arena.sprt import SprtConfig
    from igo.arena.stats import format_table, summarize
    from igo.arena.store import MatchStore

    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be at least 1, got {args.workers}")
    parallel = ExecutorConfig(workers=1 if args.no_ray else args.workers, ray=args.ray,
                              address=args.address)
    if args.gnugo and not os.access(args.gnugo, os.X_OK):
        raise ValueError(f"--gnugo {args.gnugo}: not an executable file")
    out = args.out or default_out(args.black, args.white, args.size)
    config = MatchConfig(
        black=args.black, white=args.white, name=args.name, games=args.games,
        size=args.size, komi=args.komi, rules=args.rules, max_moves=args.max_moves,
        seed=args.seed, handicap=args.handicap, allow_resign=not args.no_resign,
        dead_stones=args.dead_stones, random_opening=args.random_opening, out_dir=out,
        move_timeout=args.move_timeout, **_clock_fields(args),
        **({"gnugo": args.gnugo} if args.gnugo else {}))
    _check_players(config.black, config.white)
    sprt = (SprtConfig.parse(args.sprt, args.sprt_alpha, args.sprt_beta)
            if args.sprt else None)
    db = args.db or out / "results.sqlite"
    timed = (args.timed or config.main_time > 0 or config.byo_yomi > 0
             or any(_times_itself(spec) for spec in (config.black, config.white)))
    if args.yield_ and (timed or not all(spec.startswith("igo:")
                                         for spec in (config.black, config.white))):
        raise ValueError("--yield is for untimed matches of igo: players (a paused gtp: "
                         "engine would run past its move timeout, a clock would run on)")
    with _claimed(timed, f"igo match {config.match_name!r}"), _yielding(args.yield_), \
            MatchStore(db) as store:
        report = run_match(config, store, executor=parallel, progress=not args.quiet,
                           sprt=sprt)
        rows = store.games(report.match_id, limit=config.games)
    stats = summarize(rows, config.black, config.white,
                      errors=config.games - len(rows) - report.unplayed)
    if args.json:
        doc = {
            "schema": 1,
            "match": {"id": report.match_id, "name": config.match_name, "db": str(db),
                      "out_dir": str(out), "config": json.loads(config.to_json())},
            "run": {"played": report.played, "already_stored": report.skipped,
                    "failed": report.failed, "errors": report.errors,
                    "unplayed": report.unplayed,
                    "seconds": round(report.seconds, 3)},
            "summary": stats.to_dict(),
            "sprt": None if report.sprt is None else report.sprt.to_dict(),
        }
        print(json.dumps(doc, indent=2))
    else:
        print(f"match {config.match_name!r}: {report.played} games played now, "
              f"{report.skipped} already stored ({db})")
        print(format_table(stats))
        if report.sprt is not None:
            print(report.sprt.describe())
    if report.failed:
        print(f"igo match: {len(report.failed)} games failed twice: {report.failed}; "
              "rerun the same command to retry them", file=sys.stderr)
        return 1
    return 0
