"""Tests of the strength models of ``experiments/importance``: the playout ladder's fit
(``playout_ladder.py``) and Fig. 4's strengths from an evolve run (``matchmaking.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.arena.config import MatchConfig
from igo.arena.ratings import ELO_PER_NAT
from igo.arena.store import GameRow, MatchStore
from igo.evolve.store import EvolveStore, GameResult
from scripts import load_script

ladder_mod = load_script("importance", "playout_ladder")
matchmaking = load_script("importance", "matchmaking")


def _p_black(elo_black: float, elo_white: float, colour: float) -> float:
    return 1.0 / (1.0 + np.exp(-(elo_black - elo_white + colour) / ELO_PER_NAT))


def synthetic_ladder_games(ladder, k: float, colour: float, seed: int
                           ) -> dict[tuple[int, int], list[tuple[str, str, float]]]:
    """Games of every pair of ``ladder`` drawn from Bradley-Terry with Elo
    k·log2((1000 + 200 n) / 1000), colours alternating as ``igo match`` does."""
    rng = np.random.default_rng(seed)
    games = {}
    for a, b, count, _ in ladder.pairs():
        elo = {n: k * np.log2((1000 + 200 * n) / 1000) for n in (a, b)}
        pair = []
        for i in range(count):
            black, white = (b, a) if i % 2 else (a, b)
            score = float(rng.random() < _p_black(elo[black], elo[white], colour))
            pair.append((ladder.spec(black), ladder.spec(white), score))
        games[(a, b)] = pair
    return games


def test_gls_slope_is_exact_on_a_line_and_weights_by_the_covariance() -> None:
    x = np.array([1.0, 2.0, 3.5])
    cov = np.array([[4.0, 1.0, 0.5], [1.0, 9.0, 2.0], [0.5, 2.0, 16.0]])
    exact = ladder_mod.gls_slope(x, 80.0 * x, cov)
    assert exact.k == pytest.approx(80.0)
    assert np.allclose(exact.residuals, 0.0, atol=1e-9)
    assert exact.chi2 == pytest.approx(0.0, abs=1e-12) and exact.dof == 2
    # diagonal covariance: ordinary weighted least squares
    y = np.array([90.0, 150.0, 300.0])
    var = np.array([1.0, 4.0, 100.0])
    fit = ladder_mod.gls_slope(x, y, np.diag(var))
    w = 1.0 / var
    assert fit.k == pytest.approx(np.sum(w * x * y) / np.sum(w * x * x))
    assert fit.se == pytest.approx(1.0 / np.sqrt(np.sum(w * x * x)))
    with pytest.raises(ladder_mod.LadderError):
        ladder_mod.gls_slope(np.zeros(0), np.zeros(0), np.zeros((0, 0)))


@pytest.mark.parametrize("k_true", [60.0, 140.0])
def test_fit_ladder_recovers_a_known_elo_per_doubling(k_true: float) -> None:
    ladder = ladder_mod.Ladder()  # anchors 0, 5, 15, 49; 300 games a link, check 0-15
    by_pair = synthetic_ladder_games(ladder, k_true, colour=-20.0, seed=11)
    games = [g for pair in by_pair.values() for g in pair]
    fit = ladder_mod.fit_ladder(games, ladder)
    k = fit["k"]
    assert k["low"] <= k_true <= k["high"]
    assert k["high"] - k["low"] < 60.0  # 1,100 games pin k to within ±30 Elo
    assert not k["low"] <= 100.0 <= k["high"]  # and tell these from the assumed 100
    assert fit["games"] == 3 * 300 + 200
    anchors = fit["anchors"]
    assert [a["playouts"] for a in anchors] == [1000, 2000, 4000, 10800]
    assert anchors[0]["elo"] == 0.0
    for a in anchors[1:]:
        assert a["log2_ratio"] == pytest.approx(np.log2(a["playouts"] / 1000))
        assert a["low"] <= k_true * np.log2(a["playouts"] / 1000) <= a["high"]
        assert abs(a["z"]) < 3.0
        assert a["residual"] == pytest.approx(a["elo"] - k["elo_per_doubling"] * a["log2_ratio"])
    assert fit["colour_advantage"] == pytest.approx(-20.0, abs=40.0)


def test_fit_only_rates_the_match_databases(tmp_path: Path) -> None:
    ladder = ladder_mod.Ladder(anchors=(0, 5, 15), link_games=200, check=(0, 15),
                               check_games=200)
    by_pair = synthetic_ladder_games(ladder, 120.0, colour=0.0, seed=3)
    for (a, b), pair in by_pair.items():
        folder = ladder_mod.pair_dir(tmp_path, a, b)
        config = MatchConfig(black=ladder.spec(a), white=ladder.spec(b), games=len(pair),
                             out_dir=folder / "sgf")
        with MatchStore(folder / "match.db") as store:
            match = store.open_match(config)
            for i, (black, white, score) in enumerate(pair):
                winner = "B" if score == 1.0 else "W"
                store.add_game(match, GameRow(i, black, white, winner, f"{winner}+R",
                                              "resign", 50, "", 1.0))
    out = tmp_path / "ladder.json"
    argv = ["--work", str(tmp_path), "--anchors", "0,5,15", "--link-games", "200",
            "--fit-only", "--out", str(out)]
    assert ladder_mod.main(argv) == 0
    doc = json.loads(out.read_text())
    assert doc["games"] == 600
    assert doc["k"]["low"] <= 120.0 <= doc["k"]["high"]
    assert {(p["weaker"], p["stronger"], p["kind"]) for p in doc["pairs"]} == {
        (0, 5, "link"), (5, 15, "link"), (0, 15, "check")}
    check = doc["check"]
    assert check["games"] == 200 and abs(check["z"]) < 3.0
    assert check["predicted_score"] > 0.6  # 2 doublings at 120 Elo: about 0.80
    assert "--fit-only" in doc["command"]
    assert doc["match_commands"][0].startswith(
        "python -m igo match igo:mcts:playouts=1000 igo:mcts:playouts=2000 --games 200")
    # nothing to rate: a clean error, not a traceback
    assert ladder_mod.main(["--work", str(tmp_path / "none"), "--fit-only",
                            "--out", str(out)]) == 1


def test_ladder_rejects_a_check_pair_of_neighbours() -> None:
    with pytest.raises(ladder_mod.LadderError):
        ladder_mod.Ladder(anchors=(0, 5, 15), check=(0, 5))
    with pytest.raises(ladder_mod.LadderError):
        ladder_mod.Ladder(anchors=(5, 0))


def _ladder_json(path: Path) -> Path:
    """A playout_ladder.py output with k = 150 and Black −12 Elo."""
    path.write_text(json.dumps({"k": {"elo_per_doubling": 150.0, "low": 140.0, "high": 160.0},
                                "colour_advantage": -12.0, "games": 1100,
                                "anchors": [{"playouts": 1000}, {"playouts": 2000}]}))
    return path


def test_fig3_from_a_ladder_uses_its_k_and_colour(tmp_path: Path) -> None:
    path = _ladder_json(tmp_path / "ladder.json")
    model = matchmaking.ladder_fig3(path)
    assert model.elo[0] == 0.0
    assert model.elo[5] == pytest.approx(150.0)  # 2,000 playouts: one doubling
    assert model.colour_elo == -12.0
    assert model.description["source"] == "ladder"
    assert matchmaking.assumed_fig3().elo[5] == pytest.approx(100.0)


def test_fig3_defaults_to_the_committed_ladder_and_falls_back_to_the_assumption(
        tmp_path: Path) -> None:
    path = _ladder_json(tmp_path / "ladder.json")
    absent = tmp_path / "absent.json"
    assert matchmaking.fig3_model(None, False, default=path).elo[5] == pytest.approx(150.0)
    assert matchmaking.fig3_model(None, True, default=path).elo[5] == pytest.approx(100.0)
    assert matchmaking.fig3_model(None, False, default=absent).elo[5] == pytest.approx(100.0)
    assert matchmaking.fig3_model(path, False, default=absent).description["source"] == "ladder"


def _synthetic_run(path: Path, strengths: list[float], newcomer: float, per_pair: int,
                   seed: int) -> list[int]:
    """An evolve database: initial individuals of known Elo, one later individual, games
    between all of them drawn from Bradley-Terry (Black +30 Elo), and a few left open."""
    rng = np.random.default_rng(seed)
    with EvolveStore(path / "evolve.sqlite") as store:
        initial = store.add_individuals(0, [np.ones(3)] * len(strengths))
        later = store.add_individual(1, np.ones(3))
        elo = dict(zip(initial, strengths, strict=True)) | {later: newcomer}
        ids = [*initial, later]
        planned = [(ids[i], ids[j], int(rng.integers(1 << 30)), 0 if later not in
                    (ids[i], ids[j]) else 1)
                   for i in range(len(ids)) for j in range(len(ids)) if i != j
                   for _ in range(per_pair // 2)]
        for step in (0, 1):
            store.plan_games(step, 0, [(b, w, s) for b, w, s, st in planned if st == step])
        games = store.open_games()
        for game in games[:-5]:  # the last five stay planned: not rated
            score = float(rng.random() < _p_black(elo[game.black], elo[game.white], 30.0))
            store.finish_game(game.id, GameResult(score, "B+R" if score else "W+R",
                                                  "resign", 40, 1.0, ""))
    return initial


def test_fig4_strengths_from_an_evolve_run(tmp_path: Path) -> None:
    truth = np.array([-150.0, -50.0, 50.0, 150.0])
    initial = _synthetic_run(tmp_path, list(truth), newcomer=100.0, per_pair=120, seed=5)
    fit = matchmaking.initial_ratings(tmp_path)
    assert list(fit["ids"]) == initial  # the step-0 individuals only, in id order
    elo, se = fit["elo"], fit["se"]
    assert np.mean(elo) == pytest.approx(0.0, abs=1e-9)
    assert np.all(np.abs(elo - truth) < 3.0 * se + 5.0)
    assert list(np.argsort(elo)) == [0, 1, 2, 3]
    assert np.all((se > 5.0) & (se < 40.0))
    assert fit["total_games"] == 5 * 4 * 60 - 5
    assert np.all(fit["games"] >= 4 * 120 - 10)  # against each other and the newcomer
    assert fit["colour_elo"] == pytest.approx(30.0, abs=30.0)
    step0 = matchmaking.initial_ratings(tmp_path, "step0")
    assert step0["total_games"] == 4 * 3 * 60
    assert np.all(step0["games"] == 3 * 120)

    model = matchmaking.run_fig4(tmp_path)
    assert np.array_equal(model.affinity, np.zeros((4, 4)))
    assert model.description["source"] == "run" and model.description["players"] == 4
    assert model.description["mean_se"] == pytest.approx(float(np.mean(se)))
    _, ideal = matchmaking.ideal_table(model)
    assert list(ideal) == [3, 2, 1, 0]  # strongest first
    with_affinity = matchmaking.run_fig4(tmp_path, affinity_sd=40.0)
    assert np.allclose(with_affinity.affinity, -with_affinity.affinity.T)
    assert np.any(with_affinity.affinity != 0.0)


def test_fig4_run_without_a_database_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        matchmaking.initial_ratings(tmp_path)


def test_default_models_are_the_assumed_ones() -> None:
    fig3, fig4 = matchmaking.assumed_fig3(), matchmaking.assumed_fig4()
    assert fig3.description["source"] == fig4.description["source"] == "assumed"
    table, ideal = matchmaking.model("fig3")
    assert list(ideal) == list(range(49, -1, -1))  # more playouts, better rank
    assert table.shape == (50, 50)
    assert np.std(fig4.elo) == pytest.approx(40.0, rel=0.3)
