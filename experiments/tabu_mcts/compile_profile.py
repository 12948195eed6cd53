"""Where the first compile of the search kernels spends its time, from numba's own
events (``numba:run_pass`` for each compiler pass of each kernel, ``numba:llvm_lock``
for LLVM's work): the time of each event less that of the events nested in it, summed
by pass, by kernel, and by both. Run it on a copy of ``src/`` without a kernel cache
(the first start after an install)::

    cp -a src /tmp/cold && find /tmp/cold -name '*.nbi' -delete -o -name '*.nbc' -delete
    PYTHONPATH=/tmp/cold/src python experiments/tabu_mcts/compile_profile.py

It compiles what a first 9x9 search needs, with the heavy policy and then the moggy
one (``--policies``), and prints the wall time after each, then the largest totals.
Results of 2026-11-29 in ``experiments/tabu_mcts/LOG.md``, "Compile time".
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numba.core.event as ev


class _Exclusive(ev.Listener):
    """Sums each event's own time (its duration less its nested events')."""

    def __init__(self) -> None:
        self.stack: list[list[object]] = []
        self.by_key: dict[tuple[str, str], float] = defaultdict(float)

    def on_start(self, event: ev.Event) -> None:
        self.stack.append([event, time.perf_counter(), 0.0])

    def on_end(self, event: ev.Event) -> None:
        start, t0, nested = self.stack.pop()
        assert isinstance(start, ev.Event) and isinstance(t0, float)
        assert isinstance(nested, float)
        dt = time.perf_counter() - t0
        if self.stack:
            parent_nested = self.stack[-1][2]
            assert isinstance(parent_nested, float)
            self.stack[-1][2] = parent_nested + dt
        data = start.data if isinstance(start.data, dict) else {}
        kernel = str(data.get("qualname", ""))
        step = start.kind + (":" + str(data["name"]) if "name" in data else "")
        self.by_key[(kernel, step)] += dt - nested


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--policies", default="heavy,moggy")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    listener = _Exclusive()
    for kind in ("numba:run_pass", "numba:llvm_lock", "numba:compile"):
        ev.register(kind, listener)
    t0 = time.perf_counter()
    from igo.core.board import Board
    from igo.search.config import preset
    from igo.search.search import Search

    for policy in args.policies.split(","):
        Search(Board(9), 7.0, preset("strong").with_options(policy=policy), seed=1).run(
            playouts=200)
        print(f"{policy}: compiled and searched after {time.perf_counter() - t0:.1f} s",
              flush=True)
    totals: dict[str, defaultdict[str, float]] = {"pass": defaultdict(float),
                                                  "kernel": defaultdict(float)}
    for (kernel, step), t in listener.by_key.items():
        totals["pass"][step.split(" [")[0]] += t
        totals["kernel"][kernel or "(LLVM, all kernels)"] += t
    for name, table in (*totals.items(), ("kernel and pass", {
            f"{k or '(LLVM)'} / {s.split(' [')[0]}": t
            for (k, s), t in listener.by_key.items()})):
        print(f"by {name}:")
        for key, t in sorted(table.items(), key=lambda kv: -kv[1])[:args.top]:
            print(f"  {t:8.1f} s  {key}")


if __name__ == "__main__":
    main()
