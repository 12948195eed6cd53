"""The referee: endings (two passes, resignation, illegal move, move cap), colours,
handicap, scoring and determinism."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from igo.arena.adjudicate import DeadStoneJudge
from igo.arena.referee import (
    END_ILLEGAL,
    END_MOVE_CAP,
    END_PASSES,
    END_RESIGN,
    GameSettings,
    Referee,
    random_opening,
)
from igo.core import Board, Color, Move, Point, Ruleset
from igo.core.handicap import fixed_handicap
from igo.players.base import RESIGN, Decision, EnginePlayer, Player
from igo.players.random import RandomGenerator


def random_player(seed: int) -> EnginePlayer:
    return EnginePlayer(RandomGenerator(np.random.default_rng(seed)), name=f"random{seed}")


class Scripted(Player):
    """Plays a fixed list of decisions, then passes; records what it is told."""

    def __init__(self, decisions: list[Decision], name: str = "scripted") -> None:
        self.decisions = list(decisions)
        self.name = name
        self.told: list[Move] = []
        self.setups: list[tuple[Color, list[Point]]] = []
        self.games = 0

    def new_game(self, size: int, komi: float, rules: Ruleset) -> None:
        self.games += 1

    def setup(self, color: Color, points: list[Point]) -> None:
        self.setups.append((color, points))

    def play(self, move: Move) -> None:
        self.told.append(move)

    def genmove(self, color: Color) -> Decision:
        return self.decisions.pop(0) if self.decisions else None


def test_random_game_ends_on_two_passes_and_is_scored_by_area() -> None:
    ref = Referee(GameSettings(size=7, komi=7.5))
    out = ref.play(random_player(1), random_player(2))
    rec = out.record
    assert out.end == END_PASSES
    assert rec.moves[-1].is_pass and rec.moves[-2].is_pass
    board = Board(7, rec.rules)
    for m in rec.moves:
        board.play_move(m)  # every move was legal
    score = board.area_score(7.5)
    assert out.winner == (Color.BLACK if score > 0 else Color.WHITE)
    assert rec.result.margin == abs(score)
    assert out.judgement is not None and out.judgement.method == "tromp-taylor"
    assert rec.black == "random1" and rec.white == "random2"
    assert "two passes" in rec.properties["GC"][0]


def test_colours_alternate_in_the_move_list() -> None:
    out = Referee(GameSettings(size=5)).play(random_player(3), random_player(4))
    colours = [m.color for m in out.record.moves]
    assert colours[0] == Color.BLACK
    assert all(a != b for a, b in itertools.pairwise(colours))


def test_same_seeds_same_game() -> None:
    ref = Referee(GameSettings(size=7))
    a = ref.play(random_player(7), random_player(8))
    b = ref.play(random_player(7), random_player(8))
    assert a.record.moves == b.record.moves
    assert a.result == b.result


def test_resignation() -> None:
    black = Scripted([Point(2, 2), RESIGN])
    white = Scripted([Point(3, 3)])
    out = Referee(GameSettings(size=9)).play(black, white)
    assert out.end == END_RESIGN
    assert out.result == "W+R"
    assert out.judgement is None
    assert len(out.record.moves) == 2
    assert white.told == [Move(Color.BLACK, Point(2, 2))]


def test_resignation_as_pass_when_not_allowed() -> None:
    black = Scripted([RESIGN])
    white = Scripted([])
    out = Referee(GameSettings(size=5, komi=0.5, allow_resign=False)).play(black, white)
    assert out.end == END_PASSES
    assert out.record.moves == [Move(Color.BLACK, None), Move(Color.WHITE, None)]
    assert black.told[0] == Move(Color.BLACK, None)  # the resigner's board gets the pass
    assert out.result == "W+0.5"


@pytest.mark.parametrize(
    ("black_moves", "white_moves", "loser", "text"),
    [
        ([Point(2, 2)], [Point(2, 2)], Color.WHITE, "occupied"),
        ([Point(9, 9)], [], Color.BLACK, "off the"),
        (["e5"], [], Color.BLACK, "answered 'e5'"),
    ],
)
def test_illegal_move_loses(black_moves: list, white_moves: list, loser: Color,
                            text: str) -> None:
    out = Referee(GameSettings(size=9)).play(Scripted(black_moves, "B-bot"),
                                            Scripted(white_moves, "W-bot"))
    assert out.end == END_ILLEGAL
    assert out.winner == loser.opponent
    assert out.result == f"{loser.opponent.letter}+F"
    assert text in out.reason
    assert f"{loser.name.lower()} loses" in out.reason


def test_suicide_is_illegal() -> None:
    # Black surrounds A9 (row 0, col 0) with B9 and A8; White playing A9 is suicide.
    black = Scripted([Point(0, 1), Point(1, 0)])
    white = Scripted([Point(5, 5), Point(0, 0)])
    out = Referee(GameSettings(size=9)).play(black, white)
    assert out.end == END_ILLEGAL and out.winner == Color.BLACK
    assert "suicide" in out.reason


def test_move_cap_scores_the_board() -> None:
    out = Referee(GameSettings(size=9, move_cap=10)).play(random_player(5), random_player(6))
    assert out.end == END_MOVE_CAP
    assert len(out.record.moves) == 10
    board = Board(9)
    for m in out.record.moves:
        board.play_move(m)
    score = board.area_score(7.5)
    assert out.winner == (Color.BLACK if score > 0 else Color.WHITE)


def test_draw() -> None:
    out = Referee(GameSettings(size=5, komi=0.0)).play(Scripted([]), Scripted([]))
    assert out.winner is None and out.result == "0"


def test_handicap_white_moves_first() -> None:
    black, white = Scripted([]), Scripted([Point(0, 0)])
    out = Referee(GameSettings(size=9, komi=0.5, handicap=2)).play(black, white)
    stones = fixed_handicap(9, 2)
    assert black.setups == [(Color.BLACK, stones)] == white.setups
    assert out.record.setup_black == stones and out.record.handicap == 2
    assert out.record.moves[0] == Move(Color.WHITE, Point(0, 0))
    assert out.end == END_PASSES
    # Area: 2 black stones, 1 white stone, the empty region touches both: 2 - 1 - 0.5.
    assert out.result == "B+0.5"


def test_players_judge_uses_agreeing_dead_stones() -> None:
    class Oracle(Scripted):
        def __init__(self, decisions: list[Decision], dead: list[Point] | None) -> None:
            super().__init__(decisions)
            self.dead = dead

        def dead_stones(self) -> list[Point] | None:
            return self.dead

    # Black has one stone; with it dead the empty board is neutral: White wins by komi.
    dead = [Point(4, 4)]
    ref = Referee(GameSettings(size=9, komi=7.5), DeadStoneJudge("players", None))
    out = ref.play(Oracle([Point(4, 4)], dead), Oracle([], dead))
    assert out.judgement is not None and out.judgement.method == "players"
    assert out.result == "W+7.5"
    # They disagree and there is no GNU Go: Tromp-Taylor, and the note says why.
    out = ref.play(Oracle([Point(4, 4)], dead), Oracle([], []))
    assert out.judgement is not None and out.judgement.method == "tromp-taylor"
    assert "disagree" in out.reason and out.result == "B+73.5"


def test_move_cap_must_be_positive() -> None:
    with pytest.raises(ValueError, match="move_cap"):
        GameSettings(move_cap=0)


def test_opening_is_played_first_and_told_to_both_players() -> None:
    opening = (Point(4, 4), Point(2, 2), Point(6, 6))
    black, white = Scripted([]), Scripted([Point(0, 0)])
    out = Referee(GameSettings(size=9, opening=opening)).play(black, white)
    moves = out.record.moves
    assert [m.point for m in moves[:3]] == list(opening)
    assert [m.color for m in moves[:4]] == [Color.BLACK, Color.WHITE, Color.BLACK,
                                            Color.WHITE]
    assert moves[3] == Move(Color.WHITE, Point(0, 0))  # White takes over after 3 moves
    assert black.told[:3] == white.told[:3] == moves[:3]


@pytest.mark.parametrize(("size", "handicap"), [(9, 0), (13, 2), (19, 4), (4, 0)])
def test_random_opening(size: int, handicap: int) -> None:
    a = random_opening(size, 6, np.random.default_rng(1), handicap=handicap)
    assert a == random_opening(size, 6, np.random.default_rng(1), handicap=handicap)
    assert a != random_opening(size, 6, np.random.default_rng(2), handicap=handicap)
    assert len(a) == 6 and len(set(a)) == 6
    if size > 5:
        assert all(min(p[0], p[1], size - 1 - p[0], size - 1 - p[1]) >= 2 for p in a)
    # a legal sequence: the referee plays it (White first after a handicap)
    out = Referee(GameSettings(size=size, handicap=handicap, opening=a)).play(
        Scripted([]), Scripted([]))
    assert [m.point for m in out.record.moves[:6]] == list(a)
    assert out.record.moves[0].color == (Color.WHITE if handicap else Color.BLACK)
