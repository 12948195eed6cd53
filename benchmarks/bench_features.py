"""Feature extraction speed on 19x19 (Honda et al.) → results/features.json.

Positions per second per core (CPU time of this process, so that other jobs on a
shared machine do not count against it), every legal move of each position, all
feature groups including the broad pattern, with a real pattern dictionary; and
where the time goes: SGF parsing, replay alone, the broad pattern alone, the
per-move features without the broad pattern.

Usage: ``python benchmarks/bench_features.py [--games N] [--dict-games N]``
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from igo.core.board import Board
from igo.features import _kernels as K
from igo.features.extract import Extractor, FeatureConfig
from igo.features.patterns import dictionary_table
from igo.movepred.train import build_dictionaries
from igo.sgf import iter_records

RESULTS = Path(__file__).resolve().parents[1] / "results"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tygem9d"


def cpu(fn: Callable[[], int]) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, count) of one call."""
    c0, w0 = time.process_time(), time.perf_counter()
    n = fn()
    return time.process_time() - c0, time.perf_counter() - w0, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--dict-games", type=int, default=2000)
    parser.add_argument("--threshold", type=int, default=5)
    args = parser.parse_args()
    cfg = FeatureConfig(pattern_threshold=args.threshold)
    train = itertools.islice(iter_records(DATA / "train-00.sgfs.xz", progress=False),
                             args.dict_games)
    kept, kept_b, _ = build_dictionaries(train, cfg, (0, 50))
    ex = Extractor(cfg, dictionary_table(kept), dictionary_table(kept_b))
    ex_nb = Extractor(replace(cfg, groups=tuple(g for g in cfg.groups if g != "broad")),
                      ex.patterns, ex.broad)
    t_parse, _, _ = cpu(lambda: len(list(iter_records(DATA / "test.sgfs.xz", progress=False,
                                                     limit=args.games))))
    games = list(iter_records(DATA / "test.sgfs.xz", progress=False, limit=args.games))
    ex.extract_game(games[0], 0, 50)  # compile
    ex_nb.extract_game(games[0], 0, 50)
    rows = {}
    for label, first, last in (("moves 1-50", 0, 50), ("whole games", 0, 10**6)):
        def full(first: int = first, last: int = last) -> int:
            return sum(len(ex.extract_game(g, first, last).pos_info) for g in games)

        def no_broad(first: int = first, last: int = last) -> int:
            return sum(len(ex_nb.extract_game(g, first, last).pos_info) for g in games)

        def counting(first: int = first, last: int = last) -> int:  # replay + broad
            return sum(len(ex.count_game(g, first, last)[0]) for g in games)

        def replay_only(first: int = first, last: int = last) -> int:
            return sum(len(ex_nb.count_game(g, first, last)[0]) for g in games)

        c_full, w_full, n = cpu(full)
        c_nb, _, _ = cpu(no_broad)
        c_cnt, _, _ = cpu(counting)
        c_rep, _, _ = cpu(replay_only)
        moves = sum(int(ex.extract_game(g, first, last).pt.shape[0]) for g in games[:50])
        pos50 = sum(len(ex.extract_game(g, first, last).pos_info) for g in games[:50])
        rows[label] = {
            "positions": n,
            "positions_per_s_per_core": round(n / c_full),
            "wall_positions_per_s": round(n / w_full),
            "mean_legal_moves": round(moves / pos50, 1),
            "us_per_position": {
                "total": round(1e6 * c_full / n, 1),
                "replay_and_played_move_hash": round(1e6 * c_rep / n, 1),
                "broad_pattern": round(1e6 * (c_cnt - c_rep) / n, 1),
                "per_move_features_all_legal_moves": round(1e6 * (c_nb - c_rep) / n, 1),
            },
            "sgf_parse_us_per_game": round(1e6 * t_parse / len(games), 1),
        }
        print(label, json.dumps(rows[label]))
    # one kernel call for one position, outside a game (what search would call)
    b = Board(19)
    for mv in games[0].moves[:60]:
        b.play(mv.color, mv.point)
    reps = 300
    c0 = time.process_time()
    for _ in range(reps):
        ex.position(b)
    single = 1e6 * (time.process_time() - c0) / reps
    RESULTS.mkdir(exist_ok=True)
    out = {"benchmark": "features of every legal move, 19x19 tygem test games, one core",
           "date": time.strftime("%F"), "machine": platform.processor() or platform.machine(),
           "games": len(games), "pattern_dictionary": {"train_games": args.dict_games,
                                                      "threshold": args.threshold,
                                                      "patterns": len(kept),
                                                      "broad": len(kept_b)},
           "target_positions_per_s_per_core": 5000, "results": rows,
           "single_position_call_us (Extractor.position, Python API, move 60)":
               round(single, 1),
           "kernel": K.__name__}
    (RESULTS / "features.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
