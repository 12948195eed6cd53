"""Dead-stone judgement: modes, agreement, GNU Go, and fallbacks."""

from __future__ import annotations

import pytest

from igo.arena.adjudicate import DeadStoneJudge, gnugo_dead_stones
from igo.core import Board, Color, Point


def two_walls_with_invaders() -> Board:
    """Black wall on column E, White wall on column F; a dead White stone at B5 in
    Black's area and a dead Black stone at H5 in White's area."""
    board = Board(9)
    for row in range(9):
        board.play(Color.BLACK, Point(row, 4))
        board.play(Color.WHITE, Point(row, 5))
    board.play(Color.BLACK, Point(4, 7))
    board.play(Color.WHITE, Point(4, 1))
    board.play(Color.BLACK, None)
    board.play(Color.WHITE, None)
    return board


class Oracle:
    def __init__(self, dead: list[Point] | None) -> None:
        self.dead = dead

    def dead_stones(self) -> list[Point] | None:
        return self.dead


def test_tromp_taylor_mode_asks_nobody() -> None:
    board = two_walls_with_invaders()
    j = DeadStoneJudge("tromp-taylor").judge(board, 7.5, [], board.history,
                                            Oracle([Point(0, 0)]), Oracle(None))
    assert j.dead == () and j.method == "tromp-taylor" and j.note == ""


def test_players_without_gnugo() -> None:
    board = two_walls_with_invaders()
    judge = DeadStoneJudge("players", None)
    dead = [Point(4, 1), Point(4, 7)]
    j = judge.judge(board, 7.5, [], board.history, Oracle(dead), Oracle(list(reversed(dead))))
    assert j.method == "players" and j.dead == tuple(dead)
    j = judge.judge(board, 7.5, [], board.history, Oracle(dead), object())
    assert j.method == "tromp-taylor" and "W cannot name dead stones" in j.note
    assert "no GNU Go" in j.note


def test_broken_gnugo_falls_back_to_tromp_taylor() -> None:
    board = two_walls_with_invaders()
    judge = DeadStoneJudge("gnugo", "/bin/false")
    j = judge.judge(board, 7.5, [], board.history, object(), object())
    assert j.method == "tromp-taylor" and "GNU Go failed" in j.note


def test_bad_modes() -> None:
    with pytest.raises(ValueError, match="unknown"):
        DeadStoneJudge("auto")
    with pytest.raises(ValueError, match="needs GNU Go"):
        DeadStoneJudge("gnugo", None)


@pytest.mark.gnugo
def test_gnugo_finds_the_invaders(gnugo: str) -> None:
    board = two_walls_with_invaders()
    dead = gnugo_dead_stones(gnugo, board, 7.5, [], board.history)
    assert dead == [Point(4, 1), Point(4, 7)]
    # Black: 5 columns, White: 4 columns once the invaders are removed.
    assert board.area_score(7.5, dead) == 45 - 36 - 7.5


@pytest.mark.gnugo
def test_players_disagree_gnugo_decides(gnugo: str) -> None:
    board = two_walls_with_invaders()
    j = DeadStoneJudge("players", gnugo).judge(board, 7.5, [], board.history,
                                               Oracle([]), Oracle([Point(4, 1)]))
    assert j.method == "gnugo" and j.dead == (Point(4, 1), Point(4, 7))
    assert "disagree" in j.note


@pytest.mark.gnugo
def test_gnugo_with_handicap_stones(gnugo: str) -> None:
    board = Board(9)
    setup = [Point(2, 2), Point(6, 2)]  # C7 and C3, inside Black's side
    board.place(Color.BLACK, setup)
    for row in range(9):
        board.play(Color.WHITE, Point(row, 5))
        board.play(Color.BLACK, Point(row, 4))
    board.play(Color.WHITE, Point(4, 1))
    board.play(Color.BLACK, None)
    board.play(Color.WHITE, None)
    dead = gnugo_dead_stones(gnugo, board, 0.5, setup, board.history)
    assert dead == [Point(4, 1)]
