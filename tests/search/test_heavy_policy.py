"""Direct tests of the heavy playout policy (:func:`igo.search._policy_kernels.heavy_move`)
on hand-built 5x5 positions: move frequencies over many seeded calls, with margins that
a policy missing a step (or applying it with the wrong probability) fails.

Coordinates in the diagrams below are ``(row, col)`` from the top left; Black is ``X``,
White ``O``, the point of interest ``*``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np
import pytest

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.rules import Ruleset
from igo.search._kernels import P_NAKADE
from igo.search._policy_kernels import heavy_move
from igo.search.config import SearchConfig
from igo.search.patterns3 import pattern3_table

SIZE = 5
N = 2000
B, W = CK.BLACK, CK.WHITE
Coord = tuple[int, int]


def pad(p: Coord, size: int = SIZE) -> int:
    return (p[0] + 1) * (size + 2) + p[1] + 1


def unpad(i: int, size: int = SIZE) -> Coord | None:
    if i == 0:
        return None
    r, c = divmod(int(i), size + 2)
    return (r - 1, c - 1)


def position(black: Iterable[Coord], white: Iterable[Coord]) -> CK.BoardState:
    board = Board(SIZE)
    board.setup(black=[Point(*p) for p in black], white=[Point(*p) for p in white])
    return CK.copy_state(board.state)


def sample(s: CK.BoardState, c: int, last: Coord | None, *, p_capture: float,
           p_pattern: float, p_reject: float, p_nakade: float = 0.0, n: int = N,
           seed: int = 1) -> Counter[Coord | None]:
    """Moves of ``n`` calls of the policy for ``c`` (one seeded random stream)."""
    rng = np.array([seed * 2 + 1], np.uint64)
    cand = np.zeros(s.color.shape[0], np.int64)
    pts = np.zeros(16, np.int32)
    pat3 = pattern3_table()
    lp = 0 if last is None else pad(last)
    before = s.color.copy()
    out: Counter[Coord | None] = Counter()
    for _ in range(n):
        out[unpad(heavy_move(s, c, lp, False, rng, pat3, cand, pts, p_capture, p_nakade,
                             p_pattern, p_reject))] += 1
    assert np.array_equal(s.color, before)  # the policy only chooses
    return out


def freq(counts: Counter[Coord | None], points: Iterable[Coord]) -> float:
    return sum(counts[p] for p in points) / sum(counts.values())


def sensible(s: CK.BoardState, c: int) -> list[Coord]:
    return [(r, q) for r in range(SIZE) for q in range(SIZE)
            if CK.check_move(s, pad((r, q)), c, False) == CK.OK
            and not CK.is_eye(s, pad((r, q)), c)]


# ------------------------------------------------------------------ captures, escapes

#   . . . . .
#   . . X . .
#   . X O X .      White (2,2) just played into atari; Black captures at * (3,2)
#   . . * . .
#   . . . . .
CAPTURE = position(black=[(1, 2), (2, 1), (2, 3)], white=[(2, 2)])


def test_a_string_in_atari_next_to_the_last_move_is_captured() -> None:
    assert sample(CAPTURE, B, (2, 2), p_capture=1.0, p_pattern=0.0, p_reject=0.0) == {
        (3, 2): N}
    uniform = freq(sample(CAPTURE, B, (2, 2), p_capture=0.0, p_pattern=0.0, p_reject=0.0),
                   [(3, 2)])
    assert 0.02 < uniform < 0.1  # one of the ~21 sensible moves
    half = freq(sample(CAPTURE, B, (2, 2), p_capture=0.5, p_pattern=0.0, p_reject=0.0,
                       seed=2), [(3, 2)])
    assert abs(half - (0.5 + 0.5 * uniform)) < 0.06


def test_a_capture_far_from_the_last_move_is_not_preferred() -> None:
    s = position(black=[(1, 2), (2, 1), (2, 3)], white=[(2, 2), (4, 4)])
    far = sample(s, B, (4, 4), p_capture=1.0, p_pattern=0.0, p_reject=0.0)
    assert freq(far, [(3, 2)]) < 0.12


def test_a_string_in_atari_diagonal_to_the_last_move_is_captured() -> None:
    """The step looks at the strings on all 8 neighbours of the last move: White's
    last move (3,3) is diagonal to White (2,2), in atari at (3,2)."""
    s = position(black=[(1, 2), (2, 1), (2, 3)], white=[(2, 2), (3, 3)])
    assert sample(s, B, (3, 3), p_capture=1.0, p_pattern=0.0, p_reject=0.0) == {(3, 2): N}


def test_a_capture_forbidden_by_ko_is_not_played() -> None:
    """Black just took a ko at (1,2): its stone is in atari next to the last move, but
    White may not retake at (1,1)."""
    board = Board(SIZE, Ruleset("simple", False))
    board.setup(black=[Point(0, 1), Point(1, 0), Point(2, 1)],
                white=[Point(0, 2), Point(2, 2), Point(1, 3), Point(1, 1)])
    board.play(Color.BLACK, Point(1, 2))
    s = CK.copy_state(board.state)
    assert s.meta[CK.M_KO_POINT] == pad((1, 1))
    got = sample(s, W, (1, 2), p_capture=1.0, p_pattern=1.0, p_reject=0.0)
    assert got[(1, 1)] == 0
    assert all(p is not None and CK.check_move(s, pad(p), W, False) == CK.OK for p in got)


#   . * . O .
#   O O O . .      White's straight three in the corner, White having just played
#   . . . . .      (0,3): Black's nakade at its middle point * (0,1) (the moggy
#   . . . . .      policy's step 3)
#   . . . . X
def test_the_nakade_step_plays_the_vital_point() -> None:
    s = position(black=[(4, 4)], white=[(1, 0), (1, 1), (1, 2), (0, 3)])
    got = sample(s, B, (0, 3), p_capture=0.0, p_pattern=0.0, p_reject=0.0, p_nakade=1.0)
    assert got == {(0, 1): N}
    half = sample(s, B, (0, 3), p_capture=0.0, p_pattern=0.0, p_reject=0.0, p_nakade=0.5)
    assert 0.45 < freq(half, [(0, 1)]) < 0.6  # plus random moves there
    off = sample(s, B, (0, 3), p_capture=0.0, p_pattern=0.0, p_reject=0.0)
    assert freq(off, [(0, 1)]) < 0.12
    own = sample(s, W, (0, 3), p_capture=0.0, p_pattern=0.0, p_reject=0.0, p_nakade=1.0)
    assert freq(own, [(0, 1)]) < 0.12  # White's own eye space: no step


def test_the_search_gives_heavy_its_own_nakade_rate() -> None:
    """One parameter slot carries the nakade rate of the search's policy: heavy's
    ``heavy_nakade`` (off by default), moggy's ``p_nakade``."""
    def rate(**options: object) -> float:
        return float(SearchConfig.from_values(options).params(7.0, 9, False)[P_NAKADE])

    assert rate() == 0.0
    assert rate(heavy_nakade=0.8) == 0.8
    assert rate(policy="moggy") == 0.8
    assert rate(policy="moggy", heavy_nakade=0.3, p_nakade=0.6) == 0.6


