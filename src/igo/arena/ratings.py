"""Bradley-Terry Elo ratings by Coulom's minorisation-maximisation (Sato & Takahashi §3, ref. 11).

The model, for a game with ``b`` as Black and ``w`` as White::

    P(Black wins) = θ γ_b / (θ γ_b + γ_w),   γ_i = exp(r_i),  Elo_i = 400 / ln 10 · r_i

``θ`` is the first-move (colour) advantage, fitted with the ratings. **Draws count as half
a win for each side** (the likelihood is ``p^s (1 − p)^(1 − s)`` with score ``s = 1/2``):
with komi ``x.5`` Go has almost no draws, so a third parameter (Rao-Kupper, Davidson) would
be fitted from nothing. Every player also has ``prior`` virtual games (half won) against a
virtual opponent of rating 0, and the colour advantage ``prior`` virtual games between equals,
so that a player with only wins or only losses still has a finite rating (BayesElo's device).

The fit is Hunter's (2004) MM algorithm for Bradley-Terry with a home-field advantage, as used
by Coulom: all ``γ`` updated from the current ones, then ``θ``; each step increases the
(penalised) likelihood. Games are aggregated per ordered pair, so a step costs ``O(pairs)``.
:class:`Ratings` is incremental: :meth:`Ratings.add` accumulates games and :meth:`Ratings.fit`
starts from the previous solution (warm start), so a few steps suffice when a few games arrive.

Intervals come from the **observed information** (the Hessian of the negative penalised
log-likelihood in ``(r, ln θ)`` at the optimum, a Laplace approximation), for each rating
relative to the mean of all players (or to the anchor player when one is given).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from igo.arena import _ratings_kernels as RK

ELO_PER_NAT = 400.0 / np.log(10.0)
Z95 = 1.959963984540054


class RatingsError(ValueError):
    """Ratings that cannot be computed (no games, unknown anchor, bad score)."""


@dataclass(frozen=True)
class RatingsConfig:
    """How ratings are fitted.

    Attributes
    ----------
    prior : float
        Virtual games (half won) of each player against a rating-0 opponent; > 0.
    tolerance : float
        Stop when no log-rating moves by more than this (natural units).
    max_iterations : int
        Give up after this many MM steps.
    """

    prior: float = 2.0
    tolerance: float = 1e-9
    max_iterations: int = 100_000

    def __post_init__(self) -> None:
        if not self.prior > 0:
            raise RatingsError(f"prior must be > 0, got {self.prior}")
        if not self.tolerance > 0 or self.max_iterations < 1:
            raise RatingsError("tolerance must be > 0 and max_iterations >= 1")


@dataclass(frozen=True)
class PlayerRating:
    """One player's rating: Elo, its 95 % interval and the number of games rated."""

    name: str
    elo: float
    low: float
    high: float
    games: int

    def to_dict(self) -> dict[str, object]:
        """The ``igo elo --json`` entry of this player."""
        return {"name": self.name, "elo": self.elo, "low": self.low, "high": self.high,
                "games": self.games}


