"""Move-model speed on 19x19 (Honda et al.) → results/movepred.json.

- ``MoveModel.scores(board)``: features and scores of every legal move of one
  position (what search calls), microseconds per call;
- the scoring kernel alone on already extracted features, per position;
- training throughput (gradient of the log-likelihood), positions per second;
- loading a model file until it can score a move (reading it and building its pattern
  tables), milliseconds: a player loads one per game in Sato & Takahashi's loop.

CPU time of this process, one core. Uses the default model unless ``--model``.

Usage: ``python benchmarks/bench_movepred.py [--model M] [--games N]``
"""

from __future__ import annotations

import argparse
import json
import platform
import tempfile
import time
from pathlib import Path

import numpy as np

from igo.core.board import Board
from igo.movepred import _kernels as K
from igo.movepred.dataset import extract_positions
from igo.movepred.default import default_model_path, load_default
from igo.movepred.model_io import load_model, save_model
from igo.movepred.train import log_likelihood
from igo.sgf import iter_records

RESULTS = Path(__file__).resolve().parents[1] / "results"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tygem9d"


def _load_ms(path: Path) -> float:
    """CPU milliseconds to load the model file at ``path`` (2 s of loads)."""
    loads = 0
    c0 = time.process_time()
    while time.process_time() - c0 < 2.0:
        _ = load_model(path).extractor
        loads += 1
    return 1e3 * (time.process_time() - c0) / loads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default=None)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    model = load_default() if args.model is None else load_model(args.model)
    games = list(iter_records(DATA / "test.sgfs.xz", progress=False, limit=args.games))
    per_call = {}
    for upto in (20, 60, 150):
        boards = []
        for g in games:
            if len(g.moves) > upto:
                b = Board(19, g.rules)
                for mv in g.moves[:upto]:
                    b.play(mv.color, mv.point)
                b.to_play = g.moves[upto].color
                boards.append(b)
        model.scores(boards[0])
        reps = 0
        c0 = time.process_time()
        while time.process_time() - c0 < 2.0:
            for b in boards:
                model.scores(b)
            reps += len(boards)
        per_call[f"move {upto}"] = round(1e6 * (time.process_time() - c0) / reps, 1)
    data = extract_positions(games, model.extractor, (0, 10**6))
    cell_of, nred = model.extractor.cells(19)
    sc = np.empty(361)
    vals = np.empty(K.N_GROUPS, np.int64)
    offs = model.offsets()
    K.position_scores(0, data.start, data.pt, data.tac, data.pat, data.prev1, data.prev2,
                      data.broad, 19, cell_of, nred, model.theta, offs, vals, sc)
    c0 = time.process_time()
    for i in range(len(data)):
        K.position_scores(i, data.start, data.pt, data.tac, data.pat, data.prev1, data.prev2,
                          data.broad, 19, cell_of, nred, model.theta, offs, vals, sc)
    kernel_us = 1e6 * (time.process_time() - c0) / len(data)
    log_likelihood(model, data, np.arange(10))
    c0 = time.process_time()
    log_likelihood(model, data)
    train_rate = len(data) / (time.process_time() - c0)
    path = default_model_path(19) if args.model is None else Path(args.model)
    load_model(path).scores(boards[0])
    load_ms = _load_ms(path)
    with tempfile.TemporaryDirectory() as tmp:  # as Sato & Takahashi's loop writes its models
        plain = Path(tmp) / "plain.npz"
        save_model(load_model(path), plain, compress=False)
        plain_load_ms = _load_ms(plain)
    out = {"benchmark": "move model on 19x19 tygem test positions, one core",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "model_groups": list(model.config.groups), "parameters": model.n_params,
           "scores_us_per_call (features + scores of all legal moves)": per_call,
           "scoring_kernel_us_per_position (features precomputed, incl. Python call)":
               round(kernel_us, 2),
           "gradient_positions_per_s": round(train_rate),
           "load_ms (read the file, build the pattern tables)": round(load_ms, 1),
           "load_ms of the same model saved uncompressed": round(plain_load_ms, 1),
           "positions": len(data), "mean_legal_moves": round(data.n_moves / len(data), 1)}
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "movepred.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
