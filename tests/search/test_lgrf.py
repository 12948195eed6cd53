"""Last good reply with forgetting in the playouts (``SearchConfig.lgrf``): the table
update against the plain-Python reference, the reply's sensibility tests on diagrams,
and a search that fills its tables."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.coords import Point
from igo.search import _kernels as K
from igo.search.config import STRONG, SearchConfig
from igo.search.search import Search
from reference import lgrf as R

SIZE = 5
A = (SIZE + 2) ** 2


def _padded(r: int, c: int) -> int:
    return (r + 1) * (SIZE + 2) + c + 1


def _tables(reply1: np.ndarray, reply2: np.ndarray
            ) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int, int], int]]:
    r1 = {(k + 1, p): int(reply1[k, p]) for k in range(2) for p in range(A) if reply1[k, p]}
    r2 = {(k + 1, j // A, j % A): int(reply2[k, j]) for k in range(2)
          for j in range(reply2.shape[1]) if reply2[k, j]}
    return r1, r2


@pytest.mark.parametrize("lgrf", [1, 2])
def test_update_matches_reference(lgrf: int) -> None:
    """Many random playouts (points of a 5x5 board, passes among them, draws too) fed
    to the kernel and to the reference: the same tables after each one."""
    rng = np.random.default_rng(lgrf)
    points = [_padded(r, c) for r in range(SIZE) for c in range(SIZE)]
    reply1 = np.zeros((2, A), np.int32)
    reply2 = np.zeros((2, A * A), np.int32)
    ref1: dict[tuple[int, int], int] = {}
    ref2: dict[tuple[int, int, int], int] = {}
    forgotten = 0
    for _ in range(400):
        n = int(rng.integers(1, 30))
        # few distinct points, so that replies repeat, get replaced and get forgotten
        seq = [0 if rng.random() < 0.08 else int(rng.choice(points[:8])) for _ in range(n)]
        root = int(rng.integers(1, 3))
        prev1 = 0 if rng.random() < 0.2 else int(rng.choice(points[:8]))
        prev2 = 0 if rng.random() < 0.2 else int(rng.choice(points[:8]))
        z = float(rng.choice([0.0, 1.0, 1.0, 0.0, 0.5]))
        before = len(ref1)
        R.lgr_update(ref1, ref2, seq, root, prev1, prev2, z, lgrf)
        forgotten += len(ref1) < before
        K.lgr_update(reply1, reply2, np.array([*seq, 0], np.int64), n, root, prev1, prev2,
                     z, lgrf)
        got1, got2 = _tables(reply1, reply2)
        assert got1 == ref1
        assert got2 == (ref2 if lgrf >= 2 else {})
    assert ref1 and forgotten > 0


def test_draw_teaches_nothing() -> None:
    reply1 = np.zeros((2, A), np.int32)
    reply2 = np.zeros((2, A * A), np.int32)
    seq = np.array([_padded(2, 2), _padded(2, 3), _padded(3, 3)], np.int64)
    K.lgr_update(reply1, reply2, seq, 3, K.BLACK, _padded(1, 1), _padded(0, 0), 0.5, 2)
    assert not reply1.any() and not reply2.any()


def _board(black: list[tuple[int, int]], white: list[tuple[int, int]]) -> Board:
    b = Board(SIZE)
    b.setup([Point(*p) for p in black], [Point(*p) for p in white])
    return b


def test_reply_is_played_only_when_sensible() -> None:
    """A stored reply is returned when it is legal, not an own eye and not a self-atari;
    otherwise the one-move table is tried, then nothing."""
    last, last2 = _padded(0, 0), _padded(4, 4)
    reply1 = np.zeros((2, A), np.int32)
    reply2 = np.zeros((2, A * A), np.int32)
    b = _board([(2, 2)], [(0, 0)])
    s = b.state
    good, other = _padded(2, 3), _padded(3, 1)
    reply2[0, last2 * A + last] = good
    reply1[0, last] = other
    assert K.lgr_reply(s, reply1, reply2, K.BLACK, last, last2, 2, False) == good
    assert K.lgr_reply(s, reply1, reply2, K.BLACK, last, last2, 1, False) == other
    assert K.lgr_reply(s, reply1, reply2, K.BLACK, last, 0, 2, False) == other
    # occupied: the stored two-move reply is skipped for the one-move one
    reply2[0, last2 * A + last] = _padded(2, 2)
    assert K.lgr_reply(s, reply1, reply2, K.BLACK, last, last2, 2, False) == other
    # White has nothing stored
    assert K.lgr_reply(s, reply1, reply2, 3 - K.BLACK, last, last2, 2, False) == 0
    # an own eye of Black at (4, 0), and a self-atari at (0, 4) under White's stones
    eye = _board([(3, 0), (4, 1), (3, 1)], [(0, 0)])
    reply1[0, last] = _padded(4, 0)
    assert K.lgr_reply(eye.state, reply1, reply2, K.BLACK, last, 0, 1, False) == 0
    sa = _board([], [(1, 4)])  # (0, 4) would keep one liberty, at (0, 3)
    reply1[0, last] = _padded(0, 4)
    assert K.lgr_reply(sa.state, reply1, reply2, K.BLACK, last, 0, 1, False) == 0


def test_search_fills_its_tables_and_checks_the_option() -> None:
    search = Search(Board(9), 7.0, STRONG.with_options(lgrf=2), seed=5)
    result = search.run(playouts=600)
    assert result.playouts == 600
    x = search.workers[0].x
    assert np.count_nonzero(x.reply1) > 20
    assert np.count_nonzero(x.reply2) > 20
    plain = Search(Board(9), 7.0, STRONG, seed=5)
    plain.run(playouts=100)
    assert not plain.workers[0].x.reply1.any()
    with pytest.raises(ValueError, match="lgrf"):
        SearchConfig.from_values({"lgrf": 3})


def test_reply_comes_after_captures_and_escapes() -> None:
    """With ``lgrf_first`` off, the policies play a capture next to the last move before
    the reply, and the reply before their other steps."""
    from igo.search._moggy_kernels import moggy_move, new_moggy_scratch
    from igo.search._policy_kernels import heavy_move
    from igo.search.patterns3 import pattern3_table

    # White's stone at (1, 1) is in atari after its move there; Black captures at (1, 2)
    b = _board([(0, 1), (1, 0), (2, 1)], [(1, 1)])
    s = b.state
    last, capture, reply = _padded(1, 1), _padded(1, 2), _padded(3, 3)
    pat3 = pattern3_table()
    cand = np.zeros(A, np.int64)
    pts = np.zeros(64, np.int32)
    rng = np.array([12345], np.uint64)
    ms = new_moggy_scratch(s)
    for p_capture, want in ((1.0, capture), (0.0, reply)):
        got = heavy_move(s, K.BLACK, last, False, rng, pat3, cand, pts, p_capture, 0.0, 1.0,
                         0.9, reply)
        assert got == want
        got = moggy_move(s, ms, K.BLACK, last, False, rng, pat3, cand, p_capture, 1.0, 0.8,
                         1.0, 0.9, 0.4, 0, True, False, reply)
        assert got == want
