"""The policy net's priors in the search: which nodes get them, with what values, that
they survive a reclaim, and that a search with the net plays on (a tiny net trained by
the test)."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.coords import Point
from igo.nets.policy import NetPolicy, load_net_policy
from igo.search import _net_kernels as NK
from igo.search import _tree_kernels as TK
from igo.search._kernels import prior_rate
from igo.search.config import STRONG
from igo.search.search import Search
from igo.search.tree import (
    LADDER_ATARI,
    LADDER_ESCAPE,
    NET_PRIOR,
    NET_VALUE,
    PRUNED,
    T_USED,
    Tree,
    children,
    new_tree,
)
from nets.helpers import tiny_net_file
from waiting import HANG


def _searched(playouts: int = 3000, **options: object) -> Search:
    s = Search(Board(9), komi=7.0,
               config=STRONG.with_options(tree_capacity=100_000, **options), seed=3)
    s.run(playouts=playouts)
    return s


def _reference_wanting(t: Tree, min_visits: float) -> list[int]:
    """Breadth first from the root through expanded nodes of >= min_visits visits."""
    out, queue = [], [0]
    while queue:
        node = queue.pop(0)
        if not t.flags[node] & NET_PRIOR:
            out.append(node)
        f = int(t.first[node])
        if f < 0:
            continue
        queue += [i for i in range(f, f + int(t.nch[node]))
                  if t.N[i] >= min_visits and t.first[i] >= 0]
    return out


@pytest.mark.parametrize("min_visits", [1, 16, 200])
def test_wanting_nodes_and_paths_agree_with_a_plain_walk(min_visits: int) -> None:
    t = _searched().trees()[0]
    out = np.zeros(10_000, np.int64)
    stack = np.zeros(100_000, np.int64)
    n = NK.wanting_nodes(t, float(min_visits), out, stack)
    want = _reference_wanting(t, min_visits)
    assert list(out[:n]) == want[:len(out)]
    assert n >= 2 if min_visits <= 16 else n >= 1
    path = np.zeros(64, np.int64)
    for node in out[:n]:
        k = NK.path_moves(t, int(node), path)
        moves, v = [], int(node)
        while v != 0:
            moves.append(int(t.move[v]))
            v = int(t.parent[v])
        assert list(path[:k]) == moves[::-1]


def test_set_priors_renormalises_over_the_children_and_mixes() -> None:
    t = _searched(500).trees()[0]
    f, k = int(t.first[0]), int(t.nch[0])
    old = t.P[f:f + k].copy()
    probs = np.random.default_rng(1).random(82)
    w = 11
    moves = t.move[f:f + k]
    mine = np.array([probs[81] if m == 0 else probs[(m // w - 1) * 9 + m % w - 1]
                     for m in moves])
    assert NK.set_priors(t, 0, probs, 9, 0.75, 0.25) == k
    want = 0.75 * mine / mine.sum() + 0.25 * old
    assert np.allclose(t.P[f:f + k], want)
    assert np.allclose(t.PR[f:f + k], [prior_rate(p, k, 0.25) for p in want])
    assert t.flags[0] & NET_PRIOR
    out = np.zeros(16, np.int64)
    assert 0 not in list(out[:NK.wanting_nodes(t, 1.0, out, np.zeros(4096, np.int64))])


def test_set_priors_scales_the_ladder_moves_as_expansion_did() -> None:
    """A child marked as an escape from a working ladder (or a ladder atari) gets the
    net's prior scaled by the same factor; the others get it as it is."""
    t = _searched(500).trees()[0]
    f, k = int(t.first[0]), int(t.nch[0])
    t.flags[f] |= LADDER_ESCAPE
    t.flags[f + 1] |= LADDER_ATARI
    probs = np.random.default_rng(2).random(82)
    w = 11
    mine = np.array([probs[81] if m == 0 else probs[(m // w - 1) * 9 + m % w - 1]
                     for m in t.move[f:f + k]])
    assert NK.set_priors(t, 0, probs, 9, 1.0, 0.25, 0.05, 3.0) == k
    want = mine / mine.sum()
    want[0] *= 0.05
    want[1] *= 3.0
    assert np.allclose(t.P[f:f + k], want)


@pytest.fixture(scope="module")
def tiny_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_net_file(tmp_path_factory.mktemp("net"))


def _net_search(tiny_net: Path, board: Board, net_visits: int) -> tuple[Search, NetPolicy]:
    """A search with the tiny net's priors that has run until the net answered the
    root's position (the deadline: a hang's safety net)."""
    s = Search(board, 7.0, STRONG.with_options(net=str(tiny_net), net_visits=net_visits,
                                               tree_capacity=100_000), seed=5)
    net = load_net_policy(str(tiny_net))
    deadline = time.monotonic() + HANG
    while net.cached(board, board.to_play) is None and time.monotonic() < deadline:
        s.run(playouts=300)
    return s, net


def test_a_search_with_the_net_gives_its_priors_to_the_busy_nodes(tiny_net: Path) -> None:
    board = Board(9)
    board.play(board.to_play, Point(4, 4))
    s, net = _net_search(tiny_net, board, 50)
    r = s.run(playouts=3000)
    assert s._netp is not None and s._netp.applied >= 2
    probs = net.cached(board, board.to_play)
    assert probs is not None
    t = s.trees()[0]
    assert t.flags[0] & NET_PRIOR
    f, k = int(t.first[0]), int(t.nch[0])
    w = 11
    mine = np.array([probs[81] if m == 0 else probs[(m // w - 1) * 9 + m % w - 1]
                     for m in t.move[f:f + k]])
    assert np.allclose(t.P[f:f + k], mine / mine.sum())
    assert r.playouts >= 3000 and r.moves[0].visits > 0
    # the next move keeps the subtree and its net priors
    best = r.moves[0].move
    board.play(board.to_play, best)
    s.set_position(board)
    assert s._netp._pending == {}
    s.run(playouts=500)


def test_net_visits_zero_gives_the_net_priors_to_the_root_only(tiny_net: Path) -> None:
    s, _ = _net_search(tiny_net, Board(9), 0)
    s.run(playouts=3000)
    t = s.trees()[0]
    assert s._netp is not None and s._netp.applied == 1
    assert t.flags[0] & NET_PRIOR
    used = int(t.meta[T_USED])  # past it, a pool holds what an earlier tree left
    busy = [i for i in range(1, used) if t.N[i] >= 100 and t.first[i] >= 0]
    assert busy  # nodes that net_visits=100 would have given the net's priors
    assert not np.any(t.flags[1:used] & NET_PRIOR)


def test_net_visits_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="net_visits"):
        STRONG.with_options(net_visits=-1)


def test_reclaims_keep_the_flag_with_the_children() -> None:
    s = Search(Board(9), komi=7.0, config=STRONG.with_options(tree_capacity=3_000), seed=2)
    s.run(playouts=200)
    t = s.trees()[0]
    t.flags[0] |= NET_PRIOR
    s.run(playouts=6000)  # fills and reclaims
    assert s.tree_stats()["reclaims"] >= 1
    t = s.trees()[0]
    assert t.flags[0] & NET_PRIOR  # the root's family is always kept


def test_a_bad_net_file_is_said_when_the_player_is_made(tmp_path: Path) -> None:
    from igo.players.registry import PlayerSpecError, make_player

    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"junk")
    with pytest.raises(PlayerSpecError, match="not a readable model file"):
        make_player(f"igo:mcts:net={bad}", np.random.default_rng(0))
    with pytest.raises(PlayerSpecError, match="no such model file"):
        make_player(f"igo:mcts:net={tmp_path / 'none.pt'}", np.random.default_rng(0))


def _size_default_net(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Make ``path`` the net that 9x9's size defaults choose (as 19x19's choose igo's)."""
    from igo.search import size_defaults

    monkeypatch.setattr(size_defaults, "SIZE_DEFAULTS",
                        (size_defaults.SizeGroup("the test's net", range(1, 26),
                                                 {"net": str(path), "net_visits": 0}),))


def test_a_size_default_net_loads_beside_the_search(
        tiny_net: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search does not wait for the net to load: it runs on the move model's
    priors, and takes the net's at the root once the load is done."""
    import igo.nets.policy as policy_module

    gate = threading.Event()
    real = policy_module.load_net_policy

    def slow_load(spec: str) -> NetPolicy:
        if not gate.wait(timeout=120):
            raise TimeoutError("the test never opened the gate")
        return real(spec)

    monkeypatch.setattr(policy_module, "load_net_policy", slow_load)
    monkeypatch.setattr(policy_module, "_LOADING", {})
    monkeypatch.setattr(policy_module, "_LOADED", {})  # earlier tests loaded it
    _size_default_net(monkeypatch, tiny_net)
    s = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=100_000), seed=5)
    assert s.config.netprior.net == str(tiny_net) and s._netp is not None
    # a timed search does not wait while the net loads
    r = s.run(playouts=600, seconds=120.0)
    assert r.playouts >= 600 and s._netp.applied == 0 and s._netp.policy is None
    assert not s.trees()[0].flags[0] & NET_PRIOR
    gate.set()
    assert s._netp.load.wait_done(timeout=HANG) and s._netp.load.net() is not None
    deadline = time.monotonic() + HANG
    while s._netp.applied == 0 and time.monotonic() < deadline:
        s.run(playouts=300, seconds=60.0)
    assert s._netp.applied == 1 and s.trees()[0].flags[0] & NET_PRIOR
    # a second search of the process shares the load (and the net)
    s2 = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=10_000), seed=6)
    assert s2._netp is not None and s2._netp.load is s._netp.load
    assert s2._netp.policy is s._netp.policy
    s._netp.policy.close()  # its thread, before the patched registry is dropped


