"""The analysis lines' score graph on 19x19: ``kata-analyze``'s ``rootInfo`` score
from move to move.

    python experiments/value_net/analysis_graph.py --game 5 --moves 60 --playouts 200

Plays the first ``--moves`` moves of game ``--game`` of ``tygem9d/test.sgfs.xz`` into
igo's GTP engine (the default engine, its net's heads) and, before each move,
asks ``kata-analyze COLOR playouts N rootInfo true``; the ``rootInfo`` ``scoreLead``
(turned to Black's view) is a GUI's score graph. Prints the median and mean absolute
step from one position to the next and the graph: run it on two checkouts (with
``PYTHONPATH=CHECKOUT/src``) to compare their lines.
"""

from __future__ import annotations

import argparse
import itertools
import json
import lzma
import statistics
from pathlib import Path

import numpy as np

from igo.core.coords import format_vertex
from igo.engine.engine import GtpEngine
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.search import preset
from igo.sgf import parse_sgf

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", type=int, default=5)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--playouts", type=int, default=200)
    args = ap.parse_args(argv)
    with lzma.open(DATA, "rt", encoding="utf-8") as f:
        text = next(line for i, line in enumerate(f) if i == args.game)
    rec = parse_sgf(text)
    gen = MCTSGenerator(preset("strong").with_options(net="default"),
                        MoveLimits(args.playouts, None), rng=np.random.default_rng(1))
    eng = GtpEngine(gen, size=rec.size, komi=rec.komi, rng=np.random.default_rng(2))
    graph = []
    for mv in rec.moves[:args.moves]:
        c = mv.color.name[0]
        line = eng.handle_line(f"kata-analyze {c} playouts {args.playouts} rootInfo true")
        lead = float(line.split(" rootInfo ")[1].split(" scoreLead ")[1].split()[0])
        graph.append(lead if c == "B" else -lead)
        eng.handle_line(f"play {c} {format_vertex(mv.point, rec.size)}")
    steps = [abs(b - a) for a, b in itertools.pairwise(graph)]
    print(json.dumps({"game": args.game, "positions": len(graph),
                      "median_step": round(statistics.median(steps), 3),
                      "mean_step": round(statistics.mean(steps), 3),
                      "graph": [round(x, 2) for x in graph]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
