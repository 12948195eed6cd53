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


def _shown(capsys: pytest.CaptureFixture[str], *argv: str) -> list[list[str]]:
    """``igo gtp --show-config ...``'s tables, a list of lines a board size."""
    assert main(["gtp", "--show-config", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return [block.split("\n") for block in out.rstrip("\n").split("\n\n")]


def test_show_config_prints_the_engine_on_each_board_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    from igo.search.options import GROUP_OF

    blocks = _shown(capsys, "--threads", "2", "--time", "3")
    assert [b[0].split(" on ")[1].split(":")[0] for b in blocks] == ["9x9", "13x13", "19x19"]
    for block in blocks:
        assert block[0].startswith("igo gtp --engine mcts:time=3.0,threads=2 on ")
        assert "preset strong, 3.0 s a move" in block[0] and "ponder off" in block[0]
        assert block[1].split() == ["group", "option", "value", "set", "by"]
        rows = {line.split()[1]: line.split() for line in block[2:]}
        assert set(rows) == set(GROUP_OF)
        assert rows["threads"] == ["resources", "threads", "2", "option"]
        assert rows["c_ucb"][3:] == ["preset", "strong"]
    nine, _, nineteen = ({line.split()[1]: " ".join(line.split()[2:]) for line in b[2:]}
                         for b in blocks)
    assert nine["rave_equiv"] == "1000.0 9x9 default: AMAF yields sooner"
    assert nineteen["rave_equiv"] == "3000.0 preset strong"
    assert nineteen["prior_wins"] == "300.0 15x15-25x25 default: Pachi's prior form"
    assert nine["net"].startswith("default 9x9-14x14 default: Pachi's prior form with")


def test_show_config_of_one_size_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    (block,) = _shown(capsys, "--size", "9", "--preset", "paper", "--playouts", "500",
                      "--engine", "mcts:prior_wins=150")
    assert "preset paper, 500 playouts a move" in block[0]
    rows = {line.split()[1]: line.split() for line in block[2:] if not line.startswith("note")}
    assert rows["c_ucb"][2:] == ["1.4142135623730951", "preset", "paper"]
    assert rows["prior_wins"][2:] == ["150.0", "option"]
    assert rows["rave_equiv"][2:] == ["0.0", "preset", "paper"]  # paper takes no size default
    (block,) = _shown(capsys, "--size", "9", "--engine", "mcts:prior_wins=150")
    assert block[-1].startswith("note: prior_wins set, so the 9x9 defaults of the same group")
    assert main(["gtp", "--show-config", "--engine", "random"]) == 1
    assert "--show-config shows the search of the mcts engine" in capsys.readouterr().err
    assert main(["gtp", "--show-config", "--engine", "mcts:rave=3"]) == 1
    assert "unknown search option 'rave'" in capsys.readouterr().err
