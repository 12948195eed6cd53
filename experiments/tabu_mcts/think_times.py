"""Each engine's thinking time a move, read from the engines' own logs.

    python experiments/tabu_mcts/think_times.py LOGDIR [--json OUT]

``LOGDIR`` holds the stderr logs that ``logged.sh`` keeps, one per engine process,
named ``NAME-PID.log``. A move's time is what the engine says it spent on it: igo's
``genmove black E5 in 1.00 s, search 0.99 s: ...`` (``igo gtp`` at its default log
level) and Pachi's ``genmove in 1.01s, mcts 0.97s (...)``. Prints, per ``NAME``, the
moves, the mean, median and quartiles of the seconds a move, the median playouts a
second the engine reported, and the mean seconds by move number (1-10, 11-20, ...), so
that "equal time" is a measured fact, not a setting.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

#: igo gtp's line, and Pachi's; the first group is the seconds of the whole move, the
#: second the search's playouts a second
PATTERNS = (
    re.compile(r"genmove \w+ \S+ in ([0-9.]+) s\b.*\(([0-9.]+)/s\)"),
    re.compile(r"genmove in ([0-9.]+)s\b.*\(([0-9.]+) games/s,"),
)
BIN = 10


def move_lines(text: str) -> list[tuple[float, float]]:
    """The seconds and the playouts a second of each move, in order, found in one
    engine's log.

    >>> move_lines("igo gtp: INFO: genmove black E5 in 1.01 s, search 0.99 s: "
    ...            "8000 playouts (8081/s), win rate 51.0 %")
    [(1.01, 8081.0)]
    >>> move_lines("genmove in 0.98s, mcts 0.95s (6109 games/s, 6109 games/s/thread)")
    [(0.98, 6109.0)]
    """
    out = []
    for line in text.splitlines():
        for pat in PATTERNS:
            m = pat.search(line)
            if m:
                out.append((float(m.group(1)), float(m.group(2))))
                break
    return out


def summary(logdir: Path) -> dict[str, dict[str, object]]:
    """Per engine name: moves, mean, median, quartiles and the mean by move-number bin
    (a move's number counted within its own game: each log is one game's process)."""
    games: dict[str, list[list[float]]] = defaultdict(list)
    rates: dict[str, list[float]] = defaultdict(list)
    for path in sorted(logdir.glob("*.log")):
        name = path.stem.rsplit("-", 1)[0]
        lines = move_lines(path.read_text(errors="replace"))
        if lines:
            games[name].append([t for t, _ in lines])
            rates[name] += [r for _, r in lines]
    out: dict[str, dict[str, object]] = {}
    for name, per_game in sorted(games.items()):
        allt = np.array([t for g in per_game for t in g])
        bins: dict[str, list[float]] = defaultdict(list)
        for g in per_game:
            for i, t in enumerate(g):
                lo = (i // BIN) * BIN + 1
                bins[f"{lo}-{lo + BIN - 1}"].append(t)
        out[name] = {
            "games": len(per_game), "moves": int(allt.size),
            "mean": round(float(allt.mean()), 3), "median": round(float(np.median(allt)), 3),
            "q25": round(float(np.quantile(allt, 0.25)), 3),
            "q75": round(float(np.quantile(allt, 0.75)), 3),
            "playouts_per_s_median": round(float(np.median(rates[name]))),
            "by_own_move": {k: round(float(np.mean(v)), 3) for k, v in
                            sorted(bins.items(), key=lambda kv: int(kv[0].split("-")[0]))},
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logdir", type=Path)
    ap.add_argument("--json", type=Path, help="also write the summary here")
    args = ap.parse_args(argv)
    s = summary(args.logdir)
    if not s:
        print(f"no genmove times in {args.logdir}/*.log", file=sys.stderr)
        return 1
    for name, d in s.items():
        print(f"{name}: {d['games']} games, {d['moves']} moves, {d['mean']:.2f} s a move "
              f"(median {d['median']:.2f}, quartiles {d['q25']:.2f}-{d['q75']:.2f}); "
              f"median {d['playouts_per_s_median']} playouts/s")
        print("  by own move: " + ", ".join(f"{k}: {v:.2f}"
                                           for k, v in d["by_own_move"].items()))  # type: ignore[attr-defined]
    if args.json:
        args.json.write_text(json.dumps(s, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
