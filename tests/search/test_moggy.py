"""The ``MOGGY`` playout policy (:mod:`igo.search._moggy_kernels`) and the ladder
priors (:mod:`igo.search._tactic_prior_kernels`): each step's candidate set against
the plain reference (tests/reference/moggy.py) on positions of random games (7x7, 9x9,
13x13, simple ko), the policy's guarantees (legal, no own eye, state unchanged, no
bad self-atari), diagrams with known answers, a search smoke test and the config's
validation.

Coordinates are ``Point(row, col)`` from the top left; kernels take padded indices
``(row + 1) * (size + 2) + col + 1``.
"""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np
import pytest

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.search import _moggy_kernels as M
from igo.search._tactic_prior_kernels import ATARI, ESCAPE, ladder_priors
from igo.search.config import SearchConfig, preset
from igo.search.patterns3 import pattern3_table
from igo.search.search import Search
from igo.search.tree import LADDER_ESCAPE
from igo.tactics._selfatari_kernels import BAD
from igo.tactics._selfatari_kernels import classify as kernel_classify
from igo.tactics._string_kernels import liberties_after, other_liberty
from reference import moggy as ref
from reference import tactics_ladder as ladder
from reference import tactics_shapes as shapes
from reference.tactics_board import SIMPLE, libs, neighbours
from tactics.positions import random_game

B, W = int(Color.BLACK), int(Color.WHITE)
BUDGET = 1000  # ladder nodes, kernel and reference alike
PAT3 = pattern3_table()


def pad(p: Point, size: int) -> int:
    return (p.row + 1) * (size + 2) + p.col + 1


def unpad(i: int, size: int) -> Point:
    r, c = divmod(int(i), size + 2)
    return Point(r - 1, c - 1)


def cand_set(cand: np.ndarray, n: int, size: int) -> set[Point]:
    got = [unpad(x, size) for x in cand[:n]]
    assert len(set(got)) == len(got), got  # no candidate twice
    return set(got)


@functools.cache
def positions() -> list[tuple[Board, Point]]:
    """Positions of seeded random games (7x7, 9x9, 13x13) whose last move is not a
    pass, with that move."""
    rng = np.random.default_rng(20240611)
    out: list[tuple[Board, Point]] = []
    while len(out) < 330:
        size = (7, 9, 13)[len(out) % 3]
        board = random_game(size, int(rng.integers(8, int(1.4 * size * size))), rng)
        last = board.last_move
        if last is not None and last.point is not None:
            out.append((board, last.point))
    return out


def empties_or_stones(board: Board, stones: bool = False) -> list[Point]:
    """The empty points of ``board`` (its stones when ``stones``)."""
    return [Point(r, c) for r in range(board.size) for c in range(board.size)
            if (board[Point(r, c)] != 0) == stones]


def empties(board: Board) -> list[Point]:
    return empties_or_stones(board)


def kernel_state(board: Board) -> tuple[CK.BoardState, M.MoggyScratch]:
    s = CK.copy_state(board.state)
    return s, M.new_moggy_scratch(s)


def snapshot(s: CK.BoardState) -> list[np.ndarray]:
    return [a.copy() for a in s]


def assert_unchanged(s: CK.BoardState, before: list[np.ndarray]) -> None:
    """Every array as it was, except that the empty points may be listed in another
    order (the random step moves rejected points behind its window)."""
    for name, a, b in zip(CK.BoardState._fields, s, before, strict=True):
        if name in ("empties", "epos"):
            continue
        assert np.array_equal(a, b), name
    n = int(s.meta[CK.M_N_EMPTY])
    assert sorted(s.empties[:n]) == sorted(before[6][:n])
    assert all(s.epos[s.empties[i]] == i for i in range(n))


def board_of(black: list[Point], white: list[Point], size: int = 9) -> Board:
    b = Board(size, SIMPLE)
    b.setup(black=black, white=white)
    return b


# ---------------------------------------------------------------- small kernels

