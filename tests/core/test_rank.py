"""Ranks: the ways servers write them, the numeric scale, and None for non-ranks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igo.core.rank import Rank, parse_rank, rank_value


@pytest.mark.parametrize(("text", "kind", "level"), [
    ("9d", "dan", 9), ("9D", "dan", 9), ("5k", "kyu", 5), ("30k", "kyu", 30),
    ("3 dan", "dan", 3), ("12 kyu", "kyu", 12), ("2-dan", "dan", 2), ("2d?", "dan", 2),
    ("3k*", "kyu", 3), ("9段", "dan", 9), ("5级", "kyu", 5), ("5級", "kyu", 5),
    ("初段", "dan", 1), ("九段", "dan", 9), ("十级", "kyu", 10), ("二十五级", "kyu", 25),
    ("P9段", "pro", 9), ("p3段", "pro", 3), ("职业九段", "pro", 9), ("職業五段", "pro", 5),
    ("业余5段", "dan", 5), ("業餘3段", "dan", 3), ("アマ5段", "dan", 5),
    ("1p", "pro", 1), ("9p", "pro", 9), ("9P", "pro", 9), ("9 dan pro", "pro", 9),
    ("pro 9d", "pro", 9), ("9pro", "pro", 9),
    ("9단", "dan", 9), ("5급", "kyu", 5), ("프로9단", "pro", 9), ("아마5단", "dan", 5),
    (" 4d ", "dan", 4),
])
def test_parse(text: str, kind: str, level: int) -> None:
    assert parse_rank(text) == Rank(kind, level)  # type: ignore[arg-type]
    assert Rank.parse(text) == Rank(kind, level)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "-", "?", "10d", "0k", "31k", "10p", "abc", "dan",
                                  "p", "9dp", "5級5", "二二段", "P5级", None, "十十段"])
def test_not_ranks(text: str | None) -> None:
    assert parse_rank(text) is None
    assert rank_value(text) is None


def test_scale() -> None:
    assert [rank_value(t) for t in ("30k", "2k", "1k", "1d", "9d", "9p")] == \
        [-29.0, -1.0, 0.0, 1.0, 9.0, 12.0]
    assert Rank("pro", 1).value == pytest.approx(9 + 1 / 3)
    assert Rank("dan", 3).rating == 300.0 and Rank("kyu", 1).rating == 0.0
    values = [Rank("kyu", k).value for k in range(30, 0, -1)] + \
        [Rank("dan", d).value for d in range(1, 10)] + [Rank("pro", p).value for p in range(1, 10)]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_str_repr_and_validation() -> None:
    assert str(Rank("kyu", 5)) == "5k" and str(Rank("pro", 9)) == "9p"
    assert repr(Rank("dan", 3)) == "Rank('dan', 3)"
    assert parse_rank(str(Rank("dan", 7))) == Rank("dan", 7)
    with pytest.raises(ValueError):
        Rank("dan", 10)
    with pytest.raises(ValueError):
        Rank("master", 1)  # type: ignore[arg-type]


@given(st.text(max_size=12))
def test_never_raises(text: str) -> None:
    rank = parse_rank(text)
    assert rank is None or isinstance(rank.value, float)
