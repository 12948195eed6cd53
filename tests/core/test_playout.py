"""Light playouts from a Board and the ownership they estimate."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.playout import default_max_moves, ownership, random_playout, rng_state
from reference.rules import OK, RefBoard


def test_rng_state_is_a_nonzero_uint64() -> None:
    rng = np.random.default_rng(0)
    states = [rng_state(rng) for _ in range(100)]
    assert all(s.dtype == np.uint64 and s.shape == (1,) and s[0] != 0 for s in states)
    assert len({int(s[0]) for s in states}) == 100


def test_default_max_moves() -> None:
    assert default_max_moves(9) == 3 * 81 + 20
    assert default_max_moves(19) > 3 * 361


@pytest.mark.parametrize("size", [5, 9, 13])
def test_random_playout_leaves_the_board_alone(size: int) -> None:
    board = Board(size)
    board.play(Color.BLACK, Point(size // 2, size // 2))
    before = (board.to_array(), board.hash, board.move_number)
    state, moves = random_playout(board, Color.WHITE, np.random.default_rng(1))
    assert np.array_equal(board.to_array(), before[0])
    assert (board.hash, board.move_number) == before[1:]
    assert moves.dtype == np.int32 and 2 <= len(moves) < default_max_moves(size)
    assert moves[-1] == 0 and moves[-2] == 0  # ended by two passes
    # replay in the reference: legal, never filling one's own eye, same final stones
    ref = RefBoard(size, "simple", False)
    ref.play(1, (size // 2, size // 2))
    color = 2
    for i in moves:
        if i == 0:
            assert not ref.sensible_set(color)
            ref.play(color, None)
        else:
            r, c = divmod(int(i), size + 2)
            p = (r - 1, c - 1)
            assert ref.status(color, p) == OK and not ref.is_eye(p, color)
            ref.play(color, p)
        color = 3 - color
    w = size + 2
    final = state.color.reshape(w, w)[1:-1, 1:-1]
    assert final.astype(np.uint8).tobytes() == bytes(ref.cells)


def test_random_playout_is_reproducible_and_capped() -> None:
    board = Board(9)
    a = random_playout(board, Color.BLACK, np.random.default_rng(7))
    b = random_playout(board, Color.BLACK, np.random.default_rng(7))
    assert np.array_equal(a[1], b[1]) and np.array_equal(a[0].color, b[0].color)
    _state, moves = random_playout(board, Color.BLACK, np.random.default_rng(7), max_moves=5)
    assert len(moves) == 5


SETTLED = """
    . X . X O . O
    X X X X O O .
    . X . X O O O
    X X X X O . O
    . X . X O O O
    X X X X O . O
    . X . X O O .
"""


def test_ownership_of_a_settled_position_is_exact() -> None:
    """No sensible move is left: every playout passes twice at once and the estimate
    is the area ownership itself."""
    board = Board.from_diagram(SETTLED)
    assert not board.sensible_mask(Color.BLACK).any()
    assert not board.sensible_mask(Color.WHITE).any()
    own = ownership(board, Color.BLACK, np.random.default_rng(0), playouts=5)
    area = board.area_ownership()
    expected = np.where(area == Color.BLACK, 1.0, np.where(area == Color.WHITE, -1.0, 0.0))
    assert own.shape == (7, 7) and np.array_equal(own, expected)


def test_ownership_estimates() -> None:
    board = Board(9)
    own = ownership(board, Color.BLACK, np.random.default_rng(3), playouts=64)
    assert own.shape == (9, 9) and own.dtype == np.float64
    assert (own >= -1).all() and (own <= 1).all()
    assert np.abs(own).max() < 1  # an empty board is contested everywhere
    again = ownership(board, Color.BLACK, np.random.default_rng(3), playouts=64)
    assert np.array_equal(own, again)
    # a black group with two true eyes in the corner lives in every playout
    board = Board.from_diagram("""
        . X . X . . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """)
    own = ownership(board, Color.WHITE, np.random.default_rng(5), playouts=64)
    assert (own[:2, :4] == 1.0).all()
    assert own[8, 8] < 1.0


def test_ownership_with_no_playouts_is_zero() -> None:
    own = ownership(Board(5), Color.BLACK, np.random.default_rng(0), playouts=0)
    assert own.shape == (5, 5) and not own.any()


def test_playout_state_is_independent_of_the_board() -> None:
    board = Board(7)
    state, _moves = random_playout(board, Color.BLACK, np.random.default_rng(2))
    assert state.color is not board.state.color
    assert not board.to_array().any()
    assert int(state.meta[K.M_SIZE]) == 7
