"""Issue 24: where the first start of ``igo gtp`` after an install spends its time.

numba compiles igo's kernels the first time they run and keeps them in ``__pycache__``
(``src/igo/_jit.py``); every later start loads them. This script times, in a fresh
process, each step a first analysis goes through, in order: importing igo, the board's
kernels, the move model and its feature kernels (the priors of the root's expansion),
the search loop, the reclaim of a full tree, and the analysis helpers. Run it once after
deleting the kernel cache (the first start after an install) and once more (a warm
start)::

    find src -name '*.nbi' -delete -o -name '*.nbc' -delete
    python experiments/tabu_mcts/cold_start.py     # cold
    python experiments/tabu_mcts/cold_start.py     # warm
"""

from __future__ import annotations

import json
import time

T0 = time.perf_counter()
steps: dict[str, float] = {}


def step(name: str, t: float) -> float:
    now = time.perf_counter()
    steps[name] = round(now - t, 2)
    return now


def main() -> None:
    t = T0
    from igo.core.board import Board
    from igo.core.color import Color
    from igo.core.coords import Point
    from igo.search import STRONG, Search
    from igo.search.analysis import analyze_moves

    t = step("import igo", t)
    b = Board(9)
    b.play(Color.BLACK, Point(4, 4))
    b.copy().play(Color.WHITE, Point(2, 2))
    t = step("board kernels (play, legality)", t)
    s = Search(b, 7.0, STRONG.with_options(tree_capacity=1000), seed=1)
    t = step("move model, features and priors (the root's expansion)", t)
    s.run(playouts=40)
    t = step("search loop (descent, heavy playouts, backup)", t)
    s.run(playouts=400)
    t = step("reclaim of a full tree, spare-pool prefault", t)
    analyze_moves(s, s.result())
    s.ownership()
    t = step("analysis helpers (pv, lcb, ownership)", t)
    steps["total"] = round(t - T0, 2)
    print(json.dumps(steps, indent=1))


if __name__ == "__main__":
    main()
