"""Examples per colour, fold rules and drops by reason (paper 002 section 3)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from igo.sgf import iter_records, parse_sgf
from igo.strength.data import (
    GameView,
    decode_name,
    is_ai_account,
    iter_examples,
    read_folds,
)
from igo.strength.scale import RankScale

DATA = Path(__file__).parent / "data"


def _rec(props: str, moves: str = ";B[pd];W[dd];B[pp]", size: int = 19):  # type: ignore[no-untyped-def]
    return parse_sgf(f"(;GM[1]SZ[{size}]{props}{moves})")


def test_examples_and_drops() -> None:
    folds = {"a": "train", "b": "test"}
    recs = [_rec("PB[a]PW[b]BR[3d]WR[2d]"),           # two examples, two folds
            _rec("PB[a]PW[c]BR[3d]WR[2d]"),           # White not in a fold
            _rec("PB[a]PW[b]BR[3d]WR[?]"),            # White without a rank
            _rec("PB[a]PW[b]BR[3d]WR[2d]HA[2]AB[dd][pp]", ";W[pd]"),  # handicap
            _rec("PB[a]PW[E7BB9DE889BA]BR[3d]WR[9d]"),  # 绝艺, an AI account
            _rec("PB[a]PW[b]BR[3d]WR[2d]", ";B[ee]", size=9)]
    drops: Counter[str] = Counter()
    got = list(iter_examples(recs, RankScale(), folds, drops))
    assert [len(ex) for _, ex in got] == [2, 1, 1]
    first = got[0][1]
    assert [(e.player, e.rating, e.fold) for e in first] == [("a", 2300, 0), ("b", 2200, 1)]
    assert drops == Counter({"no_fold_W": 1, "no_rank_W": 1, "handicap": 1,
                             "ai_account": 1, "board_size": 1})


def test_without_folds_every_rank_is_an_example() -> None:
    drops: Counter[str] = Counter()
    got = list(iter_examples([_rec("PB[x]PW[y]BR[5级]WR[1段]")], RankScale(), None, drops))
    assert [e.rating for e in got[0][1]] == [1600, 2100]
    assert [e.fold for e in got[0][1]] == [2, 2]


def test_view_keeps_only_the_game() -> None:
    rec = _rec("PB[a]PW[b]BR[3d]WR[2d]KM[650]RE[B+R]DT[2017-01-01]TM[600]GN[42]")
    v = GameView.of(rec)
    assert v.komi == 6.5 and v.result.winner is not None and len(v.moves) == 3
    kept = v.record
    assert kept.black == "" and kept.black_rank == "" and kept.date == ""
    assert kept.properties == {}


def test_names() -> None:
    assert decode_name("E7BB9DE889BA") == "绝艺"
    assert is_ai_account("E7BB9DE889BA") and is_ai_account("LeelaZero2")
    assert is_ai_account("ELFOpenGo") and is_ai_account("Master")
    assert not is_ai_account("master222") and not is_ai_account("AlphaGo211")
    assert not is_ai_account("ziggler")


def test_fold_table(tmp_path: Path) -> None:
    assert len(read_folds(DATA / "folds.tsv")) == 38
    bad = tmp_path / "f.tsv"
    bad.write_text("player\tfold\nx\tvalidation\n")
    with pytest.raises(ValueError, match=r"train\|test"):
        read_folds(bad)


def test_fixture_games() -> None:
    drops: Counter[str] = Counter()
    recs = iter_records(DATA / "fox19.sgfs", progress=False)
    got = list(iter_examples(recs, RankScale(), read_folds(DATA / "folds.tsv"), drops))
    assert len(got) == 18 and drops["handicap"] == 1
