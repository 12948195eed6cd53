"""Golden GTP transcripts: every ``transcripts/*.gtp`` script is fed line by line to
:meth:`GtpEngine.handle_line` and the concatenated responses must equal the
``.out`` file next to it, byte for byte.

Script conventions:

- a first line ``#! key=value ...`` configures the engine: ``size``, ``komi``,
  ``rules`` (a :meth:`Ruleset.named` name), ``seed`` (random player and engine rng)
  and ``playouts`` (dead-stone playouts); ``engine=mcts`` serves igo's MCTS (one
  thread, seeded) instead of the random player, with ``preset`` (default ``paper``),
  ``move_playouts`` (playouts per move, default 200) and ``max_tree_mb`` (default 64,
  so that no reply depends on the machine's memory);
- ``stream=1`` in the header runs the script through :meth:`GtpEngine.run` as a GUI
  would, lines written to the engine's stdin one by one: a line ``#wait TEXT`` holds
  the next line back until the output of the current command contains ``TEXT``
  (so an analysis can be interrupted at a known point), and the golden file is the
  engine's whole stdout;
- ``{dir}`` is replaced by the transcripts folder and ``{tmp}`` by a fresh temporary
  folder (also in the responses, turned back into the placeholders);
- ``\\x01``-style escapes are expanded, so scripts can hold control characters.

Run with ``IGO_UPDATE_TRANSCRIPTS=1`` to rewrite the ``.out`` files (then review the
diff: the golden files are the specification).
"""

from __future__ import annotations

import codecs
import io
import os
import threading
from pathlib import Path

import numpy as np
import pytest

from igo.core.rules import Ruleset
from igo.engine.engine import GtpEngine
from igo.players.base import MoveGenerator
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.players.random import RandomGenerator
from igo.search.config import preset

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"
SCRIPTS = sorted(TRANSCRIPTS.glob("*.gtp"))


def engine_for(header: str) -> GtpEngine:
    """The engine a ``#! key=value ...`` header describes."""
    opts = dict(item.split("=", 1) for item in header.removeprefix("#!").split())
    seed = int(opts.get("seed", "0"))
    generator: MoveGenerator = RandomGenerator(np.random.default_rng(seed))
    if opts.get("engine") == "mcts":
        limits = MoveLimits(playouts=int(opts.get("move_playouts", "200")), seconds=None)
        config = preset(opts.get("preset", "paper")).with_options(
            max_tree_mb=int(opts.get("max_tree_mb", "64")))
        generator = MCTSGenerator(config, limits, rng=np.random.default_rng(seed))
    return GtpEngine(
        generator,
        size=int(opts.get("size", "19")),
        komi=float(opts.get("komi", "7.5")),
        rules=Ruleset.named(opts.get("rules", "igo")),
        rng=np.random.default_rng(seed + 1),
        scoring_playouts=int(opts.get("playouts", "64")),
    )


class ScriptedStdout(io.StringIO):
    """Captures the engine's output and wakes whoever waits for some text in it."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def write(self, text: str) -> int:
        with self.changed:
            n = super().write(text)
            self.changed.notify_all()
        return n

    def wait_for(self, text: str, start: int, timeout: float = 120.0) -> None:
        """Block until ``text`` appears after position ``start`` of the output."""
        with self.changed:
            if not self.changed.wait_for(lambda: text in self.getvalue()[start:], timeout):
                raise TimeoutError(f"no {text!r} in the output: {self.getvalue()[start:]!r}")


class ScriptedStdin:
    """The script's lines as stdin, honouring ``#wait TEXT`` lines."""

    def __init__(self, lines: list[str], out: ScriptedStdout) -> None:
        self.lines = lines
        self.out = out
        self.mark = 0  # output position when the latest line was handed over

    def readline(self) -> str:
        while self.lines:
            line = self.lines.pop(0)
            if line.startswith("#wait "):
                self.out.wait_for(line.removeprefix("#wait "), self.mark)
                continue
            self.mark = len(self.out.getvalue())
            return line + "\n"
        return ""


def script_lines(path: Path, tmp: Path) -> list[str]:
    """The script's lines with ``{dir}``, ``{tmp}`` and escapes expanded."""
    lines = []
    for raw in path.read_text(encoding="utf-8").split("\n"):
        line = raw.replace("{dir}", str(TRANSCRIPTS)).replace("{tmp}", str(tmp))
        if "\\x" in line:
            line = codecs.decode(line, "unicode_escape")
        lines.append(line)
    return lines


def run_script(path: Path, tmp: Path) -> str:
    """The engine's whole output for the script at ``path``."""
    lines = script_lines(path, tmp)
    header = lines[0] if lines[0].startswith("#!") else "#!"
    engine = engine_for(header)
    out = []
    if "stream=1" in header.split():
        stdout = ScriptedStdout()
        engine.run(ScriptedStdin(lines, stdout), stdout)  # type: ignore[arg-type]
        out.append(stdout.getvalue())
    else:
        for line in lines:
            response = engine.handle_line(line + "\n")
            if response is not None:
                out.append(response)
    return "".join(out).replace(str(tmp), "{tmp}").replace(str(TRANSCRIPTS), "{dir}")


def test_transcripts_exist() -> None:
    assert len(SCRIPTS) >= 8
    for script in SCRIPTS:
        assert script.with_suffix(".out").is_file(), f"{script.name} has no .out file"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_transcript(script: Path, tmp_path: Path) -> None:
    got = run_script(script, tmp_path)
    golden = script.with_suffix(".out")
    if os.environ.get("IGO_UPDATE_TRANSCRIPTS") == "1":
        golden.write_text(got, encoding="utf-8", newline="\n")
    assert got.encode("utf-8") == golden.read_bytes()


def test_every_command_is_in_a_transcript() -> None:
    used = set()
    for script in SCRIPTS:
        for line in script.read_text(encoding="utf-8").splitlines():
            words = line.split("#")[0].split()
            if words and words[0].isdigit():
                words = words[1:]
            if words:
                used.add(words[0])
    for header in ("#!", "#! engine=mcts"):
        engine = engine_for(header)
        assert set(engine.command_names()) - used == set(), header
