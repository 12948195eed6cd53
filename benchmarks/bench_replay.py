"""Games replayed per second on the Tygem test file → results/replay.json.

Usage: ``python benchmarks/bench_replay.py [--file PATH] [--board-games N] [--profile]``

Measures, on one core, each stage separately (the file is decompressed first and not
timed, except in the end-to-end figure):

- ``parse``: :func:`igo.sgf.parse_sgf` on every line (fast path for one-line records);
- ``parse_tokeniser``: the general path (sgfmill's tokeniser) on every line, for
  comparison; the benchmark also checks that both paths give identical records for
  the whole file (``fast_path_identical``);
- ``replay_kernel``: :func:`igo.core.replay.check_record` (one numba call a game);
- ``replay_board``: :func:`igo.core.replay.replay` (``Board.play`` per move) on the
  first ``--board-games`` games, and ``iter_positions`` positions per second;
- ``parse_and_replay``: parse + kernel replay;
- ``end_to_end``: what ``igo replay FILE`` does (decompress, parse, replay).

``--profile`` prints where the end-to-end time goes (cProfile, top functions).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import lzma
import platform
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from igo.core.replay import check_record, iter_positions, replay
from igo.sgf import CorpusStats, iter_records, parse_sgf
from igo.sgf.read import fast_nodes, grammar_nodes, record_from_nodes

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
DEFAULT = ROOT / ".." / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def end_to_end(path: Path) -> tuple[int, int]:
    stats = CorpusStats()
    moves = sum(len(r.moves) for r in iter_records(path, progress=False, stats=stats,
                                                   check_legal=True))
    return stats.games, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=DEFAULT)
    parser.add_argument("--board-games", type=int, default=1000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with lzma.open(args.file, "rt", encoding="utf-8") as f:
        lines = [line for line in f if line.strip()]
    n = len(lines)
    # warm up numba (compilation or cache load is not part of the figures)
    check_record(parse_sgf(lines[0]))
    records, t_parse = timed(lambda: [parse_sgf(line, str(i)) for i, line in enumerate(lines)])
    slow, t_tok = timed(lambda: [record_from_nodes(grammar_nodes(line, str(i)), str(i))
                                 for i, line in enumerate(lines)])
    identical = sum(a == b for a, b in zip(records, slow, strict=True))
    fast_share = sum(fast_nodes(line) is not None for line in lines) / n
    moves = sum(len(r.moves) for r in records)
    _, t_kernel = timed(lambda: [check_record(r) for r in records])
    sub = records[:args.board_games]
    _, t_board = timed(lambda: [replay(r) for r in sub])
    positions, t_pos = timed(lambda: sum(1 for r in sub for _ in iter_positions(r)))
    (games_e2e, _), t_e2e = timed(lambda: end_to_end(args.file))
    result = {
        "benchmark": "replay of tygem9d/test.sgfs.xz, one core",
        "date": time.strftime("%F"),
        "machine": platform.processor() or platform.machine(),
        "python": platform.python_version(),
        "games": n,
        "moves": moves,
        "parse_games_per_s": round(n / t_parse, 1),
        "parse_tokeniser_games_per_s": round(n / t_tok, 1),
        "fast_path_share": round(fast_share, 4),
        "fast_path_identical": identical == n,
        "replay_kernel_games_per_s": round(n / t_kernel, 1),
        "replay_kernel_moves_per_s": round(moves / t_kernel),
        "replay_board_games_per_s": round(len(sub) / t_board, 1),
        "iter_positions_per_s": round(positions / t_pos),
        "parse_and_replay_games_per_s": round(n / (t_parse + t_kernel), 1),
        "end_to_end_games_per_s": round(games_e2e / t_e2e, 1),
    }
    print(json.dumps(result, indent=2))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "replay.json").write_text(json.dumps(result, indent=2) + "\n")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(end_to_end, args.file)
        pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
