"""Tests of ``igo influence`` (drawing, JSON, eval, label)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igo.cli.main import main
from igo.influence.labels import LabelCache

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"



@pytest.fixture()
def game(tmp_path: Path) -> Path:
    line = COUNTED.read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "game.sgf"
    path.write_text(line, encoding="utf-8")
    return path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["influence", *args]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_json_map(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for model in ("distance", "bouzy", "fukui"):
        out = _json(capsys, str(game), "--move", "30", "--model", model, "--json")
        grid = out["map"]
        assert isinstance(grid, list) and len(grid) == 19 and len(grid[0]) == 19
        assert out["move"] == 30 and out["model"] == model and out["change"] is False


def test_change_of_a_black_move_is_black(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, str(game), "--move", "1", "--change", "--json")
    grid = out["map"]
    assert isinstance(grid, list)
    # move 1 is B[pd] = row 3, column 15: Black gains influence there and nowhere loses
    assert grid[3][15] > 0 and min(min(r) for r in grid) >= 0


def test_pictures(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg, png = tmp_path / "m.svg", tmp_path / "m.png"
    assert main(["influence", str(game), "--move", "40", "-o", str(svg)]) == 0
    assert main(["influence", str(game), "--move", "40", "--change", "-o", str(png)]) == 0
    assert capsys.readouterr().out == ""
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<circle") == 40 + 1  # stones, last move
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_user_errors(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["influence", str(game), "--move", "999"]) == 1
    assert main(["influence", str(game), "--move", "0", "--change"]) == 1
    assert main(["influence", str(game), "-o", str(tmp_path / "m.gif")]) == 1
    assert main(["influence", str(tmp_path / "none.sgf")]) == 1
    assert main(["influence"]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["influence", "eval", "--model", "nope", "--data", str(game)])
    assert exc.value.code == 2


def test_eval_json_schema(filled_cache: LabelCache, capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "eval", "--model", "fukui", "--data", str(COUNTED), "--cache",
                str(filled_cache.path), "--games", "2", "--stages", "20,100", "--json",
                "--no-progress")
    assert out["games"] == 2 and out["model"] == "fukui"
    acc = out["accuracy"]
    assert isinstance(acc, dict) and set(acc) == {"20", "100"}
    assert all(0.0 <= v <= 1.0 for v in acc.values())
    assert set(out) >= {"coverage", "points", "calibration", "split"}
    out = _json(capsys, "eval", "--model", "gnugo", "--data", str(COUNTED), "--cache",
                str(filled_cache.path), "--stages", "20", "--json", "--no-progress")
    assert out["games"] == 3


def test_eval_without_labels_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["influence", "eval", "--model", "distance", "--data", str(COUNTED),
                 "--cache", str(tmp_path / "empty.sqlite"), "--no-progress"]) == 1
    assert "no labelled game" in capsys.readouterr().err


@pytest.mark.gnugo
def test_label_command(tmp_path: Path, gnugo: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "label", "--data", str(COUNTED), "--games", "1", "--stages", "20",
                "--cache", str(tmp_path / "c.sqlite"), "--gnugo", gnugo, "--no-progress")
    assert out == {"labelled": 1, "cache_games": 1, "cache_failed": 0}


def test_params_file(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    params = tmp_path / "p.json"
    params.write_text(json.dumps({"params": {"k_far": 5.0, "k_scale": 5.0}}))
    short = _json(capsys, str(game), "--move", "1", "--params", str(params), "--json")
    grid = short["map"]
    assert isinstance(grid, list)
    assert sum(v != 0 for row in grid for v in row) == 1  # no reach: only the stone itself
    assert main(["influence", str(game), "--model", "bouzy", "--params", str(params)]) == 1
