"""Random positions for the tactics property tests: random games of a few dozen
moves (uniform sensible moves, simple ko, no suicide) on 9x9, 13x13 and 19x19."""

from __future__ import annotations

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from reference.tactics_board import SIMPLE


def random_game(size: int, moves: int, rng: np.random.Generator) -> Board:
    """A board after ``moves`` random sensible moves (a pass when none is left)."""
    board = Board(size, SIMPLE)
    for _ in range(moves):
        mask = board.sensible_mask(board.to_play)
        rows, cols = np.nonzero(mask)
        if len(rows) == 0:
            board.play(board.to_play, None)
            continue
        i = int(rng.integers(len(rows)))
        board.play(board.to_play, Point(int(rows[i]), int(cols[i])))
    return board


def strings(board: Board, max_libs: int) -> list[Point]:
    """One stone of each string with at most ``max_libs`` liberties."""
    seen: set[Point] = set()
    out = []
    for color in (Color.BLACK, Color.WHITE):
        for p in board.stones(color):
            if p in seen:
                continue
            seen.update(board.string_at(p))
            if board.liberties(p) <= max_libs:
                out.append(p)
    return out


def legal_points(board: Board, color: Color) -> list[Point]:
    """The points where ``color`` may play under simple ko."""
    return board.legal_moves(color)


#: kernel = reference comparisons made by the property tests, printed at the end of
#: the run by ``tests/tactics/conftest.py``
COUNTS: dict[str, int] = {}


def count(name: str, n: int = 1) -> None:
    """Add ``n`` comparisons to ``COUNTS[name]``."""
    COUNTS[name] = COUNTS.get(name, 0) + n
