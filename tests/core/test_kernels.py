"""Direct tests of the numba kernels of :mod:`igo.core._kernels` against the
reference engine: move status, hash after a move, eyes, liberties, empty-point
bookkeeping, random sensible moves and whole playouts."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.coords import Point
from igo.core.rules import Ruleset
from reference.rules import KO, OCCUPIED, OK, SUICIDE, Coord, RefBoard

BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)
STATUS = {OK: K.OK, OCCUPIED: K.OCCUPIED, KO: K.KO, SUICIDE: K.SUICIDE}


def pad(p: Coord, size: int) -> int:
    return (p[0] + 1) * (size + 2) + p[1] + 1


def unpad(i: int, size: int) -> Coord:
    r, c = divmod(int(i), size + 2)
    return (r - 1, c - 1)


def random_position(size: int, seed: int, moves: int, suicide: bool = False,
                    sensible: bool = False) -> tuple[Board, RefBoard]:
    """A board and the reference after ``moves`` random moves (legal under simple ko;
    ``sensible`` avoids filling own eyes, which makes eye-rich positions)."""
    rng = np.random.default_rng(seed)
    board = Board(size, Ruleset("simple", suicide))
    ref = RefBoard(size, "simple", suicide)
    for _ in range(moves):
        color = board.to_play
        mask = board.sensible_mask(color) if sensible else board.legal_mask(color)
        pts = np.argwhere(mask)
        if len(pts) == 0 or rng.random() < 0.03:
            board.play(color, None)
            ref.play(int(color), None)
            continue
        r, c = pts[rng.integers(len(pts))]
        board.play(color, Point(int(r), int(c)))
        ref.play(int(color), (int(r), int(c)))
    return board, ref


def ref_zobrist(state: K.BoardState) -> int:
    """The Zobrist hash by definition: XOR of the keys of all stones."""
    h = 0
    for p in np.nonzero((state.color == K.BLACK) | (state.color == K.WHITE))[0]:
        h ^= int(state.zob[int(state.color[p]), p])
    return h


POSITIONS = st.tuples(st.integers(2, 9), SEEDS, st.integers(0, 120), st.booleans(),
                      st.booleans())


@settings(BASE, max_examples=60)
@given(POSITIONS)
def test_check_move_and_hash_after(args: tuple[int, int, int, bool, bool]) -> None:
    size, seed, moves, suicide, sensible = args
    board, ref = random_position(size, seed, moves, suicide, sensible)
    s = board.state
    assert int(s.hashv[0]) == ref_zobrist(s)
    for flag in (False, True):
        ref.suicide = flag
        for color in (K.BLACK, K.WHITE):
            for p in ref.points():
                i = pad(p, size)
                want = STATUS[ref.status(color, p)]
                assert K.check_move(s, i, color, flag) == want, (p, color, flag, str(board))
                if want != K.OK:
                    continue
                t = K.copy_state(s)
                assert K.play(t, i, color, flag) == K.OK
                assert int(K.hash_after(s, i, color)) == int(t.hashv[0]) == ref_zobrist(t)
                cells, _c, _l = ref._result(color, p)
                w = size + 2
                got = t.color.reshape(w, w)[1:-1, 1:-1]
                assert bytes(got.astype(np.uint8).tobytes()) == bytes(cells)
    assert int(s.hashv[0]) == board.hash  # nothing above changed the board


@settings(BASE, max_examples=60)
@given(POSITIONS)
def test_is_eye_and_liberties(args: tuple[int, int, int, bool, bool]) -> None:
    size, seed, moves, suicide, sensible = args
    board, ref = random_position(size, seed, moves, suicide, sensible)
    s = board.state
    for p in ref.points():
        i = pad(p, size)
        assert K.liberties(s, i) == ref.liberties(p), (p, str(board))
        for color in (K.BLACK, K.WHITE):
            assert K.is_eye(s, i, color) == ref.is_eye(p, color), (p, color, str(board))


@settings(BASE, max_examples=40)
@given(POSITIONS)
def test_empty_point_list(args: tuple[int, int, int, bool, bool]) -> None:
    """``empties[:n]`` lists exactly the empty points and ``epos`` inverts it."""
    size, seed, moves, suicide, sensible = args
    board, ref = random_position(size, seed, moves, suicide, sensible)
    s = board.state
    n = int(s.meta[K.M_N_EMPTY])
    listed = [int(x) for x in s.empties[:n]]
    assert sorted(listed) == sorted(pad(p, size) for p in ref.points() if ref.get(p) == 0)
    for k, p in enumerate(listed):
        assert s.epos[p] == k


@settings(BASE, max_examples=40)
@given(POSITIONS, SEEDS)
def test_random_sensible_move(args: tuple[int, int, int, bool, bool], rseed: int) -> None:
    """Always a legal, non-eye-filling point; 0 exactly when there is none; the
    position itself is untouched (only the order of the empty list may change)."""
    size, seed, moves, suicide, sensible = args
    board, ref = random_position(size, seed, moves, suicide, sensible)
    s = K.copy_state(board.state)
    rng = np.array([rseed | 1], dtype=np.uint64)
    for color in (K.BLACK, K.WHITE):
        want = {pad(p, size) for p in ref.sensible_set(color)}
        for _ in range(20):
            p = K.random_sensible_move(s, color, suicide, rng)
            if want:
                assert p in want, (unpad(p, size), color, str(board))
            else:
                assert p == 0
    assert np.array_equal(s.color, board.state.color)
    assert int(s.hashv[0]) == board.hash
    n = int(s.meta[K.M_N_EMPTY])
    assert sorted(s.empties[:n]) == sorted(board.state.empties[:n])
    assert all(s.epos[int(p)] == k for k, p in enumerate(s.empties[:n]))


def test_random_sensible_move_reaches_every_point_evenly() -> None:
    board, ref = random_position(7, 3, 20)
    want = sorted(pad(p, 7) for p in ref.sensible_set(K.BLACK))
    counts = dict.fromkeys(want, 0)
    rng = np.array([12345], dtype=np.uint64)
    s = K.copy_state(board.state)
    draws = 200 * len(want)
    for _ in range(draws):
        counts[K.random_sensible_move(s, K.BLACK, False, rng)] += 1
    freq = np.array(list(counts.values())) / draws
    assert freq.min() > 0.5 / len(want) and freq.max() < 1.5 / len(want)


@pytest.mark.parametrize("seed", range(3))
def test_rand_below(seed: int) -> None:
    rng = np.array([seed * 7919 + 1], dtype=np.uint64)
    values = [K.rand_below(rng, 10) for _ in range(5000)]
    assert set(values) == set(range(10))
    assert rng[0] != 0
    again = np.array([seed * 7919 + 1], dtype=np.uint64)
    assert [K.rand_below(again, 10) for _ in range(5000)] == values


def replay_playout(ref: RefBoard, color: int, moves: np.ndarray, size: int) -> None:
    """Check in the reference that each playout move was legal (simple ko) and did
    not fill the mover's eye, and that each pass was forced."""
    for k, i in enumerate(moves):
        if i == 0:
            sensible = ref.sensible_set(color)
            assert not sensible, f"move {k}: {color} passed with {sorted(sensible)} open"
            ref.play(color, None)
        else:
            p = unpad(int(i), size)
            assert ref.status(color, p) == OK, f"move {k}: {color} at {p} is illegal"
            assert not ref.is_eye(p, color), f"move {k}: {color} filled its eye at {p}"
            ref.play(color, p)
        color = 3 - color


