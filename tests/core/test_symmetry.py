"""The 8 symmetries of the square: a group acting consistently on points, arrays and
positions."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.symmetry import SYMMETRIES, apply_array, apply_point, compose, inverse

SIZES = [2, 3, 5, 9, 19, 25]


def test_there_are_eight_distinct_symmetries() -> None:
    a = np.arange(25).reshape(5, 5)
    images = {apply_array(a, s).tobytes() for s in SYMMETRIES}
    assert tuple(range(8)) == SYMMETRIES
    assert len(images) == 8
    assert np.array_equal(apply_array(a, 0), a)


def test_the_eight_are_the_dihedral_group() -> None:
    """Rotations by 0/90/180/270 degrees and their transposes, nothing else."""
    a = np.arange(16).reshape(4, 4)
    expected = {np.rot90(a, k).tobytes() for k in range(4)}
    expected |= {np.rot90(a, k).T.tobytes() for k in range(4)}
    assert {apply_array(a, s).tobytes() for s in SYMMETRIES} == expected


@pytest.mark.parametrize("size", SIZES)
def test_apply_array_agrees_with_apply_point(size: int) -> None:
    a = np.arange(size * size).reshape(size, size)
    for s in SYMMETRIES:
        t = apply_array(a, s)
        for r, c in itertools.product(range(size), repeat=2):
            q = apply_point(Point(r, c), s, size)
            assert isinstance(q, Point) and q.on_board(size)
            assert t[q] == a[r, c]


@pytest.mark.parametrize("size", SIZES)
def test_apply_point_is_a_bijection(size: int) -> None:
    pts = [Point(r, c) for r in range(size) for c in range(size)]
    for s in SYMMETRIES:
        assert sorted(apply_point(p, s, size) for p in pts) == pts


def test_inverse_undoes() -> None:
    a = np.arange(49).reshape(7, 7)
    for s in SYMMETRIES:
        t = inverse(s)
        assert compose(s, t) == 0 and compose(t, s) == 0
        assert inverse(t) == s
        assert np.array_equal(apply_array(apply_array(a, s), t), a)
        for r, c in itertools.product(range(7), repeat=2):
            assert apply_point(apply_point(Point(r, c), s, 7), t, 7) == Point(r, c)
    # reflections and the half turn are their own inverses; quarter turns are not
    assert sum(inverse(s) == s for s in SYMMETRIES) == 6


def test_compose_matches_applying_in_turn() -> None:
    a = np.arange(36).reshape(6, 6)
    for s, t in itertools.product(SYMMETRIES, repeat=2):
        u = compose(s, t)
        assert np.array_equal(apply_array(apply_array(a, s), t), apply_array(a, u))
        for r, c in itertools.product(range(6), repeat=2):
            p = Point(r, c)
            assert apply_point(apply_point(p, s, 6), t, 6) == apply_point(p, u, 6)


def test_group_laws() -> None:
    table = {(s, t): compose(s, t) for s, t in itertools.product(SYMMETRIES, repeat=2)}
    # closure and identity
    assert set(table.values()) == set(SYMMETRIES)
    assert all(table[(0, s)] == s == table[(s, 0)] for s in SYMMETRIES)
    # a Latin square: each row and column is a permutation
    for s in SYMMETRIES:
        assert sorted(table[(s, t)] for t in SYMMETRIES) == list(SYMMETRIES)
        assert sorted(table[(t, s)] for t in SYMMETRIES) == list(SYMMETRIES)
    # associativity
    for a, b, c in itertools.product(SYMMETRIES, repeat=3):
        assert table[(table[(a, b)], c)] == table[(a, table[(b, c)])]
    # not commutative (D4 is not abelian)
    assert any(table[(s, t)] != table[(t, s)] for s, t in table)


def test_apply_array_acts_on_the_last_two_axes() -> None:
    batch = np.arange(2 * 3 * 4 * 4).reshape(2, 3, 4, 4)
    for s in SYMMETRIES:
        out = apply_array(batch, s)
        assert out.shape == batch.shape
        for i, j in itertools.product(range(2), range(3)):
            assert np.array_equal(out[i, j], apply_array(batch[i, j], s))


@settings(max_examples=20, deadline=None)
@given(size=st.integers(2, 13), sym=st.integers(0, 7), seed=st.integers(0, 2**32 - 1))
def test_rules_commute_with_symmetries(size: int, sym: int, seed: int) -> None:
    """A game and its mirror image: the positions and legal moves are mirror images."""
    rng = np.random.default_rng(seed)
    board, image = Board(size), Board(size)
    for _ in range(2 * size * size):
        color = board.to_play
        legal = np.argwhere(board.legal_mask(color))
        if len(legal) == 0 or rng.random() < 0.05:
            board.play(color, None)
            image.play(color, None)
            continue
        r, c = legal[rng.integers(len(legal))]
        p = Point(int(r), int(c))
        assert board.play(color, p) == image.play(color, apply_point(p, sym, size))
        assert np.array_equal(apply_array(board.to_array(), sym), image.to_array())
        for col in (Color.BLACK, Color.WHITE):
            assert np.array_equal(apply_array(board.legal_mask(col), sym), image.legal_mask(col))
    assert board.captures == image.captures
    assert board.area_score(0.5) == image.area_score(0.5)