def test_libs_after_matches_reference() -> None:
    out = np.zeros(4, np.int32)
    compared = Counter[int]()
    for board, _ in positions()[::3]:
        s = CK.copy_state(board.state)
        for p in empties(board):
            for c in (B, W):
                want = ref.libs_after(board, p, c, 4)
                for cap in (1, 2, 3, 4):
                    got = M.libs_after(s, pad(p, board.size), c, cap, out)
                    assert got == min(want, cap), (str(board), p, c, cap)
                    if got == 1 and cap > 1 and not ref.captures(board, c, p):
                        (only,) = after_libs(board, p, c)
                        assert out[0] == pad(only, board.size)  # the liberty itself
                assert liberties_after(s, pad(p, board.size), c) == min(want, 2)
                compared[want] += 1
    assert all(compared[k] > 20 for k in range(5)), compared


def after_libs(board: Board, p: Point, c: int) -> set[Point]:
    """The liberties of the string ``c`` makes at empty ``p`` (nothing captured)."""
    out = {q for q in neighbours(board, p) if board[q] == 0}
    for q in neighbours(board, p):
        if board[q] == c:
            out |= libs(board, q)
    return out - {p}


def test_other_liberty_matches_reference() -> None:
    """The O(1) answer from the pseudo-liberty sums against the string's liberties."""
    seen = Counter[int]()
    for board, _ in positions()[::2]:
        s = CK.copy_state(board.state)
        for p in empties(board):
            for q in neighbours(board, p):
                if board[q] == 0:
                    continue
                others = libs(board, q) - {p}
                want = (0 if not others else pad(next(iter(others)), board.size)
                        if len(others) == 1 else -1)
                h = int(s.head[pad(q, board.size)])
                assert other_liberty(s, h, pad(p, board.size)) == want, (str(board), p, q)
                seen[min(len(others), 2)] += 1
    assert all(seen[k] > 100 for k in range(3)), seen


def test_lone_stone_kind_agrees_with_classify() -> None:
    """Whenever ``_lone_stone_kind`` decides (0 or 1), it says what ``classify`` says
    (reference and kernel): 1 exactly for ``BAD``."""
    kinds = Counter[int]()
    for board, _ in positions():
        s, ms = kernel_state(board)
        for p in empties(board):
            for c in (B, W):
                if not ref.lone_stone_qualifies(board, c, p):
                    continue
                kind = M._lone_stone_kind(s, pad(p, board.size), c)
                kinds[kind] += 1
                if kind < 0:
                    continue
                bad = shapes.classify(board, c, p) == shapes.BAD
                assert (kind == 1) == bad, (str(board), p, c, kind)
                k = kernel_classify(s, ms.stk, pad(p, board.size), c, ms.pts)
                assert (kind == 1) == (k == BAD)
    assert kinds[0] >= 3 and kinds[1] >= 50 and kinds[-1] >= 3, kinds


def test_string_shortcut_agrees_with_classify() -> None:
    """Whenever ``_string_surely_bad`` decides a string's self-atari without playing, the
    move is one that ``classify`` (reference and kernel) calls ``BAD``; and it decides
    most of them."""
    out = np.zeros(4, np.int32)
    decided = Counter[bool]()
    for board, _ in positions():
        s, ms = kernel_state(board)
        for p in empties(board):
            for c in (B, W):
                if not ref.legal(board, c, p) or ref.captures(board, c, p):
                    continue
                if not any(board[q] == c for q in neighbours(board, p)):
                    continue
                pp = pad(p, board.size)
                if M.libs_after(s, pp, c, 2, out) != 1:
                    continue
                sure = M._string_surely_bad(s, pp, c, int(out[0]))
                decided[sure] += 1
                if sure:
                    assert shapes.classify(board, c, p) == shapes.BAD, (str(board), p, c)
                    assert kernel_classify(s, ms.stk, pp, c, ms.pts) == BAD
    assert decided[True] >= 100 and decided[True] > decided[False], decided


def test_bad_self_atari_matches_reference() -> None:
    """With ``p_reject = 1`` the test is deterministic: a non-capturing self-atari that
    ``classify`` calls ``BAD``."""
    rng = np.array([11], np.uint64)
    seen = Counter[bool]()
    for board, _ in positions()[::2]:
        s, ms = kernel_state(board)
        before = snapshot(s)
        for p in empties(board):
            for c in (B, W):
                if not ref.legal(board, c, p):
                    continue
                want = ref.bad_self_atari(board, c, p)
                got = M.bad_self_atari(s, ms, pad(p, board.size), c, rng, 1.0)
                assert got == want, (str(board), p, c)
                seen[want] += 1
        assert_unchanged(s, before)
    assert seen[True] >= 50, seen


