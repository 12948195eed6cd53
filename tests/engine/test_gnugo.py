"""Interoperability with GNU Go: whole games igo-random vs GNU Go over pipes, with
``igo gtp`` running as a real subprocess on one side (skipped without GNU Go)."""

from __future__ import annotations

import sys

import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point, parse_vertex
from igo.core.record import GameResult
from igo.core.rules import Ruleset
from igo.gtp.client import GtpClient

GNUGO = ["/usr/games/gnugo", "--mode", "gtp", "--level", "0", "--chinese-rules", "--seed", "1"]


def igo_command(seed: int) -> list[str]:
    # simple ko and no suicide, as GNU Go plays by default
    return [sys.executable, "-m", "igo.cli.main", "gtp", "--engine", "random",
            "--rules", "japanese", "--seed", str(seed)]


def stones(client: GtpClient, color: str, size: int) -> set[Point]:
    text = client.send(f"list_stones {color}")
    return {p for v in text.split() if (p := parse_vertex(v, size)) is not None}


def play_game(igo: GtpClient, gnugo: GtpClient, igo_color: Color, size: int,
              komi: float) -> Board:
    """Play one game to two passes (or a resignation); returns the referee's board."""
    for engine in (igo, gnugo):
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        engine.send(f"komi {komi}")
    board = Board(size, Ruleset.named("japanese"))
    players = {igo_color: igo, igo_color.opponent: gnugo}
    color = Color.BLACK
    while board.consecutive_passes < 2 and board.move_number < 4 * size * size:
        answer = players[color].send(f"genmove {color.letter}")
        if answer.lower() == "resign":
            break
        point = parse_vertex(answer, size)
        board.play(color, point)  # raises if either engine played an illegal move
        players[color.opponent].send(f"play {color.letter} {answer}")
        color = color.opponent
    return board


@pytest.mark.gnugo
@pytest.mark.parametrize(("igo_color", "size", "seed"), [
    (Color.BLACK, 9, 1), (Color.WHITE, 7, 2),
])
def test_full_game_against_gnugo(igo_color: Color, size: int, seed: int) -> None:
    with GtpClient(igo_command(seed), timeout=60) as igo, \
            GtpClient(GNUGO, timeout=60) as gnugo:
        assert igo.name == "igo"
        board = play_game(igo, gnugo, igo_color, size, komi=7.0)
        assert board.move_number > 10
        # all three boards agree stone by stone
        for color, word in ((Color.BLACK, "black"), (Color.WHITE, "white")):
            assert stones(gnugo, word, size) == set(board.stones(color))
        text = igo.send("showboard")
        assert text.count("X") == len(board.stones(Color.BLACK))
        assert text.count("O") == len(board.stones(Color.WHITE))
        ours = GameResult.parse(igo.send("final_score"))
        theirs = GameResult.parse(gnugo.send("final_score"))
        assert ours.reason in ("score", "draw") and theirs.reason in ("score", "draw")
        if board.consecutive_passes >= 2:
            # played out to two passes: igo's playout estimate of the dead stones
            # agrees with GNU Go's, and so does the area count
            assert sorted(igo.send("final_status_list dead").split()) == \
                sorted(gnugo.send("final_status_list dead").split())
            assert (ours.winner, ours.margin) == (theirs.winner, theirs.margin), str(board)
