"""Light-playout throughput on one core.

A *light playout* here is what the benchmarks of Pachi call one: uniformly random
legal moves that do not fill one's own eye, played from the empty board until both
sides pass, then area-scored. The whole loop (restore the root, play, score) runs in
one numba kernel (:func:`igo.core._kernels.run_playouts`) on one thread.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.playout import PlayoutRunner

# Reference figures measured on this project's machines (one thread), see README.
PACHI_LIGHT = {9: 36_500, 19: 10_100}
PACHI_HEAVY = {9: 12_600, 19: 3_200}


@dataclass(frozen=True, slots=True)
class PlayoutBenchResult:
    """What ``igo bench playouts --json`` prints."""

    size: int
    playouts: int
    seconds: float
    black_win_rate: float

    @property
    def playouts_per_s(self) -> float:
        """Throughput."""
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, float | int]:
        """The documented schema: size, playouts, playouts_per_s (+ details)."""
        return {"size": self.size, "playouts": self.playouts,
                "playouts_per_s": round(self.playouts_per_s, 1),
                "seconds": round(self.seconds, 3),
                "black_win_rate": round(self.black_win_rate, 4)}


def bench_playouts(size: int, seconds: float, komi: float = 7.0, seed: int = 0,
                   chunk: int = 500) -> PlayoutBenchResult:
    """Run playouts from the empty ``size`` board for about ``seconds`` (after a
    warm-up that compiles the kernels) and measure the rate."""
    runner = PlayoutRunner(Board(size), Color.BLACK)
    rng = np.random.default_rng(seed)
    runner.run(5, komi, rng)  # compile / load the kernels outside the timing
    done = wins = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        wins += runner.run(chunk, komi, rng)
        done += chunk
        elapsed = time.perf_counter() - start
    return PlayoutBenchResult(size, done, elapsed, wins / done)
