"""Criticality (Pachi's ``crit_rave``): the backup's ownership counts, the covariance
and the AMAF pseudo-results of :func:`igo.search._kernels.child_value`, each against a
plain computation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from igo.core.board import Board
from igo.search import _kernels as K
from igo.search.config import preset
from igo.search.search import Search

SIZE = 5


def plain_criticality(samples: list[tuple[bool, float]]) -> float:
    """Twice the covariance of (owns the point, result) over the samples."""
    n = len(samples)
    ex = sum(o for o, _ in samples) / n
    ey = sum(r for _, r in samples) / n
    exy = sum(o * r for o, r in samples) / n
    return 2.0 * (exy - ex * ey)


def pachi_criticality(black_owns: list[bool], black_wins: list[bool]) -> float:
    """Pachi's ``point_criticality``: winner_gets - (2 b_gets b_wins - b_gets - b_wins + 1)."""
    n = len(black_owns)
    winner_gets = sum(o == w for o, w in zip(black_owns, black_wins, strict=True)) / n
    b_gets = sum(black_owns) / n
    b_wins = sum(black_wins) / n
    return winner_gets - (2 * b_gets * b_wins - b_gets - b_wins + 1)


def test_criticality_is_pachis_when_every_point_is_owned() -> None:
    """From the mover's side (White here) the kernel's value is Pachi's, computed from
    Black's side, and the plain covariance."""
    rng = np.random.default_rng(5)
    for _ in range(50):
        n = int(rng.integers(5, 60))
        black_owns = [bool(v) for v in rng.integers(0, 2, n)]
        black_wins = [bool(o) if rng.random() < 0.7 else bool(rng.integers(0, 2))
                      for o in black_owns]
        white = [(not o, 0.0 if w else 1.0) for o, w in zip(black_owns, black_wins, strict=True)]
        ox = sum(o for o, _ in white)
        oxy = sum(o * r for o, r in white)
        w = sum(r for _, r in white)
        got = K.criticality(float(n), w, float(ox), oxy)
        assert got == pytest.approx(pachi_criticality(black_owns, black_wins))
        assert got == pytest.approx(plain_criticality(white))
        assert -0.5 <= got <= 0.5


def test_backup_counts_the_owned_points_of_the_path() -> None:
    search = Search(Board(SIZE), 0.5, preset("strong").with_options(
        crit_rave=1.1, tree_capacity=1000), seed=2)
    wk = search.workers[0]
    t, x = wk.tree, wk.x
    f = int(t.first[0])
    child = next(i for i in range(f, f + int(t.nch[0])) if t.move[i] > 0)
    m = int(t.move[child])
    rng = np.random.default_rng(9)
    for z in (1.0, 0.0, 0.5, 1.0, 0.0):
        for owner in (K.BLACK, 2, 0):
            x.owner[:] = 0
            x.owner[m] = owner
            before = (float(t.N[child]), float(t.W[child]), float(t.OX[child]),
                      float(t.OXY[child]))
            x.path[0] = 0
            x.path[1] = child
            x.seq[0] = m
            K._backup(t, 1, K.BLACK, z, x, 1, False, 0.0, 0, True)
            owned = owner == K.BLACK  # the root's colour (Black) played the child
            assert t.N[child] - before[0] == 1.0
            assert t.W[child] - before[1] == pytest.approx(z)
            assert t.OX[child] - before[2] == (1.0 if owned else 0.0)
            assert t.OXY[child] - before[3] == pytest.approx(z if owned else 0.0)
            if rng.random() < 0.5:  # without crit nothing is counted
                ox = float(t.OX[child])
                K._backup(t, 1, K.BLACK, z, x, 1, False, 0.0, 0, False)
                assert t.OX[child] == ox


