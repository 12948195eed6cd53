"""The kernel search of the ``paper`` preset against the plain-Python full-tree UCT of
:func:`reference.uct.uct`: expansion below the root, backup through many levels and
UCB1 deep in the tree.

Both searches draw their own random numbers, so no single run can be compared move by
move. What the tests compare are statistics of a whole search that are properties of
the algorithm (their distribution over seeds is the same for any correct
implementation): the root win rate, the visit shares of the root moves, the number of
expanded nodes, how deep the iterations go (the share of iterations that reach each
depth, and the mean depth) and how many end with two passes in the tree. Each is
averaged over several seeds of each implementation; see :func:`_mismatches` for the
tolerance. The positions are 5x5 endgames, so that 1,000 iterations with a small
expansion threshold build trees 5 to 6 moves deep on average, which the slow oracle
can afford.

The exact properties of the tree (families, visit and win sums, order of the first
visits, counters) are checked on single trees of both implementations.
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import PAPER, Search, SearchConfig
from igo.search.tree import BANNED
from reference.rules import BLACK, RefBoard, opponent
from reference.uct import TreeNode, tree_children, uct

EXPAND = 3  # paper's 100 is too late to grow a deep tree in a few thousand iterations
ITERATIONS = 1000
KERNEL_SEEDS = range(1000, 1040)  # the kernel is fast: many runs estimate the spread
REF_SEEDS = range(8)  # the oracle takes about 1 s of CPU per run of 1,000 iterations
Z = 4.5
#: Smallest spread assumed for a statistic: rates are counts of 1,000 iterations and
#: node counts are integers, so a spread below these would be rounding, not chance.
FLOOR = {"rate": 0.003, "nodes": 1.0, "depth": 0.01}


@dataclass(frozen=True)
class Case:
    """A position: rows from the top, ``X`` Black, ``O`` White."""

    name: str
    diagram: str
    to_play: int
    komi: float

    def stones(self, color: str) -> list[tuple[int, int]]:
        rows = self.diagram.split()
        return [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == color]

    def boards(self) -> tuple[Board, RefBoard]:
        """The kernel's board (White to move set when needed) and the oracle's, which
        has simple ko, as the kernel's tree and playouts do."""
        black, white = self.stones("X"), self.stones("O")
        b = Board(len(self.diagram.split()))
        b.setup(black=[Point(*p) for p in black], white=[Point(*p) for p in white])
        b.to_play = Color(self.to_play)
        r = RefBoard(b.size, ko="simple")
        r.setup(black=black, white=white)
        return b, r


CASES = [
    # Black to move; White's group on top is short of eyes: the tree finds a win
    # (0.88) that flat Monte Carlo rates at 0.71.
    Case("black", """
        XO.OO
        .OOO.
        O.X.O
        X.XXX
        .X.X.""", BLACK, 0.5),
    # White to move, an integer komi (draws count half); most iterations end with two
    # passes in the tree.
    Case("white", """
        .O.XX
        XOOX.
        OO.XX
        OO.X.
        .OXXX""", 2, 1.0),
]
CASE_IDS = [c.name for c in CASES]


def _config(expand: int = EXPAND) -> SearchConfig:
    return PAPER.with_options(expand_threshold=expand, tree_capacity=20_000)


# ---------------------------------------------------------------------- the two trees


