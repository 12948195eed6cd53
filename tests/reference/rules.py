"""A plain-Python Go rules engine written to be obviously correct, not fast.

It is the oracle of the rules-engine tests: the numba kernels of
:mod:`igo.core._kernels` (through :class:`igo.core.board.Board`) must agree with it on
every position, capture count, ko point, legal-move set, eye and area owner.

Everything is recomputed from the stones with flood fills on every question; nothing
is kept incrementally. The board is a ``bytearray`` of ``size * size`` cells (0 empty,
1 black, 2 white) indexed ``row * size + col``; a position is ``bytes(cells)``.

Rules, stated as the code implements them
-----------------------------------------
- A move on an empty point puts the stone down, then removes every opponent string
  left without liberties, then (suicide) the mover's own string if it has none.
  Without the suicide option such a move is illegal.
- Simple ko: a move may not recreate the position that stood just before the
  opponent's last move, when that last move captured exactly one stone. A pass or any
  other move ends the restriction.
- Positional superko: a move may not create any position that occurred before
  (the initial position, every position after a move, a pass or a setup included).
- Status precedence (the order :meth:`igo.core.board.Board.check` raises in):
  occupied, ko, suicide, superko.
- Setup stones (black ones first, then white ones) are put down one at a time as if
  played with suicide allowed (captures counted), and setup clears the ko
  restriction. A setup before the first move (passes are moves) makes the position
  after it the game's first position: the history of positions restarts there.
  A later setup adds its position to the history.
- Eye (identical in meaning to ``_kernels.is_eye``): an empty point whose on-board
  neighbours are all the colour's stones, with no opponent stone on a diagonal when
  the point lies on the edge, at most one in the centre.
- Tromp-Taylor area: a point is a colour's if it holds its stone, or if it is empty
  and the empty region containing it reaches stones of that colour only.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field

EMPTY, BLACK, WHITE = 0, 1, 2

OK = "ok"
OCCUPIED = "occupied"
KO = "ko"
SUICIDE = "suicide"
SUPERKO = "superko"

Coord = tuple[int, int]


def opponent(color: int) -> int:
    """The other colour."""
    return 3 - color


@dataclass
class _Snapshot:
    cells: bytearray
    captures: dict[int, int]
    history: list[bytes]
    last: tuple[int, bytes, int] | None
    moves: int


@dataclass
class RefBoard:
    """A Go position with its history.

    Parameters
    ----------
    size
        Board size (any size >= 1; the engine under test supports 2-25).
    ko
        ``"simple"`` or ``"positional"``.
    suicide
        Whether suicide is allowed.
    """

    size: int
    ko: str = "positional"
    suicide: bool = False
    cells: bytearray = field(init=False)
    captures: dict[int, int] = field(init=False)
    history: list[bytes] = field(init=False)
    # (mover, position before the move, stones it captured) of the latest move;
    # None after a pass, a setup or at the start.
    last: tuple[int, bytes, int] | None = field(init=False)
    moves: int = field(init=False)  # moves played so far, passes included
    _undo: list[_Snapshot] = field(init=False)

    def __post_init__(self) -> None:
        self.cells = bytearray(self.size * self.size)
        self.captures = {BLACK: 0, WHITE: 0}
        self.history = [bytes(self.cells)]
        self.last = None
        self.moves = 0
        self._undo = []

    # ------------------------------------------------------------------ geometry
    def points(self) -> list[Coord]:
        """All points, row-major."""
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def neighbours(self, p: Coord) -> list[Coord]:
        """The on-board orthogonal neighbours of ``p``."""
        r, c = p
        out = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            q = (r + dr, c + dc)
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                out.append(q)
        return out

    def diagonals(self, p: Coord) -> list[Coord]:
        """The on-board diagonal neighbours of ``p``."""
        r, c = p
        out = []
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            q = (r + dr, c + dc)
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                out.append(q)
        return out

    def get(self, p: Coord, cells: bytearray | None = None) -> int:
        """Colour at ``p`` (of ``cells``, default the current position)."""
        grid = self.cells if cells is None else cells
        return grid[p[0] * self.size + p[1]]

    def _set(self, cells: bytearray, p: Coord, value: int) -> None:
        cells[p[0] * self.size + p[1]] = value

    # ------------------------------------------------------------------ strings
    def string(self, p: Coord, cells: bytearray | None = None) -> set[Coord]:
        """The string (maximal connected same-colour set) containing the stone at ``p``;
        empty set for an empty point."""
        grid = self.cells if cells is None else cells
        color = self.get(p, grid)
        if color == EMPTY:
            return set()
        seen = {p}
        todo = [p]
        while todo:
            q = todo.pop()
            for n in self.neighbours(q):
                if n not in seen and self.get(n, grid) == color:
                    seen.add(n)
                    todo.append(n)
        return seen

    def liberty_set(self, stones: Iterable[Coord], cells: bytearray | None = None) -> set[Coord]:
        """The empty points adjacent to any of ``stones``."""
        grid = self.cells if cells is None else cells
        return {n for q in stones for n in self.neighbours(q) if self.get(n, grid) == EMPTY}

    def liberties(self, p: Coord) -> int:
        """Number of liberties of the string at ``p`` (0 for an empty point)."""
        return len(self.liberty_set(self.string(p)))

    def strings(self) -> list[set[Coord]]:
        """All strings on the board."""
        seen: set[Coord] = set()
        out = []
        for p in self.points():
            if p not in seen and self.get(p) != EMPTY:
                s = self.string(p)
                seen |= s
                out.append(s)
        return out

    # ------------------------------------------------------------------ moves
    def _result(self, color: int, p: Coord) -> tuple[bytearray, int, int]:
        """Cells after ``color`` plays on empty ``p`` with suicide executed:
        (cells, opponent stones captured, own stones lost to suicide)."""
        cells = bytearray(self.cells)
        self._set(cells, p, color)
        captured = 0
        for n in self.neighbours(p):
            if self.get(n, cells) == opponent(color):
                s = self.string(n, cells)
                if not self.liberty_set(s, cells):
                    for q in s:
                        self._set(cells, q, EMPTY)
                    captured += len(s)
        lost = 0
        own = self.string(p, cells)
        if not self.liberty_set(own, cells):
            for q in own:
                self._set(cells, q, EMPTY)
            lost = len(own)
        return cells, captured, lost

    def _ko_forbids(self, color: int, after: bytearray) -> bool:
        if self.last is None:
            return False
        mover, before, captured = self.last
        return mover == opponent(color) and captured == 1 and bytes(after) == before

    def status(self, color: int, p: Coord) -> str:
        """Why ``color`` may not play ``p`` (``OK`` if it may)."""
        if self.get(p) != EMPTY:
            return OCCUPIED
        after, _captured, lost = self._result(color, p)
        if self._ko_forbids(color, after):
            return KO
        if lost and not self.suicide:
            return SUICIDE
        if self.ko == "positional" and bytes(after) in self.history:
            return SUPERKO
        return OK

    def legal_set(self, color: int) -> set[Coord]:
        """The points where ``color`` may play now."""
        return {p for p in self.points() if self.status(color, p) == OK}

    def ko_point(self) -> Coord | None:
        """The point where the player to retake may not play because of simple ko."""
        if self.last is None or self.last[2] != 1:
            return None
        mover, _before, _captured = self.last
        for p in self.points():
            if self.get(p) == EMPTY:
                after, _c, _l = self._result(opponent(mover), p)
                if self._ko_forbids(opponent(mover), after):
                    return p
        return None

    def _snapshot(self) -> None:
        self._undo.append(_Snapshot(bytearray(self.cells), dict(self.captures),
                                    list(self.history), self.last, self.moves))

    def play(self, color: int, p: Coord | None) -> int:
        """Play (``None`` passes); returns the stones removed by the move (the
        opponent's, or the mover's own for a suicide). Raises ``ValueError`` with the
        status if illegal."""
        if p is None:
            self._snapshot()
            self.last = None
            self.history.append(bytes(self.cells))
            self.moves += 1
            return 0
        st = self.status(color, p)
        if st != OK:
            raise ValueError(st)
        self._snapshot()
        before = bytes(self.cells)
        after, captured, lost = self._result(color, p)
        self.cells = after
        self.captures[color] += captured
        self.captures[opponent(color)] += lost
        self.last = (color, before, captured)
        self.history.append(bytes(self.cells))
        self.moves += 1
        return lost if lost else captured

    def setup(self, black: Iterable[Coord] = (), white: Iterable[Coord] = ()) -> None:
        """Setup stones on empty points (see the module docstring); raises
        ``ValueError(OCCUPIED)`` and changes nothing if a point is taken or repeated."""
        items = [(BLACK, p) for p in black] + [(WHITE, p) for p in white]
        pts = [p for _c, p in items]
        if any(self.get(p) != EMPTY for p in pts) or len(set(pts)) != len(pts):
            raise ValueError(OCCUPIED)
        self._snapshot()
        for color, p in items:
            after, captured, lost = self._result(color, p)
            self.cells = after
            self.captures[color] += captured
            self.captures[opponent(color)] += lost
        self.last = None
        if self.moves == 0:
            self.history = []
        self.history.append(bytes(self.cells))

    def place(self, color: int, points: Iterable[Coord]) -> None:
        """:meth:`setup` with stones of one colour."""
        if color == BLACK:
            self.setup(black=points)
        else:
            self.setup(white=points)

    def undo(self) -> None:
        """Take back the latest move or setup."""
        snap = self._undo.pop()
        self.cells = snap.cells
        self.captures = snap.captures
        self.history = snap.history
        self.last = snap.last
        self.moves = snap.moves

    def copy(self) -> RefBoard:
        """An independent deep copy."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ eyes, scoring
    def is_eye(self, p: Coord, color: int) -> bool:
        """Eye test with the meaning of ``_kernels.is_eye``."""
        if self.get(p) != EMPTY:
            return False
        if any(self.get(n) != color for n in self.neighbours(p)):
            return False
        r, c = p
        on_edge = r in (0, self.size - 1) or c in (0, self.size - 1)
        bad = sum(1 for d in self.diagonals(p) if self.get(d) == opponent(color))
        return bad == 0 if on_edge else bad <= 1

    def sensible_set(self, color: int) -> set[Coord]:
        """Legal moves of ``color`` that do not fill one of its eyes."""
        return {p for p in self.legal_set(color) if not self.is_eye(p, color)}

    def area_owner(self, dead: Iterable[Coord] = ()) -> dict[Coord, int]:
        """Tromp-Taylor owner (0 neutral, 1 black, 2 white) of every point after taking
        ``dead`` stones off the board."""
        cells = bytearray(self.cells)
        for p in dead:
            self._set(cells, p, EMPTY)
        owner: dict[Coord, int] = {}
        for p in self.points():
            if p in owner:
                continue
            v = self.get(p, cells)
            if v != EMPTY:
                owner[p] = v
                continue
            region = {p}
            todo = [p]
            reached: set[int] = set()
            while todo:
                q = todo.pop()
                for n in self.neighbours(q):
                    vn = self.get(n, cells)
                    if vn == EMPTY:
                        if n not in region:
                            region.add(n)
                            todo.append(n)
                    else:
                        reached.add(vn)
            who = reached.pop() if len(reached) == 1 else EMPTY
            for q in region:
                owner[q] = who
        return owner

    def area_score(self, komi: float, dead: Iterable[Coord] = ()) -> float:
        """Black area minus White area minus ``komi``."""
        owner = self.area_owner(dead)
        black = sum(1 for v in owner.values() if v == BLACK)
        white = sum(1 for v in owner.values() if v == WHITE)
        return black - white - komi

    def grid(self) -> list[list[int]]:
        """The stones as nested lists, row 0 first."""
        n = self.size
        return [list(self.cells[r * n:(r + 1) * n]) for r in range(n)]
