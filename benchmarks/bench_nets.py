"""Policy-net speed on this machine's CPU (issue 37) → results/nets.json.

- one evaluation (encoding + the net + softmax) of a 19x19 and a 9x9 position, batch 1,
  milliseconds, for each committed net (``NetPolicy``, one PyTorch thread);
- the encoding alone (numba), microseconds a position;
- playouts a second of the search on a 19x19 middle-game position and on the empty 9x9
  board, without the net and with each net's priors (``net_visits`` 16 and 64), the net's
  thread beside one search thread.

With ``--one-core`` (→ results/nets-one-core.json) the process is pinned to one CPU, so
that the net's thread takes its time from the search's, as in a match where each engine
has one core: playouts a second and the nodes given the net's priors (evaluations or
cache hits), on the same two positions, without the net, with it at the root only and
at the nodes of 4,096, 1,024 and 256 visits.

Usage: ``python benchmarks/bench_nets.py [--seconds S] [--one-core]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import torch

from igo.core.board import Board
from igo.core.replay import replay
from igo.nets.encode import encode_board
from igo.nets.policy import MODELS_DIR, NetPolicy
from igo.search.config import STRONG
from igo.search.search import Search
from igo.sgf import read_sgf_file

RESULTS = Path(__file__).resolve().parents[1] / "results"
DEMO = Path(__file__).resolve().parents[1] / "src" / "igo" / "data" / "demo-19x19.sgf"
NETS = ("policy-19.pt", "policy-19-small.pt")


def _ms(f: object, n: int) -> float:
    t = time.perf_counter()
    for _ in range(n):
        f()  # type: ignore[operator]
    return (time.perf_counter() - t) / n * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--one-core", action="store_true",
                    help="pin to one CPU and measure what the net's thread costs the search")
    args = ap.parse_args()
    torch.set_num_threads(1)
    if args.one_core:
        return _one_core(args.seconds)
    board19 = replay(read_sgf_file(DEMO), 60)
    board9 = Board(9)
    out: dict[str, object] = {"machine": platform.processor() or platform.machine(),
                              "torch": torch.__version__}
    enc = encode_board(board19, board19.to_play)
    out["encode_us_19"] = round(_ms(lambda: encode_board(board19, board19.to_play), 200)
                                * 1000, 1)
    del enc
    for name in NETS:
        net = NetPolicy(MODELS_DIR / name)
        for size, board in ((19, board19), (9, board9)):
            e = encode_board(board, board.to_play)
            net.evaluate([e])
            out[f"{net.name}_eval_ms_{size}"] = round(
                _ms(lambda net=net, e=e: net.evaluate([e]), 20), 2)
    for size, board in ((19, board19), (9, board9)):
        searches: dict[str, int] = {}
        for label, spec, visits in (("no net", "", 16),
                                    ("b10c128 net_visits=16", "default", 16),
                                    ("b10c128 net_visits=64", "default", 64),
                                    ("b6c64 net_visits=16", str(MODELS_DIR / NETS[1]), 16)):
            cfg = STRONG.with_options(net=spec, net_visits=visits)
            if spec:  # load and warm the net first
                Search(board, 6.5, cfg, seed=1).run(seconds=0.5)
                time.sleep(1.0)
            r = Search(board, 6.5, cfg, seed=1).run(seconds=args.seconds)
            searches[label] = round(r.playouts / args.seconds)
        out[f"search_playouts_per_s_{size}"] = searches
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "nets.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))
    return 0


ROOT_ONLY = 10**9  # net_visits no node but the root reaches


def _one_core(seconds: float) -> int:
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    out: dict[str, object] = {"machine": platform.processor() or platform.machine(),
                              "torch": torch.__version__, "cpu": cpu, "seconds": seconds}
    board19 = replay(read_sgf_file(DEMO), 60)
    for size, board in ((9, Board(9)), (19, board19)):
        rows: dict[str, dict[str, int]] = {}
        for label, spec, visits in (("no net", "", 16),
                                    ("root only", "default", ROOT_ONLY),
                                    ("net_visits=4096", "default", 4096),
                                    ("net_visits=1024", "default", 1024),
                                    ("net_visits=256", "default", 256)):
            cfg = STRONG.with_options(net=spec, net_visits=visits)
            Search(board, 6.5, cfg, seed=1).run(seconds=0.5)  # compile, load the net
            s = Search(board, 6.5, cfg, seed=1)
            r = s.run(seconds=seconds)
            netp = s._netp  # the benchmark reads the search's counter
            rows[label] = {"playouts_per_s": round(r.playouts / seconds),
                           "nodes_given_net_priors": netp.applied if netp is not None else 0}
        out[f"search_{size}"] = rows
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "nets-one-core.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
