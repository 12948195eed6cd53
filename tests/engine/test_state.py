"""GameState: set-up, records and the cached stone status."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import BoardSizeError
from igo.core.rules import Ruleset
from igo.engine.state import GameState
from igo.gtp.errors import GtpError


def test_set_size_validates_before_changing() -> None:
    state = GameState(size=9)
    state.board.play(Color.BLACK, Point(4, 4))
    with pytest.raises(BoardSizeError):
        state.set_size(40)
    assert state.size == 9 and state.board.move_number == 1
    state.set_size(13)
    assert state.board.size == 13 and state.board.move_number == 0


def test_handicap_and_record() -> None:
    state = GameState(size=9, komi=0.5, rules=Ruleset.named("japanese"))
    state.place_handicap([Point(2, 2), Point(6, 6)])
    assert state.board.to_play is Color.WHITE
    with pytest.raises(GtpError, match="board not empty"):
        state.place_handicap([Point(0, 0), Point(1, 1)])
    state.board.play(Color.WHITE, Point(4, 4))
    record = state.to_record()
    assert record.size == 9 and record.komi == 0.5 and record.handicap == 2
    assert record.rules.ko == "simple"
    assert record.setup_black == [Point(2, 2), Point(6, 6)]
    assert record.moves == state.board.history and record.first_player is None


def test_status_is_cached_per_position() -> None:
    state = GameState(size=7, rng=np.random.default_rng(0), scoring_playouts=8)
    state.board.play(Color.BLACK, Point(3, 3))
    first = state.stone_status()
    assert state.stone_status() is first
    state.board.play(Color.WHITE, Point(0, 0))
    second = state.stone_status()
    assert second is not first
    state.board.undo()
    assert state.stone_status() is not second  # recomputed, same position as first
    state.set_rules(Ruleset.named("tromp-taylor"))
    assert state.board.rules.suicide
