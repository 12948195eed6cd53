"""Pachi's refutations that igo did not see: positions from igo-Pachi games, and how
often a search configuration finds the refutation.

    python experiments/tabu_mcts/refutations.py extract RUNDIR... --out POSITIONS.json
    python experiments/tabu_mcts/refutations.py test POSITIONS.json --playouts 20000 \
        base rave_equiv=1000 root root:rave_equiv=1000

``extract`` reads the games of ``igo match`` folders whose engines were run through
``logged.sh`` (``RUNDIR/results.sqlite``, the SGF files, ``RUNDIR/logs``), pairs each game
with igo's log (its win rate after each of its moves) and Pachi's (``*** WINNER is X with
score S%`` before each of its moves), and keeps every Pachi move after which Pachi's view
of igo's chances fell by ``--drop`` (0.2) or more since Pachi's previous move, igo having
rated its own move in between at 0.5 or more: igo played a move that Pachi's next search
refuted and igo's search did not see the refutation coming. Each position is stored with
its moves (``bF6 wE4 ...``), so the file stands alone.

``test`` replays each position (Pachi to move) and runs igo's search on it, twice (seeds
1 and 2), for each configuration: ``base`` is the search an *interior* node of the
default's tree gets on 9x9 (the move model's priors in Pachi's form, no net:
``net=,prior_sharpness=0,prior_wins=300,net_visits=0``, with the default's 9x9 AMAF,
``rave_equiv=1000,rave_distance=3``, since 2026-11-30), ``K=V,...`` that with options
changed, ``root`` the default's own search (the net's priors, as at the root) and
``root:K=V,...`` that changed. It prints how often the most visited move is Pachi's and
the mean share of the visits that Pachi's move got.

A proxy, not a strength measure: Pachi's move is not always the best one, and a search
that finds more of them may play worse elsewhere. It says where a blind spot is; a match
says whether a change pays.
"""

from __future__ import annotations

import argparse
import glob
import json
import logging
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

from sgfmill import sgf

RE_IGO = re.compile(r"genmove (?:black|white) (\S+) in .*win rate ([\d.]+) %")
RE_PACHI = re.compile(r"\*\*\* WINNER is (\S+) with score ([\d.]+)%")
COLUMNS = "ABCDEFGHJKLMNOPQRST"
#: the search of an interior node of the default's 9x9 tree (the size group without net)
INTERIOR = {"net": "", "prior_sharpness": 0.0, "prior_wins": 300.0, "net_visits": 0}


def vertex(move: tuple[int, int] | None) -> str:
    """GTP vertex of an sgfmill move (row 0 at the bottom)."""
    return "PASS" if move is None else f"{COLUMNS[move[1]]}{move[0] + 1}"


def game_moves(path: str) -> tuple[int, float, list[tuple[str, str]]]:
    """The board size, the komi and the ``(colour, vertex)`` moves of an SGF file."""
    game = sgf.Sgf_game.from_bytes(Path(path).read_bytes())
    moves = []
    for node in game.get_main_sequence()[1:]:
        colour, move = node.get_move()
        if colour is not None:
            moves.append((colour, vertex(move)))
    return game.get_size(), game.get_komi(), moves


def read_logs(rundir: str, name: str, pattern: re.Pattern[str]) -> list[list[tuple[str, float]]]:
    """Each log's ``(vertex, win rate in [0, 1])`` lines, one list a log file."""
    logs = []
    for f in sorted(glob.glob(f"{rundir}/logs/{name}-*.log")):
        text = Path(f).read_text(errors="replace")
        lines = [(m.group(1).upper(), float(m.group(2)) / 100) for m in pattern.finditer(text)]
        if lines:
            logs.append(lines)
    return logs


def matching(logs: list[list[tuple[str, float]]], seq: list[str]) -> list[tuple[str, float]] | None:
    """The log whose moves begin the game's moves ``seq`` of that engine (3 at least)."""
    for lines in logs:
        k = min(len(lines), len(seq))
        if k >= 3 and [v for v, _ in lines[:k]] == seq[:k]:
            return lines
    return None


