"""Hand-made positions for :class:`igo.core.board.Board`: captures, snapback, ko,
superko, suicide, setup stones, eyes, seki scoring, errors."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import EMPTY, Color
from igo.core.coords import Point
from igo.core.diagram import parse_diagram
from igo.core.errors import (
    BoardSizeError,
    CoordinateError,
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
    UndoError,
)
from igo.core.move import Move
from igo.core.rules import Ruleset
from reference.compare import ref_from_board

B, W = Color.BLACK, Color.WHITE
SIMPLE = Ruleset("simple", False)
POSITIONAL = Ruleset("positional", False)


def v(board: Board, vertex: str) -> Point:
    """GTP vertex on ``board``."""
    return Point.from_gtp(vertex, board.size)


def assert_stones(board: Board, diagram: str) -> None:
    assert np.array_equal(board.to_array(), parse_diagram(diagram)), str(board)


# ------------------------------------------------------------------ captures


def test_one_move_captures_three_strings() -> None:
    board = Board.from_diagram("""
        X O . O X
        . X O X .
        . . X . .
        . . . . .
        . . . . .
    """)
    assert board.play(B, Point(0, 2)) == 3
    assert_stones(board, """
        X . X . X
        . X . X .
        . . X . .
        . . . . .
        . . . . .
    """)
    assert board.captures == {B: 3, W: 0}
    assert board.ko_point is None
    assert board.liberties(Point(0, 2)) == 3


def test_capture_of_a_large_string_on_the_edge() -> None:
    board = Board.from_diagram("""
        O O O O .
        X X X X .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert board.liberties(Point(0, 0)) == 1
    assert board.play(B, Point(0, 4)) == 4
    assert board.captures[B] == 4
    assert board.to_array()[0, :4].tolist() == [0, 0, 0, 0]
    assert board.liberties(Point(1, 0)) == 9  # the whole top row and row 2


def test_snapback() -> None:
    board = Board.from_diagram("""
        . . X O .
        X X X O .
        O O O O .
        . . . . .
        . . . . .
    """, to_play=W)
    assert board.liberties(Point(0, 2)) == 2
    assert board.play(W, Point(0, 1)) == 0  # the throw-in: Black is in atari
    assert board.liberties(Point(0, 2)) == 1
    assert board.play(B, Point(0, 0)) == 1  # Black takes one stone...
    assert board.ko_point is None  # ...with a string of five: not a ko
    assert board.play(W, Point(0, 1)) == 5  # ...and White takes five back
    assert_stones(board, """
        . O . O .
        . . . O .
        O O O O .
        . . . . .
        . . . . .
    """)
    assert board.captures == {B: 1, W: 5}


# ------------------------------------------------------------------ ko

KO = """
    . X O .
    X . X O
    . X O .
    . . . .
"""


@pytest.mark.parametrize("rules", [SIMPLE, POSITIONAL])
def test_simple_ko_forbids_the_immediate_recapture(rules: Ruleset) -> None:
    board = Board.from_diagram(KO, rules, to_play=W)
    assert board.play(W, Point(1, 1)) == 1
    assert board.ko_point == Point(1, 2)
    with pytest.raises(KoError, match="C3 retakes the ko"):
        board.play(B, Point(1, 2))
    assert not board.is_legal(B, Point(1, 2))
    assert not board.legal_mask(B)[1, 2]
    assert board.is_legal(W, Point(1, 2))  # the capturer may fill the ko
    assert board.legal_mask(W)[1, 2]


def test_ko_expires_after_a_pass_under_simple_ko() -> None:
    board = Board.from_diagram(KO, SIMPLE, to_play=W)
    board.play(W, Point(1, 1))
    board.play(B, None)
    assert board.ko_point is None
    board.play(W, None)
    assert board.play(B, Point(1, 2)) == 1  # same position as the start: fine here
    assert board.ko_point == Point(1, 1)


def test_retake_after_two_passes_repeats_the_position_under_superko() -> None:
    board = Board.from_diagram(KO, POSITIONAL, to_play=W)
    start = board.hash
    board.play(W, Point(1, 1))
    board.play(B, None)
    board.play(W, None)
    with pytest.raises(SuperkoError, match="C3 repeats an earlier position"):
        board.play(B, Point(1, 2))
    assert not board.legal_mask(B)[1, 2]
    # a ko threat elsewhere makes the retake a new position
    board.play(B, Point(3, 3))
    board.play(W, Point(3, 0))
    assert board.play(B, Point(1, 2)) == 1
    assert board.hash != start