# ---------------------------------------------------------------- steps 1-3

@pytest.mark.parametrize("ccap_only", [False, True])
def test_step1_matches_reference_without_ladders(ccap_only: bool) -> None:
    rng = np.array([5], np.uint64)
    found = Counter[str]()
    for board, last in positions():
        s, ms = kernel_state(board)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        n, force = M._local_ataris(s, ms, c, pad(last, board.size), False, rng,
                                   1.0 if ccap_only else 0.0, 0, True, False, cand)
        want, want_force = ref.step1(board, c, last, ccap_only, 0)
        assert cand_set(cand, n, board.size) == want, (str(board), last)
        assert force == want_force
        found["some"] += bool(want)
        found["force"] += want_force
    assert found["some"] >= 40 and found["force"] >= 3, found


@pytest.mark.parametrize(("middle", "shape"), [(True, False), (False, False), (False, True),
                                               (True, True)])
def test_step1_matches_reference_with_ladders(middle: bool, shape: bool) -> None:
    """Escapes from strings caught in a ladder are left out (reading both with the
    same node budget; positions where the reference runs out are skipped); with
    ``middle`` off, only ladders whose liberty is on the first line are read; with
    ``shape``, those are judged by Pachi's shape test instead."""
    rng = np.array([6], np.uint64)
    compared = 0
    cut = 0
    for board, last in positions():
        s, ms = kernel_state(board)
        before = snapshot(s)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        try:
            want, want_force = ref.step1(board, c, last, False, BUDGET, middle, shape)
        except ladder.Exhausted:
            continue
        n, force = M._local_ataris(s, ms, c, pad(last, board.size), False, rng, 0.0, BUDGET,
                                   middle, shape, cand)
        assert cand_set(cand, n, board.size) == want, (str(board), last)
        assert force == want_force
        assert_unchanged(s, before)
        compared += 1
        cut += want != ref.step1(board, c, last, False, 0)[0]
    # these random games hold no first-line ladder of Pachi's shape; the diagram
    # test below has one
    assert compared >= 300 and cut >= (0 if shape and not middle else 3), (compared, cut)


def test_step2_matches_reference() -> None:
    rng = np.array([7], np.uint64)
    found = 0
    for board, last in positions():
        s, ms = kernel_state(board)
        before = snapshot(s)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        want = ref.step2(board, c, last)
        for p_reject in (0.0, 1.0):  # the atari's self-atari test ignores p_reject
            n = M._local_two_libs(s, ms, c, pad(last, board.size), False, rng, p_reject, cand)
            assert cand_set(cand, n, board.size) == want, (str(board), last)
        assert_unchanged(s, before)
        found += bool(want)
    assert found >= 60, found


def test_nakade_matches_reference() -> None:
    """Every stone of the board taken as the last move, for both colours (the last
    mover's own eye spaces have none of the mover's stones beside them: none)."""
    found = 0
    for board, _ in positions()[::2]:
        s, ms = kernel_state(board)
        for last in empties_or_stones(board, stones=True):
            for c in (B, W):
                got = M.nakade_move(s, ms.pts, c, pad(last, board.size), False)
                want = ref.nakade(board, c, last)
                assert got == (0 if want is None else pad(want, board.size)), (
                    str(board), last, c)
                found += want is not None
    assert found >= 30, found


# ---------------------------------------------------------------- the whole policy

def _sensible_unbad(board: Board, s: CK.BoardState, c: int) -> list[Point]:
    return [p for p in empties(board)
            if ref.legal(board, c, p) and not CK.is_eye(s, pad(p, board.size), c)
            and not ref.bad_self_atari(board, c, p)]


