"""How a player spent its clock: the time left that ``igo match`` writes on each move.

    python experiments/tabu_mcts/time_use.py WORK/clock/sgf/*.sgf --player igo
        --main-time 60 [--bin 10] [--json experiments/tabu_mcts/results/time_use.json]

Under a clock every move's node holds the mover's time left (``BL``/``WL``) and, in
overtime, its stones or periods left (``OB``/``OW``). For the player whose name contains
``--player``, this prints the mean seconds of main time it spent per move in bins of its
move number (the time manager's profile over the game), the share of games that reached
overtime and at which move, the byo-yomi periods it lost, and the games it lost on time.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from sgfmill import sgf


def game_times(path: Path, player: str, main_time: float) -> dict[str, object] | None:
    """The per-move main time spent by ``player`` in one game, or ``None`` if it did
    not play in it."""
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    root = game.get_root()
    names = {c: root.get(p) if root.has_property(p) else ""
             for c, p in (("b", "PB"), ("w", "PW"))}
    colours = [c for c, name in names.items() if player in name]
    if len(colours) != 1:
        return None
    colour = colours[0]
    left_prop, periods_prop = ("BL", "OB") if colour == "b" else ("WL", "OW")
    left = main_time
    spent: list[float] = []
    overtime_at = None
    periods: list[int] = []
    for node in game.get_main_sequence()[1:]:
        mover, _ = node.get_move()
        if mover != colour or not node.has_property(left_prop):
            continue
        now = float(node.get(left_prop))
        if node.has_property(periods_prop):
            periods.append(int(node.get(periods_prop)))
            if overtime_at is None:
                overtime_at = len(spent) + 1
                spent.append(left)  # what main time it had left went into this move
            continue
        spent.append(left - now)
        left = now
    result = root.get("RE") if root.has_property("RE") else ""
    won = result.lower().startswith(colour)
    return {"file": path.name, "colour": colour, "spent": spent, "overtime_at": overtime_at,
            "min_periods": min(periods) if periods else None, "result": result,
            "lost_on_time": result.upper().endswith("+T") and not won, "won": won}


def main(argv: list[str] | None = None) -> int:
    """Summarise the clock use of one player over SGF files."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sgf", nargs="+", type=Path)
    ap.add_argument("--player", required=True, help="a substring of the player's PB/PW name")
    ap.add_argument("--main-time", type=float, required=True)
    ap.add_argument("--bin", type=int, default=10, help="moves of the player per bin")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    games = [g for p in args.sgf if (g := game_times(p, args.player, args.main_time))]
    if not games:
        print(f"no game of a player named like {args.player!r}", file=sys.stderr)
        return 1
    bins: dict[int, list[float]] = defaultdict(list)
    for g in games:
        for i, s in enumerate(g["spent"]):  # type: ignore[arg-type]
            bins[i // args.bin].append(s)
    profile = [{"moves": f"{b * args.bin + 1}-{(b + 1) * args.bin}", "n": len(v),
                "mean_s": float(np.mean(v)), "max_s": float(np.max(v))}
               for b, v in sorted(bins.items())]
    reached = [g["overtime_at"] for g in games if g["overtime_at"] is not None]
    lost_periods = [g["min_periods"] for g in games if g["min_periods"] is not None]
    summary = {
        "games": len(games), "won": sum(bool(g["won"]) for g in games),
        "lost_on_time": sum(bool(g["lost_on_time"]) for g in games),
        "reached_overtime": len(reached),
        "overtime_from_move_median": float(np.median(reached)) if reached else None,
        "fewest_periods_left": min(lost_periods) if lost_periods else None,
        "profile": profile, "per_game": games,
    }
    print(f"{summary['games']} games, {summary['won']} won, {summary['lost_on_time']} lost "
          f"on time; overtime reached in {len(reached)} (from the player's move "
          f"{summary['overtime_from_move_median']} on, median); fewest periods left "
          f"{summary['fewest_periods_left']}")
    for row in profile:
        print(f"  moves {row['moves']:>7}: {row['mean_s']:5.2f} s a move (max "
              f"{row['max_s']:5.2f}, n {row['n']})")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
