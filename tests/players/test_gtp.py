"""GtpPlayer: a Player over an external engine (the fake engine and GNU Go)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from igo.core import Board, Color, Move, Point, Ruleset
from igo.core.handicap import fixed_handicap
from igo.gtp.errors import GtpClientError
from igo.players.base import RESIGN
from igo.players.gtp import GtpPlayer

FAKE = Path(__file__).resolve().parent / "fake_gtp_engine.py"


def fake(*args: str) -> list[str]:
    return [sys.executable, str(FAKE), *args]


def test_genmove_decisions() -> None:
    with GtpPlayer(fake("--genmove", "C3")) as p:
        assert p.name == "Fake 1.0"
        p.new_game(9, 7.5, Ruleset())
        assert p.genmove(Color.BLACK) == Point(6, 2)
    with GtpPlayer(fake("--genmove", "resign")) as p:
        p.new_game(9, 7.5, Ruleset())
        assert p.genmove(Color.WHITE) == RESIGN
    with GtpPlayer(fake("--genmove", "PASS")) as p:
        p.new_game(9, 7.5, Ruleset())
        assert p.genmove(Color.WHITE) is None


def test_unreadable_genmove_is_a_client_error() -> None:
    with GtpPlayer(fake("--genmove", "Z99")) as p:
        p.new_game(9, 7.5, Ruleset())
        with pytest.raises(GtpClientError, match="Z99"):
            p.genmove(Color.BLACK)


def test_dead_stones_and_missing_final_status() -> None:
    with GtpPlayer(fake("--dead", "A1 B2")) as p:
        p.new_game(9, 7.5, Ruleset())
        assert p.dead_stones() == [Point(7, 1), Point(8, 0)]
        assert p.final_score() is None or isinstance(p.final_score(), str)
    with GtpPlayer(fake("--no-final-status")) as p:
        p.new_game(9, 7.5, Ruleset())
        assert p.dead_stones() is None


def test_white_setup_stones_are_refused() -> None:
    with GtpPlayer(fake()) as p:
        p.new_game(9, 7.5, Ruleset())
        with pytest.raises(GtpClientError, match="Black only"):
            p.setup(Color.WHITE, [Point(0, 0)])


def test_engine_that_cannot_start() -> None:
    with pytest.raises(GtpClientError):
        GtpPlayer(["/nonexistent/engine"])


@pytest.mark.gnugo
def test_gnugo_player_plays_legal_moves(gnugo: str) -> None:
    board = Board(9)
    with GtpPlayer(f"{gnugo} --mode gtp --level 1") as p:
        assert p.name.startswith("GNU Go")
        p.new_game(9, 6.5, Ruleset.named("chinese"))
        for _ in range(4):
            board.play(Color.BLACK, board.legal_moves(Color.BLACK)[0])
            p.play(board.last_move)  # type: ignore[arg-type]
            move = p.genmove(Color.WHITE)
            assert move is None or isinstance(move, Point)
            board.play(Color.WHITE, move)  # raises if GNU Go played an illegal move
        p.play(Move(Color.BLACK, None))
        assert p.final_score() is not None
        assert p.dead_stones() is not None


@pytest.mark.gnugo
def test_gnugo_handicap_setup(gnugo: str) -> None:
    with GtpPlayer(f"{gnugo} --mode gtp --level 1") as p:
        p.new_game(9, 0.5, Ruleset())
        p.setup(Color.BLACK, fixed_handicap(9, 4))  # the fixed placement
        assert "X" in p.client.send("showboard")
        p.new_game(9, 0.5, Ruleset())
        p.setup(Color.BLACK, [Point(0, 0), Point(4, 4)])  # free placement
        board = p.client.send("showboard")
        assert board.count("X") >= 2
        with pytest.raises(GtpClientError):
            p.client.send("play b A9")  # occupied by the free handicap stone


def test_against_igo_own_gtp_engine() -> None:
    """A whole refereed game against ``igo gtp --engine random`` over GTP."""
    from igo.arena.referee import END_PASSES, GameSettings, Referee
    from igo.players.registry import make_player

    settings = GameSettings(size=5, komi=0.5, rules=Ruleset.named("chinese"))
    with GtpPlayer([sys.executable, "-m", "igo.cli.main", "gtp", "--engine", "random"]) as p:
        out = Referee(settings).play(make_player("igo:random"), p)
    assert out.end == END_PASSES
    board = Board(5, settings.rules)
    for m in out.record.moves:
        board.play_move(m)  # every move the engine chose was legal
