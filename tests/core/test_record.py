"""GameResult parsing (SGF ``RE``) and GameRecord defaults."""

from __future__ import annotations

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.rules import Ruleset

B, W = Color.BLACK, Color.WHITE


@pytest.mark.parametrize(("text", "winner", "reason", "margin"), [
    ("B+R", B, "resign", None),
    ("W+Resign", W, "resign", None),
    ("b+r", B, "resign", None),
    ("B+T", B, "time", None),
    ("W+Time", W, "time", None),
    ("W+F", W, "forfeit", None),
    ("B+Forfeit", B, "forfeit", None),
    ("B+3.5", B, "score", 3.5),
    ("W+0.5", W, "score", 0.5),
    ("W+12", W, "score", 12.0),
    ("  w + 12 ", W, "score", 12.0),
    ("B+", B, "unknown", None),
    ("B+abc", B, "unknown", None),
    ("0", None, "draw", 0.0),
    ("Draw", None, "draw", 0.0),
    ("jigo", None, "draw", 0.0),
    ("D", None, "draw", 0.0),
    ("Void", None, "void", None),
    ("?", None, "unknown", None),
    ("", None, "unknown", None),
    (None, None, "unknown", None),
    ("X+3", None, "unknown", None),
    ("Black wins", None, "unknown", None),
])
def test_parse(text: str | None, winner: Color | None, reason: str,
               margin: float | None) -> None:
    result = GameResult.parse(text)
    assert (result.winner, result.reason, result.margin) == (winner, reason, margin)


@pytest.mark.parametrize(("text", "sgf"), [
    ("B+R", "B+R"), ("W+Resign", "W+R"), ("B+T", "B+T"), ("W+F", "W+F"),
    ("B+3.5", "B+3.5"), ("W+12", "W+12"), ("0", "0"), ("Draw", "0"), ("Void", "Void"),
    ("?", "?"), ("B+", "B+"), (None, "?"),
])
def test_to_sgf(text: str | None, sgf: str) -> None:
    result = GameResult.parse(text)
    assert result.to_sgf() == sgf == str(result)
    assert GameResult.parse(sgf) == result or result.reason == "unknown"


def test_results_are_values() -> None:
    assert GameResult.parse("B+R") == GameResult(B, "resign")
    assert hash(GameResult.parse("W+2.5")) == hash(GameResult(W, "score", 2.5))


def test_record_defaults() -> None:
    record = GameRecord()
    assert (record.size, record.komi, record.rules, record.handicap) == (19, 7.5, Ruleset(), 0)
    assert record.moves == [] and record.setup_black == [] and record.properties == {}
    assert record.winner is None and record.result.reason == "unknown"
    other = GameRecord()
    other.moves.append(Move(B, None))
    assert record.moves == []  # no shared mutable defaults


def test_first_player() -> None:
    assert GameRecord().to_play_first() == B
    handicap = GameRecord(handicap=2, setup_black=[Point(3, 3), Point(15, 15)])
    assert handicap.to_play_first() == W
    assert GameRecord(handicap=2).to_play_first() == B  # no stones: nothing to answer
    assert GameRecord(first_player=W).to_play_first() == W
    moves = GameRecord(handicap=2, setup_black=[Point(3, 3)], moves=[Move(B, Point(4, 4))])
    assert moves.to_play_first() == B
    assert GameRecord(result=GameResult.parse("W+R")).winner == W
