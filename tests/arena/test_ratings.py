"""Bradley-Terry ratings by MM: known strengths come back within their intervals."""

from __future__ import annotations

import numpy as np
import pytest

from igo.arena.ratings import ELO_PER_NAT, Ratings, RatingsConfig, RatingsError, rate
from reference.ratings import fit as reference_fit


def synthetic_games(elo: np.ndarray, colour_elo: float, games: int,
                    rng: np.random.Generator) -> list[tuple[str, str, float]]:
    """Random pairs, outcomes from Bradley-Terry with a colour advantage."""
    n = len(elo)
    black = rng.integers(0, n, games)
    white = (black + rng.integers(1, n, games)) % n
    p = 1.0 / (1.0 + 10.0 ** (-(elo[black] - elo[white] + colour_elo) / 400.0))
    wins = rng.random(games) < p
    return [(f"p{b:02d}", f"p{w:02d}", 1.0 if x else 0.0)
            for b, w, x in zip(black, white, wins, strict=True)]


def test_known_strengths_come_back_within_their_intervals() -> None:
    rng = np.random.default_rng(20261123)
    true = np.linspace(-300.0, 300.0, 20)
    inside, errors = 0, []
    for _ in range(3):
        ratings = Ratings()
        ratings.add(synthetic_games(true, 40.0, 6000, rng))
        ratings.fit()
        for row in ratings.table():
            t = true[int(row.name[1:])] - true.mean()
            inside += row.low <= t <= row.high
            errors.append(row.elo - t)
        assert abs(ratings.colour_advantage_elo - 40.0) < 15.0
    # 60 intervals of 95 %: about 57 should hold the truth; < 51 has probability ~1e-3.
    assert inside >= 51
    assert abs(float(np.mean(errors))) < 10.0


def test_mm_reaches_the_penalised_likelihood_optimum() -> None:
    rng = np.random.default_rng(1)
    games = synthetic_games(np.array([0.0, 100.0, 200.0, -50.0]), 0.0, 400, rng)
    ratings = Ratings(RatingsConfig(prior=2.0, tolerance=1e-12))
    ratings.add(games)
    ratings.fit()
    r, h = ratings._log_gamma, ratings.log_theta
    grad = np.zeros(len(r) + 1)
    for b, w, s in games:
        i, j = ratings._index[b], ratings._index[w]
        p = 1.0 / (1.0 + np.exp(-(r[i] - r[j] + h)))
        grad[[i, j, -1]] += (s - p) * np.array([1.0, -1.0, 1.0])
    grad[:-1] += 2.0 * (0.5 - 1.0 / (1.0 + np.exp(-r)))
    grad[-1] += 2.0 * (0.5 - 1.0 / (1.0 + np.exp(-h)))
    np.testing.assert_allclose(grad, 0.0, atol=1e-7)


def test_warm_start_continues_to_the_same_ratings_in_fewer_steps() -> None:
    rng = np.random.default_rng(2)
    true = np.linspace(-200.0, 200.0, 8)
    first, more = synthetic_games(true, 30.0, 800, rng), synthetic_games(true, 30.0, 40, rng)
    warm = Ratings()
    warm.add(first)
    cold_steps = warm.fit()
    warm.add(more)
    warm_steps = warm.fit()
    cold = Ratings()
    cold.add(first + more)
    cold.fit()
    assert warm_steps < cold_steps
    for a, b in zip(warm.table(), cold.table(), strict=True):
        assert a.name == b.name
        assert a.elo == pytest.approx(b.elo, abs=1e-5)


def test_draws_count_half_and_anchor_fixes_the_scale() -> None:
    table = rate([("a", "b", 0.5), ("b", "a", 0.5)] * 5 + [("a", "c", 1.0), ("c", "a", 0.0)],
                 anchor=("a", 1500.0))
    by_name = {row.name: row for row in table}
    assert by_name["a"].elo == 1500.0 and by_name["a"].low == by_name["a"].high == 1500.0
    assert by_name["b"].elo == pytest.approx(1500.0, abs=60.0)
    assert by_name["c"].elo < 1500.0 - 100.0
    assert by_name["a"].games == 12 and by_name["c"].games == 2


def test_unbeaten_player_has_a_finite_rating() -> None:
    table = rate([("a", "b", 1.0), ("b", "a", 0.0)] * 10)
    assert table[0].name == "a"
    assert np.isfinite(table[0].elo) and table[0].elo - table[1].elo > 200.0
    assert table[0].high - table[0].low > 0.0
    assert pytest.approx(173.7178, rel=1e-5) == ELO_PER_NAT


@pytest.mark.parametrize("games, message", [
    ([], "no games"),
    ([("a", "a", 1.0)], "itself"),
    ([("a", "b", 0.3)], "score"),
])
def test_bad_games_are_rejected(games: list[tuple[str, str, float]], message: str) -> None:
    with pytest.raises(RatingsError, match=message):
        rate(games)


def test_unknown_anchor_and_bad_prior_are_rejected() -> None:
    with pytest.raises(RatingsError, match="anchor"):
        rate([("a", "b", 1.0)], anchor=("z", 0.0))
    with pytest.raises(RatingsError, match="prior"):
        RatingsConfig(prior=0.0)


@pytest.mark.parametrize(("players", "games", "seed"), [(3, 40, 1), (60, 3000, 2),
                                                         (200, 20000, 3)])
def test_the_mm_kernel_gives_the_numpy_step_s_bits(players: int, games: int,
                                                   seed: int) -> None:
    """The fit's kernel against the numpy MM step it replaced (tests/reference/ratings.py):
    the same ratings to the bit in the same number of steps, from zero and warm."""
    rng = np.random.default_rng(seed)
    strength = rng.normal(0, 1, players)
    pairs = rng.integers(0, players, (games, 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    p = 1 / (1 + np.exp(strength[pairs[:, 1]] - strength[pairs[:, 0]] - 0.1))
    draws = rng.random(len(pairs)) < 0.02
    scores = np.where(draws, 0.5, (rng.random(len(pairs)) < p).astype(float))
    played = [(f"p{b}", f"p{w}", float(s)) for (b, w), s in zip(pairs, scores, strict=True)]
    fitted = []
    for fit in (Ratings.fit, reference_fit):
        r = Ratings(RatingsConfig())
        r.add(played[: len(played) // 2])
        first = fit(r)
        r.add(played[len(played) // 2:])
        second = fit(r)  # warm start from the first fit
        fitted.append((first, second, r.log_gamma, r.log_theta))
    (a1, a2, ga, ta), (b1, b2, gb, tb) = fitted
    assert (a1, a2) == (b1, b2)
    assert np.array_equal(ga, gb) and ta == tb