@settings(BASE, max_examples=30)
@given(st.integers(2, 9), SEEDS, st.integers(0, 30), st.booleans())
def test_playout_plays_sensible_moves_until_both_pass(size: int, seed: int, moves: int,
                                                      suicide: bool) -> None:
    board, ref = random_position(size, seed, moves, suicide)
    s = K.copy_state(board.state)
    cap = 3 * size * size + 20
    out = np.zeros(cap, dtype=np.int32)
    rng = np.array([seed | 1], dtype=np.uint64)
    color = int(board.to_play)
    n = K.playout(s, color, suicide, rng, cap, out)
    assert 0 < n <= cap
    ref.ko = "simple"  # playouts ignore superko
    replay_playout(ref, color, out[:n], size)
    if n < cap:
        assert n >= 2 and out[n - 1] == 0 and out[n - 2] == 0
        # the last player to pass has no sensible move in the final position
        last = color if n % 2 == 1 else 3 - color
        assert not ref.sensible_set(last)
    w = size + 2
    final = s.color.reshape(w, w)[1:-1, 1:-1].astype(np.uint8).tobytes()
    assert final == bytes(ref.cells)
    assert int(s.hashv[0]) == ref_zobrist(s)


def test_playout_on_19x19_ends_and_is_reproducible() -> None:
    board = Board(19)
    cap = 3 * 361 + 20
    runs = []
    for _ in range(2):
        s = K.copy_state(board.state)
        out = np.zeros(cap, dtype=np.int32)
        n = K.playout(s, K.BLACK, False, np.array([99], dtype=np.uint64), cap, out)
        runs.append((n, out[:n].copy(), s.color.copy()))
    assert runs[0][0] == runs[1][0] < cap
    assert np.array_equal(runs[0][1], runs[1][1]) and np.array_equal(runs[0][2], runs[1][2])
    ref = RefBoard(19, "simple", False)
    replay_playout(ref, K.BLACK, runs[0][1], 19)


