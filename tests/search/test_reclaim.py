"""The memory-bounded tree: :func:`igo.search._tree_kernels.compact` against a plain
Python rule, and searches whose pool fills within a second (a 4 MB budget) that go on
expanding, with one thread and with two sharing the tree."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.search import STRONG, Search
from igo.search import _tree_kernels as TK
from igo.search.tree import CLAIMED, PRUNED, T_USED, Tree, children, new_tree


def _nodes(t: Tree, root: int = 0) -> list[int]:
    """The nodes of the subtree under ``root``, breadth first."""
    out = [root]
    for n in out:
        out.extend(children(t, n))
    return out


def _reference_keep(t: Tree, root: int, keep: int) -> set[int]:
    """The nodes of ``t`` that :func:`TK.compact` keeps, by its rule written plainly:
    the root, the families along the principal variation, and those of the other
    expanded nodes, most visited first, while they fit in ``keep`` (ties at the boundary
    dropped together)."""
    line = []
    node = root
    while t.first[node] >= 0:
        line.append(node)
        best = max(children(t, node), key=lambda i: (t.N[i], t.W[i]))
        if t.N[best] <= 0:
            break
        node = best
    expanded = [n for n in _nodes(t, root) if t.first[n] >= 0]
    total = 1 + sum(int(t.nch[n]) for n in expanded)
    tau = -1.0
    if total > keep:
        acc = 1 + sum(int(t.nch[n]) for n in line)
        for n in sorted(expanded, key=lambda n: -t.N[n]):
            if n in line:
                continue
            if acc + int(t.nch[n]) > keep:
                tau = float(t.N[n])
                break
            acc += int(t.nch[n])
    kept = {root}
    for n in _nodes(t, root):
        if n in kept and t.first[n] >= 0 and (t.N[n] > tau or n in line):
            kept.update(children(t, n))
    return kept


@functools.cache
def _searched(seed: int, playouts: int = 4000) -> Search:
    """A searched tree, made once a process (the tests only read it)."""
    s = Search(Board(9), komi=7.0, config=STRONG.with_options(tree_capacity=200_000),
               seed=seed)
    s.run(playouts=playouts)
    return s


@pytest.mark.parametrize("keep", [1500, 5000, 20_000, 10**7])
def test_compact_keeps_the_most_visited_families(keep: int) -> None:
    s = _searched(1)
    src = s.trees()[0]
    want = _reference_keep(src, 0, keep)
    dst = new_tree(200_000)
    used = TK.compact(src, 0, dst, keep)
    assert used == len(want) <= keep
    assert int(dst.meta[T_USED]) == used
    # the copy is the same tree, cut: walk both together
    pairs = [(0, 0)]
    for s_node, d_node in pairs:
        assert s_node in want
        for name in ("move", "N", "W", "RN", "RW", "P", "PR"):
            assert getattr(dst, name)[d_node] == getattr(src, name)[s_node], name
        kids_src = list(children(src, s_node))
        kids_dst = list(children(dst, d_node))
        if kids_dst:
            assert len(kids_dst) == len(kids_src) and dst.flags[d_node] & CLAIMED
            assert not dst.flags[d_node] & PRUNED
            assert all(int(dst.parent[i]) == d_node for i in kids_dst)
            pairs.extend(zip(kids_src, kids_dst, strict=True))
        else:
            assert not any(k in want for k in kids_src)
            assert bool(dst.flags[d_node] & PRUNED) == bool(kids_src)
            assert not dst.flags[d_node] & CLAIMED
    assert len(pairs) == used


def test_compact_of_a_subtree_and_the_next_moves_tree() -> None:
    """Between moves, the subtree of the move played is kept (at most ``keep`` nodes)."""
    s = _searched(2)
    src = s.trees()[0]
    child = max(children(src, 0), key=lambda i: src.N[i])
    dst = new_tree(200_000)
    used = TK.compact(src, child, dst, 10**7)
    assert used == len(_nodes(src, child)) and dst.N[0] == src.N[child]
    assert used == len(_reference_keep(src, child, 10**7))
    assert TK.compact(src, child, dst, 1500) == len(_reference_keep(src, child, 1500))


def _unexpanded_over_threshold(t: Tree, threshold: int) -> list[int]:
    """Leaves with more visits than the expansion threshold that no reclaim cut."""
    return [n for n in _nodes(t) if t.first[n] < 0 and t.N[n] > threshold
            and not t.flags[n] & PRUNED]


def _best_child(t: Tree) -> int:
    return max(children(t, 0), key=lambda i: t.N[i])


def _depth_visited(t: Tree, visits: float) -> int:
    """How deep the tree's nodes with at least ``visits`` visits reach (the root: 0)."""
    deepest = 0
    stack = [(0, 0)]
    while stack:
        node, depth = stack.pop()
        if t.N[node] >= visits:
            deepest = max(deepest, depth)
            stack.extend((c, depth + 1) for c in children(t, node))
    return deepest