def test_moggy_move_guarantees_on_random_positions() -> None:
    """Default probabilities: a legal move of ``c`` or a pass, the state unchanged,
    never an own eye except to save a string in atari or of two liberties (steps 1
    and 2, which are not re-checked)."""
    rng = np.array([9], np.uint64)
    moves = 0
    for board, last in positions():
        s, ms = kernel_state(board)
        before = snapshot(s)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        tactical = ref.step1(board, c, last, False, 0)[0] | ref.step2(board, c, last)
        for _ in range(8):
            p = M.moggy_move(s, ms, c, pad(last, board.size), False, rng, PAT3, cand, 0.9,
                             1.0, 0.8, 0.9, 0.9, 0.4, 200)
            assert_unchanged(s, before)
            if p == 0:
                continue
            moves += 1
            q = unpad(p, board.size)
            assert ref.legal(board, c, q), (str(board), q)
            if CK.is_eye(s, p, c):
                assert q in tactical, (str(board), q)
    assert moves >= 2000, moves


@pytest.mark.parametrize("p_pattern", [0.0, 1.0])
def test_checked_steps_never_play_a_bad_self_atari(p_pattern: float) -> None:
    """Without steps 1-3 and with ``p_reject = 1``, the pattern and random steps never
    play a bad self-atari (nor an own eye), and pass only when every legal move is one
    or an own eye."""
    rng = np.array([10], np.uint64)
    moves = 0
    for board, last in positions()[::2]:
        s, ms = kernel_state(board)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        allowed = set(_sensible_unbad(board, s, c))
        for _ in range(6):
            p = M.moggy_move(s, ms, c, pad(last, board.size), False, rng, PAT3, cand, 0.0,
                             0.0, 0.0, p_pattern, 1.0, 0.0, 0)
            if p == 0:
                assert not allowed, str(board)
            else:
                assert unpad(p, board.size) in allowed, (str(board), unpad(p, board.size))
                moves += 1
    assert moves >= 500, moves


def test_each_step_plays_its_candidates() -> None:
    """With one step switched fully on, the move is among its candidates whenever it
    has any (step 1 with ``p_ccap = 0``, no ladder reading: deterministic sets)."""
    rng = np.array([12], np.uint64)
    tried = Counter[str]()
    for board, last in positions():
        s, ms = kernel_state(board)
        cand = np.zeros(s.color.shape[0], np.int64)
        c = int(board.to_play)
        lp = pad(last, board.size)
        one = ref.step1(board, c, last, False, 0)[0]
        if one:
            p = M.moggy_move(s, ms, c, lp, False, rng, PAT3, cand, 1.0, 0.0, 0.0, 0.0, 0.0,
                             0.0, 0)
            assert unpad(p, board.size) in one
            tried["step 1"] += 1
        two = ref.step2(board, c, last)
        if two:
            p = M.moggy_move(s, ms, c, lp, False, rng, PAT3, cand, 0.0, 1.0, 0.0, 0.0, 0.0,
                             0.0, 0)
            assert unpad(p, board.size) in two
            tried["step 2"] += 1
        v = ref.nakade(board, c, last)
        if v is not None:
            p = M.moggy_move(s, ms, c, lp, False, rng, PAT3, cand, 0.0, 0.0, 1.0, 0.0, 0.0,
                             0.0, 0)
            assert p == pad(v, board.size)
            tried["nakade"] += 1
    assert tried["step 1"] >= 40 and tried["step 2"] >= 40 and tried["nakade"] >= 3, tried


# ---------------------------------------------------------------- diagrams

# White E5 (4, 4) in atari after Black's (5, 4); extending at (4, 5) runs into a
# ladder to the top right, which a White stone at (2, 6) breaks.
LADDER_BLACK = [Point(3, 4), Point(4, 3), Point(5, 5)]


def step1_of(board: Board, c: int, last: Point, p_ccap: float, budget: int,
             middle: bool = True, shape: bool = False) -> set[Point]:
    s, ms = kernel_state(board)
    cand = np.zeros(s.color.shape[0], np.int64)
    rng = np.array([3], np.uint64)
    n, _ = M._local_ataris(s, ms, c, pad(last, board.size), False, rng, p_ccap, budget,
                           middle, shape, cand)
    return cand_set(cand, n, board.size)


