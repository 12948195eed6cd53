"""GtpEngine behaviour beyond the golden transcripts: the run loop, robustness
against failing generators, clean-up moves, extension points, whole games."""

from __future__ import annotations

import io
from collections.abc import Sequence

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point, parse_vertex
from igo.engine.analyze import AnalyzeCommand, AnalyzeRegistryError
from igo.engine.engine import GtpEngine
from igo.engine.state import GameState
from igo.players.base import RESIGN, Decision
from igo.players.random import RandomGenerator
from igo.sgf import parse_sgf


class FixedGenerator:
    """Returns a fixed decision (or raises)."""

    name = "fixed"

    def __init__(self, decision: Decision | Exception) -> None:
        self.decision = decision

    def select_move(self, board: Board, color: Color) -> Decision:
        if isinstance(self.decision, Exception):
            raise self.decision
        return self.decision


def make_engine(size: int = 9, seed: int = 0, **kwargs: object) -> GtpEngine:
    return GtpEngine(RandomGenerator(np.random.default_rng(seed)), size=size,
                     rng=np.random.default_rng(seed + 100), **kwargs)  # type: ignore[arg-type]


def reply(engine: GtpEngine, line: str) -> str:
    response = engine.handle_line(line)
    assert response is not None
    return response


def test_run_stops_at_quit_and_ignores_blank_lines() -> None:
    engine = make_engine()
    stdin = io.StringIO("\n# hello\n1 boardsize 5\n\n2 play b c3\n3 quit\n4 name\n")
    stdout = io.StringIO()
    engine.run(stdin, stdout)
    assert stdout.getvalue() == "=1\n\n=2\n\n=3\n\n"
    assert engine.stopped
    assert stdin.readline() == "4 name\n"  # nothing read after quit


def test_run_returns_at_end_of_input() -> None:
    engine = make_engine()
    stdout = io.StringIO()
    engine.run(io.StringIO("name\nversion"), stdout)
    assert stdout.getvalue().startswith("= igo\n\n= ")
    assert not engine.stopped


def test_unexpected_exception_becomes_internal_error(caplog: pytest.LogCaptureFixture) -> None:
    engine = GtpEngine(FixedGenerator(ZeroDivisionError("boom")), size=9)
    assert reply(engine, "5 genmove b") == "?5 internal error: ZeroDivisionError: boom\n\n"
    assert "internal error" in caplog.text
    # the engine goes on, with its state unchanged
    assert reply(engine, "6 play b e5") == "=6\n\n"
    assert engine.state.board.move_number == 1


def test_illegal_generator_move_is_an_internal_error() -> None:
    engine = GtpEngine(FixedGenerator(Point(4, 4)), size=9)
    assert reply(engine, "play w e5") == "=\n\n"
    response = reply(engine, "genmove b")
    assert response.startswith("? internal error: RuntimeError: generator ")
    assert "illegal move" in response and "occupied" in response
    off_board = GtpEngine(FixedGenerator(Point(12, 0)), size=9)
    assert reply(off_board, "genmove b").startswith("? internal error: RuntimeError")
    assert off_board.state.board.move_number == 0


def test_resign_is_not_played() -> None:
    engine = GtpEngine(FixedGenerator(RESIGN), size=9)
    assert reply(engine, "genmove b") == "= resign\n\n"
    assert reply(engine, "kgs-genmove_cleanup w") == "= resign\n\n"
    assert engine.state.board.move_number == 0


def test_genmove_plays_and_reg_genmove_does_not() -> None:
    engine = GtpEngine(FixedGenerator(Point(0, 0)), size=9)
    assert reply(engine, "reg_genmove b") == "= A9\n\n"
    assert engine.state.board.move_number == 0
    assert reply(engine, "genmove b") == "= A9\n\n"
    assert engine.state.board.history[-1].point == Point(0, 0)


