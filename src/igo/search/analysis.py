"""Reading a search for analysis: per-move principal variations, lower confidence
bounds and the position's ownership and score, as GUIs show them.

The search (:class:`~igo.search.Search`) sums root statistics over its trees
(:meth:`~igo.search.Search.result`); this module reads the trees for the rest:

- :func:`move_pv`: the principal variation that starts with a given root move, read
  in the tree where that move has the most visits (most visited child, repeatedly),
  with the visits of each node on it;
- :func:`lcb`: the lower confidence bound of a win rate, the Wilson score bound of the
  binomial playout outcomes (Leela Zero's ``lcb`` field; the plain normal approximation
  ``p - z sqrt(p (1 - p) / n)`` would give a move won in all of its 7 playouts a bound of
  1, above a well-explored best move, in the GUIs that sort by it; 0 below two visits);
- :func:`score_lead`: the mean area score of the playouts for the player to move,
  ``sum(ownership) - komi`` from Black's side (the playouts' winner is decided by
  exactly that sum, so this is the mean of the scores the search saw);
- :func:`analyze_moves`: everything a GUI line needs, one :class:`MoveAnalysis` per
  root move, best first.

>>> from igo.core import Board
>>> from igo.search import Search, preset
>>> s = Search(Board(5), komi=0.5, config=preset("paper"), seed=3)
>>> moves = analyze_moves(s, s.run(playouts=300))
>>> moves[0].order, moves[0].pv[0] == moves[0].move
(0, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from igo.core.color import Color
from igo.core.coords import Point
from igo.search.search import Search, SearchResult
from igo.search.tree import Tree, children

#: Normal quantile of the lower confidence bound (one-sided 97.5 %).
LCB_Z = 1.96

#: Longest principal variation read from a tree.
PV_LENGTH = 15


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    """One root move as analysis commands report it.

    Attributes
    ----------
    move
        The move (``None`` = pass).
    visits
        Visits summed over the trees.
    winrate, lcb
        Win rate of the move for the player to move and its lower confidence bound.
    prior
        The move model's prior probability (0 when the search uses none).
    order
        Rank, 0 = best.
    pv, pv_visits
        Principal variation starting with ``move`` and the visits of its nodes.
    """

    move: Point | None
    visits: int
    winrate: float
    lcb: float
    prior: float
    order: int
    pv: tuple[Point | None, ...]
    pv_visits: tuple[int, ...]


def lcb(winrate: float, visits: int, z: float = LCB_Z) -> float:
    """Lower confidence bound of a win rate seen over ``visits`` playouts, in [0, 1]:
    the Wilson score interval's lower end (0 below two visits)."""
    if visits < 2:
        return 0.0
    p = min(max(winrate, 0.0), 1.0)
    n, z2 = float(visits), z * z
    centre = p + z2 / (2.0 * n)
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    return max(0.0, (centre - half) / (1.0 + z2 / n))


def _decode(code: int, size: int) -> Point | None:
    w = size + 2
    return None if code == 0 else Point(code // w - 1, code % w - 1)


def _encode(move: Point | None, size: int) -> int:
    return 0 if move is None else (move[0] + 1) * (size + 2) + move[1] + 1


def _root_child(t: Tree, code: int) -> int:
    for i in children(t, 0):
        if int(t.move[i]) == code:
            return i
    return -1


def _descend(t: Tree, node: int, size: int, max_len: int
             ) -> tuple[list[Point | None], list[int]]:
    moves: list[Point | None] = [_decode(int(t.move[node]), size)]
    visits = [int(t.N[node])]
    while len(moves) < max_len:
        kids = children(t, node)
        if not kids:
            break
        best = max(kids, key=lambda i: (t.N[i], t.W[i]))
        if t.N[best] <= 0:
            break
        node = best
        moves.append(_decode(int(t.move[node]), size))
        visits.append(int(t.N[node]))
    return moves, visits


def move_pv(search: Search, move: Point | None, max_len: int = PV_LENGTH
            ) -> tuple[tuple[Point | None, ...], tuple[int, ...]]:
    """Principal variation starting with root move ``move`` and the visits of each of
    its nodes, read in the tree where ``move`` has the most visits; ``((move,),
    (0,))`` when no tree has visited it."""
    code = _encode(move, search.size)
    best_tree, best_node, best_n = None, -1, 0.0
    for t in search.trees():
        i = _root_child(t, code)
        if i >= 0 and t.N[i] > best_n:
            best_tree, best_node, best_n = t, i, float(t.N[i])
    if best_tree is None:
        return (move,), (0,)
    moves, visits = _descend(best_tree, best_node, search.size, max(1, max_len))
    return tuple(moves), tuple(visits)


def score_lead(search: Search) -> float:
    """Mean area score of the search's playouts for the player to move (points ahead,
    komi included)."""
    black = float(np.sum(search.ownership())) - search.komi
    return black if search.color() is Color.BLACK else -black


def root_winrate(result: SearchResult) -> float:
    """Win rate of the root for the player to move: the visit-weighted mean of its
    moves (0.5 before any visit)."""
    n = sum(m.visits for m in result.moves)
    if n == 0:
        return 0.5
    return sum(m.winrate * m.visits for m in result.moves) / n


def analyze_moves(search: Search, result: SearchResult, *, min_moves: int = 0,
                  max_moves: int | None = None, pv_length: int = PV_LENGTH
                  ) -> list[MoveAnalysis]:
    """The root moves of ``result`` as :class:`MoveAnalysis`, most visited first.

    Moves without visits are left out unless needed to reach ``min_moves``;
    ``max_moves`` caps the list."""
    out: list[MoveAnalysis] = []
    for stats in result.moves:
        if stats.visits == 0 and len(out) >= min_moves:
            continue
        if max_moves is not None and len(out) >= max_moves:
            break
        pv, pv_visits = move_pv(search, stats.move, pv_length)
        out.append(MoveAnalysis(stats.move, stats.visits, stats.winrate,
                                lcb(stats.winrate, stats.visits), stats.prior, len(out),
                                pv, pv_visits))
    return out


__all__ = [
    "LCB_Z",
    "PV_LENGTH",
    "MoveAnalysis",
    "analyze_moves",
    "lcb",
    "move_pv",
    "root_winrate",
    "score_lead",
]
