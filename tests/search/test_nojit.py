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
for name, cfg in (("paper_tabu", PAPER.with_options(expand_threshold=3, tabu=3)),
                  ("strong", STRONG)):
    b = Board(5)
    b.setup(black=[Point(1, 1), Point(2, 2)], white=[Point(1, 2), Point(3, 3)])
    s = Search(b, komi=0.5, config=cfg, seed=9)
    r = s.run(playouts=40)
    out[name] = {"moves": [[str(m.move), m.visits, round(m.winrate, 9)] for m in r.moves],
                 "stats": r.stats}
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