def test_a_ladder_escape_is_not_offered() -> None:
    b = board_of([*LADDER_BLACK, Point(5, 4)], [Point(4, 4)])
    assert ladder.caught(b, Point(4, 4), 10_000)
    assert step1_of(b, W, Point(5, 4), 0.0, BUDGET) == set()
    assert step1_of(b, W, Point(5, 4), 0.0, 0) == {Point(4, 5)}
    assert step1_of(b, W, Point(5, 4), 0.0, BUDGET, middle=False) == {Point(4, 5)}
    assert ref.step1(b, W, Point(5, 4), False, BUDGET) == (set(), False)
    broken = board_of([*LADDER_BLACK, Point(5, 4)], [Point(4, 4), Point(2, 6)])
    assert not ladder.caught(broken, Point(4, 4), 10_000)
    assert step1_of(broken, W, Point(5, 4), 0.0, BUDGET) == {Point(4, 5)}


def test_a_first_line_ladder_is_judged_by_the_shape_test() -> None:
    # Black (6, 3)-(7, 3) in atari after White's (5, 3), its liberty (8, 3) on the edge
    # between White's (6, 2)-(7, 2) and (6, 4)-(7, 4): a ladder along the edge
    white = [Point(6, 2), Point(7, 2), Point(6, 4), Point(7, 4), Point(5, 3)]
    b = board_of([Point(6, 3), Point(7, 3)], white)
    last = Point(5, 3)
    assert step1_of(b, B, last, 0.0, 0) == {Point(8, 3)}
    assert step1_of(b, B, last, 0.0, BUDGET, middle=False, shape=True) == set()
    assert step1_of(b, B, last, 0.0, BUDGET) == set()  # read out: caught as well
    # Black stones two points along the edge on both sides: the shape test lets it
    # run; reading finds it still caught (the lone first-line helpers are chased too)
    helped = board_of([Point(6, 3), Point(7, 3), Point(8, 1), Point(8, 5)], white)
    assert step1_of(helped, B, last, 0.0, BUDGET, middle=False, shape=True) == {Point(8, 3)}
    assert step1_of(helped, B, last, 0.0, BUDGET) == set()


# . . . . . . .
# . . . O X . .     Black (3, 3) in atari after White's (3, 2): it extends at (4, 3)
# . . O X O * .     or takes White (3, 4), itself in atari, at (3, 5)
# . . . * X . .
def test_a_counter_capture_is_offered() -> None:
    b = board_of([Point(3, 3), Point(2, 4), Point(4, 4)],
                 [Point(2, 3), Point(3, 2), Point(3, 4)])
    last = Point(3, 2)
    assert step1_of(b, B, last, 0.0, 0) == {Point(4, 3), Point(3, 5)}
    assert step1_of(b, B, last, 0.0, BUDGET) == {Point(4, 3), Point(3, 5)}
    assert step1_of(b, B, last, 1.0, BUDGET) == {Point(3, 5)}  # counter-capture only
    s, ms = kernel_state(b)
    cand = np.zeros(s.color.shape[0], np.int64)
    rng = np.array([4], np.uint64)
    got = Counter(unpad(M.moggy_move(s, ms, B, pad(last, 9), False, rng, PAT3, cand, 1.0,
                                     0.0, 0.0, 0.0, 1.0, 1.0, BUDGET), 9) for _ in range(200))
    assert set(got) == {Point(3, 5)}


# Black (3, 4), (4, 3) around White (4, 4): two liberties, (4, 5) and (5, 4). With a
# White stone at (4, 6) the string connects at (4, 5) and runs out at (5, 4): no atari.
def test_no_atari_on_a_string_with_miai() -> None:
    black = [Point(3, 4), Point(4, 3)]
    miai = board_of(black, [Point(4, 4), Point(4, 6)])
    s, ms = kernel_state(miai)
    cand = np.zeros(s.color.shape[0], np.int64)
    rng = np.array([5], np.uint64)
    assert M._local_two_libs(s, ms, B, pad(Point(4, 4), 9), False, rng, 1.0, cand) == 0
    assert ref.step2(miai, B, Point(4, 4)) == set()
    b = board_of(black, [Point(4, 4)])
    s, ms = kernel_state(b)
    n = M._local_two_libs(s, ms, B, pad(Point(4, 4), 9), False, rng, 1.0, cand)
    assert cand_set(cand, n, 9) == {Point(4, 5), Point(5, 4)} == ref.step2(b, B, Point(4, 4))


