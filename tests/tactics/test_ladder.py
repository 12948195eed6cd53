"""Ladder reading (igo.tactics.ladder): diagrams with known answers, errors, and the
kernel against the plain reference (tests/reference/tactics_ladder.py) on random
positions and on ladders set up by diagram."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics.errors import IllegalQuestionMoveError, LibertyCountError, NoStringError
from igo.tactics.ladder import LadderReader, atari_works, border_ladder, is_caught
from reference import tactics_ladder as ref
from reference.tactics_board import SIMPLE, libs
from tactics.positions import count, random_game

# X to be chased: the atari at c (row 3, col 2) starts a ladder to the top-right
LADDER = """
. . . . . . . . .
. . . . . . . . .
. . O . . . . . .
. O X . . . . . .
. . . O . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def board(text: str, to_play: Color = Color.BLACK):
    return Board.from_diagram(text, SIMPLE, to_play)


def test_classic_ladder_works() -> None:
    b = board(LADDER)
    assert atari_works(b, Point(4, 2), Point(3, 2))
    assert ref.atari_caught(b, Point(4, 2), Point(3, 2), 10_000)


@pytest.mark.parametrize("breaker", [Point(0, 4), Point(1, 4), Point(2, 5)])
def test_ladder_breaker(breaker: Point) -> None:
    b = board(LADDER)
    works = atari_works(b, Point(4, 2), Point(3, 2))
    b.play(Color.BLACK, breaker)
    assert works and atari_works(b, Point(4, 2), Point(3, 2)) == ref.atari_caught(
        b, Point(4, 2), Point(3, 2), 10_000)


def test_breaker_on_the_path_breaks() -> None:
    b = board(LADDER)
    b.play(Color.BLACK, Point(1, 4))
    assert not atari_works(b, Point(4, 2), Point(3, 2))


def test_attacker_stone_on_the_path_helps() -> None:
    b = board(LADDER)
    b.play(Color.WHITE, Point(1, 4))
    assert atari_works(b, Point(4, 2), Point(3, 2))


def test_ladder_along_the_edge() -> None:
    b = board("""
. . . . . . .
O X . . . . .
. O . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .""")
    # X B6 (row 1, col 1): atari from above at (0, 1) drives it along the top edge
    assert atari_works(b, Point(0, 1), Point(1, 1)) == ref.atari_caught(
        b, Point(0, 1), Point(1, 1), 10_000)


def test_first_line_stone_is_caught() -> None:
    b = board("""
. X O . .
. O . . .
. . . . .
. . . . .
. . . . .""")
    assert is_caught(b, Point(0, 1))


def test_counter_capture_escapes() -> None:
    b = board("""
. . . . . . .
. . O . . . .
. O X O . . .
. . . X O . .
. . . O . . .
. . . . . . .
. . . . . . .""")
    # the chasing stones are short of liberties: the kernel reads as the reference
    assert atari_works(b, Point(3, 2), Point(2, 2)) == ref.atari_caught(
        b, Point(3, 2), Point(2, 2), 10_000)


KO_BEFORE = """
. O X . .
O . O X .
. O X . .
. . . . .
. . . . ."""

KO_FREE = """
. O X . .
O X . X .
. O X . .
. . . . .
. . . . ."""


def test_ko_forbidden_counter_capture_is_not_an_escape() -> None:
    """O (0, 1) in atari can only escape by taking the ko stone X (1, 1) at (1, 2):
    caught while the ko rule forbids that capture (X has just taken the ko), not
    caught when the same stones stand without a ko."""
    b = board(KO_BEFORE)
    b.play(Color.BLACK, Point(1, 1))  # X takes the ko: O may not retake at (1, 2)
    assert b.ko_point == Point(1, 2)
    assert is_caught(b, Point(0, 1))
    assert ref.caught(b, Point(0, 1), 10_000)
    free = board(KO_FREE, Color.WHITE)
    assert free.ko_point is None
    assert not is_caught(free, Point(0, 1))
    assert not ref.caught(free, Point(0, 1), 10_000)


