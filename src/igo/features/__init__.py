"""Features of candidate moves for move evaluation, after Honda, Viennot and Ikeda,
"Broad Pattern Matching for the Opening Moves in Go" (c. 2012; "Honda et al." in
docstrings).

Tactical features (:mod:`~igo.features.tactical`), local patterns ``Rn``
(:mod:`~igo.features.patterns`), broad reduced-board patterns
(:mod:`~igo.features.broad`), all computed for every legal move of a position in
one kernel call (:mod:`~igo.features.extract`; kernels in ``_kernels``,
``_broad_kernels``, and ``_game_kernels`` for every position of a game in one call);
:mod:`~igo.features.pattern_cache` keeps a game's local-pattern ids from move to move.
"""

from igo.features.broad import BroadConfig
from igo.features.extract import GROUPS, PAPER_GROUPS, Extractor, FeatureConfig

__all__ = ["GROUPS", "PAPER_GROUPS", "BroadConfig", "Extractor", "FeatureConfig"]
