"""References of :mod:`igo.tactics._nakade_kernels`, ``_selfatari_kernels`` and
``_seki_kernels``, written from their definitions with :class:`Board` copies.

Shapes are named by explicit lists of cells (every rotation and reflection is
generated), not by the degree counts the kernels use.
"""

from __future__ import annotations

from igo.core.board import Board
from igo.core.coords import Point
from reference.tactics_board import diagonals, libs, neighbours, try_move

NOT_SELF_ATARI, BAD, THROW_IN, NAKADE, SNAPBACK = 0, 1, 2, 3, 4

# shapes: (cells, vital cell or None)
_SHAPES = {
    "square four": ({(0, 0), (0, 1), (1, 0), (1, 1)}, None),
    "pyramid four": ({(0, 0), (0, 1), (0, 2), (1, 1)}, (0, 1)),
    "bulky five": ({(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)}, (1, 0)),
    "cross five": ({(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}, (1, 1)),
    "rabbity six": ({(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}, (1, 1)),
}


def _normal(cells: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def _variants(cells: set[tuple[int, int]], vital: tuple[int, int] | None):
    out = []
    for flip in (False, True):
        for rot in range(4):
            def f(p: tuple[int, int], flip: bool = flip, rot: int = rot) -> tuple[int, int]:
                r, c = p
                if flip:
                    r, c = c, r
                for _ in range(rot):
                    r, c = c, -r
                return r, c
            moved = {f(p) for p in cells}
            r0 = min(r for r, _ in moved)
            c0 = min(c for _, c in moved)
            v = None if vital is None else (f(vital)[0] - r0, f(vital)[1] - c0)
            out.append((_normal(moved), v))
    return out


SHAPES = {name: _variants(*spec) for name, spec in _SHAPES.items()}


def shape_name(points: list[Point]) -> tuple[str | None, Point | None]:
    """Which named 4-6 point shape ``points`` is, and its vital point."""
    cells = _normal({(p.row, p.col) for p in points})
    r0 = min(p.row for p in points)
    c0 = min(p.col for p in points)
    for name, variants in SHAPES.items():
        for v, vital in variants:
            if v == cells:
                return name, None if vital is None else Point(vital[0] + r0, vital[1] + c0)
    return None, None


def region(board: Board, p: Point) -> tuple[list[Point], set[int]]:
    """The empty region of ``p`` and the colours of the stones it touches."""
    seen = {p}
    todo = [p]
    colours: set[int] = set()
    while todo:
        q = todo.pop()
        for r in neighbours(board, q):
            if board[r] == 0 and r not in seen:
                seen.add(r)
                todo.append(r)
            elif board[r] != 0:
                colours.add(int(board[r]))
    return sorted(seen), colours


def vital_point(board: Board, p: Point) -> Point | None:
    """Nakade vital point of the enclosed 3-6 point eye space of ``p``."""
    pts, colours = region(board, p)
    if len(colours) != 1 or not 3 <= len(pts) <= 6:
        return None
    if len(pts) == 3:  # straight or bent three: the point touching the other two
        return next(q for q in pts if sum(r in pts for r in neighbours(board, q)) == 2)
    return shape_name(pts)[1]


def killing(points: list[Point]) -> bool:
    """A nakade shape once captured: 1-3 points, or a named 4-6 point shape."""
    return len(points) <= 3 or shape_name(points)[0] is not None


def classify(board: Board, color: int, p: Point) -> int:
    """The self-atari kind of ``color`` at ``p`` (legal), by its definition."""
    after = try_move(board, color, p)
    assert after is not None
    ls = libs(after, p)
    if len(ls) != 1:
        return NOT_SELF_ATARI
    (lib,) = ls
    stones = after.string_at(p)
    opp = 3 - color
    taken = try_move(after, opp, lib)
    if taken is None:
        return THROW_IN
    cap_libs = libs(taken, lib)
    if len(cap_libs) == 1:
        (x,) = cap_libs
        if try_move(taken, color, x) is not None:
            if len(taken.string_at(lib)) > 1 or len(stones) > 1:
                return SNAPBACK
            return THROW_IN
    if 2 <= len(stones) <= 6 and killing(stones):
        area = set(stones) | {lib}
        walled = all(after[r] == opp for q in area for r in neighbours(after, q)
                     if r not in area)
        if walled:
            return NAKADE
    if len(stones) == 1:
        others = [r for r in neighbours(after, p) if r != lib]
        if all(after[r] == opp for r in others):
            diag, edge = diagonals(after, p)
            own = sum(after[d] == color for d in diag)
            if own >= (1 if edge else 2):
                return THROW_IN
    return BAD


def breaks_seki(board: Board, color: int, p: Point) -> bool:
    """``color`` at ``p`` fills a liberty shared by two 2-liberty strings of
    opposite colours (both next to ``p``) as a self-atari capturing nothing."""
    mine = [q for q in neighbours(board, p) if board[q] == color and len(libs(board, q)) == 2]
    theirs = [q for q in neighbours(board, p)
              if board[q] == 3 - color and len(libs(board, q)) == 2]
    if not any(libs(board, a) == libs(board, b) for a in mine for b in theirs):
        return False
    after = try_move(board, color, p)
    assert after is not None
    captured = sum(after.captures.values()) > sum(board.captures.values())
    return not captured and len(libs(after, p)) < 2
