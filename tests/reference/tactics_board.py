"""Plain helpers over :class:`igo.core.board.Board` for the tactics references:
liberties and neighbour strings computed from :meth:`Board.string_at`, moves tried
on copies. Slow and obvious on purpose."""

from __future__ import annotations

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError, KoError
from igo.core.rules import Ruleset

SIMPLE = Ruleset(ko="simple", suicide=False)


def neighbours(board: Board, p: Point) -> list[Point]:
    """The on-board orthogonal neighbours of ``p``."""
    r, c = p
    out = [Point(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))]
    return [q for q in out if q.on_board(board.size)]


def diagonals(board: Board, p: Point) -> tuple[list[Point], bool]:
    """The on-board diagonal neighbours of ``p`` and whether any is off the board."""
    r, c = p
    out = [Point(r + dr, c + dc) for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1))]
    on = [q for q in out if q.on_board(board.size)]
    return on, len(on) < 4


def libs(board: Board, p: Point) -> set[Point]:
    """The liberties of the string at ``p``."""
    return {q for s in board.string_at(p) for q in neighbours(board, s) if board[q] == 0}


def string_key(board: Board, p: Point) -> frozenset[Point]:
    """The stones of the string at ``p`` (a string's identity)."""
    return frozenset(board.string_at(p))


def neighbour_strings(board: Board, p: Point) -> list[frozenset[Point]]:
    """The distinct strings of the other colour touching the string at ``p``."""
    other = 3 - int(board[p])
    seen: list[frozenset[Point]] = []
    for s in board.string_at(p):
        for q in neighbours(board, s):
            if board[q] == other:
                k = string_key(board, q)
                if k not in seen:
                    seen.append(k)
    return seen


def try_move(board: Board, color: int, p: Point | None, force_ko: bool = False) -> Board | None:
    """A copy of ``board`` after ``color`` plays ``p`` (``None``: a pass), or ``None``
    if illegal. ``force_ko`` takes a ko the rule forbids (the ko is cleared first,
    as if a threat had been exchanged)."""
    b = board.copy()
    try:
        if p is None:
            b.play(Color(color), None)
            return b
        if force_ko:
            b.play(Color(color), None)  # a pass clears the ko point
        b.play(Color(color), p)
    except IllegalMoveError:
        return None
    return b


def is_ko_forbidden(board: Board, color: int, p: Point) -> bool:
    """True if ``color`` at ``p`` is illegal only because of the simple ko rule."""
    try:
        board.check(Color(color), p)
    except KoError:
        return True
    except IllegalMoveError:
        return False
    return False
