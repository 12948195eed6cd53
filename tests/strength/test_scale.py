"""The rank scale and the three classes (paper 002 section 7 on our scale)."""

from __future__ import annotations

import numpy as np

from igo.strength.scale import RankScale


def test_ratings_of_ranks() -> None:
    s = RankScale()
    assert s.rating("1k") == 2000 and s.rating("1d") == 2100
    assert s.rating("5k") == 1600 and s.rating("9d") == 2900
    assert s.rating("9段") == 2900 and s.rating("5级") == 1600
    assert s.rating("") is None and s.rating("?") is None


def test_rank_text_round_trip() -> None:
    s = RankScale()
    for text in ("5k", "1k", "1d", "4d", "9d"):
        assert s.rank_text(s.rating(text)) == text  # type: ignore[arg-type]
    assert s.rank_text(2049) == "1k" and s.rank_text(2051) == "1d"
    assert s.rank_text(5000) == "9d"


def test_classes_at_the_bounds() -> None:
    s = RankScale()
    r = np.array([s.rating(t) for t in ("5k", "1d", "2d", "6d", "7d", "9d")])
    assert s.classes(r).tolist() == [0, 0, 1, 1, 2, 2]
    assert s.class_names() == ("<= 1d", "2d-6d", ">= 7d")
