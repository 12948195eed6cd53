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
    pv = config.prior_eqex
    pw = config.prior_eqex * float(t.PR[i])
    if config.prior_wins > 0 and int(t.move[i]) != 0:
        extra = config.prior_wins * math.sqrt(float(t.P[i]))
        pv += extra
        pw += extra
    n = float(t.N[i]) + pv
    q = (float(t.W[i]) + pw) / n if n > 0 else config.fpu
    rn = float(t.RN[i])
    if config.rave_equiv > 0 and rn > 0:
        beta = rn / (rn + n + rn * n / config.rave_equiv)
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
    assert config.prior_wins == 210.0
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
