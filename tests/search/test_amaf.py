"""AMAF backup (:func:`igo.search._kernels._backup`) against a plain computation:
every child of the root whose move the root's colour played first in the playout
gets its AMAF visit, weighted by Pachi's ``distance_rave`` rule when asked."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.search import _kernels as K
from igo.search.config import preset
from igo.search.search import Search

SIZE = 5
W = SIZE + 2


def expected(seq: list[int], root_color: int, z: float, dist: int,
             moves: list[int]) -> dict[int, tuple[float, float]]:
    """``move -> (AMAF visits, AMAF wins)`` added to the root's children (plain Python:
    the first play of each point, by whom and where)."""
    first: dict[int, tuple[int, int]] = {}
    for i, p in enumerate(seq):
        if p > 0 and p not in first:
            first[p] = (root_color if i % 2 == 0 else 3 - root_color, i)
    r = z if root_color == K.BLACK else 1.0 - z
    out = {}
    for m in moves:
        if m in first and first[m][0] == root_color:
            wgt = 1.0 + (dist * (len(seq) - first[m][1])) // (len(seq) + 1) if dist else 1.0
            out[m] = (wgt, r * wgt)
        else:
            out[m] = (0.0, 0.0)
    return out


@pytest.mark.parametrize("dist", [0, 1, 3])
@pytest.mark.parametrize("z", [1.0, 0.0])
def test_root_amaf_weights(dist: int, z: float) -> None:
    search = Search(Board(SIZE), 0.5, preset("strong").with_options(
        rave_distance=dist, tree_capacity=1000), seed=1)
    wk = search.workers[0]
    t, x = wk.tree, wk.x
    f, n = int(t.first[0]), int(t.nch[0])
    moves = [int(t.move[i]) for i in range(f, f + n)]
    rng = np.random.default_rng(dist * 10 + int(z))
    points = [m for m in moves if m > 0]
    for _ in range(20):
        seq = [int(p) for p in rng.choice(points, size=12)]  # repeats: only first plays count
        seq[int(rng.integers(len(seq)))] = 0  # a pass in the playout
        before = {int(t.move[i]): (float(t.RN[i]), float(t.RW[i])) for i in range(f, f + n)}
        x.path[0] = 0
        x.seq[:len(seq)] = seq
        K._backup(t, 0, K.BLACK, z, x, len(seq), True, 0.0, dist, False)
        want = expected(seq, K.BLACK, z, dist, moves)
        for i in range(f, f + n):
            m = int(t.move[i])
            rn, rw = want[m]
            assert t.RN[i] - before[m][0] == pytest.approx(rn), (m, seq)
            assert t.RW[i] - before[m][1] == pytest.approx(rw), (m, seq)
        assert not x.first_col.any()  # the scratch is left clean


def test_distance_weights_favour_early_moves() -> None:
    """With ``rave_distance=3`` a move played first at the start of a long playout
    weighs 3, one played at its end 1."""
    n = 30
    early = expected([8] + [0] * (n - 1), K.BLACK, 1.0, 3, [8])[8][0]
    late = expected([0] * (n - 2) + [8, 0], K.BLACK, 1.0, 3, [8])[8][0]
    assert (early, late) == (3.0, 1.0)


def test_rave_distance_is_validated() -> None:
    with pytest.raises(ValueError, match="rave_distance"):
        preset("strong").with_options(rave_distance=-1)
