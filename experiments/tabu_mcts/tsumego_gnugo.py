"""GNU Go 3.8's answers to life-and-death problems (the baseline of Fig. 5).

For each problem: ``clear_board``, the stones with ``play``, then
``restricted_genmove COLOUR v1 v2 ...`` with the empty points of the problem region
(the points inside the wall of igo's tsumego frame, :mod:`igo.tsumego.frame`: the
stones' bounding box, snapped to the board edge within 2 lines, grown by one line).
GNU Go sees the bare problem, no frame. A problem is solved when the move is one of
``SOL``. One JSON line per problem is appended to OUT (resumable: problems already
in OUT are skipped)::

    python experiments/tabu_mcts/tsumego_gnugo.py PROBLEMS OUT [--collection S]
        [--level 10] [--indices FILE]

At the end it prints ``{"problems", "solved", "rate", "level"}`` for the problems of
the selection found in OUT.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tqdm import tqdm

from igo.core.coords import Point
from igo.gtp.client import GtpClient
from igo.tsumego.frame import FrameConfig, problem_box
from igo.tsumego.problems import Problem, load_problems

GNUGO = "/usr/games/gnugo --mode gtp --level {level}"


def candidates(problem: Problem) -> list[Point]:
    """Empty points inside the frame's wall."""
    box = problem_box(problem.stones, problem.size, FrameConfig())
    stones = set(problem.stones)
    return [Point(r, c) for r in range(problem.size) for c in range(problem.size)
            if box.inside(r, c) and Point(r, c) not in stones]


def ask(engine: GtpClient, problem: Problem) -> tuple[Point | None, float]:
    """GNU Go's restricted move for the problem, and the seconds it took."""
    size = problem.size
    engine.send(f"boardsize {size}")
    engine.send("clear_board")
    for color, stones in (("black", problem.black), ("white", problem.white)):
        for p in stones:
            engine.send(f"play {color} {p.to_gtp(size)}")
    colour = "black" if problem.to_play.letter == "B" else "white"
    verts = " ".join(p.to_gtp(size) for p in candidates(problem))
    t0 = time.perf_counter()
    reply = engine.send(f"restricted_genmove {colour} {verts}", timeout=600)
    seconds = time.perf_counter() - t0
    if reply.lower() in ("pass", "resign"):
        return None, seconds
    return Point.from_gtp(reply, size), seconds


def done_indices(out: Path) -> set[int]:
    """Problem indices already answered in ``out``."""
    if not out.exists():
        return set()
    return {json.loads(line)["index"] for line in out.read_text().splitlines() if line}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("problems")
    ap.add_argument("out", type=Path)
    ap.add_argument("--collection", default=None)
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--indices", type=Path, default=None,
                    help="JSON list of problem indices to answer (a sample)")
    a = ap.parse_args(argv)
    errors: list = []
    problems = load_problems(a.problems, collection=a.collection, errors=errors)
    if a.indices is not None:
        wanted = set(json.loads(a.indices.read_text()))
        problems = [p for p in problems if p.index in wanted]
    done = done_indices(a.out)
    todo = [p for p in problems if p.index not in done]
    with GtpClient(GNUGO.format(level=a.level), timeout=60) as engine, \
            a.out.open("a") as fh:
        for p in tqdm(todo, file=sys.stderr, unit=" problems", mininterval=5):
            move, seconds = ask(engine, p)
            fh.write(json.dumps({"index": p.index, "source": p.source, "level": a.level,
                                 "move": None if move is None else move.to_sgf(),
                                 "correct": move in p.solutions,
                                 "seconds": round(seconds, 3)}) + "\n")
            fh.flush()
    rows = {r["index"]: r for r in map(json.loads, a.out.read_text().splitlines())}
    chosen = [rows[p.index] for p in problems if p.index in rows]
    solved = sum(r["correct"] for r in chosen)
    print(json.dumps({"problems": len(chosen), "solved": solved,
                      "rate": solved / len(chosen) if chosen else 0.0, "level": a.level}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
