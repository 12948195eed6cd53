"""The search kernels run as plain Python (``NUMBA_DISABLE_JIT=1``) give the same search
as the compiled ones: same seed, same root statistics (kernel code covered as Python)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SCRIPT = r"""
import json, sys, warnings
warnings.simplefilter("ignore")
from igo.core.board import Board
from igo.core.coords import Point
from igo.search import PAPER, STRONG, Search
out = {}
for name, cfg, n in (("paper_tabu", PAPER.with_options(expand_threshold=3, tabu=3), 40),
                     ("strong", STRONG, 40),
                     ("strong_reclaims", STRONG.with_options(tree_capacity=1000), 400)):
    b = Board(5)
    b.setup(black=[Point(1, 1), Point(2, 2)], white=[Point(1, 2), Point(3, 3)])
    s = Search(b, komi=0.5, config=cfg, seed=9)
    r = s.run(playouts=n)
    stats = {k: v for k, v in r.stats.items() if not k.startswith("reclaim_ms")}
    out[name] = {"moves": [[str(m.move), m.visits, round(m.winrate, 9)] for m in r.moves],
                 "stats": stats}
print(json.dumps(out))
"""


def _run(disable_jit: bool) -> dict[str, object]:
    env = dict(os.environ)
    if disable_jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    else:
        env.pop("NUMBA_DISABLE_JIT", None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, timeout=900, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
def test_plain_python_kernels_search_the_same_tree() -> None:
    compiled = _run(False)
    python = _run(True)
    assert python == compiled
    reclaims = compiled["strong_reclaims"]["stats"]["reclaims"]  # type: ignore[index]
    assert reclaims > 0  # the copy of a full tree ran as Python too


THREADS_SCRIPT = r"""
import json, warnings
warnings.simplefilter("ignore")
from igo.core.board import Board
from igo.search import STRONG, Search
s = Search(Board(5), komi=0.5, config=STRONG.with_options(threads=2), seed=9)
r = s.run(playouts=40)
t = s.trees()[0]
f, k = int(t.first[0]), int(t.nch[0])
print(json.dumps({"trees": len(s.trees()), "playouts": r.playouts, "root": float(t.N[0]),
                  "children": float(t.N[f:f + k].sum()), "used": int(t.meta[0])}))
"""


@pytest.mark.slow
def test_plain_python_kernels_share_a_tree_between_threads() -> None:
    """Tree parallelism with the kernels as Python threads (the atomics' plain versions)."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    proc = subprocess.run([sys.executable, "-c", THREADS_SCRIPT], capture_output=True,
                          text=True, env=env, timeout=900, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["trees"] == 1 and out["playouts"] == 40
    assert 38 <= out["root"] <= 40 and 38 <= out["children"] <= 40  # lost updates hit either