@pytest.mark.parametrize("rules", [SIMPLE, POSITIONAL])
def test_ko_expires_after_another_move(rules: Ruleset) -> None:
    board = Board.from_diagram(KO, rules, to_play=W)
    board.play(W, Point(1, 1))
    board.play(B, Point(3, 3))  # a threat
    assert board.ko_point is None
    board.play(W, Point(3, 1))  # answered
    assert board.play(B, Point(1, 2)) == 1


@pytest.mark.parametrize("diagram", [
    # the capturing stone joins a string
    """
    . X O .
    X . X O
    . O O .
    . . . .
    """,
    # the capturing stone keeps two liberties
    """
    . X O .
    X . X O
    . . O .
    . . . .
    """,
])
def test_no_ko_point_unless_a_lone_stone_takes_one_stone(diagram: str) -> None:
    board = Board.from_diagram(diagram, to_play=W)
    assert board.play(W, Point(1, 1)) == 1
    assert board.ko_point is None
    assert not isinstance(_error(board, B, Point(1, 2)), KoError)


def _error(board: Board, color: Color, point: Point) -> IllegalMoveError | None:
    try:
        board.check(color, point)
    except IllegalMoveError as exc:
        return exc
    return None


TRIPLE_KO = """
    . . . . . . . . .
    . X O . . . X O .
    X . X O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
"""
TRIPLE_KO_CYCLE = [(W, "B7"), (B, "C3"), (W, "G7"), (B, "C7"), (W, "B3"), (B, "H7")]


def test_triple_ko_cycle_is_legal_under_simple_ko() -> None:
    board = Board.from_diagram(TRIPLE_KO, SIMPLE, to_play=W)
    start, hash0 = board.to_array(), board.hash
    for color, vertex in TRIPLE_KO_CYCLE * 2:
        assert board.play(color, v(board, vertex)) == 1
    assert np.array_equal(board.to_array(), start) and board.hash == hash0
    assert board.captures == {B: 6, W: 6}


def test_triple_ko_cycle_is_broken_by_positional_superko() -> None:
    board = Board.from_diagram(TRIPLE_KO, POSITIONAL, to_play=W)
    *first, (color, last) = TRIPLE_KO_CYCLE
    for c, vertex in first:
        assert board.play(c, v(board, vertex)) == 1
    point = v(board, last)
    assert board.ko_point != point  # not a simple ko: only the whole-board repeat
    with pytest.raises(SuperkoError):
        board.play(color, point)
    assert not board.legal_mask(color)[point]
    # the same position without the history: legal
    fresh = Board(9, POSITIONAL)
    for c in (B, W):
        fresh.place(c, board.stones(c))
    assert fresh.is_legal(color, point)


# ------------------------------------------------------------------ suicide

SUICIDE = """
    . X . . .
    X X . . .
    O O . . .
    . O . . .
    . . . . .
"""


def test_suicide_is_illegal_by_default() -> None:
    board = Board.from_diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    with pytest.raises(SuicideError, match="A5 is suicide"):
        board.play(B, Point(0, 0))
    assert board.move_number == 0 and board[Point(0, 0)] == EMPTY


def test_multi_stone_suicide_is_illegal_by_default() -> None:
    board = Board.from_diagram("""
        X . O . .
        O O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    with pytest.raises(SuicideError):
        board.play(B, Point(0, 1))


@pytest.mark.parametrize("ko", ["simple", "positional"])
def test_suicide_allowed_removes_the_string_and_counts_for_the_opponent(ko: str) -> None:
    rules = Ruleset(ko, True)  # type: ignore[arg-type]
    board = Board.from_diagram("""
        X . O . .
        O O . . .
        . . . . .
        . . . . .
        . . . . .
    """, rules)
    assert board.play(B, Point(0, 1)) == 2  # own stones lost
    assert board[Point(0, 0)] == EMPTY and board[Point(0, 1)] == EMPTY
    assert board.captures == {B: 0, W: 2}
    assert board.ko_point is None
    assert board.last_move == Move(B, Point(0, 1))


def test_single_stone_suicide_under_simple_ko_changes_nothing_but_prisoners() -> None:
    board = Board.from_diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """, Ruleset("simple", True))
    before = board.to_array()
    assert board.play(B, Point(0, 0)) == 1
    assert np.array_equal(board.to_array(), before)
    assert board.captures == {B: 0, W: 1}