# . . . O .     a straight three in White's corner, White having just played (0, 3):
# O O O . .     Black's nakade at its middle point (0, 1)
def test_the_nakade_vital_point_is_found() -> None:
    b = board_of([Point(5, 5)], [Point(1, 0), Point(1, 1), Point(1, 2), Point(0, 3)])
    s, ms = kernel_state(b)
    last = pad(Point(0, 3), 9)
    assert M.nakade_move(s, ms.pts, B, last, False) == pad(Point(0, 1), 9)
    assert M.nakade_move(s, ms.pts, W, last, False) == 0  # White's own space
    cand = np.zeros(s.color.shape[0], np.int64)
    rng = np.array([6], np.uint64)
    got = {M.moggy_move(s, ms, B, last, False, rng, PAT3, cand, 0.0, 0.0, 1.0, 0.0, 1.0,
                        0.0, 0) for _ in range(50)}
    assert got == {pad(Point(0, 1), 9)}


# ---------------------------------------------------------------- ladder priors

def run_priors(board: Board, c: int, moves: list[Point], priors: np.ndarray,
               escape: float, atari: float, budget: int = BUDGET) -> tuple[np.ndarray, int]:
    s, ms = kernel_state(board)
    before = snapshot(s)
    pts = np.array([0 if m is None else pad(m, board.size) for m in moves] + [0],
                   np.int64)
    out = np.append(priors.copy(), 0.5)
    kinds = np.full(len(moves) + 1, 7, np.int32)
    n = ladder_priors(s, ms.lad, ms.pts, ms.libs, c, pts, out, len(moves), budget, escape,
                      atari, False, kinds)
    assert_unchanged(s, before)
    assert out[-1] == 0.5 and kinds[-1] == 7  # nothing past n
    for i in range(len(moves)):  # each scaled move says how, the others are 0
        factor = {ESCAPE: escape, ATARI: atari}.get(int(kinds[i]), 1.0)
        assert kinds[i] in (0, ESCAPE, ATARI) and out[i] == priors[i] * factor
    return out[:-1], n


def test_ladder_escape_prior() -> None:
    b = board_of([*LADDER_BLACK, Point(5, 4)], [Point(4, 4)])
    moves = b.legal_moves(Color.WHITE)
    pri = np.full(len(moves), 0.01)
    got, n = run_priors(b, W, moves, pri, 0.05, 3.0)
    i = moves.index(Point(4, 5))
    assert n == 1 and got[i] == pytest.approx(0.0005)
    assert np.array_equal(np.delete(got, i), np.delete(pri, i))
    broken = board_of([*LADDER_BLACK, Point(5, 4)], [Point(4, 4), Point(2, 6)])
    moves = broken.legal_moves(Color.WHITE)
    got, n = run_priors(broken, W, moves, np.full(len(moves), 0.01), 0.05, 3.0)
    assert n == 0 and np.all(got == 0.01)


def test_ladder_atari_prior() -> None:
    b = board_of(LADDER_BLACK, [Point(4, 4)])
    moves = b.legal_moves(Color.BLACK)
    pri = np.linspace(0.001, 0.02, len(moves))
    got, n = run_priors(b, B, moves, pri, 0.05, 3.0)
    changed = {m for m, x, y in zip(moves, got, pri, strict=True) if x != y}
    assert Point(5, 4) in changed and n == len(changed)
    i = moves.index(Point(5, 4))
    assert got[i] == pytest.approx(3.0 * pri[i])
    assert changed == {m for m in moves if ref.ladder_prior_kind(b, B, m, 10_000) == "atari"}
    got, n = run_priors(b, B, moves, pri, 0.05, 1.0)  # factor 1: ataris are not read
    assert n == 0 and np.array_equal(got, pri)


