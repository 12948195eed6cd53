"""The rules engine: a Go position with its history, under a :class:`Ruleset`.

>>> from igo.core import Board, Color, Point
>>> b = Board(9)
>>> b.play(Color.BLACK, Point(4, 4))
0
>>> b[Point(4, 4)] == Color.BLACK
True

The work is done by the numba kernels of :mod:`igo.core._kernels`; this class
validates input, raises specific errors (:class:`~igo.core.errors.OccupiedError`,
:class:`~igo.core.errors.SuicideError`, :class:`~igo.core.errors.KoError`,
:class:`~igo.core.errors.SuperkoError`), keeps the history for ``undo`` and the
position hashes for positional superko.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from igo.core import _kernels as K
from igo.core.color import BLACK, EMPTY, WHITE, Color
from igo.core.coords import Point, check_size
from igo.core.diagram import parse_diagram, to_diagram
from igo.core.errors import (
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

_EMPTY_HISTORY = np.zeros(0, dtype=np.uint64)


class _Action(NamedTuple):
    """One entry of the board's log: a move, or a setup of stones (``move is None``).

    ``to_play`` and ``positions`` are what :meth:`Board.undo` restores; ``positions``
    is kept only for a setup, which may replace the list of the game's positions.
    """

    move: Move | None
    black: tuple[Point, ...]
    white: tuple[Point, ...]
    to_play: Color
    positions: list[int] | None


@lru_cache(maxsize=32)
def _zobrist(size: int) -> np.ndarray:
    table = K.zobrist_table(size)
    table.setflags(write=False)
    return table


@lru_cache(maxsize=32)
def _padded_index(size: int) -> np.ndarray:
    """Padded index of each flat point (``size * size`` int32)."""
    r, c = np.divmod(np.arange(size * size), size)
    idx = ((r + 1) * (size + 2) + c + 1).astype(np.int32)
    idx.setflags(write=False)
    return idx


class Board:
    """A position, the moves that led to it, and the rules that judge the next move.

    Parameters
    ----------
    size
        Board size, 2 to 25.
    rules
        Which ko rule and whether suicide is allowed (default: positional superko,
        no suicide).

    Notes
    -----
    ``to_play`` is the colour expected to move next; it follows the moves played but
    any colour may be played at any time (GTP allows it).
    """

    __slots__ = ("_history", "_log", "_positions", "_seen", "_state", "rules", "size",
                 "to_play")

    def __init__(self, size: int = 19, rules: Ruleset | None = None) -> None:
        self.size = check_size(size)
        self.rules = rules if rules is not None else Ruleset()
        self._state = K.new_state(size, _zobrist(size))
        self.to_play = Color.BLACK
        self._history: list[Move] = []
        self._log: list[_Action] = []  # every move and setup, to rebuild on undo
        # Positions of the game so far (hashes, in order) and how often each occurred:
        # the position before the first move (after any setup), then one per move.
        self._positions: list[int] = [0]
        self._seen: dict[int, int] = {0: 1}

    @classmethod
    def from_diagram(cls, text: str, rules: Ruleset | None = None,
                     to_play: Color = Color.BLACK) -> Board:
        """A board with the stones of a diagram (:func:`~igo.core.diagram.parse_diagram`),
        placed as setup stones, and ``to_play`` to move.

        >>> board = Board.from_diagram('''
        ...     . X .
        ...     X O X
        ...     . . .
        ... ''', to_play=Color.BLACK)
        >>> board.size, board.stones(Color.WHITE)
        (3, [Point(1, 1)])

        Raises
        ------
        BoardSizeError
            If the diagram is not square or its size is out of range.
        """
        arr = parse_diagram(text)
        board = cls(arr.shape[0], rules)
        stones = {}
        for color in (Color.BLACK, Color.WHITE):
            rows, cols = np.nonzero(arr == int(color))
            stones[color] = [Point(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
        if stones[Color.BLACK] or stones[Color.WHITE]:
            board.setup(stones[Color.BLACK], stones[Color.WHITE])
        board.to_play = to_play
        return board

    # ---------------------------------------------------------------- inspection
    @property
    def state(self) -> K.BoardState:
        """The kernel arrays (read them, do not change them)."""
        return self._state

    @property
    def history(self) -> list[Move]:
        """Moves played so far (setup stones are not moves)."""
        return list(self._history)

    @property
    def move_number(self) -> int:
        """Number of moves played, passes included."""
        return len(self._history)

    @property
    def last_move(self) -> Move | None:
        """The latest move, or ``None`` before the first."""
        return self._history[-1] if self._history else None

    @property
    def consecutive_passes(self) -> int:
        """How many of the latest moves were passes in a row."""
        n = 0
        for mv in reversed(self._history):
            if not mv.is_pass:
                break
            n += 1
        return n

    @property
    def hash(self) -> int:
        """Zobrist hash of the stones on the board (64-bit, positional)."""
        return int(self._state.hashv[0])

    @property
    def ko_point(self) -> Point | None:
        """The point that may not be played next because of simple ko, if any."""
        p = int(self._state.meta[K.M_KO_POINT])
        return None if p == 0 else Point.from_padded(p, self.size)

    @property
    def captures(self) -> dict[Color, int]:
        """Stones captured so far by each colour (prisoners)."""
        m = self._state.meta
        return {Color.BLACK: int(m[K.M_CAPS_BLACK]), Color.WHITE: int(m[K.M_CAPS_WHITE])}

    def _index(self, point: Point) -> int:
        if not isinstance(point, tuple) or len(point) != 2:
            raise CoordinateError(f"not a point: {point!r}")
        Point(*point).check(self.size)
        return (point[0] + 1) * (self.size + 2) + point[1] + 1

    def __getitem__(self, point: Point) -> int:
        """``EMPTY`` (0), ``Color.BLACK`` (1) or ``Color.WHITE`` (2) at ``point``."""
        v = int(self._state.color[self._index(point)])
        return v if v == EMPTY else Color(v)

    def to_array(self) -> np.ndarray:
        """The stones as a ``(size, size)`` int8 array (0 empty, 1 black, 2 white)."""
        w = self.size + 2
        return self._state.color.reshape(w, w)[1:-1, 1:-1].copy()

    def stones(self, color: Color) -> list[Point]:
        """All points holding ``color``, in row-major order."""
        rows, cols = np.nonzero(self.to_array() == int(color))
        return [Point(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]

    def liberties(self, point: Point) -> int:
        """Real liberty count of the string at ``point`` (0 if empty)."""
        return int(K.liberties(self._state, self._index(point)))

    def string_at(self, point: Point) -> list[Point]:
        """The stones of the string at ``point`` (empty list if the point is empty)."""
        p = self._index(point)
        if self._state.color[p] == EMPTY:
            return []
        out = []
        h = int(self._state.head[p])
        q = h
        while True:
            out.append(Point.from_padded(q, self.size))
            q = int(self._state.nxt[q])
            if q == h:
                return sorted(out)

    # ---------------------------------------------------------------- legality
    def _superko_history(self) -> np.ndarray:
        if self.rules.ko != "positional":
            return _EMPTY_HISTORY
        # sorted, duplicates kept (the kernels' binary search needs no more): a third
        # of np.unique's cost, paid on every legal or sensible mask
        return np.sort(np.fromiter(self._positions, np.uint64, len(self._positions)))

    def check(self, color: Color, point: Point | None) -> None:
        """Raise the specific :class:`IllegalMoveError` if ``color`` may not play
        ``point`` (``None`` = pass, always legal)."""
        if point is None:
            return
        p = self._index(point)
        status = K.check_move(self._state, p, int(color), self.rules.suicide)
        if status == K.OCCUPIED:
            raise OccupiedError(f"{point.to_gtp(self.size)} is occupied")
        if status == K.KO:
            raise KoError(f"{point.to_gtp(self.size)} retakes the ko")
        if status == K.SUICIDE:
            raise SuicideError(f"{point.to_gtp(self.size)} is suicide")
        if self.rules.ko == "positional":
            hv = int(K.hash_after(self._state, p, int(color)))
            if hv in self._seen:
                raise SuperkoError(f"{point.to_gtp(self.size)} repeats an earlier position")

    def is_legal(self, color: Color, point: Point | None) -> bool:
        """True if ``color`` may play ``point`` now."""
        try:
            self.check(color, point)
        except IllegalMoveError:
            return False
        return True

    def legal_mask(self, color: Color) -> np.ndarray:
        """``(size, size)`` bool array of the points where ``color`` may play."""
        w = self.size + 2
        out = np.zeros(w * w, dtype=np.bool_)
        K.legal_mask(self._state, int(color), self.rules.suicide, self._superko_history(), out)
        return out.reshape(w, w)[1:-1, 1:-1].copy()

    def legal_moves(self, color: Color) -> list[Point]:
        """The legal points of ``color`` in row-major order (pass is always legal too)."""
        rows, cols = np.nonzero(self.legal_mask(color))
        return [Point(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]

    def is_eye(self, point: Point, color: Color) -> bool:
        """True if ``point`` is an eye of ``color`` that playouts leave alone."""
        return bool(K.is_eye(self._state, self._index(point), int(color)))

    def sensible_mask(self, color: Color) -> np.ndarray:
        """Legal moves that do not fill one of ``color``'s own eyes (playout moves)."""
        w = self.size + 2
        out = np.zeros(w * w, dtype=np.bool_)
        K.sensible_mask(self._state, int(color), self.rules.suicide, self._superko_history(),
                        out)
        return out.reshape(w, w)[1:-1, 1:-1].copy()

    def sensible_among(self, color: Color, padded: np.ndarray) -> np.ndarray:
        """:meth:`sensible_mask` at the padded points ``padded`` (int64), which must be
        legal but for superko (simple ko and the suicide rule: a feature kernel's
        candidates, :meth:`igo.features.extract.Extractor.position`); a bool array in
        their order, at a fraction of the cost of the whole mask."""
        keep = np.empty(len(padded), dtype=np.bool_)
        K.sensible_among(self._state, int(color), padded, self._superko_history(), keep)
        return keep

    # ---------------------------------------------------------------- changing it
    def _rebuild(self) -> None:
        """Recompute the kernel state from the log (moves are deterministic): this is
        how :meth:`undo` works, so that playing a move needs no snapshot."""
        size = self.size
        s = K.new_state(size, _zobrist(size))
        for action in self._log:
            if action.move is None:
                for color, pts in ((BLACK, action.black), (WHITE, action.white)):
                    for pt in pts:
                        K.place_stone(s, pt.padded(size), color)
            elif action.move.point is None:
                K.pass_move(s)
            else:
                K.play(s, action.move.point.padded(size), int(action.move.color),
                       self.rules.suicide)
        self._state = s

    def _record_position(self) -> None:
        h = self.hash
        self._positions.append(h)
        self._seen[h] = self._seen.get(h, 0) + 1

    def _forget_position(self) -> None:
        h = self._positions.pop()
        n = self._seen[h] - 1
        if n:
            self._seen[h] = n
        else:
            del self._seen[h]

    def play(self, color: Color, point: Point | None) -> int:
        """Play a move (``point=None`` passes); returns the number of stones captured.

        Raises
        ------
        IllegalMoveError
            (:class:`OccupiedError`, :class:`KoError`, :class:`SuicideError`,
            :class:`SuperkoError`) and the board is unchanged.
        CoordinateError
            If the point is off the board.
        """
        color = Color(color)
        if point is None:
            K.pass_move(self._state)
            captured = 0
        else:
            p = self._index(point)
            status = K.play(self._state, p, int(color), self.rules.suicide)
            if status != K.OK:  # the kernel changed nothing
                raise self._error(status, point)
            if self.rules.ko == "positional" and self.hash in self._seen:
                self._rebuild()  # rare: take the move back
                raise SuperkoError(f"{point.to_gtp(self.size)} repeats an earlier position")
            captured = int(self._state.meta[K.M_LAST_CAPTURED])
            point = Point(*point)
        move = Move(color, point)
        self._log.append(_Action(move, (), (), self.to_play, None))
        self._history.append(move)
        self._record_position()
        self.to_play = color.opponent
        return captured

    def _error(self, status: int, point: Point) -> IllegalMoveError:
        vertex = point.to_gtp(self.size)
        if status == K.OCCUPIED:
            return OccupiedError(f"{vertex} is occupied")
        if status == K.KO:
            return KoError(f"{vertex} retakes the ko")
        return SuicideError(f"{vertex} is suicide")

    def play_move(self, move: Move) -> int:
        """:meth:`play` for a :class:`Move`."""
        return self.play(move.color, move.point)

    def setup(self, black: Iterable[Point] = (), white: Iterable[Point] = ()) -> None:
        """Put setup stones (handicap, SGF ``AB``/``AW``) on empty points, in one step.

        Not a move: the history is unchanged and :meth:`undo` takes the whole setup
        back. Before the first move, the position after the setup becomes the game's
        first position (the empty board is not part of the game for superko).

        Raises
        ------
        OccupiedError
            If a point already holds a stone or is given twice (nothing is placed).
        """
        items = [(Color.BLACK, Point(*p)) for p in black]
        items += [(Color.WHITE, Point(*p)) for p in white]
        idx = [self._index(p) for _, p in items]
        for (_, p), i in zip(items, idx, strict=True):
            if self._state.color[i] != EMPTY:
                raise OccupiedError(f"setup stone on occupied point {p.to_gtp(self.size)}")
        if len(set(idx)) != len(idx):
            raise OccupiedError("the same setup point is given twice")
        before_first_move = not self._history
        self._log.append(_Action(None, tuple(p for c, p in items if c is Color.BLACK),
                                 tuple(p for c, p in items if c is Color.WHITE),
                                 self.to_play, list(self._positions)))
        for (color, _), i in zip(items, idx, strict=True):
            K.place_stone(self._state, i, int(color))
        if before_first_move:
            self._positions = []
            self._seen = {}
        self._record_position()

    def place(self, color: Color, points: Iterable[Point]) -> None:
        """:meth:`setup` with stones of one colour."""
        if Color(color) is Color.BLACK:
            self.setup(black=points)
        else:
            self.setup(white=points)

    def undo(self) -> None:
        """Take back the latest move (or setup). Raises :class:`UndoError` if none."""
        if not self._log:
            raise UndoError("nothing to undo")
        action = self._log.pop()
        self.to_play = action.to_play
        if action.positions is not None:
            self._positions = list(action.positions)  # the log is shared with copies
            self._seen = {}
            for h in self._positions:
                self._seen[h] = self._seen.get(h, 0) + 1
        else:
            self._forget_position()
        if action.move is not None:
            self._history.pop()
        self._rebuild()

    def moves_since(self, earlier: Board) -> list[Move] | None:
        """The moves that lead from ``earlier`` to this board, when this board
        continues ``earlier``'s game with moves only (same size, rules, setup and
        history so far); ``None`` otherwise. Searches use it to keep their tree."""
        n = len(earlier._log)
        if (self.size != earlier.size or self.rules != earlier.rules or len(self._log) < n
                or self._log[:n] != earlier._log):
            return None
        extra = self._log[n:]
        if any(a.move is None for a in extra):
            return None
        return [a.move for a in extra if a.move is not None]

    def copy(self) -> Board:
        """An independent copy with the same history (so ``undo`` works on it)."""
        other = Board.__new__(Board)
        other.size = self.size
        other.rules = self.rules
        other._state = K.copy_state(self._state)
        other.to_play = self.to_play
        other._history = list(self._history)
        other._log = list(self._log)
        other._positions = list(self._positions)
        other._seen = dict(self._seen)
        return other

    # ---------------------------------------------------------------- scoring
    def area_ownership(self, dead: Iterable[Point] = ()) -> np.ndarray:
        """Tromp-Taylor owner of every point after removing ``dead`` stones:
        ``(size, size)`` int8, 1 black, 2 white, 0 neutral."""
        color = self._state.color.copy()
        for pt in dead:
            color[self._index(pt)] = EMPTY
        w = self.size + 2
        out = np.empty(w * w, dtype=np.int8)
        K.area_owner(color, self.size, out)
        return out.reshape(w, w)[1:-1, 1:-1].copy()

    def area_score(self, komi: float, dead: Iterable[Point] = ()) -> float:
        """Black's area minus White's area minus ``komi`` (positive: Black wins)."""
        own = self.area_ownership(dead)
        return float(np.count_nonzero(own == BLACK) - np.count_nonzero(own == WHITE)) - komi

    def __str__(self) -> str:
        """The diagram of :func:`~igo.core.diagram.to_diagram` (what ``showboard`` shows)."""
        return to_diagram(self)

    def __repr__(self) -> str:
        return f"<Board {self.size}x{self.size} move {self.move_number} hash {self.hash:016x}>"


def padded_index(size: int) -> np.ndarray:
    """Padded kernel index of each flat point of a ``size`` board (read-only)."""
    return _padded_index(size)


__all__ = ["BLACK", "WHITE", "Board", "padded_index"]
