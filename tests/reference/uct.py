"""A plain-Python UCT (paper 001, section 2) over the reference rules engine: the slow,
obviously correct oracle of :mod:`igo.search._kernels` on small boards.

Flat Monte-Carlo statistics of the root moves (no expansion below the root) are what
the tests compare: each root move's win rate under light playouts is a property of
the position alone, so the kernel and this oracle must agree within sampling error.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from reference.rules import BLACK, RefBoard, opponent

Coord = tuple[int, int]


def light_playout(board: RefBoard, color: int, rng: random.Random, komi: float) -> float:
    """1.0 if Black wins a uniformly random, eye-avoiding playout from ``board``, 0.5
    for a draw, else 0.0."""
    b = board.copy()
    passes = 0
    c = color
    moves = 0
    while passes < 2 and moves < 3 * b.size * b.size + 20:
        options = sorted(b.sensible_set(c))
        if options:
            b.play(c, rng.choice(options))
            passes = 0
        else:
            b.play(c, None)
            passes += 1
        c = opponent(c)
        moves += 1
    lead = b.area_score(komi)
    return 1.0 if lead > 0 else (0.5 if lead == 0 else 0.0)


@dataclass
class Node:
    """Visits and wins for the player who moved into the node."""

    move: Coord | None
    visits: int = 0
    wins: float = 0.0
    children: list[Node] = field(default_factory=list)


def flat_uct(board: RefBoard, color: int, komi: float, iterations: int,
             rng: random.Random, c: float = math.sqrt(2.0)) -> dict[Coord | None, Node]:
    """UCB1 over the root moves (legal, not own eyes, plus pass), one light playout
    per iteration; returns the root children by move."""
    moves: list[Coord | None] = sorted(p for p in board.legal_set(color)
                                       if not board.is_eye(p, color))
    children = [Node(m) for m in [*moves, None]]
    for total in range(iterations):
        best = max(children, key=lambda n: math.inf if n.visits == 0 else
                   n.wins / n.visits + c * math.sqrt(math.log(total) / n.visits))
        b = board.copy()
        b.play(color, best.move)
        z = light_playout(b, opponent(color), rng, komi)
        best.visits += 1
        best.wins += z if color == BLACK else 1.0 - z
    return {n.move: n for n in children}
