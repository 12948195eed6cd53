"""Replaying a :class:`~igo.core.record.GameRecord` on a :class:`~igo.core.board.Board`.

The record's own rules decide legality (``record.rules``: simple ko for Japanese,
Korean and rule-less records, positional superko for Chinese, Tromp-Taylor, NZ, AGA).
Setup stones (``AB`` then ``AW``, handicap included) are placed first; then the moves,
in order, whatever their colours (a record may have two moves of one colour in a row).

Four ways in, from most to least convenient:

- :func:`replay_positions` replays the record once into a :class:`ReplayedGame`: the
  board of every position, which every view of a game reads (the review: the engine's
  searches, the move model's and the net's views, the strength model, the diagrams);
- :func:`replay` returns a full :class:`Board` (history, ``undo``) after the setup and
  the first ``upto`` moves;
- :func:`iter_positions` streams ``(board, next_move)`` for move-prediction training,
  reusing one board that is changed in place (no per-position copy);
- :func:`check_record` only checks legality and returns the final stones, playing
  the whole game in a single numba call (tens of times faster than ``Board.play``
  per move); for scanning corpora.

All four raise the same :class:`~igo.core.errors.IllegalMoveError` subclass for the
same record, with the move number in the message: ``"move 57 (W D4): D4 retakes the
ko"``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from igo.core import _kernels as K
from igo.core._replay_kernels import SETUP_FAILED, SUPERKO, replay_game
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point, check_size
from igo.core.errors import (
    CoordinateError,
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
)
from igo.core.move import Move
from igo.core.record import GameRecord

_ERRORS: dict[int, tuple[type[IllegalMoveError], str]] = {
    K.OCCUPIED: (OccupiedError, "is occupied"),
    K.KO: (KoError, "retakes the ko"),
    K.SUICIDE: (SuicideError, "is suicide"),
    SUPERKO: (SuperkoError, "repeats an earlier position"),
}


def _move_error(exc: IllegalMoveError, number: int, move: Move, size: int) -> IllegalMoveError:
    return type(exc)(f"move {number} ({move.to_gtp(size)}): {exc}")


def _setup_board(record: GameRecord) -> Board:
    board = Board(record.size, record.rules)
    if record.setup_black or record.setup_white:
        try:
            board.setup(record.setup_black, record.setup_white)
        except OccupiedError as exc:
            raise OccupiedError(f"setup: {exc}") from exc
    board.to_play = record.to_play_first()
    return board


def replay(record: GameRecord, upto: int | None = None) -> Board:
    """The board after the setup stones and the first ``upto`` moves (all if ``None``;
    more than the record holds means all).

    ``board.to_play`` is the colour of the next move of the record (after the last
    move, the opponent of its player; with no moves, :meth:`GameRecord.to_play_first`).

    Raises
    ------
    IllegalMoveError
        The specific subclass (:class:`OccupiedError`, :class:`KoError`,
        :class:`SuicideError`, :class:`SuperkoError`), with the move number.
    CoordinateError
        If a point lies off the board.
    ValueError
        If ``upto`` is negative.
    """
    if upto is not None and upto < 0:
        raise ValueError(f"upto must be >= 0, got {upto}")
    board = _setup_board(record)
    moves = record.moves if upto is None else record.moves[:upto]
    for number, move in enumerate(moves, 1):
        try:
            board.play(move.color, move.point)
        except IllegalMoveError as exc:
            raise _move_error(exc, number, move, record.size) from exc
    if len(moves) < len(record.moves):
        board.to_play = record.moves[len(moves)].color
    return board


def iter_positions(record: GameRecord) -> Iterator[tuple[Board, Move]]:
    """Yield ``(board, move)`` for every move: the position before ``move`` is played.

    The same :class:`Board` is yielded each time and changed in place once the
    consumer asks for the next pair (``board.copy()`` to keep one); ``board.to_play``
    is ``move.color``. Meant for streaming training positions: no copy per position.

    Raises
    ------
    IllegalMoveError
        As :func:`replay`, when the generator reaches an illegal move.
    """
    board = _setup_board(record)
    for number, move in enumerate(record.moves, 1):
        board.to_play = move.color
        yield board, move
        try:
            board.play(move.color, move.point)
        except IllegalMoveError as exc:
            raise _move_error(exc, number, move, record.size) from exc


@dataclass(frozen=True, eq=False)
class ReplayedGame:
    """A record replayed once: the board of each position ``0 … len(record.moves)``.

    Position ``k`` is the board after the setup stones and the first ``k`` moves, as
    ``replay(record, k)`` returns it (history, superko positions, ``to_play`` the colour
    of move ``k + 1``; after the last move, the opponent of its player). The boards are
    the game's: read them, copy one (:meth:`Board.copy`) to change it.
    """

    record: GameRecord
    boards: tuple[Board, ...]

    def __len__(self) -> int:
        """The number of positions (moves + 1)."""
        return len(self.boards)

    @property
    def size(self) -> int:
        """The board size."""
        return self.record.size

    @property
    def moves(self) -> list[Move]:
        """The record's moves: move ``k + 1`` is played in position ``k``."""
        return self.record.moves

    @property
    def final(self) -> Board:
        """The board after the last move."""
        return self.boards[-1]

    def stones(self, k: int) -> np.ndarray:
        """The stones of position ``k``: ``(size, size)`` int8 (0 empty, 1 black, 2 white)."""
        return self.boards[k].to_array()

    def to_play(self, k: int) -> Color:
        """The player to move in position ``k``."""
        return self.boards[k].to_play

    def positions(self) -> Iterator[tuple[Board, Move]]:
        """``(board, move)`` for every move: the position before ``move``, whose
        ``to_play`` is ``move.color`` (as :func:`iter_positions`, but every board is the
        game's own, not one board changed in place)."""
        return zip(self.boards, self.record.moves, strict=False)

    def search_board(self, k: int) -> Board:
        """A copy of position ``k`` with the closing passes taken back (the player to
        move kept): the position a search of position ``k`` starts from (a search whose
        root follows a pass would end its playouts at the next pass)."""
        board = self.boards[k].copy()
        while board.consecutive_passes and board.history:
            board.undo()
        board.to_play = self.boards[k].to_play
        return board


