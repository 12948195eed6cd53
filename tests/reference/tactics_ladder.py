"""Reference of :mod:`igo.tactics._ladder_kernels`: is a string in atari caught?

Plain recursion over :class:`~igo.core.board.Board` copies (simple ko, no threats):

- defender to move (string in atari): it escapes if some move among the captures
  of attacker strings next to it in atari and the extension at its liberty leaves
  it with 2 or more liberties *and* then, with exactly 2, the attacker fails;
  with 3 or more it has escaped; a move that leaves it in atari loses when the
  attacker may capture;
- attacker to move (string of 2 liberties): it catches if one of the two ataris
  (at a liberty) leaves the string in atari and the defender then fails.

Raises :class:`Exhausted` past ``budget`` nodes (the kernel then says "not caught").
"""

from __future__ import annotations

from igo.core.board import Board
from igo.core.coords import Point
from reference.tactics_board import libs, neighbour_strings, neighbours, try_move


class Exhausted(Exception):
    """The reference ran out of its node budget."""


class _Count:
    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nodes = 1

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise Exhausted


def _defender_escapes(board: Board, tgt: Point, cnt: _Count) -> bool:
    dfn = int(board[tgt])
    moves = set()
    for g in neighbour_strings(board, tgt):
        gl = libs(board, next(iter(g)))
        if len(gl) == 1:
            moves |= gl
    moves |= libs(board, tgt)
    for m in moves:
        after = try_move(board, dfn, m)
        if after is None:
            continue
        cnt.tick()
        nl = len(libs(after, tgt))
        if nl >= 3:
            return True
        if nl == 1:
            (lib,) = libs(after, tgt)
            if try_move(after, 3 - dfn, lib) is None:
                return True  # the attacker may not capture (ko)
            continue
        if not _attacker_catches(after, tgt, cnt):
            return True
    return False


def _attacker_catches(board: Board, tgt: Point, cnt: _Count) -> bool:
    att = 3 - int(board[tgt])
    for m in libs(board, tgt):
        after = try_move(board, att, m)
        if after is None:
            continue
        cnt.tick()
        if len(libs(after, tgt)) == 1 and not _defender_escapes(after, tgt, cnt):
            return True
    return False


def caught(board: Board, tgt: Point, budget: int) -> bool:
    """True if the string at ``tgt``, in atari, its owner to move, cannot escape."""
    return not _defender_escapes(board, tgt, _Count(budget))


def atari_caught(board: Board, move: Point, tgt: Point, budget: int) -> bool:
    """True if the opponent of the string at ``tgt`` playing ``move`` (legal) puts
    it in atari and catches it."""
    att = 3 - int(board[tgt])
    after = try_move(board, att, move)
    if after is None or after[tgt] != 3 - att or len(libs(after, tgt)) != 1:
        return False
    return caught(after, tgt, budget)


def border_applies(board: Board, lib: Point, defender: int) -> bool:
    """Pachi's condition for its first-line shape test: ``lib`` has exactly one
    neighbour off the board (the first line, not a corner) and exactly one
    ``defender`` stone beside it."""
    r, c = lib
    n = board.size
    off = sum(not (0 <= r + dr < n and 0 <= c + dc < n)
              for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    own = sum(board[q] == defender for q in neighbours(board, lib))
    return off == 1 and own == 1


def border_ladder(board: Board, tgt: Point) -> bool:
    """Pachi's ``is_border_ladder`` read plainly: the string at ``tgt`` is in atari
    with its liberty ``L`` on the edge (:func:`border_applies`). Along the edge,
    ``L ± a``; ``i`` points away from the edge. Caught unless the points ``L + 2a``
    and ``L - 2a`` both hold defender stones, or, for either side ``s``, the point
    ``L + s a + i`` is not a stone, or its string has one liberty, or two liberties
    with ``L + 2 s a`` not empty (on the board or not) or the two liberties adjacent."""
    (lib,) = libs(board, tgt)
    dfn = int(board[tgt])
    n = board.size
    r, c = lib
    if c in (0, n - 1):  # a left or right edge: along the column
        a, i = (1, 0), (0, 1 if c == 0 else -1)
    else:
        a, i = (0, 1), (1 if r == 0 else -1, 0)

    def at(dr: int, dc: int) -> int:
        p = Point(r + dr, c + dc)
        return int(board[p]) if p.on_board(n) else -1  # -1: off the board

    if at(2 * a[0], 2 * a[1]) == dfn and at(-2 * a[0], -2 * a[1]) == dfn:
        return False
    for s in (1, -1):
        q = Point(r + s * a[0] + i[0], c + s * a[1] + i[1])
        if not q.on_board(n) or board[q] == 0:
            return False
        gl = libs(board, q)
        if len(gl) < 2:
            return False
        if len(gl) == 2:
            p0, p1 = sorted(gl)
            touch = abs(p0.row - p1.row) + abs(p0.col - p1.col) == 1
            if at(2 * s * a[0], 2 * s * a[1]) != 0 or touch:
                return False
    return True
