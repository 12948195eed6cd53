"""Strength from one game record (paper 002: Araki, Hoki, Muramatsu, IPSJ 2016).

- :mod:`~igo.strength.scale`: the rank → rating scale (100 points a rank, 1k = 2000,
  1d = 2100) and the three classes;
- :mod:`~igo.strength.data`: examples per colour with the fold rules, drops by reason;
- :mod:`~igo.strength.gamearrays`: one game as arrays (boards of the first moves, the
  move model's view of every move);
- :mod:`~igo.strength.cache`: the pre-encoded data set on disk (numpy);
- :mod:`~igo.strength.encode`: the paper's input planes (section 4) and the 8 symmetries;
- :mod:`~igo.strength.summary`: per-example feature vectors (MBN of section 5, and the
  move-model features of our model);
- :mod:`~igo.strength.metrics`: RMSE, correlation, confusion matrix, accuracy,
  worst-case ratio (sections 6–7);
- :mod:`~igo.strength.nets`, :mod:`~igo.strength.train`: PyTorch models and training
  (imported only when used);
- :mod:`~igo.strength.estimator`: the committed default estimator behind
  ``igo strength``, with intervals, class probabilities and pooled estimates.
"""

from igo.strength.scale import RankScale

__all__ = ["RankScale"]
