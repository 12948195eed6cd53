"""``igo replay PATH…``: read and replay every game of files, directories, archives.

Every record is replayed under its own rules (:func:`igo.core.replay.check_record`).
A record that cannot be read, or that has an illegal move, is skipped and counted by
reason; the run never stops for one.

``--json`` prints one line with this schema (stable)::

    {"games": n, "moves": n, "skipped": {reason: n}, "illegal": n, "games_per_s": x}

``games``: records read and replayed without error; ``moves``: their moves (passes
included); ``skipped``: records skipped, by reason (see :data:`igo.sgf.REASONS`);
``illegal``: games with an illegal move — the same games as ``skipped["illegal_move"]``
(they are skipped, and counted here too); ``games_per_s``: ``games`` per second of
wall time, reading, parsing and replaying included. Without ``--json`` a table is
printed, with a few example sources for each skip reason.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    """Register ``igo replay``."""
    p = sub.add_parser("replay", help="replay every game of SGF files, directories, archives",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help=".sgf file, directory, .zip/.tar.* archive, .sgfs[.xz|.gz|.bz2]")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON line")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="stop after N records (replayed or skipped)")
    p.add_argument("--examples", type=int, default=3, metavar="K",
                   help="example sources listed per skip reason (default 3)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(func=run)


def summarize(paths: list[str], *, limit: int | None = None, progress: bool = True,
              examples: int = 3) -> tuple[dict[str, Any], dict[str, list[tuple[str, str]]]]:
    """Replay everything under ``paths``; return the JSON summary and the examples."""
    from igo.sgf.corpus import CorpusStats, iter_records

    stats = CorpusStats(max_examples=examples)
    moves = 0
    start = time.perf_counter()
    for record in iter_records(paths, progress=progress, stats=stats, check_legal=True,
                               limit=limit):
        moves += len(record.moves)
    elapsed = time.perf_counter() - start
    summary = {
        "games": stats.games,
        "moves": moves,
        "skipped": dict(sorted(stats.skipped.items())),
        "illegal": stats.skipped.get("illegal_move", 0),
        "games_per_s": round(stats.games / elapsed, 1) if elapsed > 0 else 0.0,
    }
    return summary, stats.examples


def format_table(summary: dict[str, Any], examples: dict[str, list[tuple[str, str]]]) -> str:
    """The readable report of :func:`summarize`'s output."""
    lines = [f"games replayed  {summary['games']:>10,}",
             f"moves           {summary['moves']:>10,}",
             f"illegal         {summary['illegal']:>10,}",
             f"skipped         {sum(summary['skipped'].values()):>10,}",
             f"games/s         {summary['games_per_s']:>10,.1f}"]
    for reason, n in summary["skipped"].items():
        lines.append(f"  {reason:<14}{n:>10,}")
        for source, message in examples.get(reason, []):
            lines.append(f"      {source}: {message}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Replay and print the summary."""
    for path in args.paths:
        if not Path(path).exists():
            raise FileNotFoundError(f"no such file or directory: {path}")
    if args.limit is not None and args.limit < 0:
        raise ValueError("--limit must be >= 0")
    summary, examples = summarize(list(args.paths), limit=args.limit,
                                  progress=not args.no_progress,
                                  examples=max(args.examples, 0))
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_table(summary, examples))
    return 0