def extract(rundirs: list[str], drop: float) -> list[dict[str, Any]]:
    """The refuted positions of the games in ``rundirs``."""
    found = []
    for rundir in rundirs:
        igo_logs = read_logs(rundir, "igo", RE_IGO)
        pachi_logs = read_logs(rundir, "pachi", RE_PACHI)
        db = sqlite3.connect(f"{rundir}/results.sqlite")
        rows = db.execute("select game_index, black, sgf_path from games").fetchall()
        db.close()
        for index, black, sgf_path in rows:
            igo_colour = "b" if black.startswith("igo") else "w"
            size, komi, moves = game_moves(sgf_path)
            own = matching(igo_logs, [v for c, v in moves if c == igo_colour])
            theirs = matching(pachi_logs, [v for c, v in moves if c != igo_colour])
            if own is None or theirs is None:
                continue
            views = _views(moves, igo_colour, own, theirs)
            for j in range(2, len(views)):
                (_, who0, _, v0), (_, who1, _, v1), (ply, who, move, v) = views[j - 2:j + 1]
                if (who, who1, who0) != ("pachi", "igo", "pachi") or move == "PASS":
                    continue
                if v0 - v >= drop and v1 >= 0.5:
                    found.append({"game": f"{rundir}#{index}", "size": size,
                                  "komi": komi,
                                  "moves": " ".join(f"{c}{m}" for c, m in moves[:ply - 1]),
                                  "refutation": move, "igo_view": round(v1, 3),
                                  "pachi_before": round(v0, 3), "pachi_after": round(v, 3)})
    return found


def _views(moves: list[tuple[str, str]], igo_colour: str, own: list[tuple[str, float]],
           theirs: list[tuple[str, float]]) -> list[tuple[int, str, str, float]]:
    """``(ply, engine, vertex, igo's chances as that engine saw them)`` for each move."""
    views = []
    i = j = 0
    for ply, (colour, move) in enumerate(moves, start=1):
        if colour == igo_colour and i < len(own):
            views.append((ply, "igo", move, own[i][1]))
            i += 1
        elif colour != igo_colour and j < len(theirs):
            views.append((ply, "pachi", move, 1.0 - theirs[j][1]))
            j += 1
    return views


def _options(spec: str) -> dict[str, Any]:
    root = spec == "root" or spec.startswith("root:")
    body = spec[5:] if root else spec
    opts: dict[str, Any] = {} if root else dict(INTERIOR)
    if body and body != "base":
        for item in body.split(","):
            key, _, value = item.partition("=")
            opts[key] = value
    return opts


def test(positions: list[dict[str, Any]], playouts: int, specs: list[str]) -> None:
    """Print, for each configuration, how often the search finds the refutations."""
    from igo.core.board import Board
    from igo.core.color import Color
    from igo.core.coords import Point
    from igo.search.config import STRONG
    from igo.search.search import Search

    logging.disable(logging.WARNING)
    for spec in specs:
        hits = runs = 0
        share = 0.0
        marks = []
        for pos in positions:
            size = pos["size"]
            cfg = STRONG.for_size(size).with_options(**_options(spec))
            board = Board(size)
            for m in pos["moves"].split():
                colour = Color.BLACK if m[0] == "b" else Color.WHITE
                board.play(colour, None if m[1:] == "PASS" else Point.from_gtp(m[1:], size))
            for seed in (1, 2):
                search = Search(board, komi=pos.get("komi", 7.0), config=cfg, seed=seed)
                result = search.run(playouts=playouts)
                total = sum(s.visits for s in result.moves) or 1
                visits = {("PASS" if s.move is None else s.move.to_gtp(size)): s.visits
                          for s in result.moves}
                best = result.best
                hit = best is not None and visits.get(pos["refutation"], -1) == best.visits
                hits += hit
                runs += 1
                share += visits.get(pos["refutation"], 0) / total
                marks.append("x" if hit else ".")
        print(f"{spec:42s} {playouts} playouts: the refutation most visited {hits}/{runs}, "
              f"its mean share of the visits {share / max(runs, 1):.3f}  {''.join(marks)}",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("extract")
    ex.add_argument("rundirs", nargs="+")
    ex.add_argument("--out", required=True)
    ex.add_argument("--drop", type=float, default=0.2)
    te = sub.add_parser("test")
    te.add_argument("positions")
    te.add_argument("specs", nargs="+")
    te.add_argument("--playouts", type=int, default=20000)
    args = ap.parse_args(argv)
    if args.cmd == "extract":
        found = extract(args.rundirs, args.drop)
        Path(args.out).write_text(json.dumps(found, indent=1) + "\n")
        print(f"{len(found)} refuted positions -> {args.out}")
    else:
        test(json.loads(Path(args.positions).read_text()), args.playouts, args.specs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