def test_ladder_priors_match_reference_on_random_positions() -> None:
    rng = np.random.default_rng(3)
    kinds = Counter[str | None]()
    for board, _ in positions():
        for c in (B, W):
            moves = empties(board) + empties_or_stones(board, stones=True)[:3]
            # (occupied points are left alone)
            try:
                want = [ref.ladder_prior_kind(board, c, m, BUDGET) for m in moves]
            except ladder.Exhausted:
                continue
            pri = rng.random(len(moves))
            got, n = run_priors(board, c, moves, pri, 0.1, 2.5)
            factor = {"escape": 0.1, "atari": 2.5, None: 1.0}
            expect = np.array([x * factor[k] for x, k in zip(pri, want, strict=True)])
            assert np.array_equal(got, expect), (str(board), c)
            assert n == sum(k is not None for k in want)
            kinds.update(want)
    assert kinds["escape"] >= 20 and kinds["atari"] >= 20, kinds


# ---------------------------------------------------------------- search, config

@pytest.mark.parametrize("threads", [1, 2])
def test_search_with_the_moggy_policy(threads: int) -> None:
    config = preset("strong").with_options(policy="moggy", ladder_escape=0.05,
                                           ladder_atari=3.0, threads=threads)
    board = Board(9)
    r = Search(board, 7.0, config, seed=1).run(playouts=500)
    assert 500 <= r.playouts <= 500 + 16 * threads
    assert r.best is not None and r.best.move is not None
    assert board.is_legal(Color.BLACK, r.best.move)


def test_moggy_moves_switches_to_heavy_after_n_playout_moves() -> None:
    """``moggy_moves`` past any playout's length is the whole-playout policy (the same
    search, move for move); 1 is another search; 0 playout moves of moggy is not heavy
    (0 means all)."""
    def run(**options: object) -> tuple[int, dict[str, int]]:
        config = preset("strong").with_options(policy="moggy", **options)
        r = Search(Board(9), 7.0, config, seed=3).run(playouts=400)
        assert r.best is not None
        return r.best.visits, dict(r.stats)

    whole = run(moggy_moves=0)
    assert run(moggy_moves=100_000) == whole
    assert run(moggy_moves=1) != whole
    with pytest.raises(ValueError, match="moggy_moves"):
        preset("strong").with_options(moggy_moves=-1)


def test_config_validation() -> None:
    assert SearchConfig.from_values({"policy": "moggy"}).playouts.policy == "moggy"
    base = preset("strong")
    assert base.with_options(ladder_budget=0, ladder_escape=0.0, p_atari=0.0,
                             p_nakade=1.0, p_ccap=1.0).playouts.ladder_budget == 0
    bad: list[dict[str, object]] = [
        {"ladder_budget": -1}, {"ladder_escape": -0.1}, {"ladder_atari": -1.0},
        {"p_atari": 1.5}, {"p_atari": -0.1}, {"p_nakade": 2.0}, {"p_ccap": -0.5},
        {"heavy_nakade": 1.5}, {"policy": "mogo"}]
    for options in bad:
        with pytest.raises(ValueError):
            base.with_options(**options)


def test_expansion_marks_and_scales_the_ladder_escape() -> None:
    """A search on the ladder diagram, White to move: the root child that escapes is
    marked :data:`LADDER_ESCAPE` and its prior is the move model's times the factor."""
    b = board_of([*LADDER_BLACK, Point(5, 4)], [Point(4, 4)])
    b.to_play = Color.WHITE
    escape = pad(Point(4, 5), 9)
    priors = {}
    for factor in (1.0, 0.05):
        cfg = preset("strong").with_options(ladder_escape=factor, ladder_atari=1.0,
                                            tree_capacity=20_000)
        search = Search(b, 7.0, cfg, seed=1)
        t = search.trees()[0]
        f, k = int(t.first[0]), int(t.nch[0])
        kids = {int(t.move[i]): i for i in range(f, f + k)}
        i = kids[escape]
        priors[factor] = float(t.P[i])
        marked = [m for m, j in kids.items() if t.flags[j] & LADDER_ESCAPE]
        assert marked == ([] if factor == 1.0 else [escape])
    assert priors[0.05] == pytest.approx(0.05 * priors[1.0])
