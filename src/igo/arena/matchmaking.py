"""Matchmaking: who plays whom next when rating a population (Sato & Takahashi, §4.2).

Four strategies, compared in the paper's Figs. 3–4:

``random``
    Two distinct players drawn uniformly.
``ranking``
    A player drawn uniformly, the opponent at a rank offset drawn from a normal law
    ``round(N(0, rank_sigma))`` (redrawn while zero or off the table): near ranks play
    each other most.
``result``
    Winners against winners, losers against losers: a player drawn uniformly, the opponent
    uniformly among the others whose last pair of games ended the same way (won both, split,
    lost both, or not yet played); uniform if there is none.
``result+ranking+random``
    As ``result``, but the opponent is the one at a normal-random offset in the rank order of
    those players; and with probability ``random_share`` (paper: 1 in 10) a ``random`` pair,
    so that the same players do not keep meeting in a loop.

One matchmaking is a :class:`Pairing`: two games from the same position with colours swapped.
Everything is pure: the state (ranking, last results) and the ``numpy.random.Generator`` are
passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

NOT_PLAYED = -1


class MatchmakingError(ValueError):
    """A matchmaking request that cannot be met (fewer than two players, bad state)."""


class Strategy(StrEnum):
    """The four matchmaking strategies of Sato & Takahashi, §4.2."""

    RANDOM = "random"
    RANKING = "ranking"
    RESULT = "result"
    RESULT_RANKING_RANDOM = "result+ranking+random"


@dataclass(frozen=True)
class MatchmakingConfig:
    """A strategy and its parameters.

    Attributes
    ----------
    strategy : Strategy
        Which of the four strategies.
    rank_sigma : float
        Standard deviation (in ranks) of the normal offset of ``ranking`` strategies
        (the paper chose its value in preliminary experiments and does not give it).
    random_share : float
        Share of uniformly random pairings of ``result+ranking+random`` (paper: 0.1).
    """

    strategy: Strategy = Strategy.RESULT_RANKING_RANDOM
    rank_sigma: float = 3.0
    random_share: float = 0.1

    def __post_init__(self) -> None:
        if not self.rank_sigma > 0:
            raise MatchmakingError(f"rank_sigma must be > 0, got {self.rank_sigma}")
        if not 0.0 <= self.random_share <= 1.0:
            raise MatchmakingError(f"random_share must be in [0, 1], got {self.random_share}")


@dataclass(frozen=True)
class Pairing:
    """One matchmaking: two games from the same opening, colours swapped.

    Attributes
    ----------
    first, second : int
        The players (indices); ``first`` is Black in the first game.
    opening : int
        Seed of the common starting position of both games.
    """

    first: int
    second: int
    opening: int

    def games(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two games as ``(black, white)``: colours swapped."""
        return (self.first, self.second), (self.second, self.first)


def pair_result(black_scores: tuple[float, float]) -> int:
    """The first player's points from a pairing's two Black scores: 0, 1 or 2 (halves round).

    ``black_scores`` are Black's scores (1, 1/2, 0) of the games of :meth:`Pairing.games`.
    """
    points = black_scores[0] + (1.0 - black_scores[1])
    return int(np.clip(np.rint(points), 0, 2))


def choose_pairing(config: MatchmakingConfig, ranking: Sequence[int], last: Sequence[int],
                   rng: np.random.Generator) -> Pairing:
    """Choose the next pairing (Sato & Takahashi, §4.2).

    Parameters
    ----------
    config : MatchmakingConfig
        Strategy and parameters.
    ranking : sequence of int
        All players, best first (the current computed ranking).
    last : sequence of int
        ``last[p]``: player ``p``'s points in its last pairing (0, 1, 2) or
        :data:`NOT_PLAYED`.
    rng : numpy.random.Generator
        Source of randomness.
    """
    n = len(ranking)
    if n < 2 or len(last) != n or sorted(ranking) != list(range(n)):
        raise MatchmakingError("need a ranking of players 0..n-1 (n >= 2) and n last results")
    strategy = config.strategy
    if strategy is Strategy.RESULT_RANKING_RANDOM and rng.random() < config.random_share:
        strategy = Strategy.RANDOM
    player = int(rng.integers(n))
    if strategy is Strategy.RANDOM:
        opponent = int((player + rng.integers(1, n)) % n)
    elif strategy is Strategy.RANKING:
        opponent = _near_in_rank(list(ranking), player, config.rank_sigma, rng)
    else:
        same = [p for p in ranking if last[p] == last[player]]
        if len(same) < 2:
            opponent = int((player + rng.integers(1, n)) % n)
        elif strategy is Strategy.RESULT:
            others = [p for p in same if p != player]
            opponent = int(others[rng.integers(len(others))])
        else:
            opponent = _near_in_rank(same, player, config.rank_sigma, rng)
    return Pairing(player, opponent, int(rng.integers(2**31)))


def _near_in_rank(order: list[int], player: int, sigma: float,
                  rng: np.random.Generator) -> int:
    """An opponent at a nonzero normal-random rank offset from ``player`` within ``order``."""
    position = order.index(player)
    for _ in range(64):
        offset = int(np.rint(rng.normal(0.0, sigma)))
        if offset != 0 and 0 <= position + offset < len(order):
            return order[position + offset]
    return order[position + 1] if position + 1 < len(order) else order[position - 1]
