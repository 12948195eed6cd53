"""Features of candidate moves for move evaluation (paper 000).

Tactical features (:mod:`~igo.features.tactical`), local patterns ``Rn``
(:mod:`~igo.features.patterns`), broad reduced-board patterns
(:mod:`~igo.features.broad`), all computed for every legal move of a position in
one kernel call (:mod:`~igo.features.extract`).
"""

from igo.features.broad import BroadConfig
from igo.features.extract import GROUPS, PAPER_GROUPS, Extractor, FeatureConfig

__all__ = ["GROUPS", "PAPER_GROUPS", "BroadConfig", "Extractor", "FeatureConfig"]