def plain_value(n: float, w: float, rn: float, rw: float, ox: float, oxy: float,
                prior: float, eqex: float, wins: float, equiv: float, k: float,
                kmin: float) -> float:
    """A child's selection value (prior pseudo win rate 0.5, no exploration term)."""
    pv = eqex + wins * math.sqrt(prior)
    pw = eqex * 0.5 + wins * math.sqrt(prior)
    q = (w + pw) / (n + pv)
    if k > 0 and n > kmin:
        c = 2.0 * (oxy / n - (ox / n) * (w / n)) * k * rn
        rn, rw = rn + c, rw + c
    nt = n + pv
    beta = rn / (rn + nt + rn * nt / equiv)
    return beta * rw / rn + (1 - beta) * q


@pytest.mark.parametrize("k", [0.0, 1.1])
def test_child_value_adds_criticality_to_amaf(k: float) -> None:
    """Above ``crit_min`` visits the AMAF value moves toward a win when owning the
    point goes with winning, toward a loss when against; below it nothing changes."""
    cfg = preset("strong").with_options(crit_rave=k, crit_min=100, prior_sharpness=0.0,
                                        prior_wins=300.0, tree_capacity=1000)
    search = Search(Board(SIZE), 0.5, cfg, seed=3)
    t = search.workers[0].tree
    prm = cfg.for_size(SIZE).params(0.5, SIZE, False)
    f = int(t.first[0])
    i = next(j for j in range(f, f + int(t.nch[0])) if t.move[j] > 0)
    t.PR[i] = 0.5
    cases = [  # n, w, ox, oxy: owning goes with winning, against, unrelated, too few visits
        (400.0, 200.0, 200.0, 160.0),
        (400.0, 200.0, 200.0, 40.0),
        (400.0, 200.0, 200.0, 100.0),
        (90.0, 45.0, 45.0, 40.0),
    ]
    values = []
    for n, w, ox, oxy in cases:
        t.N[i], t.W[i] = n, w
        if k > 0:  # the counts exist only where the search uses them
            t.OX[i], t.OXY[i] = ox, oxy
        t.RN[i], t.RW[i] = 1000.0, 500.0
        got = K.child_value(t, i, 1000.0, math.log(1001.0), math.sqrt(1001.0), prm)
        want = plain_value(n, w, 1000.0, 500.0, ox, oxy, float(t.P[i]), prm[K.P_PRIOR_EQEX],
                           prm[K.P_PRIOR_WINS], prm[K.P_RAVE_EQUIV], k, 100.0)
        assert got == pytest.approx(want)
        values.append(got)
    neutral = values[2]
    if k > 0:
        assert values[0] > neutral > values[1]
    else:
        assert values[0] == values[1] == neutral
    assert values[3] == pytest.approx(plain_value(90.0, 45.0, 1000.0, 500.0, 45.0, 40.0,
                                                  float(t.P[i]), prm[K.P_PRIOR_EQEX],
                                                  prm[K.P_PRIOR_WINS], prm[K.P_RAVE_EQUIV],
                                                  0.0, 100.0))


def test_a_search_with_criticality_keeps_its_counts_sound() -> None:
    """After a real search (with reclaims) the counts of every node are within their
    bounds; a search without criticality holds no counts (one element, left at 0)."""
    for k in (1.1, 0.0):
        s = Search(Board(7), 7.0, preset("strong").with_options(
            crit_rave=k, crit_min=50, tree_capacity=5_000), seed=4)
        s.run(playouts=3000)
        t = s.workers[0].tree
        used = int(t.meta[0])
        ox, oxy, n, w = t.OX[1:used], t.OXY[1:used], t.N[1:used], t.W[1:used]
        if k == 0.0:
            assert t.OX.shape == t.OXY.shape == (1,) and t.OX[0] == t.OXY[0] == 0.0
            continue
        assert t.OX.shape == t.N.shape and s.result().stats["reclaims"] > 0
        assert ox.sum() > 0
        assert (ox <= n + 1e-9).all() and (oxy <= ox + 1e-9).all() and (oxy <= w + 1e-9).all()


def test_crit_options_are_validated() -> None:
    with pytest.raises(ValueError, match="crit_rave"):
        preset("strong").with_options(crit_rave=-1)
    with pytest.raises(ValueError, match="crit_min"):
        preset("strong").with_options(crit_min=-5)
