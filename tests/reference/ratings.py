"""The numpy MM step that :func:`igo.arena._ratings_kernels.mm_gamma` replaces (what
:meth:`igo.arena.ratings.Ratings.fit` ran before 2026-11-27): the fit must give the same
bits and take the same number of steps."""

from __future__ import annotations

import numpy as np

from igo.arena.ratings import Ratings, RatingsError


def fit(ratings: Ratings) -> int:
    """:meth:`Ratings.fit` as it was, on ``ratings`` in place; returns the steps taken."""
    black, white, count, score = ratings._arrays()
    n, prior = len(ratings.names), ratings.config.prior
    wins = np.bincount(black, score, n) + np.bincount(white, count - score, n) + prior / 2
    black_wins = score.sum() + prior / 2
    gamma, theta = np.exp(ratings._log_gamma), float(np.exp(ratings.log_theta))
    for step in range(1, ratings.config.max_iterations + 1):
        inv = count / (theta * gamma[black] + gamma[white])
        denom = (np.bincount(black, theta * inv, n) + np.bincount(white, inv, n)
                 + prior / (gamma + 1.0))
        new_gamma = wins / denom
        inv = count / (theta * new_gamma[black] + new_gamma[white])
        theta_new = black_wins / (float(np.dot(new_gamma[black], inv)) + prior / (theta + 1))
        change = max(float(np.max(np.abs(np.log(new_gamma / gamma)))),
                     abs(np.log(theta_new / theta)))
        gamma, theta = new_gamma, theta_new
        if change < ratings.config.tolerance:
            ratings._log_gamma, ratings.log_theta = np.log(gamma), float(np.log(theta))
            return step
    raise RatingsError(f"MM did not converge in {ratings.config.max_iterations} steps")