DEAD_WHITE = """
. . . . X . . . .
. . . . X . . . .
. . O . X . . . .
. . . . X . . . .
X X X X X . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_cleanup_captures_dead_stones_when_the_generator_passes() -> None:
    engine = GtpEngine(FixedGenerator(None), size=9, rng=np.random.default_rng(3))
    engine.state.board = Board.from_diagram(DEAD_WHITE)
    assert reply(engine, "final_status_list dead") == "= C7\n\n"
    assert reply(engine, "genmove b") == "= pass\n\n"
    # kgs-genmove_cleanup keeps attacking C7 until it is captured, then passes
    for _ in range(6):
        text = reply(engine, "kgs-genmove_cleanup b")[2:].strip()
        if text == "pass":
            break
        point = parse_vertex(text, 9)
        assert point in {Point(1, 2), Point(3, 2), Point(2, 1), Point(2, 3)}
    assert engine.state.board[Point(2, 2)] == 0
    assert engine.state.board.captures[Color.BLACK] == 1
    assert text == "pass"
    # White has no dead black stones to remove: it passes
    assert reply(engine, "kgs-genmove_cleanup w") == "= pass\n\n"


def test_random_player_never_passes_in_cleanup_while_moves_remain() -> None:
    engine = make_engine(size=5, seed=4)
    color = Color.BLACK
    for _ in range(200):
        board = engine.state.board
        sensible = board.sensible_mask(color).any()
        text = reply(engine, f"kgs-genmove_cleanup {color.letter}")[2:].strip()
        assert (text == "pass") == (not sensible)
        if board.consecutive_passes >= 2:
            break
        color = color.opponent
    assert engine.state.board.consecutive_passes >= 2


def test_self_play_game_is_legal_eye_avoiding_and_scored() -> None:
    engine = make_engine(size=9, seed=11)
    reply(engine, "komi 7")
    color = Color.BLACK
    moves = 0
    while engine.state.board.consecutive_passes < 2:
        before = engine.state.board.copy()
        text = reply(engine, f"genmove {color.letter}")[2:].strip()
        point = parse_vertex(text, 9)
        if point is None:
            assert not before.sensible_mask(color).any()
        else:
            assert before.is_legal(color, point)
            assert not before.is_eye(point, color)
        color = color.opponent
        moves += 1
        assert moves < 400
    # a finished random game has no dead stones: the score is plain Tromp-Taylor
    assert reply(engine, "final_status_list dead") == "=\n\n"
    board = engine.state.board
    margin = board.area_score(7)
    expected = f"B+{margin:g}" if margin > 0 else f"W+{-margin:g}"
    assert reply(engine, "final_score") == f"= {expected}\n\n"


def test_final_score_is_reproducible_with_a_seed() -> None:
    def score(seed: int) -> tuple[str, str]:
        engine = GtpEngine(RandomGenerator(np.random.default_rng(0)), size=9,
                           rng=np.random.default_rng(seed), scoring_playouts=50)
        engine.state.board = Board.from_diagram(DEAD_WHITE)
        return reply(engine, "final_score"), reply(engine, "igo-ownership b 10")

    assert score(7) == score(7)


def test_final_score_and_status_agree() -> None:
    engine = make_engine()
    engine.state.board = Board.from_diagram(DEAD_WHITE)
    dead = reply(engine, "final_status_list dead")
    # with C7 removed, every point reaches only Black: 81 - 7.5
    assert reply(engine, "final_score") == "= B+73.5\n\n"
    assert reply(engine, "final_status_list dead") == dead == "= C7\n\n"


def test_printsgf_round_trip() -> None:
    engine = make_engine(size=9)
    for line in ("komi 6.5", "fixed_handicap 2", "play w e5", "play b d4", "play w pass"):
        assert reply(engine, line).startswith("=")
    text = reply(engine, "printsgf")
    assert text.startswith("= (;")
    record = parse_sgf(text[2:])
    assert record.size == 9 and record.komi == 6.5 and record.handicap == 2
    assert sorted(record.setup_black) == sorted(engine.state.setup_black)
    assert record.moves == engine.state.board.history


def test_clear_board_and_boardsize_reset_state() -> None:
    engine = make_engine(size=9)
    reply(engine, "fixed_handicap 4")
    reply(engine, "time_left b 10 2")
    reply(engine, "clear_board")
    assert engine.state.handicap == 0 and not engine.state.setup_black
    assert not engine.state.time_left
    reply(engine, "boardsize 13")
    assert engine.state.board.size == 13 and engine.state.size == 13
    assert reply(engine, "boardsize 30").startswith("? unacceptable size")
    assert engine.state.board.size == 13


def test_kgs_rules_change_what_is_legal() -> None:
    engine = make_engine(size=5)
    reply(engine, "kgs-rules tromp-taylor")
    assert engine.state.board.rules.suicide
    reply(engine, "kgs-rules japanese")
    assert engine.state.board.rules.ko == "simple" and not engine.state.rules.suicide


def pair_handler(state: GameState, args: Sequence[str]) -> str:
    return f"{state.board.size} {' '.join(args)}"


class AnalysingGenerator(RandomGenerator):
    """A generator that brings its own analysis view."""

    def analyze_commands(self) -> list[AnalyzeCommand]:
        return [AnalyzeCommand("string", "Echo", "igo-echo %m", pair_handler)]


def test_generator_analyze_commands_are_registered() -> None:
    engine = GtpEngine(AnalysingGenerator(np.random.default_rng(0)), size=7)
    assert reply(engine, "known_command igo-echo") == "= true\n\n"
    assert "string/Echo/igo-echo %m" in reply(engine, "gogui-analyze_commands")
    assert reply(engine, "7 igo-echo b") == "=7 7 b\n\n"


def test_analyze_argument_replaces_the_standard_views() -> None:
    entries = [AnalyzeCommand("string", "Echo", "igo-echo", pair_handler),
               AnalyzeCommand("string", "Score", "final_score")]
    engine = GtpEngine(RandomGenerator(), size=5, analyze=entries)
    assert reply(engine, "gogui-analyze_commands") == \
        "= string/Echo/igo-echo\nstring/Score/final_score\n\n"
    assert not engine.knows("igo-ownership")


def test_bad_analyze_entries_are_refused() -> None:
    with pytest.raises(AnalyzeRegistryError, match="no handler"):
        GtpEngine(RandomGenerator(), analyze=[AnalyzeCommand("string", "X", "no-such")])
    with pytest.raises(ValueError, match="cannot register"):
        GtpEngine(RandomGenerator(), analyze=[AnalyzeCommand("string", "X", "play",
                                                             pair_handler)])


def test_register_checks_names() -> None:
    engine = make_engine()
    engine.register("igo-hello", lambda eng, args: "hello")
    assert reply(engine, "igo-hello") == "= hello\n\n"
    for bad in ("", "two words", "igo-hello"):
        with pytest.raises(ValueError):
            engine.register(bad, lambda eng, args: "")


def test_name_and_version_can_be_set() -> None:
    engine = GtpEngine(RandomGenerator(), name="igo-test", version="9.9")
    assert reply(engine, "name") == "= igo-test\n\n"
    assert reply(engine, "version") == "= 9.9\n\n"


def test_engine_rejects_bad_initial_size() -> None:
    from igo.core.errors import BoardSizeError

    with pytest.raises(BoardSizeError):
        GtpEngine(RandomGenerator(), size=26)