def test_playout_stops_at_the_cap() -> None:
    board = Board(9)
    s = K.copy_state(board.state)
    out = np.zeros(10, dtype=np.int32)
    n = K.playout(s, K.BLACK, False, np.array([5], dtype=np.uint64), 10, out)
    assert n == 10
    assert int(s.meta[K.M_N_EMPTY]) == 81 - int(np.count_nonzero(out))


@settings(BASE, max_examples=40)
@given(POSITIONS)
def test_area_owner_and_counts(args: tuple[int, int, int, bool, bool]) -> None:
    size, seed, moves, suicide, sensible = args
    board, ref = random_position(size, seed, moves, suicide, sensible)
    w = size + 2
    out = np.empty(w * w, dtype=np.int8)
    K.area_owner(board.state.color, size, out)
    owner = ref.area_owner()
    for p, v in owner.items():
        assert out[pad(p, size)] == v
    frame = out.reshape(w, w)
    assert (frame[0] == K.BORDER).all() and (frame[:, 0] == K.BORDER).all()
    scratch = np.empty(w * w, dtype=np.int32), np.empty(w * w, dtype=np.int32)
    diff = K.area_difference(board.state.color, size, out, *scratch)
    assert diff == sum(v == 1 for v in owner.values()) - sum(v == 2 for v in owner.values())


@pytest.mark.parametrize("size", [5, 9])
def test_run_playouts_counts_black_wins(size: int) -> None:
    """``run_playouts`` equals a loop of ``restore_state`` + ``playout`` + area score
    driven by the same random state, and leaves the root untouched."""
    board, _ref = random_position(size, 11, 2 * size)
    root = board.state
    cap = 3 * size * size + 20
    w = size + 2
    rng_a = np.array([777], dtype=np.uint64)
    rng_b = rng_a.copy()
    work = K.copy_state(root)
    moves = np.zeros(cap, dtype=np.int32)
    owner = np.empty(w * w, dtype=np.int8)
    scratch = np.empty(w * w, dtype=np.int32), np.empty(w * w, dtype=np.int32)
    before = K.copy_state(root)
    wins = K.run_playouts(root, work, K.BLACK, False, 0.5, 50, rng_a, cap, moves, owner,
                          *scratch)
    expected = 0
    for _ in range(50):
        t = K.copy_state(work)  # a played-over state: restore must copy every array
        K.restore_state(t, root)
        for a, b in zip(t[:-1], root[:-1], strict=True):
            assert np.array_equal(a, b)
        K.playout(t, K.BLACK, False, rng_b, cap, moves)
        ref = RefBoard(size)
        ref.cells = bytearray(t.color.reshape(w, w)[1:-1, 1:-1].astype(np.uint8).tobytes())
        expected += ref.area_score(0.5) > 0
    assert wins == expected and rng_a[0] == rng_b[0]
    assert 0 < wins < 50 or size == 5
    for a, b in zip(before[:-1], root[:-1], strict=True):
        assert np.array_equal(a, b)
