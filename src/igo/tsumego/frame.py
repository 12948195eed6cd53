"""The tsumego frame: confines a whole-board search to a life-and-death problem.

A problem sits in a corner or on a side of an otherwise empty 19x19 board. A search
with area scoring would spend its playouts on the empty board, so the rest of the
board is filled (the practice of GNU Go's regression suites and of the frames
LizGoban and KaTrain build for KataGo), with no change to the search:

1. **Region.** The bounding box of the stones, with each side within ``edge_snap``
   lines of the board edge moved onto the edge, grown by ``margin`` lines; the box's
   sides (not on the edge) carry a solid **wall** of the attacker's stones. The
   points strictly inside the wall are the problem region (its stones plus
   ``margin - 1`` empty lines around them).
2. **Attacker.** The colour whose stones lie nearer the open sides of the box (the
   wall) on average; the defender's stones sit deeper, against the edge.
3. **Outside.** The points outside the wall, ordered by their distance to the box,
   are split: the nearest go to the attacker (touching its wall), the farthest to
   the defender, so that both sides hold about the same area. Each colour's area is
   solid stones with ``eyes`` true single-point eyes, so both frame groups are
   unconditionally alive and the playouts have almost nothing to fill outside.
4. **Komi.** Set so that the attacker wins by ``win_margin`` points when it owns
   the whole region (the defender dead), so the defender wins when it keeps
   ``win_margin / 2`` points or more of the region alive (any living group does):
   the final score decides life or death.

The frame does not add ko threats (LizGoban's frame does), so ko answers are judged
as unconditional life or death.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IgoError
from igo.tsumego.problems import Problem


class FrameError(IgoError, ValueError):
    """A problem that no frame fits (too large for the board, or no room for eyes)."""


@dataclass(frozen=True)
class FrameConfig:
    """Parameters of :func:`build_frame`.

    Attributes
    ----------
    margin : int
        Lines from the stones' bounding box to the wall (2: one empty line between).
    edge_snap : int
        A box side this close to the edge is put on the edge (no wall there).
    eyes : int
        True eyes of each colour's outside area (at least 2).
    win_margin : float
        The attacker's winning margin when it owns the whole region (half-integer,
        so that no game is a draw).
    """

    margin: int = 2
    edge_snap: int = 2
    eyes: int = 4
    win_margin: float = 4.5

    def __post_init__(self) -> None:
        if self.margin < 1 or self.edge_snap < 0:
            raise ValueError("margin must be >= 1 and edge_snap >= 0")
        if self.eyes < 2:
            raise ValueError(f"eyes must be at least 2, got {self.eyes}")
        if self.win_margin <= 0 or (2 * self.win_margin) % 2 != 1:
            raise ValueError(f"win_margin must be a positive half-integer, got {self.win_margin}")


@dataclass(frozen=True)
class Frame:
    """A framed problem, ready to search.

    Attributes
    ----------
    board : Board
        The whole board: the problem's stones, the wall and the outside areas, with
        the colour to play set.
    komi : float
        Komi that makes the problem's outcome decide the game.
    attacker : Color
        The colour that owns the wall.
    region : frozenset of Point
        Points inside the wall (the problem).
    wall : frozenset of Point
        The wall (attacker stones).
    eyes : dict
        The eyes left in each colour's outside area.
    """

    board: Board
    komi: float
    attacker: Color
    region: frozenset[Point]
    wall: frozenset[Point]
    eyes: dict[Color, tuple[Point, ...]]

    def diagram(self) -> str:
        """The framed board as text (``X`` black, ``O`` white)."""
        return str(self.board)


@dataclass(frozen=True)
class _Box:
    """Wall lines (``-1`` or ``size``: off the board, no wall on that side)."""

    top: int
    bottom: int
    left: int
    right: int

    def inside(self, r: int, c: int) -> bool:
        return self.top < r < self.bottom and self.left < c < self.right

    def on_wall(self, r: int, c: int) -> bool:
        within = self.top <= r <= self.bottom and self.left <= c <= self.right
        return within and not self.inside(r, c)

    def distance(self, r: int, c: int) -> int:
        """Chebyshev distance from the box (0 on the wall or inside)."""
        return max(self.top - r, r - self.bottom, self.left - c, c - self.right, 0)

    def open_sides(self, size: int) -> list[tuple[int, int]]:
        """(axis, line) of the sides that carry a wall; axis 0 rows, 1 columns."""
        sides = [(0, self.top), (0, self.bottom), (1, self.left), (1, self.right)]
        return [(a, k) for a, k in sides if 0 <= k < size]


def problem_box(stones: tuple[Point, ...], size: int, config: FrameConfig) -> _Box:
    """The wall lines around ``stones`` (the problems of Ohta & Itoh, section 4.3, sit in a
    corner or on a side)."""
    rows = [p.row for p in stones]
    cols = [p.col for p in stones]
    m, snap = config.margin, config.edge_snap

    def low(k: int) -> int:
        return -1 if k <= snap else k - m

    def high(k: int) -> int:
        return size if k >= size - 1 - snap else min(k + m, size)

    return _Box(low(min(rows)), high(max(rows)), low(min(cols)), high(max(cols)))


def guess_attacker(problem: Problem, box: _Box) -> Color:
    """The colour whose stones lie nearer the box's walls on average (ties, or no
    wall at all: the colour with more stones)."""
    sides = box.open_sides(problem.size)

    def mean_depth(stones: tuple[Point, ...]) -> float:
        if not stones or not sides:
            return float("inf")
        return float(np.mean([min(abs((p.row, p.col)[a] - k) for a, k in sides)
                              for p in stones]))

    db, dw = mean_depth(problem.black), mean_depth(problem.white)
    if db == dw:
        return Color.BLACK if len(problem.black) >= len(problem.white) else Color.WHITE
    return Color.BLACK if db < dw else Color.WHITE


def _outside_split(box: _Box, size: int, n_region: int) -> tuple[list[Point], list[Point]]:
    """Outside points nearest the box (attacker) and farthest (defender), about
    balancing the attacker's region-plus-area against the defender's area."""
    outside = [Point(r, c) for r in range(size) for c in range(size)
               if box.distance(r, c) > 0]
    outside.sort(key=lambda p: (box.distance(p.row, p.col), p.row, p.col))
    near = sum(1 for p in outside if box.distance(p.row, p.col) <= 3)
    n_att = min(max((len(outside) - n_region) // 2, near), len(outside))
    return outside[:n_att], outside[n_att:]


def _choose_eyes(area: list[Point], size: int, count: int) -> list[Point]:
    """Up to ``count`` points of ``area`` whose on-board 8 neighbours all lie in
    ``area`` and are not eyes (true eyes once the rest is filled)."""
    members = set(area)
    eyes: list[Point] = []
    taken: set[Point] = set()
    for p in area:
        if len(eyes) == count:
            break
        ring = [Point(p.row + dr, p.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and Point(p.row + dr, p.col + dc).on_board(size)]
        if p in taken or not all(q in members and q not in eyes for q in ring):
            continue
        eyes.append(p)
        taken.update(ring)
    return eyes


def _connected(points: set[Point]) -> bool:
    """True if ``points`` form one orthogonally connected set."""
    if not points:
        return True
    start = next(iter(points))
    seen = {start}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        for q in (Point(p.row - 1, p.col), Point(p.row + 1, p.col),
                  Point(p.row, p.col - 1), Point(p.row, p.col + 1)):
            if q in points and q not in seen:
                seen.add(q)
                todo.append(q)
    return len(seen) == len(points)


def build_frame(problem: Problem, config: FrameConfig | None = None) -> Frame:
    """Frame ``problem`` (see the module docstring).

    Raises
    ------
    FrameError
        If the attacker's outside area has no room for its eyes or its stones are
        not one connected group (the problem covers too much of the board).
    """
    config = config or FrameConfig()
    size = problem.size
    box = problem_box(problem.stones, size, config)
    attacker = guess_attacker(problem, box)
    region = frozenset(Point(r, c) for r in range(size) for c in range(size)
                       if box.inside(r, c))
    wall = frozenset(Point(r, c) for r in range(size) for c in range(size)
                     if box.on_wall(r, c))
    att_area, def_area = _outside_split(box, size, len(region) + len(wall))
    def_eyes = _choose_eyes(def_area, size, config.eyes)
    def_stones = set(def_area) - set(def_eyes)
    if len(def_eyes) < 2 or not _connected(def_stones):
        att_area, def_area, def_eyes, def_stones = att_area + def_area, [], [], set()
    att_eyes = _choose_eyes(att_area, size, config.eyes)
    att_stones = (set(att_area) - set(att_eyes)) | wall
    if len(att_eyes) < 2 or not _connected(att_stones):
        raise FrameError(f"problem {problem.source}: no room for a living frame "
                         f"around stones spanning {_span(problem)}")
    board = Board(size)
    stones = {attacker: att_stones, attacker.opponent: def_stones}
    board.setup(black=sorted(set(problem.black) | stones[Color.BLACK]),
                white=sorted(set(problem.white) | stones[Color.WHITE]))
    board.to_play = problem.to_play
    komi = frame_komi(attacker, len(region) + len(wall) + len(att_area), len(def_area),
                      config.win_margin)
    return Frame(board, komi, attacker, region, wall,
                 {attacker: tuple(att_eyes), attacker.opponent: tuple(def_eyes)})


def frame_komi(attacker: Color, attacker_total: int, defender_total: int,
               win_margin: float) -> float:
    """Komi (Black's area minus White's minus komi = Black's margin) with which the
    attacker wins by exactly ``win_margin`` when it owns ``attacker_total`` points
    and the defender ``defender_total``."""
    diff = attacker_total - defender_total
    return float(diff - win_margin) if attacker is Color.BLACK else float(win_margin - diff)


def _span(problem: Problem) -> str:
    rows = [p.row for p in problem.stones]
    cols = [p.col for p in problem.stones]
    return f"rows {min(rows)}-{max(rows)}, columns {min(cols)}-{max(cols)}"
