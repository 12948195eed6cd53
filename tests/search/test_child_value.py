"""The selection value of a child (:func:`igo.search._kernels.child_value`) against a
plain computation of its formula, on the children of real search trees: the priors as
pseudo-visits (even or sharpened), Pachi's optimistic prior (``prior_wins``), RAVE."""

from __future__ import annotations

import math

import pytest

from igo.core.board import Board
from igo.search import _kernels as K
from igo.search.config import STRONG, SearchConfig
from igo.search.search import Search
from igo.search.tree import Tree


def plain_value(t: Tree, i: int, config: SearchConfig) -> float:
    """The value of child ``i`` for the side to move at its parent, from the formula:
    the real visits and wins plus ``prior_eqex`` pseudo-visits at the prior's rate plus,
    but for the pass, ``prior_wins * sqrt(P)`` pseudo-visits that all won, mixed with
    the AMAF value by Silver's beta (no exploration terms: they are off by default)."""
    pv = config.prior.prior_eqex
    pw = config.prior.prior_eqex * float(t.PR[i])
    if config.prior.prior_wins > 0 and int(t.move[i]) != 0:
        extra = config.prior.prior_wins * math.sqrt(float(t.P[i]))
        pv += extra
        pw += extra
    n = float(t.N[i]) + pv
    q = (float(t.W[i]) + pw) / n if n > 0 else config.selection.fpu
    rn = float(t.RN[i])
    if config.selection.rave_equiv > 0 and rn > 0:
        beta = rn / (rn + n + rn * n / config.selection.rave_equiv)
        q = beta * float(t.RW[i]) / rn + (1 - beta) * q
    return q


def _root_children(options: dict[str, float]) -> tuple[Tree, SearchConfig, Search]:
    config = STRONG.with_options(tree_capacity=50_000, **options)
    s = Search(Board(9), komi=7.0, config=config, seed=5)
    s.run(playouts=600)
    return s.trees()[0], s.config, s  # the board size's defaults applied


@pytest.mark.parametrize("options", [
    {},  # the default of 9x9: Pachi's form (even prior, optimistic part), the net at the root
    {"prior_eqex": 14.0, "prior_sharpness": 0.0, "prior_wins": 210.0},  # Pachi's 9x9 form
    {"prior_wins": 60.0, "rave_equiv": 0.0},
])
def test_child_value_is_the_formula(options: dict[str, float]) -> None:
    t, config, s = _root_children(options)
    prm = s._prm
    f, k = int(t.first[0]), int(t.nch[0])
    pn = float(t.N[0])
    for i in range(f, f + k):
        got = K.child_value(t, i, pn, math.log(pn + 1), math.sqrt(pn + 1), prm)
        assert got == pytest.approx(plain_value(t, i, config), rel=1e-12, abs=1e-12)


def test_optimistic_prior_favours_likely_moves_and_spares_the_pass() -> None:
    t, config, s = _root_children({"prior_wins": 210.0})
    f, k = int(t.first[0]), int(t.nch[0])
    assert config.prior.prior_wins == 210.0
    moves = [i for i in range(f, f + k) if t.move[i] != 0]
    for i in moves:  # as if nothing had been read below them yet
        t.N[i] = t.W[i] = t.RN[i] = t.RW[i] = 0.0
    prm = s._prm
    by_p = sorted(moves, key=lambda i: float(t.P[i]))
    assert t.P[by_p[-1]] > 2 * t.P[by_p[0]]
    lo = K.child_value(t, by_p[0], 1.0, 0.0, 1.0, prm)
    hi = K.child_value(t, by_p[-1], 1.0, 0.0, 1.0, prm)
    assert hi > lo  # more pseudo-wins for the likelier move
    passes = [i for i in range(f, f + k) if t.move[i] == 0]
    assert len(passes) == 1
    p = passes[0]
    plain = STRONG.with_options(prior_wins=0.0)
    assert K.child_value(t, p, 1.0, 0.0, 1.0, prm) == pytest.approx(plain_value(t, p, plain))


def test_the_option_reaches_the_kernel_parameters() -> None:
    prm = STRONG.with_options(prior_wins=123.0).params(7.0, 9, False)
    assert prm[K.P_PRIOR_WINS] == 123.0
    assert STRONG.params(7.0, 9, False)[K.P_PRIOR_WINS] == 0.0


def _plain_select(t: Tree, node: int, config: SearchConfig, root_puct: float) -> int:
    """The child that selection takes at ``node``: the highest plain value, plus at the
    root ``root_puct * P * sqrt(N + 1) / (1 + n)``."""
    f, k = int(t.first[node]), int(t.nch[node])
    sqrt_n = math.sqrt(float(t.N[node]) + 1.0)
    best, bv = -1, -1e300
    for i in range(f, f + k):
        if int(t.flags[i]) & K.BANNED:
            continue
        v = plain_value(t, i, config)
        if node == 0:
            v += root_puct * float(t.P[i]) * sqrt_n / (1.0 + float(t.N[i]))
        if v > bv:
            best, bv = i, v
    return best


@pytest.mark.parametrize("root_puct", [0.0, 0.3, 3.0])
def test_root_puct_adds_the_prior_term_at_the_root_only(root_puct: float) -> None:
    t, config, s = _root_children({"root_puct": root_puct})
    prm = s._prm
    assert prm[K.P_ROOT_PUCT] == root_puct
    assert K.select_child(t, 0, prm) == _plain_select(t, 0, config, root_puct)
    f, k = int(t.first[0]), int(t.nch[0])
    inner = [i for i in range(f, f + k) if t.first[i] >= 0]
    assert inner  # expanded children of the root: no root term there
    for node in inner:
        assert K.select_child(t, node, prm) == _plain_select(t, node, config, root_puct)


def test_a_dominant_root_term_gives_each_move_its_share_of_the_prior() -> None:
    """With the term far above any value, selection at the root takes the child of the
    largest ``P / (1 + n)``: every child's visits come within a few visits of
    ``P * N``, whatever the playouts said (without the term they do not)."""
    for root_puct, follows in ((1e4, True), (0.0, False)):
        t, _, _ = _root_children({"root_puct": root_puct})
        f, k = int(t.first[0]), int(t.nch[0])
        total = sum(float(t.N[i]) for i in range(f, f + k))
        gaps = [abs(float(t.N[i]) - float(t.P[i]) * total) for i in range(f, f + k)]
        assert (max(gaps) <= 5.0) == follows, (root_puct, max(gaps))
