"""End-of-game scoring: playout dead stones, static seki, area score text."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.playout import random_playout
from igo.core.scoring import (
    StoneStatus,
    balanced_ownership,
    board_strings,
    estimate_dead,
    final_score,
    final_status,
    format_score,
    seki_strings,
)

# Black owns the left, White the right; C6 (white) and F2 (black) are dead.
DEAD = """
. X . X O . .
. X O X O . .
X X . X O . .
. . X X O . .
. X . X O . .
X . X O O X .
. X X O . . .
"""

# Top-left: a black string (B9 B8) and a white string (D9 A8 C8 D8 A7 B7 C7) share
# the liberties A9 and C9, neither with an eye: seki. B2 is a dead white stone.
SEKI = """
. X . O X . O . .
O X O O X . O . O
O O O X X X O O O
X X X X . X O . .
. . . . X X O O O
X X . X . X O . .
. X X X X X O O .
. O . X O O . O .
. X . X O . O . .
"""

# Every empty point is an eye: playouts end at once, ownership is exact.
SETTLED = """
. X X O .
X . X O O
X X X O .
. X X O O
X X X O .
"""


def test_format_score() -> None:
    assert format_score(3.5) == "B+3.5"
    assert format_score(-0.5) == "W+0.5"
    assert format_score(0.0) == "0"
    assert format_score(12.0) == "B+12"
    assert format_score(-361.5) == "W+361.5"


def test_final_score_counts_area_after_removing_dead() -> None:
    board = Board.from_diagram(DEAD)
    # as the stones stand, F2 spoils all of White's area: 24 - 9 - 0.5
    assert final_score(board, 0.5) == "B+14.5"
    dead = [Point(1, 2), Point(5, 5)]
    assert final_score(board, 0.5, dead) == "B+2.5"
    assert final_score(board, 3.0, dead) == "0"
    assert final_score(Board(9), 7.5) == "W+7.5"


def test_estimate_dead_finds_both_dead_stones() -> None:
    board = Board.from_diagram(DEAD)
    before = board.to_array().copy()
    assert estimate_dead(board, np.random.default_rng(0)) == [Point(1, 2), Point(5, 5)]
    assert (board.to_array() == before).all()  # the board is not changed


def test_final_status_classifies_every_string() -> None:
    board = Board.from_diagram(DEAD)
    status = final_status(board, np.random.default_rng(1))
    assert status.dead == ((Point(1, 2),), (Point(5, 5),))
    assert status.seki == ()
    stones = sorted(p for s in status.alive + status.dead for p in s)
    assert stones == sorted(p for s in board_strings(board) for p in s)


def test_seki_is_found_statically() -> None:
    board = Board.from_diagram(SEKI)
    black = (Point(0, 1), Point(1, 1))
    white = (Point(0, 3), Point(1, 0), Point(1, 2), Point(1, 3), Point(2, 0), Point(2, 1),
             Point(2, 2))
    assert seki_strings(board) == {black, white}
    status = final_status(board, np.random.default_rng(2))
    assert set(status.seki) == {black, white}
    assert status.dead == ((Point(7, 1),),)
    # seki stones stay on the board, their shared liberties are nobody's
    assert final_score(board, 7, status.dead_stones) == "W+6"


def test_two_eyed_groups_are_not_seki() -> None:
    assert seki_strings(Board.from_diagram(SETTLED)) == set()
    status = final_status(Board.from_diagram(SETTLED), np.random.default_rng(0), playouts=4)
    assert status.dead == () and status.seki == () and len(status.alive) == 2


def test_settled_position_has_exact_ownership() -> None:
    own = balanced_ownership(Board.from_diagram(SETTLED), np.random.default_rng(0), playouts=6)
    expected = np.array([[1, 1, 1, -1, -1]] * 5, dtype=float)
    assert np.array_equal(own, expected)


def test_finished_playouts_have_no_dead_stones() -> None:
    rng = np.random.default_rng(5)
    for size in (5, 7, 9):
        board = Board(size)
        state, _moves = random_playout(board, Color.BLACK, rng)
        final = Board.from_diagram("\n".join(
            " ".join(".XO"[v] for v in row)
            for row in state.color.reshape(size + 2, size + 2)[1:-1, 1:-1]))
        assert estimate_dead(final, rng, playouts=20) == []


def test_results_repeat_with_the_same_seed() -> None:
    board = Board.from_diagram(DEAD)
    a = balanced_ownership(board, np.random.default_rng(9), 40)
    b = balanced_ownership(board, np.random.default_rng(9), 40)
    assert np.array_equal(a, b)


def test_empty_board_and_bad_arguments() -> None:
    assert final_status(Board(9), np.random.default_rng(0)) == StoneStatus()
    with pytest.raises(ValueError, match="at least 2"):
        balanced_ownership(Board(9), np.random.default_rng(0), playouts=1)
    with pytest.raises(ValueError, match="unknown status"):
        StoneStatus().strings("dame")