def test_single_stone_suicide_repeats_the_position_under_superko() -> None:
    board = Board.from_diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """, Ruleset("positional", True))
    with pytest.raises(SuperkoError):
        board.play(B, Point(0, 0))
    assert not board.legal_mask(B)[0, 0]


def test_capture_has_priority_over_suicide() -> None:
    board = Board.from_diagram("""
        . O X . .
        O X . . .
        X . . . .
        . . . . .
        . . . . .
    """)
    # Black's stone at A5 would have no liberty, but it captures first.
    assert board.play(B, Point(0, 0)) == 2
    assert board.liberties(Point(0, 0)) == 2


# ------------------------------------------------------------------ setup stones


def test_setup_stones_are_not_moves_and_undo_as_one() -> None:
    board = Board(9)
    board.place(B, [Point(2, 2), Point(6, 6)])
    assert board.move_number == 0 and board.history == []
    assert board[Point(2, 2)] == B and board.hash != 0
    board.play(W, Point(4, 4))
    board.undo()
    board.undo()
    assert not board.to_array().any() and board.hash == 0
    with pytest.raises(UndoError, match="nothing to undo"):
        board.undo()


def test_setup_before_the_first_move_starts_the_position_history() -> None:
    """The empty board before a setup is not part of the game: emptying the board by
    a (permitted) suicide is then no repetition. After moves, it is."""
    tromp_taylor = Ruleset("positional", True)
    board = Board(2, tromp_taylor)
    board.setup(white=[Point(0, 1), Point(1, 0), Point(1, 1)])
    assert board.play(W, Point(0, 0)) == 4  # the whole board commits suicide
    assert not board.to_array().any()
    board = Board(2, tromp_taylor)
    for p in (Point(0, 1), Point(1, 0), Point(1, 1)):
        board.play(W, p)
        board.play(B, None)
    with pytest.raises(SuperkoError):
        board.play(W, Point(0, 0))  # back to the empty board the game started from


def test_setup_after_moves_adds_a_position() -> None:
    board = Board(9)
    board.play(B, Point(4, 4))
    board.setup(black=[Point(0, 0)], white=[Point(8, 8)])
    assert board.move_number == 1
    assert board[Point(0, 0)] == B and board[Point(8, 8)] == W
    board.undo()
    assert board[Point(0, 0)] == EMPTY and board[Point(4, 4)] == B
    with pytest.raises(OccupiedError, match="twice"):
        board.setup(black=[Point(1, 1)], white=[Point(1, 1)])


def test_setup_errors_leave_the_board_unchanged() -> None:
    board = Board(9)
    board.place(B, [Point(2, 2)])
    with pytest.raises(OccupiedError, match="C7"):
        board.place(W, [Point(3, 3), Point(2, 2)])
    with pytest.raises(OccupiedError, match="twice"):
        board.place(W, [Point(3, 3), Point(3, 3)])
    with pytest.raises(CoordinateError):
        board.place(W, [Point(9, 0)])
    assert board.to_array().sum() == 1


def test_setup_stone_on_the_ko_point_is_placed() -> None:
    """Regression: the ko left by the last move used to drop such a setup stone."""
    board = Board.from_diagram(KO, to_play=W)
    board.play(W, Point(1, 1))
    assert board.ko_point == Point(1, 2)
    board.place(B, [Point(1, 2)])
    assert board[Point(1, 2)] == B  # placed, and it captures as if played
    assert board[Point(1, 1)] == EMPTY
    assert board.ko_point is None


def test_setup_without_liberties_captures_as_if_played() -> None:
    board = Board.from_diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    board.place(B, [Point(0, 0)])  # no liberty: removed (SGF allows such setups)
    assert board[Point(0, 0)] == EMPTY
    assert board.captures == {B: 0, W: 1}
    board.place(B, [Point(0, 2), Point(1, 1), Point(2, 0)])
    board.place(B, [Point(0, 0)])  # opponent strings are taken off first
    assert board[Point(0, 0)] == B
    assert board[Point(0, 1)] == EMPTY and board[Point(1, 0)] == EMPTY
    assert board.captures == {B: 2, W: 1}


# ------------------------------------------------------------------ eyes

CENTRE = """
    . . . . .
    . {a} X {b} .
    . X . X .
    . {c} X {d} .
    . . . . .
