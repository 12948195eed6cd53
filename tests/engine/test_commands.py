"""Helpers of the command handlers: free handicap placement, illegal-move text."""

from __future__ import annotations

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import KoError, OccupiedError, SuicideError, SuperkoError
from igo.core.handicap import fixed_handicap, max_fixed_handicap
from igo.engine.commands import CORE_COMMANDS, free_handicap_points, illegal_move_message


@pytest.mark.parametrize("size", [2, 3, 5, 7, 8, 9, 13, 19, 25])
def test_free_handicap_points_are_distinct_and_start_fixed(size: int) -> None:
    for stones in range(2, min(size * size - 1, 30) + 1):
        points = free_handicap_points(size, stones)
        assert len(points) == stones == len(set(points))
        assert all(p.on_board(size) for p in points)
        fixed = min(stones, max_fixed_handicap(size))
        if fixed >= 2:
            assert points[:fixed] == fixed_handicap(size, fixed)


def test_free_handicap_fills_the_board() -> None:
    points = free_handicap_points(5, 24)
    assert len(set(points)) == 24


def test_illegal_move_message_names_the_rule() -> None:
    p = Point(15, 3)
    assert illegal_move_message(Color.BLACK, p, 19, OccupiedError("x")) == \
        "illegal move: B D4 (occupied)"
    assert "(ko:" in illegal_move_message(Color.WHITE, p, 19, KoError("x"))
    assert "(superko:" in illegal_move_message(Color.WHITE, p, 19, SuperkoError("x"))
    assert "(suicide)" in illegal_move_message(Color.WHITE, p, 19, SuicideError("x"))


def test_required_gtp_commands_are_present() -> None:
    required = {"protocol_version", "name", "version", "known_command", "list_commands",
                "quit", "boardsize", "clear_board", "komi", "play", "genmove"}
    assert required <= set(CORE_COMMANDS)
