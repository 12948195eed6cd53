"""Matchmaking strategies of paper 004, §4.2."""

from __future__ import annotations

import numpy as np
import pytest

from igo.arena.matchmaking import (
    NOT_PLAYED,
    MatchmakingConfig,
    MatchmakingError,
    Pairing,
    Strategy,
    choose_pairing,
    pair_result,
)

N = 30


def draws(strategy: Strategy, last: list[int], count: int = 2000,
          **kw: float) -> list[Pairing]:
    rng = np.random.default_rng(5)
    config = MatchmakingConfig(strategy, **kw)  # type: ignore[arg-type]
    ranking = list(rng.permutation(N))
    return [choose_pairing(config, ranking, last, rng) for _ in range(count)]


def rank_gap(pairs: list[Pairing]) -> float:
    rng = np.random.default_rng(5)
    ranking = list(rng.permutation(N))
    return float(np.mean([abs(ranking.index(p.first) - ranking.index(p.second))
                          for p in pairs]))


def test_random_pairs_distinct_players_uniformly() -> None:
    pairs = draws(Strategy.RANDOM, [NOT_PLAYED] * N)
    assert all(p.first != p.second for p in pairs)
    counts = np.bincount([p.second for p in pairs], minlength=N)
    assert counts.min() > 0.5 * counts.mean()
    assert rank_gap(pairs) == pytest.approx((N + 1) / 3, rel=0.1)


def test_ranking_pairs_near_ranks() -> None:
    pairs = draws(Strategy.RANKING, [NOT_PLAYED] * N, rank_sigma=2.0)
    assert all(p.first != p.second for p in pairs)
    assert rank_gap(pairs) < 2.5


def test_result_pairs_winners_with_winners() -> None:
    last = [2 if i % 3 == 0 else 0 if i % 3 == 1 else 1 for i in range(N)]
    pairs = draws(Strategy.RESULT, last)
    assert all(last[p.first] == last[p.second] and p.first != p.second for p in pairs)
    assert rank_gap(pairs) > 5.0


def test_result_ranking_random_mixes_one_in_ten_random() -> None:
    last = [i % 2 * 2 for i in range(N)]
    pairs = draws(Strategy.RESULT_RANKING_RANDOM, last, count=4000, rank_sigma=1.0)
    mixed = np.mean([last[p.first] != last[p.second] for p in pairs])
    # A random pair mixes results half the time: 0.1 * 0.5 = 0.05 (±0.01 at 3 sigma).
    assert 0.035 < mixed < 0.065


def test_lone_result_falls_back_to_any_opponent() -> None:
    last = [2] + [0] * (N - 1)
    rng = np.random.default_rng(0)
    ranking = list(range(N))
    for _ in range(50):
        pairing = choose_pairing(MatchmakingConfig(Strategy.RESULT), ranking, last, rng)
        assert pairing.first != pairing.second


def test_pairing_swaps_colours_and_counts_points() -> None:
    pairing = Pairing(3, 7, opening=11)
    assert pairing.games() == ((3, 7), (7, 3))
    assert pair_result((1.0, 0.0)) == 2
    assert pair_result((1.0, 1.0)) == 1
    assert pair_result((0.0, 1.0)) == 0
    assert pair_result((0.5, 0.5)) == 1


def test_bad_requests_are_rejected() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(MatchmakingError, match="ranking"):
        choose_pairing(MatchmakingConfig(), [0], [NOT_PLAYED], rng)
    with pytest.raises(MatchmakingError, match="ranking"):
        choose_pairing(MatchmakingConfig(), [0, 2], [NOT_PLAYED] * 2, rng)
    with pytest.raises(MatchmakingError, match="rank_sigma"):
        MatchmakingConfig(rank_sigma=0.0)
    with pytest.raises(MatchmakingError, match="random_share"):
        MatchmakingConfig(random_share=1.5)
