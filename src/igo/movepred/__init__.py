"""Move evaluation learnt from game records, after Honda, Viennot and Ikeda, "Broad
Pattern Matching for the Opening Moves in Go" (c. 2012; "Honda et al." in docstrings):
a generalized Bradley-Terry model over tactical features, local patterns and broad
patterns.

- :mod:`~igo.movepred.model`: :class:`MoveModel` (scores all legal moves; kernels in
  ``_kernels``);
- :mod:`~igo.movepred.train`: pattern dictionaries, gradient training (per-sample
  weights, checkpoints), optional MM;
- :mod:`~igo.movepred.pipeline`: the resumable pipeline behind ``igo movepred train``;
- :mod:`~igo.movepred.dataset`: positions as compact arrays, on-disk cache;
- :mod:`~igo.movepred.evaluate`: match rate, mean rank, top-20, log evidence;
- :mod:`~igo.movepred.model_io`: self-describing model files;
- :mod:`~igo.movepred.default`: the committed default model.
"""

from igo.movepred.model import MoveModel
from igo.movepred.model_io import ModelFileError, load_model, save_model

__all__ = ["ModelFileError", "MoveModel", "load_model", "save_model"]
