"""``igo gtp`` as a subprocess: stdin/stdout only, logs on stderr."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from igo.cli.gtp import add_parser, engine_spec, usable_cores
from igo.cli.main import main
from igo.core.coords import parse_vertex

COMMAND = [sys.executable, "-m", "igo.cli.main", "gtp"]


def run_gtp(args: list[str], script: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], input=script, capture_output=True, text=True,
                          timeout=timeout, check=False)


def responses(stdout: str) -> list[str]:
    assert stdout.endswith("\n\n")
    return stdout[:-2].split("\n\n")


def test_subprocess_plays_a_few_moves() -> None:
    script = ("1 name\n2 boardsize 9\n3 komi 6.5\n4 play b E5\n5 genmove w\n"
              "6 genmove b\n7 play w E5\n8 showboard\n9 quit\n10 name\n")
    proc = run_gtp(["--engine", "random", "--seed", "1"], script)
    assert proc.returncode == 0, proc.stderr
    out = responses(proc.stdout)
    assert out[:4] == ["=1 igo", "=2", "=3", "=4"]
    white, black = out[4].split(" ")[1], out[5].split(" ")[1]
    assert parse_vertex(white, 9) not in (None, parse_vertex("E5", 9))
    assert parse_vertex(black, 9) is not None and black != white
    assert out[6] == "?7 illegal move: W E5 (occupied)"
    board = out[7]
    assert board.startswith("=8\n") and board.count("X") == 2 and board.count("O") == 1
    assert out[8] == "=9" and len(out) == 9  # nothing answered after quit
    assert proc.stderr == ""


def test_subprocess_is_reproducible_with_a_seed() -> None:
    """The default engine (mcts) with a playout limit and one thread: same seed, same
    game (threads sharing a tree interleave as the machine schedules them)."""
    script = "boardsize 9\n" + "genmove b\ngenmove w\n" * 5 + "final_score\n"
    flags = ["--seed", "7", "--size", "9", "--playouts", "300", "--threads", "1"]
    first = run_gtp(flags, script)
    second = run_gtp(flags, script)
    assert first.returncode == 0 and first.stdout == second.stdout


def test_subprocess_options_and_bad_input() -> None:
    script = "showboard\n\xff\xfe garbage\nquit\n"
    proc = subprocess.run([*COMMAND, "--size", "5", "--komi", "0.5", "--rules", "japanese"],
                          input=script.encode("latin-1"), capture_output=True, timeout=120,
                          check=False)
    assert proc.returncode == 0
    out = proc.stdout.decode("utf-8").split("\n\n")
    assert " 5 . . . . . 5" in out[0] and "komi 0.5" in out[0]
    assert out[1].startswith("? unknown command: ")
    assert out[2] == "="


def test_bad_engine_and_size_are_user_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtp", "--engine", "nosuch"]) == 1
    assert "unknown igo engine" in capsys.readouterr().err
    assert main(["gtp", "--size", "40"]) == 1
    assert "board size" in capsys.readouterr().err
    assert main(["gtp", "--scoring-playouts", "1"]) == 1
    assert main(["gtp", "--engine", "random", "--tabu", "3"]) == 1
    assert "only apply to the mcts engine" in capsys.readouterr().err


def test_mcts_uses_every_usable_core_unless_told() -> None:
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    cores = usable_cores()
    assert cores >= 1

    def spec(*argv: str) -> str:
        return engine_spec(parser.parse_args(["gtp", *argv]))

    assert spec() == f"mcts:threads={cores}"
    assert spec("--time", "2") == f"mcts:time=2.0,threads={cores}"
    assert spec("--threads", "1") == "mcts:threads=1"
    assert spec("--engine", "mcts:threads=3,preset=paper") == "mcts:threads=3,preset=paper"
    assert spec("--engine", "random") == "random"
