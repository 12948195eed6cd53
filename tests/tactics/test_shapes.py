"""Self-atari classes, nakade vital points and seki (igo.tactics.selfatari, .nakade,
.seki): diagrams with known answers, errors, and each kernel against the plain
reference (tests/reference/tactics_shapes.py) on every point of random positions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics.errors import IllegalQuestionMoveError, NotEmptyError
from igo.tactics.nakade import vital_point
from igo.tactics.seki import breaks_seki
from igo.tactics.selfatari import SelfAtari, classify
from reference import tactics_shapes as ref
from reference.tactics_board import SIMPLE
from tactics.positions import count, random_game


def board(text: str):
    return Board.from_diagram(text, SIMPLE)


# ---------------------------------------------------------------- nakade

EYES = {
    "straight three": ("""
. . . . . . .
X X X X X . .
X . . . X . .
X X X X X . .
. . . . . . .
. . . . . . .
. . . . . . .""", Point(2, 2)),
    "bent three": ("""
. . . . . . .
X X X X . . .
X . . X . . .
X . X X . . .
X X X . . . .
. . . . . . .
. . . . . . .""", Point(2, 1)),
    "pyramid four": ("""
. . . . . . .
X X X X X . .
X . . . X . .
X X . X X . .
. X X X . . .
. . . . . . .
. . . . . . .""", Point(2, 2)),
    "bulky five": ("""
. . . . . . .
X X X X . . .
X . . X . . .
X . . X . . .
X . X X . . .
X X X . . . .
. . . . . . .""", Point(3, 1)),
    "cross five": ("""
. . . . . . .
. X X X . . .
X X . X X . .
X . . . X . .
X X . X X . .
. X X X . . .
. . . . . . .""", Point(3, 2)),
    "rabbity six": ("""
. . . . . . .
X X X X . . .
X . . X X . .
X . . . X . .
X X . X X . .
. X X X . . .
. . . . . . .""", Point(3, 2)),
}


@pytest.mark.parametrize("name", sorted(EYES))
def test_vital_points(name: str) -> None:
    text, want = EYES[name]
    b = board(text)
    empties = [p for p in (Point(r, c) for r in range(7) for c in range(7))
               if b[p] == 0 and (p.row, p.col) != (6, 6)]
    inside = next(p for p in empties if ref.region(b, p)[0] and len(ref.region(b, p)[0]) <= 6)
    assert vital_point(b, inside) == want
    assert ref.vital_point(b, inside) == want


def test_corner_three_has_its_vital_point() -> None:
    b = board("""
. . X . .
. X X . .
X X . . .
. . . . .
. . . . .""")
    # (0, 0), (0, 1), (1, 0): a bent three in the corner, vital point the corner
    assert vital_point(b, Point(0, 1)) == Point(0, 0)


def test_no_vital_point() -> None:
    square = board("""
X X X X .
X . . X .
X . . X .
X X X X .
. . . . .""")
    assert vital_point(square, Point(1, 1)) is None
    straight_four = board("""
X X X X X X
X . . . . X
X X X X X X
. . . . . .
. . . . . .
. . . . . .""")
    assert vital_point(straight_four, Point(1, 1)) is None
    assert vital_point(board(". . .\n. . .\n. . ."), Point(1, 1)) is None
    with pytest.raises(NotEmptyError):
        vital_point(square, Point(0, 0))


# ---------------------------------------------------------------- self-atari

def test_not_a_self_atari() -> None:
    b = board(". . .\n. . .\n. . .")
    assert classify(b, Color.BLACK, Point(1, 1)) is SelfAtari.NOT_SELF_ATARI


def test_bad_self_atari() -> None:
    b = board("""
. . . . .
. . . . .
O O . . .
X X O . .
. . X O .""")
    assert classify(b, Color.BLACK, Point(4, 0)) is SelfAtari.BAD


def test_snapback() -> None:
    # X at E1 (row 6, col 4) joins F1: two stones in atari at G1; O takes them at G1
    # and is left with one liberty, F1, where X takes back: a snapback
    b = board("""
O O O O X X X
O X . X . O X
X . O X O X O
X O . X X X .
X O O O X X .
O O . O O O X
. X O O . X .""")
    assert classify(b, Color.BLACK, Point(6, 4)) is SelfAtari.SNAPBACK
    assert ref.classify(b, 1, Point(6, 4)) == SelfAtari.SNAPBACK


def test_throw_in_makes_a_false_eye() -> None:
    b = board("""
. . . . . .
. . . . . .
. . . . . .
. X O X . .
X O . O . .
. O . O . .""")
    # X (4, 2) inside O's eye, X on two diagonals: once taken, the eye is false
    assert classify(b, Color.BLACK, Point(4, 2)) is SelfAtari.THROW_IN
    assert classify(b, Color.BLACK, Point(4, 2)) == ref.classify(b, 1, Point(4, 2))


def test_nakade_self_atari() -> None:
    b = board("""
O O O O O O
O X X . . O
O O O O O O
. . . . . .
. . . . . .
. . . . . .""")
    # X makes a straight three inside O's eye: once captured, a dead shape
    assert classify(b, Color.BLACK, Point(1, 3)) is SelfAtari.NAKADE


def test_illegal_question() -> None:
    b = board(". O .\nO . O\n. O .")
    with pytest.raises(IllegalQuestionMoveError):
        classify(b, Color.BLACK, Point(1, 1))
    with pytest.raises(NotEmptyError):
        classify(b, Color.BLACK, Point(0, 1))


# ---------------------------------------------------------------- seki

SEKI = """
. X . O . . .
O O O X . . .
X X X X . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . ."""


def test_seki() -> None:
    b = board(SEKI)
    assert breaks_seki(b, Color.BLACK, Point(0, 0))
    assert breaks_seki(b, Color.BLACK, Point(0, 2))
    assert breaks_seki(b, Color.WHITE, Point(0, 0))
    assert not breaks_seki(b, Color.WHITE, Point(0, 2))  # joins O (0, 3): no atari
    assert not breaks_seki(b, Color.BLACK, Point(4, 4))
    for c in (1, 2):
        for p in (Point(0, 0), Point(0, 2)):
            assert breaks_seki(b, Color(c), p) == ref.breaks_seki(b, c, p)


# ---------------------------------------------------------------- properties

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([9, 13, 19]),
       moves=st.integers(10, 120))
def test_kernels_match_reference_on_random_games(seed: int, size: int, moves: int) -> None:
    b = random_game(size, moves, np.random.default_rng(seed))
    for color in (Color.BLACK, Color.WHITE):
        for p in b.legal_moves(color):
            assert classify(b, color, p) == ref.classify(b, int(color), p), (str(b), color, p)
            assert breaks_seki(b, color, p) == ref.breaks_seki(b, int(color), p), (str(b), p)
            count("selfatari")
            count("seki")
    for r in range(size):
        for c in range(size):
            p = Point(r, c)
            if b[p] == 0:
                assert vital_point(b, p) == ref.vital_point(b, p), (str(b), p)
                count("nakade")