#   . . . . .
#   . . O . .
#   . O X O .      Black (2,2) in atari after White's (2,3); extending to * gives
#   . . * . .      three liberties
#   . . . . .
def test_an_own_string_in_atari_escapes_by_extending() -> None:
    s = position(black=[(2, 2)], white=[(1, 2), (2, 1), (2, 3)])
    assert sample(s, B, (2, 3), p_capture=1.0, p_pattern=0.0, p_reject=0.0) == {(3, 2): N}
    assert freq(sample(s, B, (2, 3), p_capture=0.0, p_pattern=0.0, p_reject=0.0),
                [(3, 2)]) < 0.12


#   . . . . .
#   . . O X .
#   . O X O *      Black (2,2) in atari after White's (2,1): it escapes by extending to
#   . . * X .      (3,2) or by capturing White (2,3), itself in atari, at (2,4)
#   . . . . .
def test_an_own_string_in_atari_escapes_by_capturing_a_holder() -> None:
    s = position(black=[(2, 2), (1, 3), (3, 3)], white=[(1, 2), (2, 1), (2, 3)])
    got = sample(s, B, (2, 1), p_capture=1.0, p_pattern=0.0, p_reject=0.0)
    assert set(got) == {(3, 2), (2, 4)}
    assert 0.4 < freq(got, [(2, 4)]) < 0.6