"""
EDGE = """
    . X . X .
    . {a} X {b} .
    . . . . .
    . . . . .
    . . . . .
"""
CORNER = """
    . X . . .
    X {a} . . .
    . . . . .
    . . . . .
    . . . . .
"""


@pytest.mark.parametrize(("template", "point", "diagonals", "eye"), [
    (CENTRE, (2, 2), "XXXX", True),
    (CENTRE, (2, 2), "....", True),  # empty diagonals do not matter
    (CENTRE, (2, 2), "OXXX", True),  # one opponent diagonal in the centre: still an eye
    (CENTRE, (2, 2), "O..X", True),
    (CENTRE, (2, 2), "OXXO", False),  # two: a false eye
    (CENTRE, (2, 2), "OO..", False),
    (EDGE, (0, 2), "XX", True),
    (EDGE, (0, 2), "..", True),
    (EDGE, (0, 2), "OX", False),  # on the edge, one opponent diagonal is too many
    (EDGE, (0, 2), ".O", False),
    (CORNER, (0, 0), "X", True),
    (CORNER, (0, 0), ".", True),
    (CORNER, (0, 0), "O", False),
])
def test_is_eye(template: str, point: tuple[int, int], diagonals: str, eye: bool) -> None:
    board = Board.from_diagram(template.format(**dict(zip("abcd", diagonals, strict=False))))
    p = Point(*point)
    assert board.is_eye(p, B) == eye, str(board)
    assert not board.is_eye(p, W)
    assert ref_from_board(board).is_eye(point, int(B)) == eye  # the oracle agrees
    assert board.legal_mask(B)[p]  # filling one's own eye is legal...
    assert board.sensible_mask(B)[p] != eye  # ...but not sensible


@pytest.mark.parametrize("diagram", [
    # an empty orthogonal neighbour
    """
    . . . . .
    . X X X .
    . X . . .
    . X X X .
    . . . . .
    """,
    # an opponent neighbour
    """
    . . . . .
    . X X X .
    . X . O .
    . X X X .
    . . . . .
    """,
])
def test_not_an_eye_without_all_four_neighbours(diagram: str) -> None:
    board = Board.from_diagram(diagram)
    assert not board.is_eye(Point(2, 2), B)
    assert not board.is_eye(Point(2, 2), W)


def test_occupied_point_is_no_eye() -> None:
    board = Board.from_diagram(CENTRE.format(a="X", b="X", c="X", d="X"))
    assert not board.is_eye(Point(1, 2), B) and not board.is_eye(Point(1, 2), W)


def test_false_eye_is_sensible_and_real_eye_is_not() -> None:
    board = Board.from_diagram("""
        . X O . .
        X . X O .
        X X O . .
        . . . . .
        . . . . .
    """)
    assert board.is_eye(Point(0, 0), B)  # corner eye
    assert not board.is_eye(Point(1, 1), B)  # two white diagonals: false eye
    mask = board.sensible_mask(B)
    assert not mask[0, 0] and mask[1, 1]
    assert board.legal_mask(B)[0, 0]


# ------------------------------------------------------------------ scoring

SEKI = """
    . X . O . O X
    X X O O O O X
    O O O X X X X
    X X X X X X X
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


def test_seki_is_scored_with_the_shared_liberty_neutral() -> None:
    board = Board.from_diagram(SEKI)
    own = board.area_ownership()
    assert own[0, 0] == B and own[0, 4] == W and own[0, 2] == EMPTY
    assert (own[4:] == B).all()
    assert np.count_nonzero(own == B) == 38 and np.count_nonzero(own == W) == 10
    assert board.area_score(7.5) == 38 - 10 - 7.5
    # it is a seki: whoever fills the shared liberty is captured
    for color, eye in ((B, Point(0, 0)), (W, Point(0, 4))):
        trial = board.copy()
        trial.play(color, Point(0, 2))
        assert trial.liberties(Point(0, 2)) == 1
        assert trial.play(color.opponent, eye) > 0
    # with the white stones called dead, the whole top belongs to Black
    dead = board.stones(W)
    own_dead = board.area_ownership(dead)
    assert (own_dead == B).all()
    assert board.area_score(0.5, dead) == 49 - 0.5


