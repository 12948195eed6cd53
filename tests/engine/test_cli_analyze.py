"""``igo gtp`` as Sabaki and Lizzie drive it: a subprocess on real pipes, analysis
commands answered with ``=`` and a stream of lines, stopped by the next command."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable

from tests.engine.test_analysis_lines import lizzie_parse, sabaki_parse

from waiting import HANG

COMMAND = [sys.executable, "-m", "igo.cli.main", "gtp", "--size", "7", "--komi", "0.5",
           "--preset", "strong", "--playouts", "300", "--seed", "1", "--threads", "1"]


class Engine:
    """The subprocess with a thread collecting stdout line by line."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def wait(self, test: Callable[[list[str]], bool], timeout: float = HANG) -> None:
        """Wait for ``test`` to hold of the lines read (``timeout``: a hang's safety net,
        after which the engine is killed, so that it does not search on for the rest of
        the session)."""
        with self.changed:
            ok = self.changed.wait_for(lambda: test(self.lines), timeout)
        if not ok:
            self.proc.kill()
        assert ok, self.lines

    def finish(self) -> str:
        self.send("quit\n")
        self.proc.wait(60)
        self.reader.join(10)
        return "".join(self.lines)


def count(prefix: str, after: str) -> Callable[[list[str]], bool]:
    def test(lines: list[str]) -> bool:
        text = "".join(lines)
        return after in text and text.split(after, 1)[1].count(prefix) >= 2

    return test


def test_sabaki_and_lizzie_sessions() -> None:
    engine = Engine()
    # Sabaki: `analyze <color> <interval>`, then any command stops it
    engine.send("1 play b D4\n2 analyze W 5\n")
    engine.wait(count("\ninfo move", "=2\n"))
    engine.send("3 name\n")
    engine.wait(lambda lines: "=3 igo\n" in lines)
    # Lizzie: `lz-analyze <interval>` (the colour to move), stopped the same way
    engine.send("4 lz-analyze 5\n")
    engine.wait(count("\ninfo move", "=4\n"))
    engine.send("5 kata-analyze 5 ownership true\n")
    engine.wait(count("\ninfo move", "=5\n"))
    out = engine.finish()
    assert engine.proc.returncode == 0
    answers = out.split("\n\n")
    assert answers[0] == "=1" and answers[2] == "=3 igo"
    sabaki, lizzie, kata = (a.split("\n") for a in answers[1:2] + answers[3:5])
    assert sabaki[0] == "=2" and lizzie[0] == "=4" and kata[0] == "=5"
    for line in sabaki[1:]:
        moves = sabaki_parse(line)
        assert moves and all(0 <= float(str(m["winrate"])) <= 100 for m in moves)
    for line in lizzie[1:]:
        assert lizzie_parse(line, kata=False)[0]["coordinate"] != "D4"
    for line in kata[1:]:
        assert line.count(" ownership ") == 1 and len(line.split(" ownership ")[1].split()) == 49
    assert answers[-2:] == ["=", ""]
