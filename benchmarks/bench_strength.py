"""Strength estimation speed (Araki et al.) → results/strength.json.

- inference: ``igo strength`` on a folder of single-game SGF files (the last ``--games``
  Fox games, written one a file), games per second end to end (reading, the move
  model's view of every move, features, the nets), one core;
- training wall times of the experiment runs (the paper's CNN at 30,000 iterations and
  our model), read from ``experiments/strength_cnn/results/`` where present.

Usage: ``python benchmarks/bench_strength.py [--games N]``
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import platform
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
EXP = ROOT / "experiments" / "strength_cnn" / "results"
DATA = ROOT.parent / "shared" / "data" / "fox_ranked" / "games.sgfs.xz"


def inference(n: int) -> dict[str, float]:
    """Games per second of ``igo strength DIR --json`` on ``n`` games."""
    import contextlib
    import io

    from igo.cli.main import main as igo

    with lzma.open(DATA, "rt", encoding="utf-8") as f:
        lines = [ln for ln in f if "HA[0]" in ln][-n:]
    with tempfile.TemporaryDirectory() as d:
        for i, ln in enumerate(lines):
            Path(d, f"g{i:04d}.sgf").write_text(ln, encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            igo(["strength", str(Path(d, "g0000.sgf")), "--json", "--no-progress"])  # warm-up
            t = time.perf_counter()
            rc = igo(["strength", d, "--json", "--no-progress"])
            wall = time.perf_counter() - t
    if rc != 0:
        raise SystemExit(f"igo strength failed ({rc})")
    return {"games": len(lines), "wall_s": round(wall, 2),
            "games_per_s": round(len(lines) / wall, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    a = ap.parse_args()
    import torch

    torch.set_num_threads(1)
    out: dict[str, object] = {"benchmark": "strength estimation, 19x19 Fox games, one core",
                              "load_average": round(os.getloadavg()[0], 1),
                              "date": time.strftime("%Y-%m-%d"), "machine": platform.machine(),
                              "inference_folder": inference(a.games)}
    timing = EXP / "timing.json"
    if timing.exists():
        out["training"] = json.loads(timing.read_text())
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "strength.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
