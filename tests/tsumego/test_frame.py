"""The tsumego frame (:mod:`igo.tsumego.frame`): the problem is untouched and fenced
off, both frame groups are one living string, and the komi makes the region's owner
the winner."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tsumego.frame import Frame, FrameConfig, FrameError, build_frame
from igo.tsumego.problems import Problem, load_problems

EASY = Path(__file__).resolve().parents[1] / "data" / "tsumego" / "easy.jsonl"


def _problem(black: list[str], white: list[str], to_play: Color = Color.BLACK,
             sol: str = "aa") -> Problem:
    return Problem(0, tuple(Point.from_sgf(s, 19) for s in black),
                   tuple(Point.from_sgf(s, 19) for s in white), to_play,
                   frozenset({Point.from_sgf(sol, 19)}), "test/p")


CORNER = _problem(["eb", "fb", "bc", "cc", "dc", "be"], ["da", "ab", "bb", "cb", "db"])
SIDE = _problem(["ip", "jp", "kp", "lp", "hq", "mq", "hr", "mr"],
                ["iq", "jq", "kq", "lq", "ir", "lr"], sol="jr")
CENTRE = _problem(["ih", "jh", "kh", "hi", "li", "ij", "jj"], ["ji", "ki"], sol="kj")


def _neighbours(p: Point) -> list[Point]:
    return [q for q in (Point(p.row - 1, p.col), Point(p.row + 1, p.col),
                        Point(p.row, p.col - 1), Point(p.row, p.col + 1)) if q.on_board(19)]


def check_frame(problem: Problem, frame: Frame) -> None:
    """Every property a frame must have."""
    board = frame.board
    arr = board.to_array()
    attacker, defender = frame.attacker, frame.attacker.opponent
    for color, stones in ((Color.BLACK, problem.black), (Color.WHITE, problem.white)):
        assert all(arr[p] == color for p in stones)
    assert set(problem.stones) <= frame.region
    assert board.to_play is problem.to_play
    assert all(arr[p] == attacker for p in frame.wall)
    # Problem and frame are apart: the region's points touch no frame stone.
    frame_points = {Point(r, c) for r in range(19) for c in range(19)} - frame.region
    for p in problem.stones:
        assert not set(_neighbours(p)) & frame_points
    # Each colour's frame is one string with at least two true eyes.
    for color in (attacker, defender):
        stones = {p for p in frame_points if arr[p] == color}
        eyes = frame.eyes[color]
        if color is defender and not stones:
            continue
        assert set(board.string_at(next(iter(stones)))) == stones
        assert len(eyes) >= 2
        assert all(arr[e] == 0 and board.is_eye(e, color) for e in eyes)
    # Nothing else outside the region is empty.
    empty_outside = {p for p in frame_points if arr[p] == 0}
    assert empty_outside == set(frame.eyes[attacker]) | set(frame.eyes[defender])


def _fill_region(frame: Frame, owner: Color) -> float:
    """Black's area score (through :meth:`Board.area_score`) of the framed board with
    the region filled with ``owner``'s stones but for one empty point (an eye)."""
    arr = frame.board.to_array()
    eye = min(p for p in frame.region if set(_neighbours(p)) <= frame.region)
    black, white = [], []
    for r in range(19):
        for c in range(19):
            p = Point(r, c)
            color = (0 if p == eye else owner) if p in frame.region else arr[r, c]
            if color == Color.BLACK:
                black.append(p)
            elif color == Color.WHITE:
                white.append(p)
    board = Board(19)
    board.setup(black=black, white=white)
    return board.area_score(frame.komi)


@pytest.mark.parametrize("problem", [CORNER, SIDE, CENTRE], ids=["corner", "side", "centre"])
def test_frame_properties(problem: Problem) -> None:
    check_frame(problem, build_frame(problem))


@pytest.mark.parametrize("problem", [CORNER, SIDE, CENTRE], ids=["corner", "side", "centre"])
def test_komi_makes_the_region_decide(problem: Problem) -> None:
    """The attacker owning the region wins by ``win_margin``; the defender owning it
    wins by twice the region less that (so it wins with any 3 points of it)."""
    frame = build_frame(problem)
    sign = 1 if frame.attacker is Color.BLACK else -1
    margin = FrameConfig().win_margin
    assert _fill_region(frame, frame.attacker) * sign == margin
    assert _fill_region(frame, frame.attacker.opponent) * sign == margin - 2 * len(frame.region)
    assert frame.komi % 1 == 0.5


def test_walls_by_position() -> None:
    corner, side, centre = (build_frame(p) for p in (CORNER, SIDE, CENTRE))
    # Corner problem at the top left: walls below and right only.
    assert {p.row for p in corner.wall} == set(range(0, 7))
    assert max(p.row for p in corner.region) == 5 and min(p.row for p in corner.region) == 0
    # Side problem on the bottom edge: the region reaches the edge, walls on 3 sides.
    assert max(p.row for p in side.region) == 18
    assert not any(p.row == 18 for p in side.wall) or all(
        p.col in (min(q.col for q in side.wall), max(q.col for q in side.wall))
        for p in side.wall if p.row == 18)
    # Centre problem: a closed ring.
    rows = [p.row for p in centre.wall]
    cols = [p.col for p in centre.wall]
    assert (min(rows), max(rows), min(cols), max(cols)) == (5, 11, 5, 13)


def test_attacker_guess() -> None:
    assert build_frame(CORNER).attacker is Color.BLACK  # white in the corner
    swapped = _problem(["da", "ab", "bb", "cb", "db"], ["eb", "fb", "bc", "cc", "dc", "be"],
                       Color.WHITE)
    assert build_frame(swapped).attacker is Color.WHITE
    assert build_frame(SIDE).attacker is Color.BLACK
    assert build_frame(CENTRE).attacker is Color.BLACK


def test_orientation_does_not_matter() -> None:
    """The same corner problem in the four corners: the same attacker and komi."""
    frames = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            def f(p: Point, fr: bool = flip_r, fc: bool = flip_c) -> Point:
                return Point(18 - p.row if fr else p.row, 18 - p.col if fc else p.col)
            prob = Problem(0, tuple(map(f, CORNER.black)), tuple(map(f, CORNER.white)),
                           Color.BLACK, frozenset(map(f, CORNER.solutions)), "t/p")
            frame = build_frame(prob)
            check_frame(prob, frame)
            frames.append(frame)
    assert len({(fr.attacker, fr.komi, len(fr.region)) for fr in frames}) == 1


def test_problem_covering_the_board_has_no_frame() -> None:
    whole = _problem(["aa", "ss", "sa"], ["as", "jj"])
    with pytest.raises(FrameError, match="no room"):
        build_frame(whole)


@pytest.mark.parametrize("kwargs", [{"margin": 0}, {"eyes": 1}, {"win_margin": 4.0},
                                    {"edge_snap": -1}])
def test_bad_config(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        FrameConfig(**kwargs)


def test_fixture_frames() -> None:
    for p in load_problems(EASY):
        check_frame(p, build_frame(p))


@pytest.mark.data
def test_sample_of_shared_problems(shared_data: Path) -> None:
    problems = load_problems(shared_data / "tsumego" / "problems.jsonl.xz",
                             collection="Cho Chikun", errors=[])
    rng = np.random.default_rng(3)
    for i in rng.choice(len(problems), 25, replace=False):
        check_frame(problems[i], build_frame(problems[i]))