class Ratings:
    """Incremental Bradley-Terry ratings with a colour advantage (Sato & Takahashi, §3).

    Parameters
    ----------
    config : RatingsConfig
        Prior strength and convergence settings.

    Examples
    --------
    >>> r = Ratings(RatingsConfig())
    >>> r.add([("a", "b", 1.0), ("b", "a", 0.0), ("a", "b", 0.5)])
    >>> r.fit() > 0
    True
    """

    def __init__(self, config: RatingsConfig | None = None) -> None:
        self.config = config or RatingsConfig()
        self.names: list[str] = []
        self._index: dict[str, int] = {}
        self._pairs: dict[tuple[int, int], list[float]] = {}
        self._log_gamma = np.zeros(0)
        self.log_theta = 0.0

    def add(self, games: Iterable[tuple[str, str, float]]) -> None:
        """Add games ``(black, white, black_score)`` with score 1, 1/2 (draw) or 0."""
        for black, white, score in games:
            if score not in (0.0, 0.5, 1.0):
                raise RatingsError(f"score must be 0, 0.5 or 1, got {score!r}")
            if black == white:
                raise RatingsError(f"a player cannot play itself: {black!r}")
            key = (self._player(black), self._player(white))
            cell = self._pairs.setdefault(key, [0.0, 0.0])
            cell[0] += 1.0
            cell[1] += float(score)

    def add_players(self, names: Iterable[str]) -> None:
        """Register players before their first game (rated 0 by the prior until then)."""
        for name in names:
            self._player(name)

    @property
    def log_gamma(self) -> NDArray[np.float64]:
        """The current ratings ``r_i = ln γ_i`` in :attr:`names` order (a copy)."""
        return self._log_gamma.copy()

    def _player(self, name: str) -> int:
        if name not in self._index:
            self._index[name] = len(self.names)
            self.names.append(name)
            self._log_gamma = np.append(self._log_gamma, 0.0)
        return self._index[name]

    def _arrays(self) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64],
                               NDArray[np.float64]]:
        keys = list(self._pairs)
        if not keys:
            raise RatingsError("no games to rate")
        black = np.array([k[0] for k in keys], dtype=np.intp)
        white = np.array([k[1] for k in keys], dtype=np.intp)
        cells = np.array([self._pairs[k] for k in keys])
        return black, white, cells[:, 0], cells[:, 1]

    def games_per_player(self) -> NDArray[np.int64]:
        """Number of games each player (in :attr:`names` order) has played."""
        black, white, count, _ = self._arrays()
        n = len(self.names)
        total = np.bincount(black, count, n) + np.bincount(white, count, n)
        return np.rint(total).astype(np.int64)

    def fit(self) -> int:
        """Run MM steps from the current ratings until converged; returns the steps taken.

        Raises
        ------
        RatingsError
            If there are no games, or MM does not converge within ``max_iterations``.
        """
        black, white, count, score = self._arrays()
        n, prior = len(self.names), self.config.prior
        wins = np.bincount(black, score, n) + np.bincount(white, count - score, n) + prior / 2
        black_wins = score.sum() + prior / 2
        gamma, theta = np.exp(self._log_gamma), float(np.exp(self.log_theta))
        buffers = (np.empty(n), np.empty(n))  # the new γ, alternately (never the old one)
        black_gamma, inv = np.empty(len(count)), np.empty(len(count))
        for step in range(1, self.config.max_iterations + 1):
            new_gamma = buffers[step % 2]
            RK.mm_gamma(black, white, count, wins, gamma, theta, float(prior), new_gamma,
                        black_gamma, inv)
            theta_new = black_wins / (float(np.dot(black_gamma, inv)) + prior / (theta + 1))
            change = max(float(np.max(np.abs(np.log(new_gamma / gamma)))),
                         abs(np.log(theta_new / theta)))
            gamma, theta = new_gamma, theta_new
            if change < self.config.tolerance:
                self._log_gamma, self.log_theta = np.log(gamma), float(np.log(theta))
                return step
        raise RatingsError(f"MM did not converge in {self.config.max_iterations} steps")

    def hessian(self) -> NDArray[np.float64]:
        """Observed information in ``(r_1 … r_n, ln θ)`` at the current ratings."""
        black, white, count, _ = self._arrays()
        n, prior = len(self.names), self.config.prior
        r, h = self._log_gamma, self.log_theta
        p = 1.0 / (1.0 + np.exp(-(r[black] - r[white] + h)))
        weight = count * p * (1.0 - p)
        info = np.zeros((n + 1, n + 1))
        np.add.at(info, (black, black), weight)
        np.add.at(info, (white, white), weight)
        np.add.at(info, (black, white), -weight)
        np.add.at(info, (white, black), -weight)
        colour = np.bincount(black, weight, n) - np.bincount(white, weight, n)
        info[:n, n] += colour
        info[n, :n] += colour
        info[n, n] += weight.sum()
        q = 1.0 / (1.0 + np.exp(-r))
        info[np.arange(n), np.arange(n)] += prior * q * (1.0 - q)
        q0 = 1.0 / (1.0 + np.exp(-h))
        info[n, n] += prior * q0 * (1.0 - q0)
        return info

    def table(self, anchor: tuple[str, float] | None = None) -> list[PlayerRating]:
        """Ratings in Elo, best first, with 95 % intervals from the observed information.

        Parameters
        ----------
        anchor : (name, elo), optional
            Give this player this Elo (intervals are then relative to it: its own is zero);
            by default the mean of all players is 0.
        """
        n = len(self.names)
        cov = np.linalg.inv(self.hessian())[:n, :n]
        if anchor is None:
            contrast = np.eye(n) - 1.0 / n
            offset = -float(self._log_gamma.mean())
        else:
            if anchor[0] not in self._index:
                raise RatingsError(f"anchor {anchor[0]!r} is not a player of these games")
            a = self._index[anchor[0]]
            contrast = np.eye(n)
            contrast[:, a] -= 1.0
            offset = anchor[1] / ELO_PER_NAT - float(self._log_gamma[a])
        variance = np.einsum("ij,jk,ik->i", contrast, cov, contrast)
        half = Z95 * np.sqrt(np.maximum(variance, 0.0)) * ELO_PER_NAT
        elo = (self._log_gamma + offset) * ELO_PER_NAT
        games = self.games_per_player()
        rows = [PlayerRating(name, float(elo[i]), float(elo[i] - half[i]),
                             float(elo[i] + half[i]), int(games[i]))
                for i, name in enumerate(self.names)]
        return sorted(rows, key=lambda row: -row.elo)

    @property
    def colour_advantage_elo(self) -> float:
        """Black's first-move advantage ``ln θ`` in Elo."""
        return self.log_theta * ELO_PER_NAT


def rate(games: Sequence[tuple[str, str, float]], config: RatingsConfig | None = None,
         anchor: tuple[str, float] | None = None) -> list[PlayerRating]:
    """Fit ratings to ``games`` ``(black, white, black_score)`` and return the table."""
    ratings = Ratings(config)
    ratings.add(games)
    ratings.fit()
    return ratings.table(anchor)
