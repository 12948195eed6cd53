"""A plain-Python UCT (paper 001, section 2) over the reference rules engine: the slow,
obviously correct oracle of :mod:`igo.search._kernels` on small boards.

- :func:`flat_uct`: UCB1 over the root moves only (no expansion below the root); each
  root move's win rate under light playouts is a property of the position alone, so
  the kernel and this oracle must agree within sampling error.
- :func:`uct`: the whole tree of the ``paper`` preset (expansion after a threshold,
  UCB1 at every level, backup for each node's mover); ``tests/search/
  test_reference_tree.py`` compares statistics of whole searches over seeds.
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


# --------------------------------------------------------------------------------------
# The full tree of the ``paper`` preset


@dataclass
class TreeNode:
    """A position of the tree: the ``move`` that led to it, played by ``mover``;
    ``visits``/``wins`` count the iterations through it, wins for ``mover``.
    ``children`` is ``None`` until the node is expanded; ``passes`` is the number of
    passes in a row that ended with ``move``."""

    move: Coord | None
    mover: int
    passes: int = 0
    visits: int = 0
    wins: float = 0.0
    children: list[TreeNode] | None = None

    def nodes(self) -> list[TreeNode]:
        """This node and every node below it."""
        out = [self]
        for ch in self.children or ():
            out.extend(ch.nodes())
        return out


def tree_children(board: RefBoard, color: int, passes: int) -> list[TreeNode]:
    """The children an expansion gives a position with ``color`` to move: one per legal
    move that does not fill one of ``color``'s eyes, row-major, then the pass."""
    moves: list[Coord | None] = sorted(board.sensible_set(color))
    moves.append(None)
    return [TreeNode(m, color, passes + 1 if m is None else 0) for m in moves]


def ucb1(child: TreeNode, parent_visits: int, c: float) -> float:
    """UCB1 value of ``child`` for the player to move at its parent: its mean plus
    ``c * sqrt(ln(N + 1) / n)``, where ``N`` counts the parent's earlier iterations
    (its visits as a leaf included) and the ``+ 1`` the one under way; an unvisited
    child comes before every visited one."""
    if child.visits == 0:
        return math.inf
    return (child.wins / child.visits
            + c * math.sqrt(math.log(parent_visits + 1) / child.visits))


def uct(board: RefBoard, color: int, komi: float, iterations: int, rng: random.Random,
        expand_threshold: int, c: float = math.sqrt(2.0), root_passes: int = 0,
        backup: str = "alternate") -> TreeNode:
    """UCT as the ``paper`` preset runs it (paper 001, section 2); returns the root.

    The root (``color`` to move on ``board``, after ``root_passes`` passes in a row)
    is expanded before the first iteration. Each iteration:

    1. *Selection*: from the root, go to the child of highest :func:`ucb1` (the first
       in the family's order among equals, so unvisited children are tried in order)
       until a node without children, or until a second pass in a row.
    2. *Expansion*: a node without children that has been visited
       ``expand_threshold`` times gets :func:`tree_children` and the descent goes on.
    3. *Playout*: one :func:`light_playout` from the node reached, its player to
       move; after two passes in a row in the tree, the position is scored as it
       stands instead. Black's result ``z`` is 1, 0.5 for a draw, 0.
    4. *Backup*: every node of the path, root included, gets a visit and ``z`` as a
       win for its mover (``1 - z`` when the mover is White).

    ``backup="same"`` (credit every node with the result of ``color``, the player to
    move at the root) and ``"flipped"`` (credit each node with its mover's
    opponent's result) are deliberately wrong backups, to show that the comparisons
    of the tests notice them. The board should have simple ko (as the kernel's tree
    and playouts do).
    """
    if backup not in ("alternate", "same", "flipped"):
        raise ValueError(f"unknown backup {backup!r}")
    root = TreeNode(None, opponent(color), root_passes)
    root.children = tree_children(board, color, root_passes)
    for _ in range(iterations):
        b = board.copy()
        node = root
        path = [root]
        to_move = color
        while node.passes < 2:
            if node.children is None:
                if node.visits < expand_threshold:
                    break
                node.children = tree_children(b, to_move, node.passes)
            node = max(node.children, key=lambda ch, n=node.visits: ucb1(ch, n, c))
            b.play(to_move, node.move)
            path.append(node)
            to_move = opponent(to_move)
        if node.passes >= 2:
            lead = b.area_score(komi)
            z = 1.0 if lead > 0 else (0.5 if lead == 0 else 0.0)
        else:
            z = light_playout(b, to_move, rng, komi)
        for n in path:
            credited = {"alternate": n.mover, "same": color,
                        "flipped": opponent(n.mover)}[backup]
            n.visits += 1
            n.wins += z if credited == BLACK else 1.0 - z
    return root