def replay_positions(record: GameRecord) -> ReplayedGame:
    """Replay ``record`` once, keeping the board of every position (see
    :class:`ReplayedGame`).

    Raises
    ------
    IllegalMoveError
        As :func:`replay`: the specific subclass, with the move number.
    CoordinateError
        If a point lies off the board (as :func:`check_record` says it).
    """
    size = check_size(record.size)
    _padded(record.setup_black + record.setup_white, size, "setup")
    _move_arrays(record)
    board = _setup_board(record)
    moves = record.moves
    boards = []
    for number, move in enumerate(moves, 1):
        board.to_play = move.color
        boards.append(board.copy())
        try:
            board.play(move.color, move.point)
        except IllegalMoveError as exc:
            raise _move_error(exc, number, move, record.size) from exc
    boards.append(board)
    return ReplayedGame(record, tuple(boards))


@lru_cache(maxsize=32)
def _empty_state(size: int) -> K.BoardState:
    """An empty board state of ``size``, copied (never changed) by :func:`check_record`."""
    return K.new_state(size, K.zobrist_table(size))


def _padded(points: list[Point], size: int, what: str) -> np.ndarray:
    w = size + 2
    out = np.empty(len(points), dtype=np.int32)
    for i, p in enumerate(points):
        if not (0 <= p[0] < size and 0 <= p[1] < size):
            raise CoordinateError(f"{what}: point {tuple(p)} is off the {size}x{size} board")
        out[i] = (p[0] + 1) * w + p[1] + 1
    return out


@lru_cache(maxsize=32)
def _index_table(size: int) -> dict[Point | None, int]:
    """Padded index of every point of a ``size`` board, and 0 for a pass."""
    w = size + 2
    table: dict[Point | None, int] = {None: 0}
    for r in range(size):
        for c in range(size):
            table[Point(r, c)] = (r + 1) * w + c + 1
    return table


def _move_arrays(record: GameRecord) -> tuple[np.ndarray, np.ndarray]:
    """Padded indices (0 = pass) and colours of the moves, checked to be on the board."""
    table = _index_table(record.size)
    moves = record.moves
    idx = [table.get(mv.point, -1) for mv in moves]
    if -1 in idx:
        i = idx.index(-1)
        raise CoordinateError(f"move {i + 1}: point {moves[i].point!r} is off the "
                              f"{record.size}x{record.size} board")
    cols = [mv.color for mv in moves]
    return np.array(idx, dtype=np.int32), np.array(cols, dtype=np.int8)


def check_record(record: GameRecord) -> np.ndarray:
    """Check that every move of ``record`` is legal; return the final stones.

    Gives the same verdict as :func:`replay` (same exception class and message) but
    plays the whole game in one numba call. Returns the final position as a
    ``(size, size)`` int8 array (0 empty, 1 black, 2 white).

    Raises
    ------
    IllegalMoveError
        The specific subclass, with the move number.
    CoordinateError
        If a point lies off the board.
    """
    size = check_size(record.size)
    state = K.copy_state(_empty_state(size))
    setup = _padded(record.setup_black + record.setup_white, size, "setup")
    setup_cols = np.array([Color.BLACK] * len(record.setup_black)
                          + [Color.WHITE] * len(record.setup_white), dtype=np.int8)
    pts, cols = _move_arrays(record)
    hashes = np.zeros(len(pts) + 3, dtype=np.uint64)
    out = np.zeros(1, dtype=np.int64)
    bad = replay_game(state, setup, setup_cols, pts, cols, record.rules.suicide,
                      record.rules.ko == "positional", hashes, out)
    if bad == SETUP_FAILED:
        # Let the board say which point (same message as replay()).
        _setup_board(record)
        raise OccupiedError("setup: setup stone on occupied point")  # pragma: no cover
    if bad >= 0:
        move = record.moves[bad]
        cls, what = _ERRORS[int(out[0])]
        assert move.point is not None
        vertex = move.point.to_gtp(size)
        raise cls(f"move {bad + 1} ({move.to_gtp(size)}): {vertex} {what}")
    w = size + 2
    return state.color.reshape(w, w)[1:-1, 1:-1].copy()
