"""``igo replay``: the JSON schema, the table, skip counting, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igo.cli.main import main

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"
SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["replay", *args, "--json", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result = json.loads(out)
    assert list(result) == ["games", "moves", "skipped", "illegal", "games_per_s"]
    return result  # type: ignore[no-any-return]


def test_json_on_fixtures(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, str(DATA))
    assert result["games"] == 14
    assert result["skipped"] == {"bad_coordinate": 2, "bad_size": 1, "empty": 1,
                                 "illegal_move": 1, "not_go": 1, "parse_error": 2}
    assert result["illegal"] == 1
    assert isinstance(result["games_per_s"], float) and result["games_per_s"] > 0


def test_moves_counted(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, str(DATA / "kgs.sgf"), str(DATA / "variation.sgf"))
    assert result == {**result, "games": 2, "moves": 10, "skipped": {}, "illegal": 0}


def test_limit(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, str(DATA / "mixed.sgfs"), "--limit", "2")
    assert result["games"] == 2


def test_table_lists_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DATA), "--no-progress", "--examples", "1"]) == 0
    out = capsys.readouterr().out
    assert "games replayed" in out and "illegal_move" in out
    assert f"{DATA / 'broken_illegal.sgf'}: move 2 (W E5): E5 is occupied" in out
    assert out.count("broken_coordinate.sgf") + out.count("collection.sgf#2") == 1


def test_user_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DATA / "no-such-file.sgf")]) == 1
    assert "no such file" in capsys.readouterr().err
    assert main(["replay", str(DATA), "--limit", "-3"]) == 1
    with pytest.raises(SystemExit) as exc:
        main(["replay"])
    assert exc.value.code == 2


@pytest.mark.data
def test_tygem_sample(capsys: pytest.CaptureFixture[str]) -> None:
    result = _json(capsys, str(SHARED / "tygem9d" / "test.sgfs.xz"), "--limit", "500")
    assert result["games"] == 500 and result["skipped"] == {} and result["illegal"] == 0
