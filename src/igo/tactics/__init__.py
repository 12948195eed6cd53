"""The tactics room: one module a tactical question, in the spirit of Pachi's
``tactics/`` (our own code), layered above :mod:`igo.core` and below ``search/``,
whose kernels call its kernels: the ``moggy`` playouts (ladders, two-liberty tactics,
nakade and the self-atari test, :mod:`igo.search._moggy_kernels`; ``igo tsumego``'s
default), the heavy playouts' nakade step (``heavy_nakade``, off by default) and the
ladder priors (:mod:`igo.search._tactic_prior_kernels`, ``ladder_escape`` and
``ladder_atari``, off by default).

- :mod:`igo.tactics.reading`: bounded attack / defence reading of a string
  (GNU Go's ``attack`` / ``defend`` questions, with its ko codes);
  :mod:`igo.tactics.reading_config` its limits and move generators, one field each;
- :mod:`igo.tactics.ladder`: is a string in atari caught in a working ladder;
- :mod:`igo.tactics.twolib`: which moves attack / defend a string of two liberties;
- :mod:`igo.tactics.selfatari`: a self-atari classified (bad, throw-in, nakade,
  snapback);
- :mod:`igo.tactics.nakade`: the vital point of an enclosed eye space of 3-6 points;
- :mod:`igo.tactics.seki`: moves that would break a shared-liberty seki.

Each public function takes an :class:`igo.core.board.Board` and
:class:`igo.core.coords.Point` values, validates them (:mod:`igo.tactics.target`) and
raises the specific errors of :mod:`igo.tactics.errors`; the work is done by numba
kernels in the private ``_*_kernels.py`` modules, each with a plain-Python reference in
``tests/reference/tactics_*.py``.
"""