# ------------------------------------------------------------------ self-atari

#   . . . . .
#   . . O . .
#   . O X O .      extending Black (2,2) to * leaves the string of two one liberty
#   . O * O .      (4,2): no escape, and a self-atari the random step rejects
#   . . . . .
SELF_ATARI = position(black=[(2, 2)], white=[(1, 2), (2, 1), (2, 3), (3, 1), (3, 3)])


def test_no_escape_into_a_self_atari_and_big_self_ataris_are_rejected() -> None:
    assert CK.check_move(SELF_ATARI, pad((3, 2)), B, False) == CK.OK
    rejected = sample(SELF_ATARI, B, (2, 3), p_capture=1.0, p_pattern=0.0, p_reject=1.0)
    assert rejected[(3, 2)] == 0
    assert rejected[None] == 0
    kept = freq(sample(SELF_ATARI, B, (2, 3), p_capture=1.0, p_pattern=0.0, p_reject=0.0,
                       n=3000), [(3, 2)])
    assert 0.025 < kept < 0.12  # uniform among the ~17 sensible moves
    half = freq(sample(SELF_ATARI, B, (2, 3), p_capture=1.0, p_pattern=0.0, p_reject=0.5,
                       n=3000, seed=3), [(3, 2)])
    assert 0.3 * kept < half < 0.7 * kept


def test_a_lone_stone_in_self_atari_is_not_rejected() -> None:
    """Only moves that join a string (two or more stones) are rejected: Black (0,0)
    next to White (0,1) has one liberty but is played like any other point."""
    s = position(black=[], white=[(0, 1)])
    n_moves = len(sensible(s, B))
    got = freq(sample(s, B, None, p_capture=1.0, p_pattern=1.0, p_reject=1.0, n=3000),
               [(0, 0)])
    assert abs(got - 1.0 / n_moves) < 0.02


#   * O X . .
#   X X O . .      Black (0,0) joins a string and leaves it no empty liberty, but it
#   O O . . .      captures White (0,1): not a self-atari, never rejected
#   . . . . .
#   . . . . .
def test_a_capturing_move_is_not_a_self_atari() -> None:
    s = position(black=[(0, 2), (1, 0), (1, 1)], white=[(0, 1), (1, 2), (2, 0), (2, 1)])
    n_moves = len(sensible(s, B))
    assert (0, 0) in sensible(s, B)
    got = freq(sample(s, B, None, p_capture=0.0, p_pattern=0.0, p_reject=1.0, n=3000),
               [(0, 0)])
    assert abs(got - 1.0 / n_moves) < 0.025


# ------------------------------------------------------------------ eyes

#   * X * X .
#   X X X X O      Black has eyes at (0,0) and (0,2), legal for Black but never played
#   O O O O O
#   . . . . .
#   . . . . .
EYES = position(black=[(0, 1), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)],
                white=[(1, 4), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4)])


@pytest.mark.parametrize("last", [None, (1, 4), (2, 1), (0, 1), (1, 1)])
@pytest.mark.parametrize("p_reject", [0.0, 1.0])
def test_the_policy_never_fills_its_own_eye(last: Coord | None, p_reject: float) -> None:
    eyes = [(0, 0), (0, 2)]
    for p in eyes:
        assert CK.check_move(EYES, pad(p), B, False) == CK.OK
        assert CK.is_eye(EYES, pad(p), B)
    got = sample(EYES, B, last, p_capture=1.0, p_pattern=1.0, p_reject=p_reject, n=1000)
    assert freq(got, eyes) == 0
    assert got[None] == 0


