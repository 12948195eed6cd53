"""``igo elo``: JSON schema, table, anchors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igo.cli.main import main


def write_csv(path: Path) -> Path:
    rows = ["black,white,result"] + ["strong,weak,B+R", "weak,strong,W+2.5"] * 6
    rows += ["mid,weak,B", "weak,mid,B", "strong,mid,draw"] * 2
    path.write_text("\n".join(rows) + "\n")
    return path


def test_json_lists_every_player_best_first(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    csv_path = write_csv(tmp_path / "g.csv")
    assert main(["elo", str(csv_path), "--json", "--anchor", "weak=1000"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["schema"] == 1 and out["games"] == 18
    assert out["anchor"] == {"name": "weak", "elo": 1000.0}
    players = out["players"]
    assert [p["name"] for p in players] == ["strong", "mid", "weak"]
    assert set(players[0]) == {"name", "elo", "low", "high", "games"}
    assert players[0]["low"] < players[0]["elo"] < players[0]["high"]
    assert players[2]["elo"] == 1000.0 and players[0]["games"] == 14


def test_several_files_are_rated_together_with_a_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write_csv(tmp_path / "a.csv")
    b = tmp_path / "b.csv"
    b.write_text("newcomer,weak,B\n")
    assert main(["elo", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "newcomer" in out and "19 games" in out and "95% interval" in out


def test_bad_file_and_unknown_anchor_exit_1(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b,C\n")
    assert main(["elo", str(bad)]) == 1
    assert "bad.csv:1: unknown result 'C'" in capsys.readouterr().err
    assert main(["elo", str(write_csv(tmp_path / "g.csv")), "--anchor", "nobody=0"]) == 1
    assert "anchor 'nobody'" in capsys.readouterr().err


def test_malformed_anchor_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["elo", str(write_csv(tmp_path / "g.csv")), "--anchor", "weak"])
    assert exc.value.code == 2
