"""Policy-net speed on this machine's CPU (issue 37) → results/nets.json.

- one evaluation (encoding + the net + softmax) of a 19x19 and a 9x9 position, batch 1,
  milliseconds, for each committed net (``NetPolicy``, one PyTorch thread);
- the encoding alone (numba), microseconds a position;
- playouts a second of the search on a 19x19 middle-game position and on the empty 9x9
  board, without the net and with each net's priors (``net_visits`` 16 and 64), the net's
  thread beside one search thread.

Usage: ``python benchmarks/bench_nets.py [--seconds S]``
"""

from __future__ import annotations

import argparse
import json
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
    args = ap.parse_args()
    torch.set_num_threads(1)
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


if __name__ == "__main__":
    raise SystemExit(main())