@pytest.mark.parametrize("threads", [1, 2])
def test_a_tiny_budget_fills_and_the_search_goes_on_deepening(threads: int) -> None:
    """With ``max_tree_mb=4`` (30,393 nodes a pool) the tree fills within a second on
    9x9; the search reclaims and goes on: the expansions go on, the best move's
    subtree gains visits, the nodes with 300 visits reach deeper than when the tree
    first filled (the principal variation is never under 4 moves), and no leaf holds
    more visits than the threshold unless a reclaim cut its children (it is expanded at
    its next visit)."""
    cfg = STRONG.with_options(max_tree_mb=4, threads=threads)
    s = Search(Board(9), komi=7.0, config=cfg, seed=5)
    cap = s.trees()[0].first.shape[0]
    # steps of 500 playouts, so that the tree is measured close to when it first fills
    # (after 2,000 on seeds 1-8): after the first 3,000 with two threads it had already
    # reached 5 moves of 300-visit nodes on some interleavings (CI, 2026-12-07)
    r = s.run(playouts=500)
    while r.stats["reclaims"] == 0:
        r = s.run(playouts=500)
    first = r
    t = s.trees()[0]
    best_then = float(t.N[_best_child(t)])
    deep_then = _depth_visited(t, 300)
    pvs = []
    for _ in range(15):
        r = s.run(playouts=3000)
        pvs.append(len(s.pv(40)))
    t = s.trees()[0]
    assert r.stats["reclaims"] >= first.stats["reclaims"] + 5
    assert r.stats["expansions"] > first.stats["expansions"] + 4 * cap // 100
    assert r.stats["overdue"] == 0
    assert int(t.meta[T_USED]) <= cap
    # the best move's subtree takes a good share of the 45,000 playouts. With two threads
    # on a loaded machine two moves can share them: 12,020 and 8,703 seen in CI's full
    # suite, 10,948 to 26,723 over seeds 1-8 here (10,850 to the second move in the
    # lowest), so a ninth of them
    assert float(t.N[_best_child(t)]) > best_then + 5_000
    # the tree deepens where the visits go: 1-3 moves of 300-visit nodes when it first
    # fills, 6-8 after the 45,000 playouts (two threads, seeds 1-8, on one loaded core;
    # the pv's length, through nodes of one visit, is too noisy for this with two threads:
    # it changes with the best move of a node)
    assert _depth_visited(t, 300) >= max(deep_then + 2, 4), (deep_then, pvs)
    assert min(pvs) >= 4, pvs
    assert _unexpanded_over_threshold(t, cfg.selection.expand_threshold) == []
    # PRUNED leaves are expanded again when visited: some were, since the first reclaim
    assert r.stats["expansions"] - first.stats["expansions"] > r.stats["reclaims"]
    # whole visits (no virtual loss left behind by an abandoned iteration)
    used = int(t.meta[T_USED])
    assert float(np.max(t.N[:used] % 1.0)) == 0.0


def test_reclaims_between_moves_keep_the_subtree_bounded() -> None:
    cfg = STRONG.with_options(max_tree_mb=4)
    s = Search(Board(9), komi=7.0, config=cfg, seed=6)
    board = Board(9)
    for _ in range(3):
        r = s.run(playouts=6000)
        assert r.best is not None
        board.play(board.to_play, r.best.move)
        s.set_position(board)
        t = s.trees()[0]
        assert int(t.meta[T_USED]) <= s._tree_sets[0].keep
        assert t.N[0] > 0
    assert s.board.to_play is Color.WHITE


def test_a_pool_is_committed_as_it_fills() -> None:
    """A 1 GB budget costs a short search only the pages it writes."""
    statm = "/proc/self/statm"
    try:
        with open(statm) as f:
            f.read()
    except OSError:
        pytest.skip("no /proc/self/statm here")

    def rss() -> int:
        with open(statm) as f:
            return int(f.read().split()[1]) * 4096

    before = rss()
    s = Search(Board(9), komi=7.0, config=STRONG.with_options(max_tree_mb=1024), seed=7)
    s.run(playouts=500)
    assert s.result().stats["tree_bytes"] > 1000 * 2**20
    assert rss() - before < 100 * 2**20
