"""Monte-Carlo tree search with tabu lists in the playouts (paper 001).

- :mod:`igo.search.config`: :class:`SearchConfig` and the ``paper``/``strong`` presets;
- :mod:`igo.search.search`: :class:`Search`, the public entry point;
- :mod:`igo.search.tree`: the array-backed node pool;
- :mod:`igo.search.analysis`: reading a search for GUIs (PV per move, LCB, score);
- kernels: ``_kernels`` (iterations), ``_policy_kernels`` (playout policies),
  ``_prior_kernels`` (the move model inside numba), ``_tabu_kernels`` (tabu lists),
  ``_tree_kernels`` (subtree copy).
"""

from igo.search.config import PAPER, PRESETS, STRONG, SearchConfig, preset
from igo.search.search import MoveStats, Search, SearchResult

__all__ = ["PAPER", "PRESETS", "STRONG", "MoveStats", "Search", "SearchConfig",
           "SearchResult", "preset"]
