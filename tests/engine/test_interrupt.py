"""Long commands can be stopped (issue 24): GoGui's ``# interrupt``, the end of input, a
controller that stops reading, and bounds on what one command may ask for; live
analysis streamed through the tree's reclaims."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import threading

import numpy as np
import pytest
from tests.engine.test_analysis_lines import lizzie_parse
from tests.engine.test_analyze_stream import Session

from igo.engine.engine import GtpEngine
from igo.engine.streaming import is_interrupt
from igo.players.mcts import MAX_PLAYOUTS, MCTSGenerator, MoveLimits
from igo.search.config import preset
from waiting import Chunks, finishes, wait_until


def endless_engine(max_tree_mb: int = 64, threads: int = 1) -> GtpEngine:
    """An engine whose moves would search for hours."""
    config = preset("strong").with_options(max_tree_mb=max_tree_mb, threads=threads)
    gen = MCTSGenerator(config, MoveLimits(MAX_PLAYOUTS, None), rng=np.random.default_rng(1))
    return GtpEngine(gen, size=9, komi=7, rng=np.random.default_rng(2))


def test_interrupt_lines() -> None:
    assert is_interrupt("# interrupt\n") and is_interrupt("#interrupt") and \
        is_interrupt("  #  Interrupt \r\n")
    assert not is_interrupt("# interrupted\n") and not is_interrupt("interrupt\n")
    assert not is_interrupt("1 name # interrupt\n")


def searching(session: Session, chunks: Chunks, playouts: int) -> threading.Event:
    """Wait until the running command's search has run ``playouts`` iterations; its
    interrupt event, which ``chunks`` watches from then on."""
    wait_until(lambda: session.engine.interrupt is not None, "the command to start")
    interrupt = session.engine.interrupt
    assert interrupt is not None
    chunks.stop = interrupt.is_set
    wait_until(lambda: chunks.iterations() >= playouts, f"{playouts} playouts")
    return interrupt


def test_gogui_interrupt_stops_a_genmove_which_plays_its_best_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = Chunks.install(monkeypatch)
    session = Session(endless_engine())
    session.send("1 genmove b\n")
    interrupt = searching(session, chunks, 101)
    session.send("# interrupt\n")
    session.wait("=1 ")
    assert interrupt.is_set()
    chunks.assert_prompt_stop()  # the search stopped within the chunk under way
    mark = session.send("2 name\n")
    session.wait("=2 igo\n\n", mark)
    out = session.close()
    assert re.match(r"=1 [A-J]\d\n\n=2 igo\n\n$", out), out
    gen = session.engine.generator
    assert isinstance(gen, MCTSGenerator) and gen.last_result is not None
    assert gen.last_result.playouts > 100


def test_an_interrupt_between_commands_is_ignored() -> None:
    session = Session(endless_engine())
    session.send("# interrupt\n1 name\n# interrupt\n2 version\n")
    session.wait("=2 ")
    out = session.close()
    assert out.startswith("=1 igo\n\n=2 ")


def test_end_of_input_stops_a_search_and_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = Chunks.install(monkeypatch)
    session = Session(endless_engine(threads=2))
    session.send("1 genmove b\n")
    interrupt = searching(session, chunks, 100)
    out = session.close()  # closes stdin, then waits for engine.run to return
    assert interrupt.is_set()
    chunks.assert_prompt_stop()  # each of the two threads: at most the chunk under way
    assert len({c.thread for c in chunks.log}) == 2
    assert re.match(r"=1 [A-J]\d\n\n$", out), out


def test_end_of_input_stops_a_genmove_analyze() -> None:
    session = Session(endless_engine())
    session.send("1 kata-genmove_analyze b 20\n")
    session.wait_lines("info move", 2)
    out = session.close()
    assert out.rstrip("\n").split("\n")[-1].startswith("play ")


class BrokenStdout:
    """A controller that has gone: every write fails."""

    def __init__(self) -> None:
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        pass


def test_a_failed_write_stops_the_engine_and_its_analysis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    chunks = Chunks.install(monkeypatch)
    engine = endless_engine()
    stdout = BrokenStdout()
    chunks.stop = lambda: stdout.writes > 0
    finishes(lambda: engine.run(io.StringIO("lz-analyze b 10\nname\n"),
                                stdout),  # type: ignore[arg-type]
             "engine.run after its output failed")
    assert stdout.writes == 1
    chunks.assert_prompt_stop()  # the analysis stopped at the failed write


@pytest.mark.parametrize(("line", "error"), [
    ("igo-search_visits b 999999999999", "invalid number of playouts: 999999999999 "
     "(must be at most 100,000,000)"),
    ("lz-analyze b 10 playouts 999999999999", "invalid playouts: 999999999999 "
     "(must be at most 100,000,000)"),
    ("time_settings 999999999999 0 0", "invalid main time: 999999999999 "
     "(must be at most 10,000,000)"),
    ("kgs-time_settings absolute 999999999999", "invalid time setting: 999999999999 "
     "(must be at most 10,000,000)"),
    ("time_left b 999999999999 0", "invalid time: 999999999999 "
     "(must be at most 10,000,000)"),
    ("igo-ownership b 999999999999", "invalid number of playouts: 999999999999 "
     "(must be at most 100,000,000)"),
])
def test_what_one_command_may_ask_for_is_bounded(line: str, error: str) -> None:
    engine = endless_engine()
    assert engine.handle_line(line) == f"? {error}\n\n"


def test_a_huge_clock_thinks_at_most_an_hour_a_move() -> None:
    from igo.players.mcts import MAX_SECONDS

    engine = endless_engine()
    gen = engine.generator
    assert isinstance(gen, MCTSGenerator)
    assert engine.handle_line("time_settings 10000000 0 0") == "=\n\n"
    from igo.engine.state import GameState  # noqa: F401 - the clock as the engine gives it
    from igo.players.base import tell_context

    tell_context(gen, engine.state.komi, engine.state.clock(engine.state.board.to_play))
    lim = gen._clock_limits(engine.state.board)
    assert lim.seconds == MAX_SECONDS and lim.max_seconds == MAX_SECONDS


def test_igo_gtp_exits_when_its_controller_goes() -> None:
    """The orphaned engines of the issue: stdin closed while a move searches (live
    graphics on, so that the search says on stderr that it runs)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "igo", "gtp", "--size", "9", "--playouts", "100000000",
         "--threads", "1", "--max-tree-mb", "64"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stderr = proc.stderr
    try:
        proc.stdin.write("1 name\n2 igo-search_params live_gfx 1\n3 genmove b\n")
        proc.stdin.flush()
        seen: list[str] = []

        def until_the_search_draws() -> None:
            while not (line := stderr.readline()).startswith("gogui-gfx:"):
                seen.append(line)
                assert line, "".join(seen)[-2000:]

        finishes(until_the_search_draws, "the move's search to begin")
        proc.stdin.close()
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("igo gtp went on searching after its input closed")
    finally:
        if proc.poll() is None:
            proc.kill()
    out = proc.stdout.read()
    assert proc.returncode == 0, stderr.read()[-2000:]
    assert re.match(r"=1 igo\n\n=2\n\n=3 [A-J]\d\n\n$", out), out


