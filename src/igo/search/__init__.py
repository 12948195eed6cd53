"""Monte-Carlo tree search with tabu lists in the playouts, after Ohta and Itoh, "An
Igo Algorithm of Monte Carlo Tree Search Including Tabu Search" (2013; "Ohta & Itoh" in
docstrings), and beyond it the ``strong`` preset.

- :mod:`igo.search.config`: :class:`SearchConfig` and the ``paper``/``strong`` presets;
- :mod:`igo.search.options`: the search's options by concern (selection, prior,
  playouts, resources, netprior), each field naming its slot of the kernel vector;
- :mod:`igo.search.size_defaults`: the one table of board-size defaults;
- :mod:`igo.search.explain`: every option of a search on a board size and what set it
  (``igo gtp --show-config``);
- :mod:`igo.search.search`: :class:`Search`, the public entry point;
- :mod:`igo.search.tree`: the array-backed node pool;
- :mod:`igo.search.analysis`: reading a search for GUIs (PV per move, LCB, score);
- :mod:`igo.search.ownership`: a position's ownership from the playouts of a search;
- :mod:`igo.search.priors`: the move model packed for its kernel;
- :mod:`igo.search.netprior`: the policy network's priors, set in the tree while the
  search runs;
- :mod:`igo.search.timecontrol`: the time manager (how long a move thinks);
- :mod:`igo.search.patterns3`: MoGo's 3x3 playout shapes as a table;
- kernels: ``_kernels`` (iterations), ``_policy_kernels`` (light and heavy playout
  policies), ``_moggy_kernels`` (the tactical playouts, with :mod:`igo.tactics`),
  ``_prior_kernels`` (the move model inside numba), ``_tactic_prior_kernels`` (ladders
  read into the priors at expansion), ``_net_kernels`` (the net's priors into the
  tree), ``_tabu_kernels`` (tabu lists), ``_tree_kernels`` (subtree copy).
"""

from igo.search.config import PAPER, PRESETS, STRONG, SearchConfig, preset
from igo.search.search import MoveStats, Search, SearchResult

__all__ = ["PAPER", "PRESETS", "STRONG", "MoveStats", "Search", "SearchConfig",
           "SearchResult", "preset"]