def test_errors() -> None:
    b = board(LADDER)
    with pytest.raises(NoStringError):
        is_caught(b, Point(0, 0))
    with pytest.raises(LibertyCountError):
        is_caught(b, Point(3, 2))
    with pytest.raises(IllegalQuestionMoveError):
        b2 = board("""
. O .
O . O
. O .""")
        b2.play(Color.WHITE, Point(0, 0))
        atari_works(b2, Point(1, 1), Point(1, 0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([9, 13, 19]),
       moves=st.integers(10, 90))
def test_kernel_matches_reference_on_random_games(seed: int, size: int, moves: int) -> None:
    b = random_game(size, moves, np.random.default_rng(seed))
    reader = LadderReader(size)
    compared = 0
    for color in (Color.BLACK, Color.WHITE):
        for p in b.stones(color):
            n = len(libs(b, p))
            if n == 1:
                try:
                    want = ref.caught(b, p, 3_000)
                except ref.Exhausted:
                    continue
                assert is_caught(b, p, 3_000, reader) == want, (str(b), p)
                compared += 1
            elif n == 2:
                for m in sorted(libs(b, p)):
                    if not b.is_legal(Color(3 - color), m):
                        continue
                    try:
                        want = ref.atari_caught(b, m, p, 3_000)
                    except ref.Exhausted:
                        continue
                    assert atari_works(b, m, p, 3_000, reader) == want, (str(b), p, m)
                    compared += 1
    count("ladder", compared)


def _ladder_board(size: int, seed: int):
    """A ladder start (X in atari-to-be, two O stones beside it, one diagonal) put
    at a random place and orientation of a board sprinkled with random stones
    (possible breakers and helpers); returns the board and the target."""
    rng = np.random.default_rng(seed)
    b = Board.from_diagram("\n".join(" ".join("." * size) for _ in range(size)), SIMPLE)
    dr, dc = (1 if rng.integers(2) else -1), (1 if rng.integers(2) else -1)
    r0 = int(rng.integers(2, size - 2))
    c0 = int(rng.integers(2, size - 2))
    x = Point(r0, c0)
    os_ = [Point(r0 - dr, c0), Point(r0, c0 - dc), Point(r0 + dr, c0 + dc)]
    b.setup(black=[x], white=os_)
    taken = {x, *os_}
    for _ in range(int(rng.integers(0, 2 * size))):
        p = Point(int(rng.integers(size)), int(rng.integers(size)))
        if p in taken or abs(p.row - r0) + abs(p.col - c0) <= 2:
            continue
        color = Color.BLACK if rng.integers(2) else Color.WHITE
        if b.is_legal(color, p):
            b.play(color, p)
            taken.add(p)
    return b, x


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([9, 13, 19]))
def test_kernel_matches_reference_on_ladders_set_up(seed: int, size: int) -> None:
    b, target = _ladder_board(size, seed)
    if b[target] != Color.BLACK or len(libs(b, target)) != 2:
        return
    for m in sorted(libs(b, target)):
        if not b.is_legal(Color.WHITE, m):
            continue
        try:
            want = ref.atari_caught(b, m, target, 5_000)
        except ref.Exhausted:
            continue
        assert atari_works(b, m, target, 5_000) == want, (str(b), m)
        count("ladder (set up)")


# ---------------------------------------------------------------- Pachi's shape test

def test_border_ladder_on_diagrams() -> None:
    # X (row 7, col 3) in atari, its liberty (8, 3) on the edge: a first-line ladder
    caught = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . O X O . . . .
. . O X O . . . .
. . . . . . . . ."""
    # the X string has 2 liberties here; take one to put it in atari
    b = board(caught)
    b.play(Color.WHITE, Point(5, 3))
    assert border_ladder(b, Point(7, 3))
    assert ref.border_ladder(b, Point(7, 3))
    # X stones two points along the edge on both sides: not caught
    helped = board(caught)
    helped.play(Color.WHITE, Point(5, 3))
    helped.play(Color.BLACK, Point(8, 1))
    helped.play(Color.BLACK, Point(8, 5))
    assert not border_ladder(helped, Point(7, 3))
    # one blocker in atari: not caught
    short = board("""
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X O . . . . .
. X O X O . . . .
. . . . . . . . .""")
    assert not border_ladder(short, Point(7, 3))
    assert not ref.border_ladder(short, Point(7, 3))
    with pytest.raises(LibertyCountError):
        border_ladder(board(caught), Point(7, 3))  # two liberties
    with pytest.raises(NoStringError):
        border_ladder(b, Point(0, 0))


def _border_positions(size: int, seed: int):
    """A defender stone on the second line, attackers on its sides and above, random
    stones around: most leave it in atari with a first-line liberty."""
    rng = np.random.default_rng(seed)
    b = Board.from_diagram("\n".join(" ".join("." * size) for _ in range(size)), SIMPLE)
    c0 = int(rng.integers(1, size - 1))
    x = Point(size - 2, c0)
    os_ = [Point(size - 2, c0 - 1), Point(size - 2, c0 + 1), Point(size - 3, c0)]
    b.setup(black=[x], white=os_)
    taken = {x, *os_}
    for _ in range(int(rng.integers(0, 3 * size))):
        p = Point(int(rng.integers(size - 4, size)), int(rng.integers(size)))
        if p in taken or p == Point(size - 1, c0):
            continue
        color = Color.BLACK if rng.integers(2) else Color.WHITE
        if b.is_legal(color, p):
            b.play(color, p)
            taken.add(p)
    return b


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([7, 9, 13, 19]),
       moves=st.integers(10, 120), setup=st.booleans())
def test_border_ladder_kernel_matches_reference(seed: int, size: int, moves: int,
                                                setup: bool) -> None:
    b = (_border_positions(size, seed) if setup
         else random_game(size, moves, np.random.default_rng(seed)))
    for color in (Color.BLACK, Color.WHITE):
        for p in b.stones(color):
            ls = libs(b, p)
            if len(ls) != 1 or not ref.border_applies(b, next(iter(ls)), int(color)):
                continue
            assert border_ladder(b, p) == ref.border_ladder(b, p), (str(b), p)
            count("border ladder", 1)
