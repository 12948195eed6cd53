"""The policy network (issue 37): a small residual CNN that predicts the next move.

Rooms, one concept a module:

- :mod:`igo.nets.games`: compact move lists of a corpus (what travels to a training
  machine; a few bytes a move);
- :mod:`igo.nets.encode` (kernels in :mod:`igo.nets._encode_kernels`): every position
  of those games as a few bytes a point, expanded to input planes on the device that
  trains or evaluates;
- :mod:`igo.nets.model`: the network (PyTorch) and its configuration;
- :mod:`igo.nets.model_file`: one self-describing model file (configuration, weights,
  how it was made), read with a clear error when it is not one;
- :mod:`igo.nets.stream`: many games encoded at once, or in the background while the
  net already trains;
- :mod:`igo.nets.train`: the training loop, which checkpoints and resumes;
- :mod:`igo.nets.evaluate`: top-1 and log-likelihood on held-out games;
- :mod:`igo.nets.policy`: the move probabilities of a :class:`igo.core.board.Board`
  on the CPU, for the search, the review and ``igo movepred``.

Nothing here imports PyTorch at import time of :mod:`igo.nets`; the modules that need
it import it themselves.
"""
