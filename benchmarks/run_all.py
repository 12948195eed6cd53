"""Run every benchmark of this folder (``make bench``); each writes results/<name>.json.

The machine is claimed for timing while they run (``igo timed``, :mod:`igo.arena.yielding`):
background jobs such as Sato & Takahashi's loop stop their workers until the last one ends. Run a
single script the same way: ``igo timed -- python benchmarks/bench_search.py``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from igo.arena.yielding import claim
from igo.cli.timed import claims_folder

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    failed = 0
    with claim(claims_folder(), "make bench (benchmarks/run_all.py)"):
        for script in sorted(HERE.glob("bench_*.py")):
            print(f"== {script.name}", flush=True)
            failed += subprocess.call([sys.executable, str(script)]) != 0
    sys.exit(1 if failed else 0)
