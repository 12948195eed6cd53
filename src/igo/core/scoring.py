"""End-of-game scoring: dead stones estimated by playouts, then area scoring.

At the end of a game the position is scored by area (Tromp-Taylor: stones plus empty
regions that reach only one colour) after removing the dead stones. Which stones are
dead is estimated the way Monte-Carlo programs do it (e.g. Pachi, Fuego): run light
random playouts (:mod:`igo.core.playout`) from the final position and look at who owns
each point at their ends. Half of the playouts start with Black to move and half with
White, so that the side to move gets no tempo advantage.

Light playouts cannot see seki (whoever first fills a shared liberty is captured, so a
seki ends as a capturing race), so seki is found statically first
(:func:`seki_strings`), then every other string gets one status from the mean
ownership ``v`` of its stones seen from its own colour (+1: always still its own,
-1: always lost):

==========  ===========================================================================
status      rule
==========  ===========================================================================
``seki``    every liberty is unapproachable (either colour playing there is left in
            atari without capturing, or may not play) and one of them is shared with
            an opponent string of the same kind
``dead``    otherwise ``v < dead_threshold`` (default 0: lost in most playouts)
``alive``   otherwise
==========  ===========================================================================

Everything is deterministic for a seeded ``numpy.random.Generator``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError
from igo.core.playout import ownership

DEFAULT_PLAYOUTS = 200


@dataclass(frozen=True, slots=True)
class StoneStatus:
    """Every string on the board with its final status (each string sorted, strings
    ordered by their first stone)."""

    alive: tuple[tuple[Point, ...], ...] = ()
    dead: tuple[tuple[Point, ...], ...] = ()
    seki: tuple[tuple[Point, ...], ...] = ()

    def strings(self, status: str) -> tuple[tuple[Point, ...], ...]:
        """The strings with ``status`` (``"alive"``, ``"dead"`` or ``"seki"``).

        Raises
        ------
        ValueError
            For any other status name.
        """
        if status not in ("alive", "dead", "seki"):
            raise ValueError(f"unknown status {status!r} (expected alive, dead or seki)")
        result: tuple[tuple[Point, ...], ...] = getattr(self, status)
        return result

    @property
    def dead_stones(self) -> list[Point]:
        """All dead stones, row-major."""
        return sorted(p for s in self.dead for p in s)


def board_strings(board: Board) -> list[tuple[Point, ...]]:
    """All strings of ``board`` (each sorted), ordered by their first stone."""
    seen: set[Point] = set()
    out: list[tuple[Point, ...]] = []
    rows, cols = np.nonzero(board.to_array())
    for r, c in zip(rows, cols, strict=True):
        p = Point(int(r), int(c))
        if p in seen:
            continue
        string = tuple(board.string_at(p))
        seen.update(string)
        out.append(string)
    return out


def balanced_ownership(board: Board, rng: np.random.Generator,
                       playouts: int = DEFAULT_PLAYOUTS) -> np.ndarray:
    """Mean playout ownership in [-1, 1] (+1 Black), half the playouts with each
    colour moving first. ``board`` is not changed."""
    if playouts < 2:
        raise ValueError(f"playouts must be at least 2, got {playouts}")
    half = playouts // 2
    black_first = ownership(board, Color.BLACK, rng, half)
    white_first = ownership(board, Color.WHITE, rng, playouts - half)
    return (black_first * half + white_first * (playouts - half)) / playouts


def _neighbours(p: Point, size: int) -> Iterable[Point]:
    r, c = p
    for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield Point(*q)


def _liberty_points(board: Board, string: tuple[Point, ...]) -> set[Point]:
    return {q for p in string for q in _neighbours(p, board.size) if board[q] == 0}


def _unapproachable(work: Board, point: Point) -> bool:
    """True if neither colour can play ``point`` without self-atari (or at all)."""
    for colour in (Color.BLACK, Color.WHITE):
        try:
            captured = work.play(colour, point)
        except IllegalMoveError:
            continue
        libs = work.liberties(point)
        work.undo()
        if captured or libs > 1:
            return False
    return True


def seki_strings(board: Board) -> set[tuple[Point, ...]]:
    """Strings in seki, found statically.

    A string is a seki candidate when every liberty is *unapproachable*: whichever
    colour plays there is left in atari (or the move is illegal) and captures
    nothing. Candidates that share a liberty with an opponent candidate are in seki
    (this keeps out groups with two eyes, whose liberties no opponent touches).
    """
    strings = board_strings(board)
    work = board.copy()
    libs = {s: _liberty_points(board, s) for s in strings}
    verdict: dict[Point, bool] = {}
    candidates = set()
    for s in strings:
        ok = True
        for lib in libs[s]:
            if lib not in verdict:
                verdict[lib] = _unapproachable(work, lib)
            ok = ok and verdict[lib]
        if ok:
            candidates.add(s)
    out = set()
    for s in candidates:
        colour = board[s[0]]
        for t in candidates:
            if board[t[0]] != colour and libs[s] & libs[t]:
                out.add(s)
                break
    return out


def final_status(board: Board, rng: np.random.Generator, playouts: int = DEFAULT_PLAYOUTS,
                 *, dead_threshold: float = 0.0,
                 own: np.ndarray | None = None) -> StoneStatus:
    """Classify every string as alive, dead or in seki (see the module docstring).

    Parameters
    ----------
    board
        The final position (not changed).
    rng
        Random generator for the playouts.
    playouts
        Number of light playouts (at least 2).
    dead_threshold
        A string (not in seki) whose mean own-colour ownership is below this is dead.
    own
        An ownership map ``(size, size)`` in [-1, 1] (+1 Black) to use instead of
        light playouts, e.g. the one of an MCTS search (heavier playouts, and the
        players' best moves near the root).
    """
    strings = board_strings(board)
    if not strings:
        return StoneStatus()
    seki = seki_strings(board)
    if own is None:
        own = balanced_ownership(board, rng, playouts)
    alive, dead, in_seki = [], [], []
    for s in strings:
        sign = 1.0 if board[s[0]] == Color.BLACK else -1.0
        value = sign * float(np.mean([own[p] for p in s]))
        if s in seki:
            in_seki.append(s)
        elif value < dead_threshold:
            dead.append(s)
        else:
            alive.append(s)
    return StoneStatus(tuple(alive), tuple(dead), tuple(in_seki))


def estimate_dead(board: Board, rng: np.random.Generator,
                  playouts: int = DEFAULT_PLAYOUTS) -> list[Point]:
    """The dead stones of ``board`` by playout ownership (row-major list)."""
    return final_status(board, rng, playouts).dead_stones


def format_score(score: float) -> str:
    """``B+3.5`` / ``W+0.5`` / ``0`` for a score from Black's point of view."""
    if score == 0:
        return "0"
    winner = "B" if score > 0 else "W"
    return f"{winner}+{abs(score):g}"


def final_score(board: Board, komi: float, dead: Iterable[Point] = ()) -> str:
    """Area score of ``board`` after removing ``dead``, as GTP ``final_score`` text.

    >>> final_score(Board(9), 7.5)
    'W+7.5'
    """
    return format_score(board.area_score(komi, dead))


__all__ = [
    "DEFAULT_PLAYOUTS",
    "StoneStatus",
    "balanced_ownership",
    "board_strings",
    "estimate_dead",
    "final_score",
    "final_status",
    "format_score",
    "seki_strings",
]