def test_moves_on_random_positions_are_legal_and_keep_own_eyes() -> None:
    """On positions of random games (7x7, simple ko): a legal move that fills no own
    eye, and a pass only when there is no such move."""
    size = 7
    rng = np.random.default_rng(8)
    state_rng = np.array([77], np.uint64)
    pat3 = pattern3_table()
    cand = np.zeros((size + 2) ** 2, np.int64)
    space = np.zeros(16, np.int32)
    eye_positions = 0
    for game in range(40):
        board = Board(size, Ruleset("simple", False))
        last = 0
        for _ in range(int(rng.integers(5, 110))):
            color = board.to_play
            pts = np.argwhere(board.sensible_mask(color))
            if len(pts) == 0:
                board.play(color, None)
                last = 0
                continue
            r, q = (int(v) for v in pts[rng.integers(len(pts))])
            board.play(color, Point(r, q))
            last = pad((r, q), size)
        c = int(board.to_play)
        mask = board.sensible_mask(board.to_play)
        s = CK.copy_state(board.state)
        eye_positions += any(CK.is_eye(s, int(p), c) for p in range(s.color.shape[0]))
        for i in range(40):
            p_reject = 0.0 if i % 2 else 0.7
            p = heavy_move(s, c, last, False, state_rng, pat3, cand, space, 1.0, 0.8, 1.0,
                           p_reject)
            if p == 0:
                assert p_reject > 0.0 or not mask.any(), (game, str(board))
                continue
            assert CK.check_move(s, p, c, False) == CK.OK, (game, p)
            assert not CK.is_eye(s, p, c), (game, p, str(board))
    assert eye_positions >= 5  # the property was really tried near eyes


# ------------------------------------------------------------------ 3x3 patterns

#   . . . . .
#   . X * . .      White attached diagonally at (2,2) (the last move): the two points
#   . * O . .      (1,2) and (2,1) match MoGo's shapes; the other five empty
#   . . . . .      neighbours of the last move do not
#   . . . . .
PATTERN = position(black=[(1, 1)], white=[(2, 2)])
PATTERN_POINTS = [(1, 2), (2, 1)]


def _code(s: CK.BoardState, p: Coord) -> int:
    """The 3x3 code written out: neighbours N, W, E, S, NW, NE, SW, SE, 2 bits each."""
    order = [(-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)]
    return sum(int(s.color[pad((p[0] + dr, p[1] + dc))]) << (2 * k)
               for k, (dr, dc) in enumerate(order))


def test_the_pattern_position_is_what_the_diagram_says() -> None:
    table = pattern3_table()
    near = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)
            if PATTERN.color[pad((r, c))] == CK.EMPTY]
    assert {p for p in near if table[_code(PATTERN, p)]} == set(PATTERN_POINTS)
    assert len(near) == 7


@pytest.mark.parametrize("color", [B, W])
def test_pattern_moves_near_the_last_move_are_preferred(color: int) -> None:
    got = sample(PATTERN, color, (2, 2), p_capture=1.0, p_pattern=1.0, p_reject=0.0)
    assert set(got) == set(PATTERN_POINTS)
    assert all(0.4 < freq(got, [p]) < 0.6 for p in PATTERN_POINTS)
    uniform = freq(sample(PATTERN, color, (2, 2), p_capture=1.0, p_pattern=0.0,
                          p_reject=0.0), PATTERN_POINTS)
    assert uniform < 0.15  # 2 of 23 points
    half = freq(sample(PATTERN, color, (2, 2), p_capture=0.0, p_pattern=0.5, p_reject=0.0,
                       seed=5), PATTERN_POINTS)
    assert abs(half - (0.5 + 0.5 * uniform)) < 0.06


def test_patterns_are_looked_for_only_near_the_last_move() -> None:
    s = position(black=[(1, 1)], white=[(2, 2), (4, 4)])
    assert freq(sample(s, B, (4, 4), p_capture=1.0, p_pattern=1.0, p_reject=0.0),
                PATTERN_POINTS) < 0.15
    assert freq(sample(PATTERN, B, None, p_capture=1.0, p_pattern=1.0, p_reject=0.0),
                PATTERN_POINTS) < 0.15
