"""The search kernels against the plain-Python UCT of ``tests/reference/uct.py``, tree
invariants, subtree reuse, tactics, tabu statistics."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import PAPER, STRONG, Search
from igo.search import _kernels as SK
from igo.search.config import DEFAULT_TREE_MB_CAP, MB, default_tree_mb
from igo.search.tree import CLAIMED, NODE_BYTES, T_USED, Tree, children
from reference.rules import RefBoard
from reference.uct import flat_uct


def _position() -> tuple[Board, RefBoard]:
    """A 5x5 middle game where the moves differ in value."""
    black = [(1, 1), (1, 2), (2, 1), (3, 3)]
    white = [(2, 2), (2, 3), (3, 2), (1, 3)]
    b = Board(5)
    b.setup(black=[Point(*p) for p in black], white=[Point(*p) for p in white])
    r = RefBoard(5)
    r.setup(black=black, white=white)
    return b, r


@pytest.mark.slow
@pytest.mark.parametrize("komi", [0.5, 1.0], ids=["half", "integer"])
def test_flat_statistics_match_the_reference(komi: float) -> None:
    """Root win rates of light playouts agree with the oracle within sampling error
    (with an integer komi, draws count half a win on both sides)."""
    board, ref = _position()
    flat = PAPER.with_options(expand_threshold=10**9)
    s = Search(board, komi=komi, config=flat, seed=3)
    s.run(playouts=6000)
    ours = {m.move: m for m in s.result().moves}
    theirs = flat_uct(ref, 1, komi, 3000, random.Random(5))
    compared = 0
    for move, node in theirs.items():
        key = None if move is None else Point(*move)
        mine = ours[key]
        if node.visits < 150 or mine.visits < 150:
            continue
        p_ref = node.wins / node.visits
        se = math.sqrt(0.25 / node.visits + 0.25 / mine.visits)
        assert abs(mine.winrate - p_ref) < 4.5 * se, (move, mine.winrate, p_ref)
        compared += 1
    assert compared >= 3
    best_ref = max(theirs.values(), key=lambda n: n.visits).move
    assert ours[None if best_ref is None else Point(*best_ref)].visits >= 0.5 * max(
        m.visits for m in ours.values())


@pytest.mark.parametrize("config", [PAPER.with_options(expand_threshold=3), STRONG],
                         ids=["paper", "strong"])
def test_tree_invariants(config: object) -> None:
    """Every iteration passes through the root; a node's visits are its visits as a
    leaf (the expansion threshold) plus its children's."""
    s = Search(Board(7), komi=7.0, config=config, seed=1)  # type: ignore[arg-type]
    s.run(playouts=3000)
    t = s.workers[0].tree
    assert t.N[0] == 3000
    assert sum(t.N[i] for i in children(t, 0)) == 3000
    e = s.config.selection.expand_threshold
    checked = 0
    for n in range(1, int(t.meta[0])):
        if t.first[n] >= 0:
            assert t.N[n] == e + sum(t.N[i] for i in children(t, n))
            checked += 1
    assert checked > 10


def test_subtree_is_reused() -> None:
    b = Board(9)
    s = Search(b, komi=7.0, config=STRONG, seed=2)
    s.run(playouts=2000)
    best = s.result().best
    assert best is not None and best.move is not None
    b2 = b.copy()
    b2.play(Color.BLACK, best.move)
    s.set_position(b2)
    t = s.workers[0].tree
    assert t.N[0] == best.visits  # the child became the root, statistics kept
    assert s.result().playouts == 0  # counters start again
    s.run(playouts=500)
    assert t.N[0] == best.visits + 500 or s.workers[0].tree.N[0] == best.visits + 500


def test_tree_capacity_follows_the_memory_budget() -> None:
    """Two pools a tree, 69 bytes a node (85 with criticality); root parallelism splits
    the budget between its trees; ``tree_capacity`` overrides it; the machine's default
    is at most 2 GB and a quarter of its memory."""
    assert NODE_BYTES == 69 and STRONG.with_options(crit_rave=1.1).node_bytes == 85
    four = STRONG.with_options(max_tree_mb=4)
    assert four.capacity() == 4 * MB // (2 * 69) == 30_393
    root = four.with_options(threads=2, parallel="root")
    assert root.tree_count() == 2 and root.capacity(root.tree_count()) == 4 * MB // (4 * 69)
    shared = four.with_options(threads=2)
    assert shared.tree_count() == 1
    assert STRONG.with_options(tree_capacity=5000).capacity() == 5000
    assert 16 <= default_tree_mb() <= DEFAULT_TREE_MB_CAP
    assert STRONG.resources.tree_mb == default_tree_mb()
    s = Search(Board(7), komi=7.0, config=four, seed=3)
    assert s.workers[0].tree.N.shape[0] == 30_393
    assert s.result().stats["tree_bytes"] <= 4 * MB
    with pytest.raises(ValueError, match="tree_capacity"):
        STRONG.with_options(tree_capacity=500)
    with pytest.raises(ValueError, match="max_tree_mb"):
        STRONG.with_options(max_tree_mb=-1)
    with pytest.raises(ValueError, match="reclaim_keep"):
        STRONG.with_options(reclaim_keep=1.0)


def test_a_full_tree_is_reclaimed_and_keeps_expanding() -> None:
    s = Search(Board(9), komi=7.0, config=STRONG.with_options(tree_capacity=1000), seed=4)
    r = s.run(playouts=3000)
    t = s.workers[0].tree
    assert r.playouts == 3000 and t.N[0] == 3000
    assert t.meta[T_USED] <= 1000
    assert r.stats["reclaims"] > 0 and r.stats["abandoned"] == r.stats["reclaims"]
    assert r.stats["overdue"] == 0
    assert r.best is not None