def test_lz_analyze_streams_through_reclaims() -> None:
    """A 4 MB tree fills within a second: the analysis lines keep coming through the
    reclaims (written between them, and no reclaim pauses the stream for half a second:
    the engine's own measure of its longest reclaim, a copy of at most ``keep`` nodes),
    the best move's visits keep growing, its line stays a tree line (not a one-move pv
    on an unexpanded leaf), and ``igo-search_stats`` says how often the tree was
    reclaimed. The stream is read until it has written 50 lines over 8 reclaims."""
    session = Session(endless_engine(max_tree_mb=4, threads=2))
    gen = session.engine.generator
    assert isinstance(gen, MCTSGenerator)
    session.send("lz-analyze b 10\n")
    seen: list[tuple[int, str]] = []  # (reclaims when the test saw it, line)

    def read() -> bool:
        search = gen.search
        reclaims = 0 if search is None else search.tree_stats()["reclaims"]
        text = session.out.getvalue()
        done = text[:text.rfind("\n") + 1]  # whole lines only
        lines = [ln for ln in done.split("\n") if ln.startswith("info")]
        seen.extend((reclaims, ln) for ln in lines[len(seen):])
        return len(seen) >= 50 and reclaims >= 8

    wait_until(read, "50 analysis lines over 8 reclaims")
    mark = session.send("igo-search_stats\n")
    session.wait("nodes_dropped", mark)
    out = session.close()
    stats = dict(ln.split(" ", 1) for ln in out[mark:].split("\n")
                 if ln and not ln.startswith("=") and " " in ln)
    stats = {k.lstrip("= "): v for k, v in stats.items()}
    assert int(stats["reclaims"]) >= 8, stats
    assert int(stats["tree_bytes"]) <= 4 * 2**20
    assert int(stats["reclaim_ms_max"]) < 500, stats
    # lines were written between the reclaims, not only before the first or after the last
    assert len({r for r, _ in seen}) >= 5, [r for r, _ in seen]
    stamps = [ln for _, ln in seen]
    parsed = [lizzie_parse(ln, kata=False) for ln in stamps]
    tops = [max(p, key=lambda m: int(str(m["playouts"]))) for p in parsed]
    visits = [int(str(t["playouts"])) for t in tops]
    # The search goes on (the root's visits grow at each fifth of the run) and the best
    # move's count keeps growing (it stopped at the first fill before reclaims): at least
    # twice over the last four fifths. Not at each fifth (a close second move may take the
    # visits for a while), nor linearly (5x): CI's two cores are shared with other threads.
    fifth = len(tops) // 5
    totals = [sum(int(str(m["playouts"])) for m in p) for p in parsed]
    marks = [totals[i * fifth] for i in range(1, 5)] + [totals[-1]]
    assert all(a < b for a, b in itertools.pairwise(marks)), marks
    assert visits[-1] > 2 * visits[fifth], visits
    pvs = [t["variation"] for t in tops[len(tops) // 5:]]
    assert all(isinstance(v, list) and len(v) >= 3 for v in pvs), pvs
