"""Tests of ``experiments/review/verdict_by_rank.py`` (issue 25): the selection of
test-fold examples by rank, the komi of Fox's records, the aggregation (means,
intervals, rank correlation, the graph against the result), a resumable review of a
short game, and, where ``../shared/data`` is present, the study end to end on two Fox
games at a few playouts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from igo.core.record import GameRecord
from igo.sgf import parse_sgf
from igo.strength.data import read_folds
from scripts import load_script

vb = load_script("review", "verdict_by_rank")
MOVES = ";B[pd];W[dp];B[pq];W[dd];B[qk];W[cj]"


def _rec(n: int, pb: str, pw: str, br: str, wr: str, *, km: str = "650", extra: str = "",
         moves: str = MOVES) -> GameRecord:
    sgf = (f"(;GM[1]FF[4]SZ[19]PB[{pb}]PW[{pw}]BR[{br}]WR[{wr}]KM[{km}]RU[Japanese]"
           f"RE[B+R]{extra}{moves})")
    return parse_sgf(sgf, f"/data/fox/games.sgfs.xz:{n}")


def test_candidates_keep_test_fold_sides_of_even_long_games() -> None:
    folds = {"a": "test", "b": "train", "c": "test", "d": "test"}
    recs = [
        _rec(1, "a", "b", "3k", "3k"),            # Black serves
        _rec(2, "b", "c", "2d", "1d"),            # White serves
        _rec(3, "a", "c", "3k", "1d"),            # both serve
        _rec(4, "a", "d", "3k", "3k", extra="HA[2]AB[pd][dp]", moves=";W[dd]"),
        _rec(5, "b", "b", "3k", "3k"),            # no test side
        _rec(6, "a", "c", "3k", "1d", moves=";B[pd]"),  # too short
        _rec(7, "d", "c", "P9段", "?"),            # no amateur rank
    ]
    drops: Counter[str] = Counter()
    cands = vb.candidates(recs, folds, 4, drops)
    assert [c.source for c in cands] == ["games.sgfs.xz:1", "games.sgfs.xz:2",
                                         "games.sgfs.xz:3"]
    assert [[(s.colour, s.player, s.rank) for s in c.sides] for c in cands] == [
        [("B", "a", "3k")], [("W", "c", "1d")], [("B", "a", "3k"), ("W", "c", "1d")]]
    assert drops == Counter({"handicap": 1, "short": 1, "no_test_side": 2})
    assert vb.rank_counts(cands) == {"3k": 2, "1d": 2}


def test_study_komi_restores_fox_komi() -> None:
    assert vb.study_komi(_rec(1, "a", "b", "1d", "1d", km="0")) == 6.5
    assert vb.study_komi(_rec(1, "a", "b", "1d", "1d", km="650")) == 6.5
    chinese = parse_sgf("(;GM[1]SZ[19]KM[375]RU[Chinese];B[pd])")
    assert chinese.komi == 3.75 and vb.study_komi(chinese) == 7.5
    assert vb.study_komi(parse_sgf("(;GM[1]SZ[19]KM[0]RU[Chinese];B[pd])")) == 7.5
    handicap = parse_sgf("(;GM[1]SZ[19]KM[0]HA[2]AB[pd][dp];W[dd])")
    assert vb.study_komi(handicap) == 0.0


def _cands(n: int) -> list[Any]:
    out = []
    for i in range(n):
        rank = ("5k", "1d", "9d")[i % 3]
        value = {"5k": -4.0, "1d": 1.0, "9d": 9.0}[rank]
        out.append(vb.Candidate(f"g:{i}", 60, (vb.Side("B", f"p{i % 7}", rank, value),)))
    return out


def test_selection_is_seeded_capped_and_stops_when_full() -> None:
    cands = _cands(60)
    a = vb.select(cands, ["5k", "1d", "9d"], 4, 1, seed=3)
    assert a == vb.select(cands, ["5k", "1d", "9d"], 4, 1, seed=3)
    assert a != vb.select(cands, ["5k", "1d", "9d"], 4, 1, seed=4)
    counts = Counter(s.rank for c in a for s in c.sides)
    players = Counter(s.player for c in a for s in c.sides)
    assert max(players.values()) == 1  # the cap: 7 players, one example each
    assert sum(counts.values()) == 7
    b = vb.select(cands, ["5k", "1d", "9d"], 4, 10, seed=3)
    assert Counter(s.rank for c in b for s in c.sides) == {"5k": 4, "1d": 4, "9d": 4}
    assert all(c.source != "g:1" for c in vb.select(cands, ["1d"], 20, 10, seed=3,
                                                     exclude=frozenset({"g:1"})))
    assert vb.studied_ranks({"5k": 40, "1d": 10, "9d": 30, "2p": 50}, 30) == ["5k", "9d"]
    assert vb.studied_ranks({"5k": 40, "9d": 30}, 30, ["9d"]) == ["9d"]


def _row(i: int, rank: str, value: float, loss: float, winner: str,
         wr_end: float) -> dict[str, Any]:
    return {"source": f"g:{i}", "moves": 10, "winner": winner, "reason": "resign",
            "playouts": 7, "searched": 11, "winrate_black": [0.5] * 8 + [wr_end] * 3,
            "sides": [{"colour": "B", "player": f"p{i}", "rank": rank, "rank_value": value,
                       "moves": 5, "mean_points_loss": loss, "mean_winrate_loss": loss / 100,
                       "engine_agreement": 0.5 + value / 100, "model_agreement": 0.4,
                       "estimated_rank": None if i == 0 else f"{int(value)}d"
                       if value > 0 else f"{1 - int(value)}k"}]}


def test_aggregate_means_intervals_correlation_and_graph() -> None:
    rows = []
    for i in range(30):
        rank, value, base = (("5k", -4.0, 3.0), ("1d", 1.0, 2.0), ("9d", 9.0, 1.0))[i % 3]
        rows.append(_row(i, rank, value, base + 0.1 * (i % 5),
                         "B" if i % 4 else "W", 0.8 if i % 2 else 0.3))
    s = vb.aggregate(rows, ["5k", "1d", "9d"], seed=1, resamples=200)
    assert [t["rank"] for t in s["ranks"]] == ["5k", "1d", "9d"]
    assert [t["examples"] for t in s["ranks"]] == [10, 10, 10]
    for t in s["ranks"]:
        lo, hi = t["points_interval"]
        assert lo <= t["mean_points_loss"] <= hi
    assert s["spearman"]["points"]["rho"] < -0.8
    assert s["spearman"]["points"]["p_value"] < 1e-6
    assert s["spearman"]["points_rank_means"]["rho"] == -1.0
    assert [st["points_drop"] > 0 for st in s["adjacent_steps"]] == [True, True]
    other = s["other_signals"]
    assert other["engine_agreement"]["rho"] > 0.8 and other["model_agreement"]["rho"] is None
    assert other["estimated_rank"]["rho"] == pytest.approx(1.0)
    assert other["estimated_rank"]["n"] == 29  # row 0 has no estimate
    ext = s["extremes"]
    assert (ext["strong"], ext["weak"]) == (10, 10)
    assert ext["mean_points_loss"]["strong"] < ext["mean_points_loss"]["weak"]
    assert ext["mean_points_loss"]["p_value"] < 1e-3
    g = s["graph_vs_result"]
    # the verdict at 80 % reads position 8: Black favoured when i is odd
    agree = sum(1 for i in range(30) if (i % 2 == 1) == (i % 4 != 0))
    assert (g["games"], g["agree"]) == (30, agree)
    assert g["by_fraction"]["0.5"]["agree"] == 0  # 0.5 exactly favours no one
    assert vb.verdict_at(rows[1], 0.8) == "B" and vb.verdict_at(rows[0], 0.8) == "W"


def test_review_games_resume_from_rows_and_cache(tmp_path: Path) -> None:
    rec = _rec(1, "a", "b", "1d", "1d")
    cand = vb.Candidate("games.sgfs.xz:1", len(rec.moves), (vb.Side("B", "a", "1d", 1.0),))
    rows, cache = tmp_path / "rows.jsonl", tmp_path / "cache.sqlite"
    games = [(cand, rec, 0.0)]
    assert vb.review_games(games, 8, 1, cache, rows, progress=False) == 1
    [row] = vb.read_rows(rows, 8)
    assert row["searched"] == len(rec.moves) + 1 and row["cached"] == 0
    assert len(row["winrate_black"]) == len(rec.moves) + 1
    assert row["sides"][0]["moves"] == 3 and row["sides"][0]["mean_points_loss"] >= 0
    assert vb.review_games(games, 8, 1, cache, rows, progress=False) == 0
    with rows.open("a") as f:
        f.write('{"source": "cut sh')  # a line cut by a kill is skipped
    assert len(vb.read_rows(rows, 8)) == 1
    assert vb.read_rows(rows, 9) == []
    rows.unlink()  # the rows lost: the cache still holds every position
    assert vb.review_games(games, 8, 1, cache, rows, progress=False) == 1
    [again] = vb.read_rows(rows, 8)
    assert again["searched"] == 0 and again["winrate_black"] == row["winrate_black"]


@pytest.mark.slow
@pytest.mark.data
def test_study_on_two_fox_games(shared_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "study.json"
    args = ["--data", str(shared_data / "fox_ranked"), "--ranks", "3k", "9d",
            "--per-rank", "1", "--playouts", "4", "--workers", "1", "--no-progress",
            "--rows", str(tmp_path / "rows.jsonl"), "--cache", str(tmp_path / "c.sqlite"),
            "--out", str(out)]
    assert vb.main(args) == 0
    d = json.loads(out.read_text())
    assert d["selection"]["ranks_studied"] == ["3k", "9d"]
    assert d["selection"]["examples_per_rank"] == {"3k": 1, "9d": 1}
    assert set(d["selection"]["ranks_present"]) >= {"1k", "1d", "9d"}
    assert d["progress"]["games_done"] == d["selection"]["games"] == 2
    assert [t["rank"] for t in d["ranks"]] == ["3k", "9d"]
    assert d["graph_vs_result"]["games"] <= 2
    assert (tmp_path / "study.png").stat().st_size > 0
    folds = read_folds(shared_data / "fox_ranked" / "folds.tsv")
    for line in (tmp_path / "rows.jsonl").read_text().splitlines():
        row = json.loads(line)
        assert row["komi"] > 0 and row["moves"] >= 50
        assert all(folds[s["player"]] == "test" for s in row["sides"])
