"""Tests of ``experiments/review/verdict_by_rank_net.py`` (issue 63): the training fold
drawn as the test fold, the losses' signs for both colours and both judges, the
statistics, the choice on the training fold, the contrast, the net's pass over a game
(tiny random heads net) with the top move's positions, resuming from the rows, and
where ``../shared/data`` is present the study end to end on a few Fox games."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.nets.helpers import random_record, tiny_heads_net_file

from igo.core.record import GameRecord, GameResult
from igo.strength.data import read_folds
from scripts import load_script

vn = load_script("review", "verdict_by_rank_net")


def test_fold_view_marks_only_that_fold() -> None:
    folds = {"a": "test", "b": "train", "c": "train"}
    assert vn.fold_view(folds, "train") == {"b": "test", "c": "test"}
    assert vn.fold_view(folds, "test") == {"a": "test"}


def _row(score: list[float], win: list[float], colours: str, **extra: Any) -> dict[str, Any]:
    return {"score_black": score, "winrate_black": win, "colours": colours, **extra}


def test_move_losses_are_the_movers_for_both_colours_and_judges() -> None:
    # Black plays and Black's score falls 2 (Black lost 2); White plays and Black's
    # score rises 3 (White lost 3); Black plays and gains 1 (a loss of -1)
    row = _row([0.0, -2.0, 1.0, 2.0], [0.5, 0.4, 0.6, 0.65], "BWB",
               top_score_black=[0.5, 1.0, 2.0], top_winrate_black=[0.45, 0.6, 0.65])
    pts, wr = vn.move_losses(row, "B", "net")
    assert np.allclose(pts, [2.0, -1.0]) and np.allclose(wr, [0.1, -0.05])
    pts, wr = vn.move_losses(row, "W", "net")
    assert np.allclose(pts, [3.0]) and np.allclose(wr, [0.2])
    # net_top: the score after the policy's top move less the score after the move played
    pts, wr = vn.move_losses(row, "B", "net_top")
    assert np.allclose(pts, [2.5, 0.0]) and np.allclose(wr, [0.05, 0.0])
    pts, _ = vn.move_losses(row, "W", "net_top")
    assert np.allclose(pts, [0.0])
    with pytest.raises(ValueError, match="judge"):
        vn.move_losses(row, "B", "search")


def test_statistics_of_known_losses() -> None:
    pts = np.array([-1.0, 0.0, 0.5, 1.5, 2.5, 3.5, 0.0, 0.0, 0.0, 10.0])
    wr = np.array([-0.1, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.2])
    got = {k: f(pts, wr) for k, f in vn.STATISTICS.items()}
    assert got["mean_points_loss"] == pytest.approx(18.0 / 10)  # the -1 counted as 0
    assert got["mean_points_raw"] == pytest.approx(17.0 / 10)
    assert got["trimmed_mean_10"] == pytest.approx(8.0 / 8)  # -1 and 10 cut
    assert got["median_points"] == pytest.approx(0.25)
    assert got["share_over_1"] == pytest.approx(0.4)
    assert got["share_over_2"] == pytest.approx(0.3)
    assert got["share_over_3"] == pytest.approx(0.2)
    assert got["mean_winrate_loss"] == pytest.approx(0.03)


def _examples(rng: np.random.Generator, n: int) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        v = float(rng.integers(-4, 10))
        e = {"rank": f"r{v:g}", "rank_value": v, "player": f"p{i}", "colour": "B",
             "source": f"g{i}"}
        for name in vn.STATISTICS:
            e[f"net:{name}"] = float(rng.normal())
        e["net:share_over_2"] = -v + 0.1 * float(rng.normal())  # follows rank
        e["net:median_points"] = v  # the wrong way
        out.append(e)
    return out


def test_choose_takes_the_most_negative_rho_and_verdict_reports_it() -> None:
    rng = np.random.default_rng(1)
    train = _examples(rng, 60)
    name, table = vn.choose(train, "net")
    assert name == "share_over_2"
    assert table["median_points"]["rho"] == pytest.approx(1.0)
    test = _examples(rng, 80)
    v = vn.verdict(test, "net:share_over_2", seed=3, resamples=200)
    assert v["spearman"]["rho"] < -0.9 and v["spearman"]["p_value"] < 1e-6
    assert [t["rank_value"] for t in v["ranks"]] == sorted(t["rank_value"] for t in v["ranks"])
    for t in v["ranks"]:
        lo, hi = t["interval"]
        assert t["examples"] < 2 or lo <= t["mean"] <= hi
    c = v["dan_1_3_vs_7_9"]
    assert c["low_mean"] > c["high_mean"] and c["p_value"] < 0.01
    assert v["spearman_from_1k"]["n"] == sum(e["rank_value"] >= 0 for e in test)


def test_loo_predictions_are_refits_without_the_example() -> None:
    rng = np.random.default_rng(5)
    x = np.column_stack([rng.normal(size=(20, 2)), np.ones(20)])
    y = x @ np.array([1.0, -2.0, 0.5]) + rng.normal(size=20)
    got = vn.loo_predictions(x, y)
    for i in (0, 7, 19):
        keep = np.arange(20) != i
        w = np.linalg.lstsq(x[keep], y[keep], rcond=None)[0]
        assert got[i] == pytest.approx(x[i] @ w)


def test_fit_choice_finds_the_statistics_that_carry_rank() -> None:
    rng = np.random.default_rng(6)

    def make(n: int) -> list[dict[str, Any]]:
        out = []
        for i in range(n):
            v = float(rng.integers(-4, 10))
            a, b = float(rng.normal()), float(rng.normal())
            e: dict[str, Any] = {"rank": f"r{v:g}", "rank_value": v, "player": f"p{i}",
                                 "colour": "B", "source": f"g{i}"}
            for j in ("net_top", "net_best"):
                for name in [*vn.STATISTICS, "agreement"]:
                    e[f"{j}:{name}"] = float(rng.normal())
            # the rank is in neither alone: a is noise shared with b
            e["net_best:trimmed_mean_10"] = a - 0.3 * v
            e["net_top:agreement"] = a + 0.05 * rng.normal()
            e["net_top:median_points"] = 0.0  # constant: never a candidate
            e["net_best:share_over_3"] = b
            out.append(e)
        return out

    train, test = make(80), make(60)
    assert "net_top:median_points" not in vn.fit_features(train)
    fit = vn.fit_choice(train, max_features=2)
    assert fit is not None
    assert set(fit["features"]) == {"net_best:trimmed_mean_10", "net_top:agreement"}
    assert fit["train_loo_spearman"] > 0.9
    vn.add_fitted(test, fit)
    v = vn.verdict(test, vn.FIT_KEY, seed=1, resamples=100)
    assert v["spearman"]["rho"] < -0.9  # minus the predicted rank: it falls with rank
    assert vn.fit_choice(train[:5]) is None


def test_contrast_one_sided_and_empty_groups() -> None:
    exs = [{"rank_value": 2.0, "k": 3.0}, {"rank_value": 1.0, "k": 2.5},
           {"rank_value": 8.0, "k": 1.0}, {"rank_value": 9.0, "k": 0.5}]
    c = vn.contrast(exs, "k", (1.0, 3.0), (7.0, 9.0))
    assert c["low_n"] == 2 and c["high_n"] == 2
    assert c["p_one_sided_low_greater"] < c["p_value"]
    assert vn.contrast(exs, "k", (4.0, 5.0), (7.0, 9.0)) is None


@pytest.fixture(scope="module")
def heads_net(tmp_path_factory: pytest.TempPathFactory) -> Any:
    pytest.importorskip("torch")
    from igo.nets.policy import NetPolicy

    return NetPolicy(tiny_heads_net_file(tmp_path_factory.mktemp("net"), seed=2), threads=1)


def test_judge_game_scores_every_position_and_the_top_moves(heads_net: Any) -> None:
    from igo.core.replay import replay_positions
    from igo.nets.encode import encode_board

    rec = random_record(9, 30, seed=4)
    out = vn.judge_game(rec, heads_net)
    n = len(rec.moves)
    assert len(out["score"]) == len(out["win"]) == n + 1
    assert len(out["top_score"]) == len(out["top_agrees"]) == n
    extra = sum(not a for a in out["top_agrees"])
    assert out["positions"] == n + 1 + extra
    game = replay_positions(rec)
    for k in (0, n // 2, n):
        j = heads_net.judge_encoded([encode_board(game.boards[k], game.to_play(k))])[0]
        assert out["score"][k] == pytest.approx(j.score_at(rec.komi), abs=1e-5)
        assert out["win"][k] == pytest.approx(j.black_win, abs=1e-6)
    for k, agrees in enumerate(out["top_agrees"]):
        if agrees:
            assert out["top_score"][k] == out["score"][k + 1]
    # the top move's position: the policy's first legal choice, played
    k = next(k for k, a in enumerate(out["top_agrees"]) if not a)
    j = heads_net.judge_encoded([encode_board(game.boards[k], game.to_play(k))])[0]
    idx, after = vn._top_move(game.boards[k], j.policy)
    legal = {p.flat(9) for p in game.boards[k].legal_moves(game.to_play(k))} | {81}
    assert idx in legal and all(i not in legal for i in np.flatnonzero(j.policy > j.policy[idx]))
    tj = heads_net.judge_encoded([encode_board(after, after.to_play)])[0]
    assert out["top_score"][k] == pytest.approx(tj.score_at(rec.komi), abs=1e-5)
    assert vn.judge_game(rec, heads_net, top=False).keys() == {"positions", "score", "win"}


def test_judge_game_best_of_the_policys_first_moves(heads_net: Any) -> None:
    from igo.core.replay import replay_positions
    from igo.nets.encode import encode_board

    rec = random_record(9, 30, seed=4)
    plain = vn.judge_game(rec, heads_net)
    out = vn.judge_game(rec, heads_net, best_of=3)
    n = len(rec.moves)
    # the top move's figures are those without best_of
    assert out["top_score"] == plain["top_score"] and out["top_agrees"] == plain["top_agrees"]
    assert len(out["best_score"]) == len(out["best_agrees"]) == n and out["best_of"] == 3
    game = replay_positions(rec)
    for k in range(0, n, 7):
        sign = 1.0 if rec.moves[k].color.letter == "B" else -1.0
        j = heads_net.judge_encoded([encode_board(game.boards[k], game.to_play(k))])[0]
        cands = vn._top_moves(game.boards[k], j.policy, 3)
        assert len(cands) == 3 and cands[0][0] == vn._top_move(game.boards[k], j.policy)[0]
        scores = [heads_net.judge_encoded([encode_board(a, a.to_play)])[0].score_at(rec.komi)
                  for _, a in cands]
        # the best for the mover of the three, never worse for it than the top move
        assert out["best_score"][k] == pytest.approx(max(scores, key=lambda v: sign * v),
                                                     abs=1e-5)
        assert sign * out["best_score"][k] >= sign * out["top_score"][k] - 1e-9
        played = rec.moves[k].point
        flat = 81 if played is None else played.flat(9)
        if out["best_agrees"][k]:
            assert out["best_score"][k] == out["score"][k + 1]
            assert flat in {i for i, _ in cands}
    row = {"score_black": out["score"], "winrate_black": out["win"],
           "colours": "".join(m.color.letter for m in rec.moves),
           "best_score_black": out["best_score"], "best_winrate_black": out["best_win"]}
    top_pts = [vn.move_losses({**row, "top_score_black": out["top_score"],
                               "top_winrate_black": out["top_win"]}, c, "net_top")[0]
               for c in "BW"]
    best_pts = [vn.move_losses(row, c, "net_best")[0] for c in "BW"]
    for t, b in zip(top_pts, best_pts, strict=True):
        assert np.all(b >= t - 1e-9)  # a better best move: every loss at least as large


def test_judge_games_appends_rows_and_resumes(heads_net: Any, tmp_path: Path) -> None:
    from verdict_by_rank import Candidate, Side

    recs = [random_record(9, 24, seed=s) for s in (5, 6)]
    recs = [GameRecord(size=9, rules=r.rules, moves=r.moves, komi=6.5,
                       result=GameResult.parse("B+R"), source=f"x.sgfs:{i}")
            for i, r in enumerate(recs)]
    cands = [Candidate(f"x.sgfs:{i}", 24, (Side("W", f"p{i}", "2d", 2.0),))
             for i in range(2)]
    model = {"file": "heads.pt", "step": 7, "sha256": "abc"}
    path = tmp_path / "rows.test.games.jsonl"
    games = [(c, r, 0.0) for c, r in zip(cands, recs, strict=True)]
    assert vn.judge_games(games[:1], heads_net, model, "test", path, progress=False) == 1
    with path.open("a") as f:
        f.write('{"source": "cut')  # a line cut by a kill is skipped
    assert vn.judge_games(games, heads_net, model, "test", path, progress=False) == 1
    rows = vn.read_rows(path, "abc")
    assert sorted(r["source"] for r in rows) == ["x.sgfs:0", "x.sgfs:1"]
    assert vn.read_rows(path, "other") == []
    row = rows[0]
    assert row["winner"] == "B" and row["komi_read"] == 0.0 and row["model"]["step"] == 7
    assert len(row["colours"]) == len(row["top_score_black"]) == row["moves"]
    ex = vn.examples(rows)
    assert len(ex) == 2 and all(e["colour"] == "W" and e["moves"] == 12 for e in ex)
    assert all(not math.isnan(e["net_top:mean_points_loss"]) for e in ex)
    assert all("net_best:mean_points_loss" not in e for e in ex)  # not judged: no figure
    # asked for the best of 2 now: the rows without it are judged again, then kept
    assert vn.done_sources(path, "abc", 2) == set()
    assert vn.judge_games(games, heads_net, model, "test", path, progress=False,
                          best_of=2) == 2
    assert vn.done_sources(path, "abc", 2) == {"x.sgfs:0", "x.sgfs:1"}
    rows = vn.read_rows(path, "abc")
    assert all(r["best_of"] == 2 for r in rows)  # the last row of a game wins
    assert all("net_best:mean_points_loss" in e for e in vn.examples(rows))
    # packed as committed (rows.….jsonl.xz): read, and the games in it are not judged
    # again; a run that goes on appends to the plain file, read with it
    import lzma

    packed = path.with_name(path.name + ".xz")
    packed.write_bytes(lzma.compress(path.read_bytes()))
    path.unlink()
    assert sorted(r["source"] for r in vn.read_rows(path, "abc")) == ["x.sgfs:0", "x.sgfs:1"]
    assert vn.judge_games(games, heads_net, model, "test", path, progress=False) == 0
    other = {**model, "sha256": "def"}
    assert vn.judge_games(games[:1], heads_net, other, "test", path, progress=False) == 1
    assert len(vn.read_rows(path, "abc")) == 2 and len(vn.read_rows(path, "def")) == 1


@pytest.mark.slow
@pytest.mark.data
def test_study_on_a_few_fox_games(shared_data: Path, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    model = tiny_heads_net_file(tmp_path, seed=1)
    out = tmp_path / "net.json"
    args = ["--data", str(shared_data / "fox_ranked"), "--model", str(model),
            "--ranks", "3k", "9d", "--per-rank-test", "1", "--per-rank-train", "1",
            "--no-progress", "--rows", str(tmp_path / "rows"), "--out", str(out),
            "--search-rows", str(tmp_path / "none.jsonl"), "--best-of", "2"]
    assert vn.main(args) == 0
    d = json.loads(out.read_text())
    for fold in ("train", "test"):
        sel = d["selection"][fold]
        assert sel["ranks_studied"] == ["3k", "9d"] and sel["games_done"] == sel["games"]
    assert d["selection"]["test"]["examples_per_rank"] == {"3k": 1, "9d": 1}
    assert set(d["choice"]) == {"net", "net_top", "net_best"} and d["search"] is None
    assert "fitted" not in d  # too few training examples to fit
    folds = read_folds(shared_data / "fox_ranked" / "folds.tsv")
    for fold in ("train", "test"):
        for line in (tmp_path / f"rows.{fold}.games.jsonl").read_text().splitlines():
            row = json.loads(line)
            assert row["komi"] > 0 and row["moves"] >= 50
            assert all(folds[s["player"]] == fold for s in row["sides"])
    assert (tmp_path / "net.png").stat().st_size > 0
