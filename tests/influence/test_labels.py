"""Tests of the GNU Go labels and their cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.core.coords import Point
from igo.influence.labels import (
    GnuGoLabeller,
    LabelCache,
    LabelError,
    counted,
    final_owner,
    iter_counted,
    label_corpus,
    label_record,
    parse_regions,
    record_key,
)

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"


def test_counted_games_and_keys(dead_stones: dict[str, list[Point]]) -> None:
    records = list(iter_counted(COUNTED))
    assert [record_key(r) for r in records] == list(dead_stones)
    assert all(counted(r) for r in records)
    assert len(list(iter_counted(COUNTED, limit=2))) == 2


def test_final_owner_reproduces_the_recorded_result(
        dead_stones: dict[str, list[Point]]) -> None:
    """Area score of the owners (GNU Go's dead stones removed) minus komi equals RE:
    the labels are right for these games."""
    for record in iter_counted(COUNTED):
        owner = final_owner(record, dead_stones[record_key(record)])
        score = int((owner == 1).sum() - (owner == -1).sum()) - record.komi
        assert record.result.margin is not None
        expected = record.result.margin if record.winner == 1 else -record.result.margin
        assert score == expected


def test_parse_regions_negates_gnugo_sign() -> None:
    text = "\n".join(" ".join(["3"] * 2 + ["-2"]) for _ in range(3))
    got = parse_regions(text, 3)
    assert (got[:, :2] == -3).all() and (got[:, 2] == 2).all()
    with pytest.raises(LabelError):
        parse_regions("1 2\n3 4", 3)
    with pytest.raises(LabelError):
        parse_regions("a b c", 1)


def test_cache_round_trip(tmp_path: Path) -> None:
    cache = LabelCache(tmp_path / "c" / "x.sqlite")
    assert cache.dead("k") is None
    cache.put_dead("k", 9, [Point(0, 0), Point(8, 8)])
    cache.put_dead("bad", 9, None, "engine died")
    assert cache.dead("k") == ([Point(0, 0), Point(8, 8)], None)
    assert cache.dead("bad") == (None, "engine died")
    reg = np.arange(81, dtype=np.int8).reshape(9, 9) - 40
    cache.put_regions("k", 20, reg)
    np.testing.assert_array_equal(cache.regions("k", 20, 9), reg)
    assert cache.regions("k", 50, 9) is None
    assert cache.count() == (1, 1)
    cache.close()


class ScriptedGnuGo:
    """Answers like GNU Go: no dead stones, all regions 'white territory' (+3)."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, command: str) -> str:
        self.sent.append(command)
        if command.startswith("final_status_list"):
            return "A1"
        if command.startswith("initial_influence"):
            return "\n".join(" ".join(["3"] * 19) for _ in range(19))
        return ""


def test_label_record_asks_once_then_reads_the_cache(tmp_path: Path) -> None:
    record = next(iter(iter_counted(COUNTED)))
    cache = LabelCache(tmp_path / "l.sqlite")
    gnugo = ScriptedGnuGo()
    labeller = GnuGoLabeller(gnugo, tmp_path)
    label = label_record(record, cache, labeller, stages=(20, 50))
    assert label is not None and label.dead == (Point(18, 0),)
    assert "final_status_list dead" in gnugo.sent
    infl = [c for c in gnugo.sent if c.startswith("initial_influence")]
    assert infl == ["initial_influence black influence_regions"] * 2  # moves 21, 51: Black
    assert any(c.endswith(" 21") for c in gnugo.sent if c.startswith("loadsgf"))
    assert (cache.regions(record_key(record), 20, 19) == -3).all()
    n = len(gnugo.sent)
    assert label_record(record, cache, labeller, stages=(20, 50)) is not None
    assert len(gnugo.sent) == n  # everything came from the cache
    labeller.close()


@pytest.mark.gnugo
def test_label_corpus_with_gnugo(tmp_path: Path, gnugo: str,
                                dead_stones: dict[str, list[Point]]) -> None:
    cache = LabelCache(tmp_path / "g.sqlite")
    assert label_corpus(COUNTED, cache, [gnugo, "--mode", "gtp"], limit=1, stages=(50,),
                        progress=False) == 1
    got = cache.dead("GN:75908513")
    assert got is not None and sorted(got[0] or []) == sorted(dead_stones["GN:75908513"])
    regions = cache.regions("GN:75908513", 50, 19)
    assert regions is not None and regions[0, 0] < 0  # White's corner (D17) at move 50
