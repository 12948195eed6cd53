"""``igo bench playouts --json`` prints the documented schema."""

from __future__ import annotations

import json

import pytest

from igo.cli.main import main


def test_bench_playouts_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "playouts", "--size", "5", "--seconds", "0.2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["size"] == 5
    assert data["playouts"] > 0
    assert data["playouts_per_s"] == pytest.approx(data["playouts"] / data["seconds"], rel=0.01)
    assert 0.0 <= data["black_win_rate"] <= 1.0


def test_bench_rejects_nonpositive_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "playouts", "--seconds", "0"]) == 1
    assert "--seconds" in capsys.readouterr().err


@pytest.mark.parametrize("preset", ["paper", "strong"])
def test_bench_search_json(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "search", "--size", "7", "--seconds", "0.3", "--preset", preset,
                 "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {"size", "preset", "playouts", "playouts_per_s", "threads"} <= set(doc)
    assert doc["size"] == 7 and doc["preset"] == preset and doc["threads"] == 1
    assert doc["playouts"] > 0 and doc["playouts_per_s"] > 0
    assert doc["policy"] == ("light" if preset == "paper" else "heavy")


@pytest.mark.parametrize("parallel", ["tree", "root"])
def test_bench_search_two_threads(parallel: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "search", "--size", "7", "--seconds", "0.3", "--threads", "2",
                 "--parallel", parallel, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["threads"] == 2 and doc["parallel"] == parallel and doc["playouts"] > 0
