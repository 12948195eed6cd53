"""Playouts per second inside the search (tree descent, expansion with priors,
playout, backup), from the empty board, as ``igo bench search`` prints them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from igo.core.board import Board
from igo.search.config import SearchConfig, preset


@dataclass(frozen=True, slots=True)
class SearchBenchResult:
    """What ``igo bench search --json`` prints."""

    size: int
    preset: str
    policy: str
    threads: int
    playouts: int
    seconds: float
    nodes: int
    parallel: str = "tree"

    @property
    def playouts_per_s(self) -> float:
        """Throughput over all threads."""
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, float | int | str]:
        """The documented schema: size, preset, playouts, playouts_per_s, threads (+)."""
        return {"size": self.size, "preset": self.preset, "policy": self.policy,
                "playouts": self.playouts, "playouts_per_s": round(self.playouts_per_s, 1),
                "threads": self.threads, "parallel": self.parallel,
                "seconds": round(self.seconds, 3), "nodes": self.nodes}


def bench_search(size: int, seconds: float, preset_name: str = "strong",
                 config: SearchConfig | None = None, komi: float = 7.0,
                 seed: int = 0) -> SearchBenchResult:
    """Search the empty board for about ``seconds`` after a short warm-up (kernel
    compilation or cache load) and measure playouts per second."""
    from igo.search.search import Search

    cfg = config if config is not None else preset(preset_name)
    Search(Board(size), komi, cfg, seed=seed).run(playouts=50)  # warm-up
    search = Search(Board(size), komi, cfg, seed=seed)
    start = time.perf_counter()
    result = search.run(seconds=seconds)
    elapsed = time.perf_counter() - start
    nodes = sum(min(int(t.meta[0]), t.first.shape[0]) for t in search.trees())
    return SearchBenchResult(size, preset_name, cfg.playouts.policy, cfg.resources.threads,
                             result.playouts, elapsed, nodes, cfg.resources.parallel)
