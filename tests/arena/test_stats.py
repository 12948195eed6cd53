"""Match statistics against known values."""

from __future__ import annotations

import json
import math

import pytest

from igo.arena.stats import (
    binomial_p_value,
    elo_difference,
    format_table,
    summarize,
    wilson_interval,
)
from igo.arena.store import GameRow


def test_wilson_known_values() -> None:
    # Wilson score interval, 95 %: 7/10 -> [0.3968, 0.8922]; 0/10 -> [0, 0.2775];
    # 50/100 -> [0.4038, 0.5962] (textbook values, e.g. Brown, Cai & DasGupta 2001).
    for (k, n), (lo, hi) in {(7, 10): (0.3968, 0.8922), (0, 10): (0.0, 0.2775),
                             (50, 100): (0.4038, 0.5962)}.items():
        got = wilson_interval(k, n)
        assert got[0] == pytest.approx(lo, abs=1e-4)
        assert got[1] == pytest.approx(hi, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_binomial_known_values() -> None:
    assert binomial_p_value(7, 10) == pytest.approx(0.34375)
    assert binomial_p_value(10, 10) == pytest.approx(2 / 1024)
    assert binomial_p_value(5, 10) == pytest.approx(1.0)
    assert binomial_p_value(0, 0) == 1.0


def test_elo_known_values() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.75) == pytest.approx(190.848, abs=1e-3)
    assert elo_difference(0.25) == pytest.approx(-190.848, abs=1e-3)
    assert elo_difference(1.0) == math.inf and elo_difference(0.0) == -math.inf


def rows(results: list[str | None]) -> list[GameRow]:
    return [GameRow(i, "x", "y", w, "?", "", 100, "", 1.0) for i, w in enumerate(results)]


def test_summarize_counts_by_player_and_colour() -> None:
    # first player: Black in even games, White in odd games.
    # games: 0 B (first wins), 1 B (second wins), 2 W (second wins), 3 W (first wins),
    #        4 None (draw), 5 W (first wins)
    s = summarize(rows(["B", "B", "W", "W", None, "W"]), "p1", "p2", errors=1)
    assert (s.games, s.errors, s.draws) == (6, 1, 1)
    assert (s.first_wins, s.second_wins) == (3, 2)
    assert (s.black_wins, s.white_wins) == (2, 3)
    assert (s.first_as_black_games, s.first_as_black_wins) == (3, 1)
    assert (s.first_as_white_games, s.first_as_white_wins) == (3, 2)
    assert (s.second_as_black_wins, s.second_as_white_wins) == (1, 1)
    assert s.win_rate == pytest.approx(3.5 / 6)
    assert (s.win_rate_low, s.win_rate_high) == pytest.approx(wilson_interval(3.5, 6))
    assert s.p_value == pytest.approx(binomial_p_value(3, 5))
    assert s.elo == pytest.approx(elo_difference(3.5 / 6))
    text = format_table(s)
    assert "Wilson" in text and "p1" in text
    json.dumps(s.to_dict())


def test_summarize_all_wins_gives_null_elo_in_json() -> None:
    s = summarize(rows(["B", "W", "B", "W"]), "p1", "p2")
    assert s.first_wins == 4 and s.win_rate == 1.0
    d = s.to_dict()
    assert d["elo"] is None and d["elo_low"] is not None
    assert "+inf" in format_table(s)


def test_summarize_nothing() -> None:
    s = summarize([], "p1", "p2")
    assert s.games == 0 and s.p_value == 1.0 and s.win_rate == 0.5