def test_seeded_search_is_deterministic() -> None:
    a = Search(Board(9), komi=7.0, config=STRONG, seed=11).run(playouts=1500)
    b = Search(Board(9), komi=7.0, config=STRONG, seed=11).run(playouts=1500)
    assert [(m.move, m.visits) for m in a.moves] == [(m.move, m.visits) for m in b.moves]


def test_tabu_counts_attempts_and_lowers_repeats() -> None:
    """Tabu restarts playouts and lowers the share of repeated positions (Fig. 4)."""
    shares = {}
    for tabu in (0, 11):
        cfg = PAPER.with_options(tabu=tabu)
        s = Search(Board(9), komi=6.5, config=cfg, seed=5)
        for wk in s.workers:
            wk.count_repeats(20)
        r = s.run(playouts=20000)
        st = r.stats
        assert st["tries"] == st["playouts"] + st["restarts"]
        if tabu == 0:
            assert st["restarts"] == 0
        else:
            assert st["restarts"] > 0
        shares[tabu] = (st["repeat1"] / st["check1"], st["repeat2"] / st["check2"])
    assert shares[11][0] < shares[0][0]
    assert shares[11][1] < shares[0][1]


def test_ownership_is_a_probability_map() -> None:
    s = Search(Board(9), komi=7.0, config=STRONG, seed=1)
    s.run(playouts=500)
    own = s.ownership()
    assert own.shape == (9, 9)
    assert np.all(own <= 1.0) and np.all(own >= -1.0)


def test_limits_are_validated() -> None:
    s = Search(Board(9), komi=7.0, config=STRONG, seed=1)
    with pytest.raises(ValueError):
        s.run()
    with pytest.raises(ValueError):
        s.set_position(Board(13))


def test_counter_names_follow_the_kernel_indices() -> None:
    from igo.search import _kernels as K

    assert len(K.STAT_NAMES) == K.N_STATS
    for i, name in enumerate(K.STAT_NAMES):
        assert getattr(K, "S_" + name.upper()) == i


@pytest.mark.parametrize(("komi", "black_value"), [(0.0, 0.5), (-0.5, 1.0), (0.5, 0.0)])
def test_a_drawn_game_is_half_a_win(komi: float, black_value: float) -> None:
    """A board split two columns each with a dame column between: Black's area equals
    White's, so komi 0 is a draw, which the playouts score as 0.5."""

    b = Board(5)
    b.setup(black=[Point(r, c) for r in range(5) for c in (0, 1)],
            white=[Point(r, c) for r in range(5) for c in (3, 4)])
    s = Search(b, komi=komi, config=PAPER, seed=0)
    assert SK._score(b.state, komi, s.workers[0].x) == black_value


def _check_tree(t: Tree) -> None:
    """Children contiguous and inside the pool, parents right, no move twice in a family."""
    used = int(t.meta[T_USED])
    assert 1 <= used <= t.first.shape[0]
    for node in range(used):
        f, k = int(t.first[node]), int(t.nch[node])
        if f < 0:
            continue
        assert t.flags[node] & CLAIMED and f >= 1 and f + k <= used
        kids = range(f, f + k)
        assert all(int(t.parent[i]) == node for i in kids)
        moves = [int(t.move[i]) for i in kids]
        assert len(set(moves)) == k


@pytest.mark.parametrize("capacity", [0, 2000])
def test_threads_share_one_tree(capacity: int) -> None:
    """Tree parallelism: one tree, every iteration counted at the root and in its
    children (visits are added atomically: none is lost to two threads updating a node
    at once), no virtual loss left behind, a sound tree, also when the pool fills up;
    the kept subtree serves the next move."""
    cfg = STRONG.with_options(threads=2, tree_capacity=capacity)
    assert cfg.shared_tree and cfg.params(7.0, 9, False)[SK.P_VLOSS] == 1.0
    s = Search(Board(9), komi=7.0, config=cfg, seed=8)
    assert len(s.trees()) == 1 and s.workers[0].tree is s.workers[1].tree
    r = s.run(playouts=6000)
    t = s.trees()[0]
    assert r.playouts >= 6000 and r.stats["iter"] == r.playouts
    assert t.N[0] == r.playouts
    f, k = int(t.first[0]), int(t.nch[0])
    assert t.N[f:f + k].sum() == r.playouts  # each iteration visits one child
    assert sum(m.visits for m in r.moves) == int(t.N[f:f + k].sum())
    assert float(np.max(t.N[:int(t.meta[T_USED])] % 1.0)) == 0.0  # whole visits only
    _check_tree(t)
    if capacity:
        assert r.stats["reclaims"] > 0
    assert r.best is not None and r.best.move is not None
    board = Board(9)
    board.play(Color.BLACK, r.best.move)
    s.set_position(board)
    assert s.trees()[0].N[0] > 0
    s.run(playouts=2000)
    _check_tree(s.trees()[0])


def test_tabu_and_root_parallelism_keep_a_tree_per_thread() -> None:
    for cfg in (STRONG.with_options(threads=2, tabu=3),
                STRONG.with_options(threads=2, parallel="root")):
        assert not cfg.shared_tree and cfg.params(7.0, 9, False)[SK.P_VLOSS] == 0.0
        s = Search(Board(9), komi=7.0, config=cfg, seed=8)
        assert len(s.trees()) == 2
        r = s.run(playouts=2000)
        assert sum(int(t.N[0]) for t in s.trees()) == r.playouts
    assert not STRONG.shared_tree  # one thread
    with pytest.raises(ValueError, match="parallel"):
        STRONG.with_options(parallel="leaf")