def _gated_net_loads(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Net loads that wait for the test (fresh registries of loads and nets): the
    load itself, under the load's lock, sets ``entered`` and waits for ``gate``."""
    import igo.nets.policy as policy_module

    gate, entered = threading.Event(), threading.Event()
    real = policy_module.NetPolicy

    def slow_policy(path: Path, **kw: Any) -> NetPolicy:
        entered.set()
        if not gate.wait(timeout=120):
            raise TimeoutError("the test never opened the gate")
        return real(path, **kw)

    monkeypatch.setattr(policy_module, "NetPolicy", slow_policy)
    monkeypatch.setattr(policy_module, "_LOADING", {})
    monkeypatch.setattr(policy_module, "_LOADED", {})
    return gate, entered


def test_a_search_made_while_the_net_loads_does_not_wait_for_it(
        tiny_net: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``igo gtp``'s first move builds its search while the warm-up's search is loading
    the net: it shares that load and starts at once (it waited for the whole load, 1-5 s,
    while the load held the lock that the registry of loads shared)."""
    gate, entered = _gated_net_loads(monkeypatch)
    _size_default_net(monkeypatch, tiny_net)
    s = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=10_000), seed=5)
    assert s._netp is not None and entered.wait(timeout=60)
    made: list[Search] = []
    second = threading.Thread(target=lambda: made.append(
        Search(Board(9), 7.0, STRONG.with_options(tree_capacity=10_000), seed=6)), daemon=True)
    second.start()
    second.join(timeout=60)
    waited = second.is_alive()
    gate.set()
    assert not waited, "a search waited for the net's load"
    assert made[0]._netp is not None and made[0]._netp.load is s._netp.load
    assert s._netp.load.wait_done(timeout=HANG) and s._netp.load.net() is not None
    s._netp.load.net().close()  # its thread, before the patched registry is dropped


def test_a_process_that_ends_waits_for_a_net_in_hand(
        tiny_net: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``igo gtp`` whose input closed while the net still loaded ended with exit
    status -6 ("terminate called without an active exception": the interpreter stopped
    the load's thread inside PyTorch's import). The exit hook now waits for the load in
    hand, then stops the net's evaluation thread."""
    import igo.nets.policy as policy_module

    gate, entered = _gated_net_loads(monkeypatch)
    load = policy_module.load_net_policy_async(str(tiny_net))
    assert entered.wait(timeout=60)
    hook = threading.Thread(target=policy_module._close_all, daemon=True)
    hook.start()
    hook.join(timeout=1.0)
    waited = hook.is_alive()
    gate.set()
    hook.join(timeout=60)
    assert waited, "the exit hook did not wait for the load in hand"
    assert not hook.is_alive() and load.done
    net = load.net()
    assert net is not None and net._closed  # its evaluation thread was stopped too


def test_a_size_default_net_that_fails_to_load_is_said_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A damaged file is found by the load, after the search began: the search goes on
    with the move model's priors and the log says why, once."""
    from igo.search import search as search_module

    bad = tmp_path / "damaged.pt"
    bad.write_bytes(b"not a net")
    # the load waits for the gate: without it a load that fails at once (PyTorch
    # imported by an earlier test) could end before the search looked at it
    gate, entered = _gated_net_loads(monkeypatch)
    monkeypatch.setattr(search_module, "_NET_WARNED", set())
    _size_default_net(monkeypatch, bad)
    with caplog.at_level(logging.WARNING, logger="igo.search.search"):
        s = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=50_000), seed=5)
        assert s._netp is not None and entered.wait(timeout=60)
        gate.set()
        assert s._netp.load.wait_done(timeout=HANG)
        assert s.run(playouts=400).playouts >= 400
        assert s._netp.failed and s._netp.applied == 0
        s2 = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=50_000), seed=6)
        assert s2._netp is None  # the failed load is not tried again
        s2.run(playouts=100)
    said = [r for r in caplog.records if "not loaded" in r.getMessage()]
    assert len(said) == 1 and "not a readable model file" in said[0].getMessage()


