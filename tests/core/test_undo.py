"""The journal of :mod:`igo.core._undo_kernels`: a logged move gives the same state as
the playouts' ``place_checked``, and ``pop`` gives back the exact arrays, on random
games (captures, merges, kos, suicides where allowed) and along deep random lines."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.test_kernels import random_position
from igo.core import _kernels as K
from igo.core import _undo_kernels as U
from igo.core.board import Board
from igo.core.rules import Ruleset

BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40)


def assert_same(a: K.BoardState, b: K.BoardState) -> None:
    """Every array of the two states is equal (the stale values at empty points
    included: the journal must give back the exact arrays, not an equivalent)."""
    for name in ("color", "head", "nxt", "libs", "lsq", "gsize", "empties", "epos",
                 "meta", "hashv"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)


def legal_points(s: K.BoardState, c: int, suicide: bool) -> list[int]:
    return [int(p) for p in s.empties[: s.meta[K.M_N_EMPTY]]
            if K.check_move(s, int(p), c, suicide) == K.OK]


@given(size=st.sampled_from([5, 9, 13, 19]), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 160), suicide=st.booleans())
@BASE
def test_logged_move_matches_place_checked_and_pops_back(size: int, seed: int, moves: int,
                                                         suicide: bool) -> None:
    board, _ = random_position(size, seed, moves, suicide=suicide)
    s = board.state
    rng = np.random.default_rng(seed)
    stk = U.new_stack(s, 2)
    for c in (K.BLACK, K.WHITE):
        pts = legal_points(s, c, suicide)
        for p in rng.permutation(pts)[:12]:
            before = K.copy_state(s)
            want = K.copy_state(s)
            K.place_checked(want, int(p), c)
            U.push(stk, 0, s)
            U.place_logged(stk, s, int(p), c)
            assert_same(s, want)
            U.pop(stk, 0, s)
            assert_same(s, before)
            assert stk.top[0] == 0


@given(size=st.sampled_from([5, 9, 19]), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 300), depth=st.integers(1, 60))
@BASE
def test_deep_lines_pop_row_by_row(size: int, seed: int, moves: int, depth: int) -> None:
    """A random line of ``depth`` logged moves (on crowded boards: many captures)
    taken back one row at a time, each row giving back its own position; the
    journal stays within :func:`journal_capacity`."""
    board, _ = random_position(size, seed, moves, sensible=True)
    s = board.state
    rng = np.random.default_rng(seed + 1)
    stk = U.new_stack(s, depth)
    saved = []
    c = K.BLACK
    for d in range(depth):
        pts = legal_points(s, c, False)
        if not pts:
            break
        saved.append(K.copy_state(s))
        U.push(stk, d, s)
        U.place_logged(stk, s, int(rng.choice(pts)), c)
        assert stk.top[0] <= stk.which.shape[0]
        c = 3 - c
    for d in range(len(saved) - 1, -1, -1):
        if rng.random() < 0.2:  # popping a lower row takes back the later ones too
            U.pop(stk, d, s)
            assert_same(s, saved[d])
            return
        U.pop(stk, d, s)
        assert_same(s, saved[d])


def test_capacity_holds_a_full_board_captured_move_by_move() -> None:
    """The bound's worst case in small: a 5x5 board filled by one colour, then
    captured, along a line as deep as the stack."""
    board = Board(5, Ruleset("simple", False))
    s = board.state
    w = 7
    for r in range(5):
        for col in range(5):
            if (r, col) != (0, 0):
                assert K.play(s, (r + 1) * w + col + 1, K.BLACK, True) == K.OK
    stk = U.new_stack(s, 4)
    before = K.copy_state(s)
    U.push(stk, 0, s)
    U.place_logged(stk, s, w + 1, K.WHITE)  # captures 24 stones
    assert s.meta[K.M_LAST_CAPTURED] == 24
    assert stk.top[0] <= U.journal_capacity(s.color.shape[0], 1)
    U.pop(stk, 0, s)
    assert_same(s, before)