def _kernel_tree(s: Search) -> TreeNode:
    """The kernel's tree as the oracle's nodes (movers and passes filled in)."""
    t = s.workers[0].tree
    w = s.size + 2

    def build(i: int, mover: int, passes: int) -> TreeNode:
        assert t.N[i] == int(t.N[i]) and not t.flags[i] & BANNED
        m = int(t.move[i])
        node = TreeNode(None if i == 0 or m == 0 else (m // w - 1, m % w - 1), mover,
                        passes, int(t.N[i]), float(t.W[i]))
        f = int(t.first[i])
        if f >= 0:
            node.children = [build(j, opponent(mover), passes + 1 if t.move[j] == 0 else 0)
                             for j in range(f, f + int(t.nch[i]))]
        return node

    return build(0, opponent(int(s.color())), 0)


@functools.cache
def _kernel_runs(name: str) -> tuple[tuple[TreeNode, dict[str, int]], ...]:
    case = next(c for c in CASES if c.name == name)
    out = []
    for seed in KERNEL_SEEDS:
        board, _ = case.boards()
        s = Search(board, komi=case.komi, config=_config(), seed=seed)
        r = s.run(playouts=ITERATIONS)
        out.append((_kernel_tree(s), r.stats))
    return tuple(out)


@functools.cache
def _reference_runs(name: str, backup: str = "alternate", expand: int = EXPAND,
                    seeds: int = len(REF_SEEDS)) -> tuple[TreeNode, ...]:
    case = next(c for c in CASES if c.name == name)
    _, ref = case.boards()
    return tuple(uct(ref, case.to_play, case.komi, ITERATIONS, random.Random(seed), expand,
                     backup=backup) for seed in REF_SEEDS[:seeds])


# ---------------------------------------------------------------------- statistics


def _depths(root: TreeNode) -> list[tuple[int, TreeNode]]:
    out = []
    todo = [(0, root)]
    while todo:
        d, n = todo.pop()
        out.append((d, n))
        todo.extend((d + 1, ch) for ch in n.children or ())
    return out


def _summary(root: TreeNode) -> dict[str, float]:
    """Statistics of one search (keys name a kind of :data:`FLOOR` first)."""
    n = root.visits
    nodes = _depths(root)
    children = root.children or []
    out = {"rate: root win rate": sum(ch.wins for ch in children) / n,
           "nodes: expanded": float(sum(x.children is not None for _, x in nodes)),
           "depth: mean": sum(x.visits for d, x in nodes if d > 0) / n,
           "rate: two passes in the tree": sum(x.visits for _, x in nodes if x.passes >= 2) / n}
    for d in range(2, 9):
        out[f"rate: reach depth {d}"] = sum(x.visits for k, x in nodes if k == d) / n
    for ch in children:
        out[f"rate: share of {ch.move}"] = ch.visits / n
    return out


def _samples(roots: list[TreeNode]) -> dict[str, np.ndarray]:
    rows = [_summary(r) for r in roots]
    keys = sorted({k for row in rows for k in row})
    return {k: np.array([row.get(k, 0.0) for row in rows]) for k in keys}


def _mismatches(kernel: dict[str, np.ndarray], ref: dict[str, np.ndarray]) -> list[str]:
    """The statistics whose means differ by more than ``Z`` standard errors.

    Under the hypothesis that both implement the same algorithm, a statistic has the
    same distribution in both, so the spread ``sd`` of the kernel's 40 runs stands
    for both and the difference of the means has the standard error
    ``sd * sqrt(1/R + 1/K)`` (R = 8 oracle runs, K = 40 kernel runs; with 24 oracle
    runs the spreads of the two agreed within 40 %). At ``Z = 4.5`` a normal
    difference exceeds it with probability 7e-6; with about 30 statistics (strongly
    correlated: the depth profile moves as one), an estimated spread and means of
    only 8 runs, the margin leaves room for tails heavier than the normal. The
    largest ``|z|`` seen with these seeds is about 2.5. Compared: the statistics
    listed by :func:`_summary`, root moves that take at least 5 % of the kernel's
    visits, depths that at least 5 % of its iterations reach.
    """
    bad = []
    for key, ks in kernel.items():
        if key.startswith("rate: ") and "win rate" not in key and "passes" not in key \
                and ks.mean() < 0.05:
            continue
        rs = ref.get(key, np.zeros(1))
        sd = max(float(ks.std(ddof=1)), FLOOR[key.split(":")[0]])
        se = sd * math.sqrt(1.0 / len(rs) + 1.0 / len(ks))
        diff = float(rs.mean() - ks.mean())
        if abs(diff) > Z * se:
            bad.append(f"{key}: oracle {rs.mean():.4f}, kernel {ks.mean():.4f} "
                       f"(z = {diff / se:.1f})")
    return bad


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_tree_statistics_match_the_reference(case: Case) -> None:
    kernel = _samples([t for t, _ in _kernel_runs(case.name)])
    ref = _samples(list(_reference_runs(case.name)))
    assert kernel["depth: mean"].mean() > 4.0  # the tree is deep enough to test
    assert _mismatches(kernel, ref) == []


@pytest.mark.parametrize(("backup", "expand"), [("same", EXPAND), ("flipped", EXPAND),
                                                ("alternate", EXPAND + 1)],
                         ids=["backup-without-alternation", "backup-for-the-opponent",
                              "expansion-one-visit-late"])
def test_the_comparison_rejects_a_broken_search(backup: str, expand: int) -> None:
    """Oracles with a plausible kernel bug (one run each) fail the comparison:
    credits for the root player at every level (the opponent then helps the root
    player), credits for each node's opponent, and expansion one visit late."""
    kernel = _samples([t for t, _ in _kernel_runs("black")])
    broken = _samples(list(_reference_runs("black", backup, expand, seeds=1)))
    assert _mismatches(kernel, broken) != []


# ---------------------------------------------------------------------- exact properties


def _check_tree(root: TreeNode, board: RefBoard, to_play: int, expand: int) -> None:
    """Exact properties of a tree of the ``paper`` preset (raises AssertionError):

    - each expanded node's family is :func:`reference.uct.tree_children` of its
      position (legal moves that fill no own eye, row-major, then the pass);
      a node after two passes is never expanded;
    - a node other than the root is expanded exactly when it had ``expand`` visits as
      a leaf: then its visits are ``expand`` plus its children's, else at most
      ``expand``; the root's are its children's;
    - a node's wins are those of its children seen from the other side, plus
      between 0 and ``expand`` (its own playouts as a leaf); every win count is a
      multiple of 0.5 between 0 and the visits;
    - the visited children of a node come first in its family (unvisited ones are
      tried in order).
    """
    todo = [(root, board, to_play)]
    while todo:
        node, b, color = todo.pop()
        assert 0.0 <= node.wins <= node.visits and (2 * node.wins).is_integer()
        if node.children is None:
            assert node is not root
            assert node.visits <= expand or node.passes >= 2
            continue
        assert node.passes < 2
        expected = tree_children(b, color, node.passes)
        assert [c.move for c in node.children] == [c.move for c in expected]
        assert all(c.mover == color and c.passes == e.passes
                   for c, e in zip(node.children, expected, strict=True))
        leaf_visits = 0 if node is root else expand
        assert node.visits == leaf_visits + sum(c.visits for c in node.children)
        leaf_wins = node.wins - sum(c.visits - c.wins for c in node.children)
        assert -1e-9 <= leaf_wins <= leaf_visits + 1e-9, (node.move, leaf_wins)
        visited = [c.visits > 0 for c in node.children]
        assert visited == sorted(visited, reverse=True)
        for c in node.children:
            if c.visits == 0:
                assert c.children is None and c.wins == 0.0
            else:
                bc = b.copy()
                bc.play(color, c.move)
                todo.append((c, bc, opponent(color)))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_trees_have_the_exact_properties(case: Case) -> None:
    """:func:`_check_tree` on kernel and oracle trees; the kernel's counters agree
    with its tree (the root's expansion, made before the search, is counted)."""
    _, ref = case.boards()
    for tree, stats in _kernel_runs(case.name)[:3]:
        _check_tree(tree, ref, case.to_play, EXPAND)
        nodes = tree.nodes()
        terminal = sum(x.visits for x in nodes if x.passes >= 2)
        assert stats["iter"] == tree.visits == ITERATIONS
        assert stats["terminal"] == terminal
        assert stats["playouts"] == ITERATIONS - terminal
        assert stats["expansions"] == sum(x.children is not None for x in nodes)
    _check_tree(_reference_runs(case.name)[0], ref, case.to_play, EXPAND)


def test_the_exact_properties_reject_a_backup_without_alternation() -> None:
    """(Credits for each node's opponent keep the sums consistent: only the statistics
    above catch that one.)"""
    _, ref = CASES[0].boards()
    with pytest.raises(AssertionError):
        _check_tree(_reference_runs("black", "same", EXPAND, seeds=1)[0], ref, BLACK, EXPAND)