def test_a_search_of_set_playouts_waits_for_the_root_and_repeats_itself(
        tiny_net: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a time limit the root has the net's priors from the first playout (the
    load and the answer waited for), so that a seed gives the same search."""
    import igo.nets.policy as policy_module

    monkeypatch.setattr(policy_module, "_LOADING", {})
    _size_default_net(monkeypatch, tiny_net)
    board = Board(9)
    board.play(board.to_play, Point(2, 6))
    results = []
    for _ in range(2):
        s = Search(board, 7.0, STRONG.with_options(tree_capacity=50_000), seed=11)
        assert s._netp is not None
        r = s.run(playouts=400)
        assert s._netp.applied == 1 and s.trees()[0].flags[0] & NET_PRIOR
        results.append([(m.move, m.visits, m.prior) for m in r.moves])
    assert results[0] == results[1]


# -- the value head's judgement as visits (AlphaGo's λ) -----------------------------------


def test_add_value_adds_visits_along_the_path_with_alternating_wins() -> None:
    t = _searched(2000).trees()[0]
    deep = 0
    for _ in range(4):  # down the most visited line
        deep = max(children(t, deep), key=lambda i: t.N[i])
    N, W = t.N.copy(), t.W.copy()
    assert NK.add_value(t, deep, 0.8, 5.0)
    assert t.flags[deep] & NET_VALUE
    want_N, want_W = N.copy(), W.copy()
    v, x = deep, 0.8  # plainly: the node, then each parent, the win flipping a level
    while True:
        want_N[v] += 5.0
        want_W[v] += 5.0 * x
        if v == 0:
            break
        v, x = int(t.parent[v]), 1.0 - x
    assert _depth(t, deep) == 4
    used = int(t.meta[T_USED])  # past it, a pool holds what an earlier tree left
    assert np.array_equal(t.N[:used], want_N[:used])
    assert np.allclose(t.W[:used], want_W[:used])
    # once a node: a second judgement of it adds nothing
    assert not NK.add_value(t, deep, 0.1, 50.0)
    assert np.array_equal(t.N[:used], want_N[:used])


def test_a_reclaim_keeps_the_value_mark_of_a_node_it_prunes() -> None:
    """A node whose family a reclaim drops loses its net priors (its children go) but
    keeps :data:`NET_VALUE` (its statistics stay), so that, expanded again, it is not
    judged a second time."""
    t = _searched(3000).trees()[0]
    node = max(children(t, 0), key=lambda i: t.N[i])
    t.flags[node] |= NET_PRIOR
    assert NK.add_value(t, node, 0.5, 10.0)
    dst = new_tree(100_000)
    TK.compact(t, 0, dst, 1 + int(t.nch[0]))  # the root's family alone
    kept = [i for i in children(dst, 0) if dst.move[i] == t.move[node]]
    assert len(kept) == 1
    copy = kept[0]
    assert dst.flags[copy] & PRUNED and dst.flags[copy] & NET_VALUE
    assert not dst.flags[copy] & NET_PRIOR
    assert dst.N[copy] == t.N[node]
    assert not NK.add_value(dst, copy, 0.5, 10.0)


def _depth(t: Tree, node: int) -> int:
    d = 0
    while node != 0:
        node, d = int(t.parent[node]), d + 1
    return d


@pytest.fixture(scope="module")
def tiny_heads_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("torch")
    from nets.helpers import tiny_heads_net_file

    return tiny_heads_net_file(tmp_path_factory.mktemp("heads"))


def _valued_search(path: Path, value: float, komi: float = 7.0) -> tuple[Search, float]:
    """A 9x9 search with ``path``'s net at nodes of 50 visits and ``net_value=value``,
    run (1,000 playouts at a time) until the net has judged a few nodes; returns it and
    its playouts."""
    s = Search(Board(9), komi, STRONG.with_options(net=str(path), net_visits=50,
                                                  net_value=value, tree_capacity=100_000),
               seed=5)
    deadline = time.monotonic() + HANG
    while True:
        r = s.run(playouts=1000)
        assert s._netp is not None
        if s._netp.valued >= 3 or (value == 0.0 and s._netp.applied >= 3):
            return s, float(r.playouts)
        assert time.monotonic() < deadline, "the net never judged a node"


def test_the_value_is_added_as_visits_from_the_players_view(
        tiny_heads_net: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a komi that Black never wins a playout against and a net that says Black
    wins every position, the root moves (Black's) win exactly the visits of value that
    the nodes judged added, and the root (White's move before it) wins every playout and
    none of those visits."""
    from igo.nets.judgement import Judgement

    real = NetPolicy.cached_judgement

    def black_wins(self: NetPolicy, key: tuple[Any, ...]) -> Judgement | None:
        got = real(self, key)
        return None if got is None else Judgement(1.0, 50.0, got.ownership, got.policy)

    monkeypatch.setattr(NetPolicy, "cached_judgement", black_wins)
    s, playouts = _valued_search(tiny_heads_net, 0.5, komi=200.0)
    assert s._netp is not None
    added = s._netp.value_visits
    t = s.trees()[0]
    f, k = int(t.first[0]), int(t.nch[0])
    assert added >= 3 * 50  # each node judged at 50 visits or more, weight λ/(1-λ) = 1
    assert t.N[0] == pytest.approx(playouts + added, abs=1)
    assert float(t.N[f:f + k].sum()) == pytest.approx(t.N[0] - 1, abs=1)
    assert float(t.W[f:f + k].sum()) == pytest.approx(added)
    assert float(t.W[0]) == pytest.approx(playouts, abs=1)


def test_no_value_without_net_value_or_without_heads(tiny_heads_net: Path,
                                                     tiny_net: Path) -> None:
    s, playouts = _valued_search(tiny_heads_net, 0.0)
    assert s._netp is not None and s._netp.valued == 0
    assert s.trees()[0].N[0] == pytest.approx(playouts, abs=1)
    s = Search(Board(9), 7.0, STRONG.with_options(net=str(tiny_net), net_visits=50,
                                                  net_value=0.5, tree_capacity=100_000),
               seed=5)
    for _ in range(5):
        r = s.run(playouts=1000)
    assert s._netp is not None and s._netp.valued == 0 and s._netp.applied >= 1
    assert s.trees()[0].N[0] == pytest.approx(r.playouts, abs=1)


@pytest.mark.parametrize("value", [-0.1, 1.0])
def test_net_value_must_be_below_one(value: float) -> None:
    with pytest.raises(ValueError, match="net_value"):
        STRONG.with_options(net_value=value)
