"""Strength from one game record, after Araki, Hoki and Muramatsu, "Estimating
Player's Strength by CNN from One Game Record of Go" (IPSJ Journal, 2016; "Araki et al."
in docstrings).

- :mod:`~igo.strength.scale`: the rank → rating scale (100 points a rank, 1k = 2000,
  1d = 2100) and the three classes;
- :mod:`~igo.strength.data`: examples per colour with the fold rules, drops by reason;
  :mod:`~igo.strength.splits`: which examples train, validate and test;
- :mod:`~igo.strength.gamearrays`: one game as arrays (boards of the first moves, the
  move model's view of every move); :mod:`~igo.strength.netview`: the policy
  network's view of every move;
- :mod:`~igo.strength.cache`: the pre-encoded data set on disk (numpy);
- :mod:`~igo.strength.encode`: the paper's input planes (section 4) and the 8 symmetries;
- :mod:`~igo.strength.summary`: per-example feature vectors (MBN of section 5, and the
  move-model features of our model);
- :mod:`~igo.strength.metrics`: RMSE, correlation, confusion matrix, accuracy,
  worst-case ratio (sections 6–7); :mod:`~igo.strength.evaluation`: the summary of
  ``igo strength eval``;
- :mod:`~igo.strength.nets`, :mod:`~igo.strength.train`: PyTorch models and training
  (imported only when used); :mod:`~igo.strength.papercnn`: the paper's CNN
  experiments;
- :mod:`~igo.strength.ours`: our model (the paper's future work (4));
  :mod:`~igo.strength.fit`: fitting the default estimator (``igo strength train``);
- :mod:`~igo.strength.estimator`: the estimator behind ``igo strength``, with
  intervals, class probabilities and pooled estimates; :mod:`~igo.strength.default`:
  the committed default model; :mod:`~igo.strength.predict`: estimates per game and
  colour, and pooled per player.
"""

from igo.strength.scale import RankScale

__all__ = ["RankScale"]
