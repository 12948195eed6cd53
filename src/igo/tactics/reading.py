"""Bounded tactical reading: can a string be captured, can it be saved?

>>> from igo.core.board import Board
>>> from igo.core.coords import Point
>>> b = Board.from_diagram('''
... . . . . .
... . O . . .
... O X O . .
... . . . . .
... . . . . .''')
>>> r = attack(b, Point(2, 1))
>>> r.code, r.move
(<Outcome.WIN: 1>, Point(3, 1))

The search (:mod:`igo.tactics._reading_kernels`) is GNU Go's tactical reading in
small (GNU Go 3.8 documentation, chapter "Tactical reading"): depth-first over the
moves that matter — liberties, liberties of liberties, captures of strings next to
the target, attacks on neighbours short of liberties — with a node budget and
depth limits by liberty count, and GNU Go's ko results: ``attack`` answers what the
GTP command ``attack`` of GNU Go answers (``0`` / ``1 MOVE`` / ``2 MOVE`` /
``3 MOVE``), ``defend`` what ``defend`` answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from igo.core import _kernels as K
from igo.core._undo_kernels import journal_capacity
from igo.core.board import Board
from igo.core.coords import Point
from igo.tactics import _reading_kernels as R
from igo.tactics._string_kernels import new_stack
from igo.tactics.reading_config import ReadingConfig as ReadingConfig
from igo.tactics.target import stone_index, to_point


class Outcome(IntEnum):
    """GNU Go's result codes, as its GTP commands print them."""

    LOSE = R.LOSE  #: the side to move fails
    WIN = R.WIN  #: the side to move succeeds unconditionally
    KO_A = R.KO_A  #: succeeds by a ko the side to move takes first
    KO_B = R.KO_B  #: succeeds by a ko, after first finding a ko threat


@dataclass(frozen=True)
class Reading:
    """The answer to one question.

    Attributes
    ----------
    code
        :class:`Outcome` for the side that moves first.
    move
        Its move (``None`` when it fails, or when the string needs no defence).
    nodes
        Positions read.
    complete
        False when the node budget ran out (the answer may then be wrong).
    """

    code: Outcome
    move: Point | None
    nodes: int
    complete: bool

    def gtp(self, size: int) -> str:
        """GNU Go's GTP form: ``0``, or the code and the move (``PASS`` for none)."""
        if self.code == Outcome.LOSE:
            return "0"
        vertex = "PASS" if self.move is None else self.move.to_gtp(size)
        return f"{int(self.code)} {vertex}"


def new_scratch(board: Board, config: ReadingConfig) -> R.Scratch:
    """Work arrays for reading on ``board``'s size with ``config``'s depth."""
    d = config.max_depth + 2
    z = [np.zeros(d, np.int32) for _ in range(6)]
    return R.Scratch(new_stack(board.state, d), np.zeros((d, R.MAX_CAND), np.int32),
                     np.zeros((d, 8), np.int32), np.zeros((d, R.MAX_HEADS), np.int32),
                     np.zeros((d, R.MAX_HEADS), np.int32), z[0], z[1], z[2], z[3], z[4], z[5],
                     np.zeros(R.I_LEN, np.int64), np.zeros((d, R.MAX_HEADS), np.int32),
                     np.zeros(d, np.int32))


def _read(board: Board, point: Point, attacking: bool, config: ReadingConfig | None,
          scratch: R.Scratch | None) -> Reading:
    config = config if config is not None else ReadingConfig()
    p = stone_index(board, point)
    work = K.copy_state(board.state)
    sc = _scratch(board, config, scratch)
    code = R.read(work, sc, config.vector(), p, attacking)
    move = to_point(board, int(sc.best[0])) if code != R.LOSE else None
    return Reading(Outcome(code), move, int(sc.info[R.I_NODES]),
                   not bool(sc.info[R.I_EXHAUSTED]))


def _scratch(board: Board, config: ReadingConfig, scratch: R.Scratch | None) -> R.Scratch:
    """``scratch`` when it fits the board and the depth, else new work arrays."""
    if (scratch is not None and scratch.best.shape[0] >= config.max_depth + 2
            and scratch.stk.which.shape[0]
            >= journal_capacity(board.state.color.shape[0], scratch.stk.mark.shape[0])):
        return scratch
    return new_scratch(board, config)


def attack(board: Board, point: Point, config: ReadingConfig | None = None,
           scratch: R.Scratch | None = None) -> Reading:
    """Can the string at ``point`` be captured, its opponent moving first?

    ``scratch`` (:func:`new_scratch`) may be passed to reuse work arrays between
    questions on one board size.

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    CoordinateError
        If it is off the board.
    """
    return _read(board, point, True, config, scratch)


def defend(board: Board, point: Point, config: ReadingConfig | None = None,
           scratch: R.Scratch | None = None) -> Reading:
    """Can the string at ``point`` be saved, its owner moving first? A string with
    more liberties than the attacker reads needs no move (``WIN``, move ``None``).
    ``scratch`` as for :func:`attack`.

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    CoordinateError
        If it is off the board.
    """
    return _read(board, point, False, config, scratch)


def winning_moves(board: Board, point: Point, attacking: bool,
                  config: ReadingConfig | None = None) -> dict[Point, Outcome]:
    """Every first move that captures (``attacking``) or saves the string at
    ``point``, with its outcome; each is read with the whole budget.

    Raises
    ------
    NoStringError
        If ``point`` is empty.
    """
    config = config if config is not None else ReadingConfig()
    p = stone_index(board, point)
    work = K.copy_state(board.state)
    sc = new_scratch(board, config)
    out = np.zeros(R.MAX_CAND, np.int32)
    codes = np.zeros(R.MAX_CAND, np.int32)
    n = R.winning_moves(work, sc, config.vector(), p, attacking, out, codes)
    return {Point.from_padded(int(out[i]), board.size): Outcome(int(codes[i]))
            for i in range(n)}
