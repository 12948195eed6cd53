"""The sequential test of :mod:`igo.arena.sprt`: its statistic against the binomial
likelihood ratio, its error rates by simulation, and a match that stops on it."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from igo.arena.config import MatchConfig
from igo.arena.executor import SEQUENTIAL, ExecutorConfig
from igo.arena.runner import match_sprt, run_match
from igo.arena.sprt import (
    SprtConfig,
    constrained_frequencies,
    expected_score,
    llr,
    sequential_state,
    sprt_state,
)
from igo.arena.store import GameRow, MatchStore


def test_bounds_and_parsing() -> None:
    c = SprtConfig.parse("-5,25", alpha=0.05, beta=0.1)
    assert (c.elo0, c.elo1) == (-5.0, 25.0)
    assert c.lower == pytest.approx(math.log(0.1 / 0.95))
    assert c.upper == pytest.approx(math.log(0.9 / 0.05))
    for bad in ("30", "a,b", "1,2,3", "30,0", "10,10"):
        with pytest.raises(ValueError):
            SprtConfig.parse(bad)
    with pytest.raises(ValueError):
        SprtConfig(0, 30, alpha=0.0)
    with pytest.raises(ValueError):
        SprtConfig(0, 30, beta=0.7)


@pytest.mark.parametrize(("wins", "losses"), [(600, 400), (5, 0), (0, 7), (51, 49), (3, 9)])
def test_without_draws_the_statistic_is_the_binomial_likelihood_ratio(wins: int,
                                                                     losses: int) -> None:
    s0, s1 = expected_score(-10), expected_score(40)
    exact = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
    assert llr(wins, 0, losses, -10, 40) == pytest.approx(exact, rel=1e-9, abs=1e-9)


def test_constrained_frequencies_have_the_mean_and_stay_close() -> None:
    freqs = (0.45, 0.2, 0.35)
    for score in (0.3, 0.5, 0.55, 0.8):
        p = constrained_frequencies(freqs, score)
        assert sum(p) == pytest.approx(1.0)
        assert p[0] + p[1] / 2 == pytest.approx(score, abs=1e-9)
        assert min(p) > 0
    # the empirical frequencies themselves when their mean is asked for
    assert constrained_frequencies(freqs, 0.45 + 0.1) == pytest.approx(freqs)


def test_draws_count_as_half_and_symmetry() -> None:
    assert llr(0, 0, 0, 0, 30) == 0.0
    assert llr(30, 10, 20, 0, 30) > 0 > llr(20, 10, 30, 0, 30)
    # mirrored results under mirrored hypotheses give the opposite ratio
    assert llr(30, 10, 20, -20, 20) == pytest.approx(-llr(20, 10, 30, -20, 20))
    # all draws: evidence for the hypothesis nearer a score of 1/2
    assert llr(0, 40, 0, 0, 60) < 0
    with pytest.raises(ValueError):
        llr(-1, 0, 0, 0, 30)


def simulate(true_elo: float, config: SprtConfig, runs: int, seed: int,
             draw_rate: float = 0.05, cap: int = 3000) -> dict[str | None, int]:
    """Decisions of ``runs`` sequential tests on games drawn at ``true_elo``."""
    rng = np.random.default_rng(seed)
    score = expected_score(true_elo)
    p_win = score - draw_rate / 2
    out: dict[str | None, int] = {"H0": 0, "H1": 0, None: 0}
    for _ in range(runs):
        draws = rng.choice(3, size=cap, p=[p_win, draw_rate, 1 - p_win - draw_rate])
        w = d = lo = 0
        decision = None
        for k, r in enumerate(draws):
            w, d, lo = w + (r == 0), d + (r == 1), lo + (r == 2)
            if k % 5 == 4:  # looking every 5 games keeps the test cheap (and conservative)
                decision = sprt_state(config, w, d, lo).decision
                if decision:
                    break
        out[decision] += 1
    return out


def test_error_rates_hold_in_simulation() -> None:
    config = SprtConfig(0, 60, alpha=0.1, beta=0.1)
    under_h0 = simulate(0, config, runs=150, seed=1)
    under_h1 = simulate(60, config, runs=150, seed=2)
    # Wald's bounds keep each error at most about alpha (beta): 10 % here; 150 runs
    # see at most ~25 wrong decisions with overwhelming probability if that holds
    assert under_h0["H1"] <= 25 and under_h0["H0"] >= 120
    assert under_h1["H0"] <= 25 and under_h1["H1"] >= 120


def config(out: Path, games: int, black: str = "igo:mcts:playouts=30,threads=1") -> MatchConfig:
    return MatchConfig(black, "igo:random", games=games, size=7, seed=1, out_dir=out,
                       gnugo=None)


def test_a_match_stops_when_the_test_is_decided_and_resumes_decided(tmp_path: Path) -> None:
    test = SprtConfig(0, 100)
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(config(tmp_path / "out", 60), store, executor=SEQUENTIAL,
                           progress=False, sprt=test)
        assert report.sprt is not None and report.sprt.decision == "H1"
        played = report.played
        assert 0 < played < 60 and report.unplayed == 60 - played
        # every game one at a time: the decision came with the last game, not before
        games = store.games(report.match_id)
        assert [g.index for g in games] == list(range(played))
        before = match_sprt(store, report.match_id, test)
        assert before.decision == "H1"
        rows = games[:-1]
        w = sum(1 for g in rows if g.winner == ("B" if g.index % 2 == 0 else "W"))
        assert sprt_state(test, w, 0, len(rows) - w).decision is None
        # a resumed, decided match plays nothing; without the test it plays the rest
        again = run_match(config(tmp_path / "out", 60), store, executor=SEQUENTIAL,
                          progress=False, sprt=test)
        assert (again.played, again.skipped, again.unplayed) == (0, played, 60 - played)


def test_a_pool_plays_on_only_the_games_already_started(tmp_path: Path) -> None:
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(config(tmp_path / "out", 40), store,
                           executor=ExecutorConfig(workers=2), progress=False,
                           sprt=SprtConfig(0, 100))
        assert report.sprt is not None and report.sprt.decision == "H1"
        indices = sorted(g.index for g in store.games(report.match_id))
    # games start in order, two at a time: the stored ones are a prefix, plus at most
    # the one game still running when the test was decided
    assert indices[: len(indices) - 1] == list(range(len(indices) - 1))
    assert report.played + report.unplayed == 40


def test_the_first_crossing_decides_even_if_later_games_move_back() -> None:
    """A match stops starting games at the first crossing; the games still running end
    and are stored after it, and may move the LLR back inside the bounds (seen: H0 at
    -3.09 after 34 games, -2.82 after the 35th): the test stays decided."""
    test = SprtConfig(0, 100)
    scores = [0.0] * 9 + [1.0]
    st = sequential_state(test, scores)
    assert sprt_state(test, 1, 0, 9).decision is None  # the totals alone: undecided
    assert st.decision == "H0" and st.crossed is not None and st.crossed.games == 9
    assert (st.wins, st.draws, st.losses) == (1, 0, 9) and st.llr > test.lower
    assert "after 9 games" in st.describe() and "1 games still running" in st.describe()
    assert st.to_dict()["decided_after"] == 9
    never = sequential_state(test, [1.0, 0.0] * 10)
    assert never.crossed is None and never.decision is None
    with pytest.raises(ValueError):
        sequential_state(test, [2.0])


def test_match_sprt_reads_the_games_in_the_order_they_ended(tmp_path: Path) -> None:
    test = SprtConfig(0, 100)
    with MatchStore(tmp_path / "r.sqlite") as store:
        mid = store.open_match(config(tmp_path / "out", 20))
        # the first player loses games 1..9 first, then game 0 (a win) ends last
        for i in [*range(1, 10), 0]:
            first = "B" if i % 2 == 0 else "W"
            winner = first if i == 0 else ("W" if first == "B" else "B")
            store.add_game(mid, GameRow(i, "x", "y", winner, "?", "", 50, "", 1.0))
            store._db.execute("UPDATE games SET finished = ? WHERE game_index = ?",
                              (f"2026-01-01T00:00:{i if i else 59:02d}+0000", i))
        st = match_sprt(store, mid, test)
    assert st.decision == "H0" and st.crossed is not None and st.crossed.games == 9
    assert (st.wins, st.losses) == (1, 9)
