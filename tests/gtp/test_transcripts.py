"""Golden GTP transcripts: every ``transcripts/*.gtp`` script is fed line by line to
:meth:`GtpEngine.handle_line` and the concatenated responses must equal the
``.out`` file next to it, byte for byte.

Script conventions:

- a first line ``#! key=value ...`` configures the engine: ``size``, ``komi``,
  ``rules`` (a :meth:`Ruleset.named` name), ``seed`` (random player and engine rng)
  and ``playouts`` (dead-stone playouts);
- ``{dir}`` is replaced by the transcripts folder and ``{tmp}`` by a fresh temporary
  folder (also in the responses, turned back into the placeholders);
- ``\\x01``-style escapes are expanded, so scripts can hold control characters.

Run with ``IGO_UPDATE_TRANSCRIPTS=1`` to rewrite the ``.out`` files (then review the
diff: the golden files are the specification).
"""

from __future__ import annotations

import codecs
import os
from pathlib import Path

import numpy as np
import pytest

from igo.core.rules import Ruleset
from igo.gtp.engine import GtpEngine
from igo.players.random import RandomGenerator

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"
SCRIPTS = sorted(TRANSCRIPTS.glob("*.gtp"))


def engine_for(header: str) -> GtpEngine:
    """The engine a ``#! key=value ...`` header describes."""
    opts = dict(item.split("=", 1) for item in header.removeprefix("#!").split())
    seed = int(opts.get("seed", "0"))
    return GtpEngine(
        RandomGenerator(np.random.default_rng(seed)),
        size=int(opts.get("size", "19")),
        komi=float(opts.get("komi", "7.5")),
        rules=Ruleset.named(opts.get("rules", "igo")),
        rng=np.random.default_rng(seed + 1),
        scoring_playouts=int(opts.get("playouts", "64")),
    )


def run_script(path: Path, tmp: Path) -> str:
    """The engine's whole output for the script at ``path``."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    header = lines[0] if lines[0].startswith("#!") else "#!"
    engine = engine_for(header)
    out = []
    for raw in lines:
        line = raw.replace("{dir}", str(TRANSCRIPTS)).replace("{tmp}", str(tmp))
        if "\\x" in line:
            line = codecs.decode(line, "unicode_escape")
        response = engine.handle_line(line + "\n")
        if response is not None:
            out.append(response.replace(str(tmp), "{tmp}").replace(str(TRANSCRIPTS), "{dir}"))
    return "".join(out)


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
    engine = engine_for("#!")
    assert set(engine.command_names()) - used == set()
