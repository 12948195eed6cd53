"""The policy network's priors inside the search (issue 37).

A :class:`NetPriors` belongs to one :class:`~igo.search.search.Search`. Between the
search's chunks of iterations, its lead thread calls :meth:`NetPriors.step`: the root
and the nodes of at least ``net_visits`` visits (reached through such nodes; none when
``net_visits`` is 0, the root only) that do
not have the net's priors yet are found in the tree (:func:`wanting_nodes`); for each,
the position is rebuilt from the root by the moves on its path; a position the net has
answered gets the net's priors on its children at once (:func:`set_priors`: the net's
probabilities, renormalised over the children, mixed with the Bradley-Terry prior by
``net_mix``); the others are sent to the net's evaluation thread
(:meth:`igo.nets.policy.NetPolicy.request`). So the search never waits for the net:
it runs on the Bradley-Terry priors until the answer comes, as Pachi's and Ray's
engines do with theirs. Nor does it wait for the net to load: until the
:class:`~igo.nets.policy.NetLoad` has it, a step does nothing; a load that fails is
handed to ``on_error`` once, and the search goes on without the net. A search of a
set number of playouts (no time limit) is the exception: :meth:`NetPriors.settle_root`
waits for the load and the root's answer before the first playout, so that the same
seed gives the same search (with ``net_visits`` 0, the default: deeper nodes get their
answers when they come).

With ``value`` (AlphaGo's λ, :attr:`igo.search.options.NetPrior.net_value`) and a net
whose heads judge the board's size, the net is asked for its judgement of those nodes
(the same evaluation: the heads read the policy's trunk), and a node that gets its
priors also gets the value head's judgement as visits
(:func:`igo.search._net_kernels.add_value`), the root aside.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError
from igo.search import _net_kernels as NK
from igo.search.tree import NET_PRIOR, Tree

if TYPE_CHECKING:
    from igo.nets.policy import NetLoad, NetPolicy

#: Nodes looked at in one step, and the longest path replayed.
MAX_NODES = 32
MAX_PATH = 64
#: Positions rebuilt and asked for in one step (each costs a board copy and its moves).
NEW_PER_STEP = 4


class NetPriors:
    """The net beside one search (see the module docstring)."""

    def __init__(self, load: NetLoad, size: int, min_visits: int, mix: float,
                 sharpness: float, ladder_escape: float = 1.0,
                 ladder_atari: float = 1.0,
                 on_error: Callable[[BaseException], None] | None = None,
                 value: float = 0.0) -> None:
        self.load = load
        self.policy: NetPolicy | None = load.net()
        self._on_error = on_error
        self.failed = False
        self.ladders = (float(ladder_escape), float(ladder_atari))
        self.size = size
        self.min_visits = float(min_visits) if min_visits > 0 else math.inf  # 0: root only
        self.mix = float(mix)
        self.sharpness = float(sharpness)
        self._nodes = np.zeros(MAX_NODES, np.int64)
        self._stack = np.zeros(4096, np.int64)
        self._path = np.zeros(MAX_PATH, np.int64)
        self._none = np.zeros(size * size + 1)
        self._pending: dict[tuple[int, int],
                            tuple[tuple[int, ...], tuple[Any, ...], Color]] = {}
        self.applied = 0
        # the value's weight in visits per visit of the node judged: λ / (1 - λ)
        self.value_weight = float(value) / (1.0 - float(value)) if value > 0 else 0.0
        self.valued = 0  # nodes that got the net's value
        self.value_visits = 0.0  # the visits of value they got, in all

    def reset(self) -> None:
        """Forget the positions asked for (the search has a new root)."""
        self._pending.clear()

    def step(self, trees: list[Tree], board: Board) -> int:
        """Apply the answers that came, ask for the positions that want one (at most
        :data:`NEW_PER_STEP` new ones a step); returns the number of nodes that got the
        net's priors now (none while the net loads, or if it could not)."""
        policy = self.policy if self.policy is not None else self._loaded()
        if policy is None:
            return 0
        done = self._resolve(policy, trees)
        w = self.size + 2
        new = 0
        judge = self.value_weight > 0 and policy.judges(self.size)
        for ti, t in enumerate(trees):
            n = NK.wanting_nodes(t, self.min_visits, self._nodes, self._stack)
            for node in map(int, self._nodes[:n]):
                if (ti, node) in self._pending or new >= NEW_PER_STEP:
                    continue
                k = NK.path_moves(t, node, self._path)
                pos = None if k < 0 else self._position(board, self._path[:k], w)
                if pos is None:  # too deep, or a move the rules refuse: left as it is
                    NK.set_priors(t, node, self._none, self.size, 0.0, self.sharpness)
                    continue
                new += 1
                key = policy.key(pos, pos.to_play)
                mover = pos.to_play.opponent
                if judge:
                    got = policy.cached_judgement(key)
                    if got is not None:
                        done += self._apply(t, node, got.policy, policy, key, mover)
                        continue
                else:
                    probs = policy.cached_key(key)
                    if probs is not None:
                        done += self._apply(t, node, probs, policy, key, mover)
                        continue
                policy.request(pos, pos.to_play, judge=judge)
                self._pending[(ti, node)] = (tuple(self._path[:k]), key, mover)
        self.applied += done
        return done

    def settle_root(self, trees: list[Tree], board: Board) -> int:
        """Give each tree's root the net's priors now, waiting for the net's load and
        its answer (a search of a set number of playouts does this first, so that the
        root has them from the first playout and a seed gives the same search); returns
        the roots that got them (0 when the net could not be loaded)."""
        self.load.wait_done()
        policy = self.policy if self.policy is not None else self._loaded()
        if policy is None:
            return 0
        done = 0
        probs = None
        for ti, t in enumerate(trees):
            if t.flags[0] & NET_PRIOR:
                continue
            if probs is None:
                probs = policy.probabilities(board, board.to_play)
            self._pending.pop((ti, 0), None)
            done += NK.set_priors(t, 0, probs, self.size, self.mix, self.sharpness,
                                  *self.ladders) > 0
        self.applied += done
        return done

    def _loaded(self) -> NetPolicy | None:
        """The net once it is there; a load that failed is said (``on_error``) once
        and never asked again."""
        if self.failed or not self.load.done:
            return None
        self.policy = self.load.net()
        if self.policy is None:
            self.failed = True
            if self._on_error is not None and self.load.error is not None:
                self._on_error(self.load.error)
        return self.policy

    def _resolve(self, policy: NetPolicy, trees: list[Tree]) -> int:
        """Priors for the nodes whose answer came (if the node is still the same:
        a reclaim moves nodes)."""
        done = 0
        for (ti, node), (path, key, mover) in list(self._pending.items()):
            probs = policy.cached_key(key)
            if probs is None:
                continue
            del self._pending[(ti, node)]
            t = trees[ti] if ti < len(trees) else None
            if t is None or node >= t.first.shape[0]:
                continue
            k = NK.path_moves(t, node, self._path)
            if k >= 0 and tuple(self._path[:k]) == path:
                done += self._apply(t, node, probs, policy, key, mover)
        return done

    def _apply(self, t: Tree, node: int, probs: np.ndarray, policy: NetPolicy,
               key: tuple[Any, ...], mover: Color) -> int:
        """The net's priors on ``node``'s children and, with a value weight, its
        judgement of the node as visits (the root aside); returns 1 if the node had
        children to take the priors."""
        done = NK.set_priors(t, node, probs, self.size, self.mix, self.sharpness,
                             *self.ladders) > 0
        if self.value_weight > 0 and node != 0:
            got = policy.cached_judgement(key)
            if got is not None:
                weight = float(max(1, round(self.value_weight * float(t.N[node]))))
                if NK.add_value(t, node, got.win_for(mover), weight):
                    self.valued += 1
                    self.value_visits += weight
        return int(done)

    @staticmethod
    def _position(board: Board, moves: np.ndarray, w: int) -> Board | None:
        """The root position after ``moves`` (padded points), or None if the rules
        refuse one (positional superko, which the tree does not know)."""
        if len(moves) == 0:
            return board
        b = board.copy()
        try:
            for m in moves:
                m = int(m)
                b.play(b.to_play, None if m == 0 else Point(m // w - 1, m % w - 1))
        except IllegalMoveError:
            return None
        return b
