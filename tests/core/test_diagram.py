"""ASCII diagrams: the golden format of ``to_diagram`` and reading diagrams back."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.diagram import hoshi_points, parse_diagram, to_diagram
from igo.core.errors import BoardSizeError
from igo.core.rules import Ruleset

GOLDEN_9 = """\
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . + . + . . 7
 6 . . . . . . . . . 6
 5 . . + . X . + . . 5
 4 . . . . . . . . . 4
 3 . . O . + . + . . 3
 2 . . . . . . . . . 2
 1 X . . . . . . . . 1
   A B C D E F G H J
captures: black 0, white 0"""


def test_golden_9x9() -> None:
    board = Board(9)
    board.play(Color.BLACK, Point(4, 4))
    board.play(Color.WHITE, Point(6, 2))
    board.play(Color.BLACK, Point(8, 0))
    assert to_diagram(board) == GOLDEN_9 == str(board)


def test_captures_line() -> None:
    board = Board.from_diagram("""
        . X .
        X O X
        . . .
    """)
    board.play(Color.BLACK, Point(2, 1))
    assert to_diagram(board).endswith("captures: black 1, white 0")


def test_hoshi() -> None:
    assert hoshi_points(9) == {Point(r, c) for r in (2, 4, 6) for c in (2, 4, 6)}
    assert len(hoshi_points(19)) == 9 and len(hoshi_points(8)) == 4
    assert hoshi_points(5) == set()


@pytest.mark.parametrize("size", [2, 5, 9, 13, 14, 19, 23, 25])
def test_round_trip_through_text(size: int) -> None:
    """``Board.from_diagram(str(board))`` gives the stones back, whatever the size (the
    column letters O and X of big boards are not stones)."""
    rng = np.random.default_rng(size)
    board = Board(size)
    for _ in range(size * size // 2):
        color = board.to_play
        legal = np.argwhere(board.legal_mask(color))
        if len(legal) == 0:
            break
        r, c = legal[rng.integers(len(legal))]
        board.play(color, Point(int(r), int(c)))
    again = Board.from_diagram(str(board))
    assert np.array_equal(again.to_array(), board.to_array())


def test_parse_ignores_coordinates_and_spacing() -> None:
    plain = parse_diagram("""
        X O .
        . + x
        o . .
    """)
    framed = parse_diagram("""
           A B C
         3 X O . 3
         2 . + X 2
         1 O . . 1
           A B C
    """)
    compact = parse_diagram("XO.\n.+X\nO..")
    expected = np.array([[1, 2, 0], [0, 0, 1], [2, 0, 0]], dtype=np.int8)
    for arr in (plain, framed, compact):
        assert arr.dtype == np.int8 and np.array_equal(arr, expected)


@pytest.mark.parametrize("text", ["", "X O\n. .\n. .", "X O .\n. .", "\n\n", "X"])
def test_parse_rejects_non_square(text: str) -> None:
    with pytest.raises(BoardSizeError):
        parse_diagram(text)


def test_parse_rejects_unsupported_size() -> None:
    with pytest.raises(BoardSizeError):
        parse_diagram("\n".join(["." * 26] * 26))


def test_from_diagram_uses_setup_stones() -> None:
    board = Board.from_diagram("""
        X . .
        . O .
        . . .
    """, Ruleset("simple", True), to_play=Color.WHITE)
    assert board.move_number == 0 and board.history == []
    assert board.to_play == Color.WHITE
    assert board.rules == Ruleset("simple", True)
    assert board.stones(Color.BLACK) == [Point(0, 0)]
    assert board.stones(Color.WHITE) == [Point(1, 1)]
