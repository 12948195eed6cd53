"""The hot part of one MM step of :meth:`igo.arena.ratings.Ratings.fit`.

One pass over the ordered pairs accumulates every player's MM denominator, the next gives
the new ``γ`` and, for the colour advantage's update, ``γ_b`` and ``count / (θ γ_b + γ_w)``
of each pair; the caller sums their product with ``np.dot`` and tests convergence in numpy.
The sums run in the order of the pairs, as ``np.bincount`` sums them, so the ratings are
the numpy step's to the bit (``tests/reference/ratings.py``, tested) in a third of the time
for the tens of thousands of games of Sato & Takahashi's loop.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit


@njit
def mm_gamma(black: np.ndarray, white: np.ndarray, count: np.ndarray, wins: np.ndarray,
             gamma: np.ndarray, theta: float, prior: float, new_gamma: np.ndarray,
             black_gamma: np.ndarray, inv: np.ndarray) -> None:
    """The ``γ`` update from ``gamma`` and ``theta`` into ``new_gamma``; then, with the new
    ``γ``, ``black_gamma[i] = γ_b`` and ``inv[i] = count[i] / (θ γ_b + γ_w)`` per pair."""
    n = gamma.shape[0]
    as_black = np.zeros(n)
    as_white = np.zeros(n)
    for i in range(black.shape[0]):
        x = count[i] / (theta * gamma[black[i]] + gamma[white[i]])
        as_black[black[i]] += theta * x
        as_white[white[i]] += x
    for j in range(n):
        new_gamma[j] = wins[j] / (as_black[j] + as_white[j] + prior / (gamma[j] + 1.0))
    for i in range(black.shape[0]):
        g = new_gamma[black[i]]
        black_gamma[i] = g
        inv[i] = count[i] / (theta * g + new_gamma[white[i]])