def test_area_of_an_empty_board_is_neutral() -> None:
    board = Board(5)
    assert (board.area_ownership() == 0).all()
    assert board.area_score(0.5) == -0.5


# ------------------------------------------------------------------ errors and misc


def test_error_types_and_messages() -> None:
    board = Board(9)
    board.play(B, v(board, "E5"))
    with pytest.raises(OccupiedError, match="E5 is occupied"):
        board.play(W, v(board, "E5"))
    assert issubclass(OccupiedError, IllegalMoveError)
    assert issubclass(IllegalMoveError, ValueError)
    for bad in (Point(9, 0), Point(0, 9), Point(-1, 3)):
        with pytest.raises(CoordinateError, match="off the 9x9 board"):
            board.play(W, bad)
        with pytest.raises(CoordinateError):
            board.is_legal(W, bad)
        with pytest.raises(CoordinateError):
            _ = board[bad]
    with pytest.raises(CoordinateError, match="not a point"):
        board.play(W, (1, 2, 3))  # type: ignore[arg-type]
    assert board.move_number == 1


@pytest.mark.parametrize("size", [1, 26, 0, -3])
def test_bad_board_sizes(size: int) -> None:
    with pytest.raises(BoardSizeError, match="from 2 to 25"):
        Board(size)


@pytest.mark.parametrize("size", [True, 9.0, "9"])
def test_board_size_must_be_an_int(size: object) -> None:
    with pytest.raises(BoardSizeError):
        Board(size)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [2, 25])
def test_extreme_sizes_play(size: int) -> None:
    board = Board(size)
    board.play(B, Point(0, 0))
    board.play(W, Point(size - 1, size - 1))
    assert board.legal_mask(B).sum() == size * size - 2


def test_passes_history_and_to_play() -> None:
    board = Board(9)
    assert board.to_play == B and board.last_move is None
    board.play(B, None)
    board.play(W, None)
    assert board.consecutive_passes == 2 and board.hash == 0
    board.play(B, Point(0, 0))
    assert board.consecutive_passes == 0
    board.play(B, Point(1, 1))  # the same colour twice is allowed
    assert board.to_play == W
    assert board.history == [Move(B, None), Move(W, None), Move(B, Point(0, 0)),
                             Move(B, Point(1, 1))]
    board.play_move(Move(W, Point(8, 8)))
    assert board.move_number == 5
    assert "move 5" in repr(board)


def test_copy_is_independent() -> None:
    board = Board.from_diagram(KO, to_play=W)
    board.play(W, Point(1, 1))
    other = board.copy()
    other.play(B, Point(3, 3))
    other.play(W, Point(1, 2))
    assert board[Point(1, 2)] == EMPTY and board.ko_point == Point(1, 2)
    assert board.move_number == 1 and other.move_number == 3
    other.undo()
    other.undo()
    assert other.hash == board.hash and other.ko_point == board.ko_point
    board.undo()
    assert other.move_number == 1


def test_copies_that_undo_the_same_setup_stay_independent() -> None:
    """Regression: both boards took the setup's saved position list itself on undo, so
    moves on one were recorded in the other's superko history."""
    board = Board(9)
    board.setup(black=[Point(0, 0)])
    other = board.copy()
    board.undo()
    other.undo()
    board.play(B, Point(4, 4))
    assert other.legal_mask(B)[4, 4] and other.is_legal(B, Point(4, 4))
    other.play(B, Point(4, 4))  # a new position for this board
    assert other.legal_mask(W).sum() == 80


def test_string_at_and_liberties() -> None:
    board = Board.from_diagram("""
        X X . .
        . X O .
        . . O .
        . . . .
    """)
    assert board.string_at(Point(0, 0)) == [Point(0, 0), Point(0, 1), Point(1, 1)]
    assert board.liberties(Point(0, 1)) == 3
    assert board.string_at(Point(1, 2)) == [Point(1, 2), Point(2, 2)]
    assert board.liberties(Point(2, 2)) == 5
    assert board.string_at(Point(3, 3)) == [] and board.liberties(Point(3, 3)) == 0


def test_str_is_the_diagram() -> None:
    board = Board(5)
    board.play(B, Point(0, 0))
    text = str(board)
    assert text.splitlines()[1] == " 5 X . . . . 5"
    assert "captures: black 0, white 0" in text
