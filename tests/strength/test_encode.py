"""The paper's input planes (paper 002 section 4) and the 8 symmetries."""

from __future__ import annotations

import numpy as np
import pytest

from igo.sgf import parse_sgf
from igo.strength.data import GameView
from igo.strength.encode import planes, symmetry
from igo.strength.gamearrays import game_boards, game_points


def _view(moves: str) -> GameView:
    return GameView.of(parse_sgf(f"(;GM[1]SZ[5]{moves})"))


def test_boards_before_each_move_with_a_capture() -> None:
    # Black captures the white stone at (row 0, col 1) with its move at (0, 2)
    v = _view(";B[aa];W[ba];B[bb];W[ee];B[ca]")
    b = game_boards(v, 7)
    assert b.shape == (7, 25)
    assert b[0].sum() == 0
    assert b[4].reshape(5, 5)[0, 1] == 2          # white stone before the capture
    assert b[5].reshape(5, 5)[0, 1] == 0          # captured: gone after move 5
    assert (b[6] == b[5]).all()                   # past the end: the final position
    assert game_points(v).tolist() == [0, 1, 6, 24, 2]


def test_planes_of_black_and_white() -> None:
    v = _view(";B[aa];W[bb];B[cc]")
    boards, pts = game_boards(v, 6), game_points(v)
    # Black's boards among the first N = 6 moves: before moves 1, 3, 5 (5 = a pass)
    idx = np.arange(0, 6, 2)
    mv = np.array([[pts[i] if i < len(pts) else -1 for i in idx]], np.int16)
    x = planes(boards[idx][None], mv, 5)
    assert x.shape == (1, 9, 5, 5)
    assert x[0, 2, 0, 0] == 1 and x[0, 2].sum() == 1      # next move of board 1
    assert x[0, 3, 0, 0] == 1 and x[0, 4, 1, 1] == 1      # board 2: B a1, W b2
    assert x[0, 5, 2, 2] == 1
    assert x[0, 8].sum() == 0                             # missing move = pass
    assert x[0, 6].sum() == 2 and x[0, 7].sum() == 1      # final position repeated


def test_symmetries_are_the_dihedral_group() -> None:
    x = np.arange(2 * 4 * 4, dtype=np.float32).reshape(2, 4, 4)
    images = {symmetry(x, k).tobytes() for k in range(8)}
    assert len(images) == 8
    for k in range(8):
        y = symmetry(x, k)
        assert sorted(y.ravel()) == sorted(x.ravel())
    assert (symmetry(symmetry(x, 4), 4) == x).all()
    with pytest.raises(ValueError):
        symmetry(x, 8)
