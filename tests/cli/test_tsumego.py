"""``igo tsumego``: the JSON schema, lenient and strict input, exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from igo.cli.main import main

EASY = Path(__file__).resolve().parents[1] / "data" / "tsumego" / "easy.jsonl"

KEYS = {"problems", "solved", "rate", "runs", "attempts", "correct", "attempt_rate",
        "unframed", "bad_lines", "preset", "policy", "tabu", "playouts", "seed", "by_collection"}
COLLECTION_KEYS = {"problems", "solved", "rate", "attempts", "correct", "attempt_rate"}


def test_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["tsumego", str(EASY), "--playouts", "300", "--seed", "11", "--json",
               "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == KEYS
    assert (out["problems"], out["solved"], out["runs"], out["preset"]) == (3, 3, 1, "strong")
    assert out["policy"] == "moggy"  # the strong preset's playouts in life and death
    assert set(out["by_collection"]) == {
        "1a. Tsumego Beginner/Cho Chikun Encyclopedia Life And Death - Elementary",
        "igo tests/colour-swapped"}
    assert all(set(v) == COLLECTION_KEYS for v in out["by_collection"].values())


def test_options_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["tsumego", str(EASY), "--preset", "paper", "--tabu", "4", "--runs", "2",
               "--limit", "1", "--collection", "cho", "--playouts", "50", "--no-progress",
               "--show-frame"])
    assert rc == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("solved ")
    assert "preset paper, policy light, tabu 4, 50 playouts" in captured.out
    assert "attacker black" in captured.err and "A B C D" in captured.err


def test_policy_option(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["tsumego", str(EASY), "--policy", "heavy", "--limit", "1", "--playouts", "30",
               "--json", "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["preset"], out["policy"]) == ("strong", "heavy")


def test_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.jsonl"
    shutil.copy(EASY, path)
    with path.open("a") as fh:
        fh.write("{broken\n")
    rc = main(["tsumego", str(path), "--playouts", "20", "--json", "--no-progress"])
    captured = capsys.readouterr()
    assert rc == 0
    assert json.loads(captured.out)["bad_lines"] == 1
    assert "p.jsonl:4" in captured.err
    rc = main(["tsumego", str(path), "--playouts", "20", "--strict", "--no-progress"])
    assert rc == 1
    assert "p.jsonl:4" in capsys.readouterr().err


def test_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tsumego", str(tmp_path / "missing.jsonl")]) == 1
    for bad in (["--runs", "0"], ["--playouts", "x"], ["--preset", "weak"],
                ["--policy", "tactical"]):
        with pytest.raises(SystemExit) as exc:
            main(["tsumego", str(EASY), *bad])
        assert exc.value.code == 2
