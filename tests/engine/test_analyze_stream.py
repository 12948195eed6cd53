"""Streaming analysis through GtpEngine.run as GUIs drive it: lines while the search
runs, stopped by the next command (or a raw newline, ``quit``, garbage, end of
input); genmove_analyze not cut short; the streaming mechanism itself."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import numpy as np
import pytest
from tests.engine.test_analysis_lines import katago_parse, lizzie_parse, sabaki_parse
from tests.engine.test_transcripts import ScriptedStdout

from igo.core.color import Color
from igo.engine.analyze_stream import AnalyzeArgs, parse_analyze_args
from igo.engine.engine import GtpEngine
from igo.engine.streaming import Emit, StreamJob
from igo.gtp.errors import GtpError
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.players.random import RandomGenerator
from igo.search.config import preset


def mcts_engine(size: int = 7, playouts: int | None = 100, seconds: float | None = None
                ) -> GtpEngine:
    gen = MCTSGenerator(preset("strong"), MoveLimits(playouts, seconds),
                        rng=np.random.default_rng(1))
    return GtpEngine(gen, size=size, komi=0.5, rng=np.random.default_rng(2))


class Session:
    """``engine.run`` in a thread, fed through a pipe as a GUI feeds it."""

    def __init__(self, engine: GtpEngine) -> None:
        self.engine = engine
        read_fd, write_fd = os.pipe()
        self.stdin = os.fdopen(read_fd, "r", encoding="utf-8", errors="replace")
        self.pipe = os.fdopen(write_fd, "w", encoding="utf-8")
        self.out = ScriptedStdout()
        self.thread = threading.Thread(target=engine.run, args=(self.stdin, self.out))
        self.thread.start()

    def send(self, text: str) -> int:
        """Write ``text``; the output position before it (for :meth:`wait`)."""
        mark = len(self.out.getvalue())
        self.pipe.write(text)
        self.pipe.flush()
        return mark

    def wait(self, text: str, start: int = 0) -> None:
        self.out.wait_for(text, start)

    def wait_lines(self, prefix: str, count: int, start: int = 0) -> None:
        with self.out.changed:
            ok = self.out.changed.wait_for(lambda: sum(
                ln.startswith(prefix) for ln in self.out.getvalue()[start:].split("\n")
            ) >= count, 120)
        assert ok, self.out.getvalue()

    def close(self) -> str:
        self.pipe.close()
        self.thread.join(60)
        assert not self.thread.is_alive()
        self.stdin.close()
        return self.out.getvalue()


# ---------------------------------------------------------------------- arguments
@pytest.mark.parametrize(("args", "dialect", "expected"), [
    ([], "lz", AnalyzeArgs()),
    (["b", "50"], "lz", AnalyzeArgs(Color.BLACK, 0.5)),
    (["W", "25"], "sabaki", AnalyzeArgs(Color.WHITE, 0.25)),
    (["white", "interval", "10", "minmoves", "3"], "lz",
     AnalyzeArgs(Color.WHITE, 0.1, min_moves=3)),
    (["100", "maxmoves", "5", "playouts", "50"], "lz",
     AnalyzeArgs(interval=1.0, max_moves=5, playouts=50)),
    (["b", "10", "ownership", "true", "pvVisits", "1", "rootInfo", "FALSE"], "kata",
     AnalyzeArgs(Color.BLACK, 0.1, ownership=True, pv_visits=True)),
])
def test_arguments_are_read_as_katago_reads_them(args: list[str], dialect: str,
                                                 expected: AnalyzeArgs) -> None:
    assert parse_analyze_args(args, dialect) == expected


@pytest.mark.parametrize(("args", "dialect"), [
    (["b", "10", "ownership", "true"], "lz"),  # kata keys only in kata-analyze
    (["b", "10", "ownership"], "kata"),
    (["b", "10", "allow", "b", "D4", "1"], "kata"),
    (["b", "x"], "lz"),
    (["b", "10", "maxmoves", "-1"], "lz"),
    (["b", "10", "interval", "soon"], "sabaki"),
])
def test_bad_arguments_are_refused(args: list[str], dialect: str) -> None:
    with pytest.raises(GtpError):
        parse_analyze_args(args, dialect)


# ---------------------------------------------------------------------- streaming
def test_analysis_streams_until_the_next_command() -> None:
    session = Session(mcts_engine())
    session.send("1 lz-analyze b 5\n")
    session.wait_lines("info move", 3)
    mark = session.send("2 name\n")
    session.wait("=2 igo\n\n", mark)
    out = session.close()
    head, rest = out.split("\n", 1)
    body, tail = rest.split("\n\n", 1)
    assert head == "=1" and tail == "=2 igo\n\n"
    lines = body.split("\n")
    assert len(lines) >= 3
    totals = []
    for line in lines:
        moves = lizzie_parse(line, kata=False)
        assert moves and all(str(m["variation"]).startswith(f"['{m['coordinate']}'")
                             for m in moves)
        totals.append(sum(int(str(m["playouts"])) for m in moves))
    assert totals == sorted(totals) and totals[-1] > totals[0]


def test_kata_analyze_ownership_and_a_raw_newline_stop() -> None:
    session = Session(mcts_engine())
    session.send("play b c3\n3 kata-analyze w 5 ownership true\n")
    session.wait_lines("info move", 2)
    mark = session.send("\n4 name\n")
    session.wait("=4 igo\n\n", mark)
    out = session.close()
    body = out.split("=3\n", 1)[1].split("\n\n", 1)[0]
    for line in body.split("\n"):
        moves, own = katago_parse(line, 7)
        assert own is not None and all(-1 <= v <= 1 for v in own)
        assert own[4 * 7 + 2] < -0.3  # C3 is Black's: negative for White to move
        assert all(0 <= float(m["winrate"]) <= 1 and m["pv"] for m in moves)


def test_sabaki_analyze_then_quit() -> None:
    engine = mcts_engine()
    session = Session(engine)
    session.send("analyze B 5\n")
    session.wait_lines("info move", 2)
    session.send("quit\nname\n")
    out = session.close()
    assert out.startswith("=\n") and out.endswith("\n\n=\n\n") and engine.stopped
    for line in out.split("\n")[1:-4]:
        assert sabaki_parse(line)  # integer win rates, as Sabaki reads ``analyze``


def test_end_of_input_and_garbage_end_the_stream() -> None:
    session = Session(mcts_engine())
    session.send("lz-analyze b 5\n")
    session.wait_lines("info move", 1)
    mark = session.send("\x00\x07 \xff garbage\n")
    session.wait("? unknown command", mark)
    session.send("lz-analyze w 5\n")
    session.wait_lines("info move", 1, len(session.out.getvalue()) - 1)
    out = session.close()  # end of input stops the second analysis
    assert out.count("=\n") == 2 and out.endswith("\n\n")
    assert "\n\n? unknown command" in out


def test_genmove_analyze_is_not_cut_short() -> None:
    engine = mcts_engine(playouts=None, seconds=1.0)
    session = Session(engine)
    session.send("1 lz-genmove_analyze b 10\n2 name\n")
    session.wait("=2 igo\n\n")
    out = session.close()
    body, tail = out.split("\n\n", 1)
    lines = body.split("\n")
    assert lines[0] == "=1" and lines[-1].startswith("play ") and tail == "=2 igo\n\n"
    assert len(lines) >= 4  # several reports in a second, and the final one
    played = engine.state.board.history[-1]
    assert played.color is Color.BLACK
    assert lizzie_parse(lines[-2], kata=False)[0]["coordinate"] == lines[-1][5:]


# ---------------------------------------------------------------------- the mechanism
def counting_handler(engine: GtpEngine, args: Sequence[str]) -> StreamJob:
    if args and args[0] == "bad":
        raise GtpError("bad argument")

    def job(emit: Emit, stop: threading.Event | None) -> str:
        emit("one\n\ntwo")  # an inner empty line must not end the response
        emit("   ")
        if args and args[0] == "crash":
            raise ZeroDivisionError("mid-stream")
        if stop is not None:
            stop.wait(30)
        return "done"

    return job


def test_streaming_commands_through_handle_line_and_run() -> None:
    engine = GtpEngine(RandomGenerator(np.random.default_rng(0)), size=5)
    engine.register_streaming("count", counting_handler)
    assert engine.knows("count") and "count" in engine.command_names()
    with pytest.raises(ValueError, match="cannot register"):
        engine.register_streaming("count", counting_handler)
    with pytest.raises(ValueError, match="cannot register"):
        engine.register("count", lambda e, a: "")
    assert engine.handle_line("7 count") == "=7\none two\ndone\n\n"
    assert engine.handle_line("8 count bad") == "?8 bad argument\n\n"
    assert engine.handle_line("9 count crash") == "=9\none two\n\n"
    session = Session(engine)
    session.send("1 count\n")
    session.wait("one two\n")
    session.send("2 name\n")
    assert session.close() == "=1\none two\ndone\n\n=2 igo\n\n"


def test_analysis_needs_a_search() -> None:
    engine = GtpEngine(RandomGenerator(np.random.default_rng(0)), size=5)
    assert not engine.knows("lz-analyze") and not engine.knows("igo-search_pv")
    assert engine.handle_line("lz-analyze b 10") == "? unknown command: lz-analyze\n\n"
