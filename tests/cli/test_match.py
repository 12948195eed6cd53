"""``igo match``: JSON and table output, resume, config mismatch, GNU Go, and a run
killed with SIGKILL in the middle and resumed."""

from __future__ import annotations

import json
import os
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from igo.cli.main import main

FAKE = Path(__file__).resolve().parents[1] / "players" / "fake_gtp_engine.py"


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["match", *argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_summary_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["igo:random", "igo:random", "--games", "4", "--size", "5", "--no-ray",
            "--dead-stones", "tromp-taylor", "--out", str(tmp_path / "out")]
    doc = run_json(capsys, *args)
    assert doc["schema"] == 1
    assert doc["run"] == {"played": 4, "already_stored": 0, "failed": [], "errors": 0,
                          "seconds": doc["run"]["seconds"]}
    s = doc["summary"]
    assert s["games"] == 4
    assert s["first_wins"] + s["second_wins"] + s["draws"] == 4
    assert s["black_wins"] + s["white_wins"] + s["draws"] == 4
    assert 0 <= s["win_rate_low"] <= s["win_rate"] <= s["win_rate_high"] <= 1
    assert doc["match"]["db"] == str(tmp_path / "out" / "results.sqlite")
    assert doc["match"]["config"]["size"] == 5
    assert len(list((tmp_path / "out").glob("game-*.sgf"))) == 4
    again = run_json(capsys, *args)
    assert again["run"]["played"] == 0 and again["run"]["already_stored"] == 4
    assert again["summary"] == s


def test_table_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["match", "igo:random", "igo:random", "--games", "2", "--size", "5",
               "--no-ray", "--quiet", "--dead-stones", "tromp-taylor",
               "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert rc == 0
    assert "2 games played now" in out and "Wilson" in out and "binomial" in out


def test_changed_settings_are_refused(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    base = ["match", "igo:random", "igo:random", "--games", "1", "--size", "5", "--no-ray",
            "--quiet", "--dead-stones", "tromp-taylor", "--out", str(tmp_path)]
    assert main(base) == 0
    capsys.readouterr()
    assert main([*base, "--komi", "5.5"]) == 1
    assert "komi: stored 7.5, now 5.5" in capsys.readouterr().err


def test_bad_player_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "igo:random", "alphago", "--out", str(tmp_path)]) == 1
    assert "unknown player spec 'alphago'" in capsys.readouterr().err


@pytest.mark.gnugo
def test_two_games_against_gnugo(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 gnugo: str) -> None:
    doc = run_json(capsys, "igo:random", f"gtp:{gnugo} --mode gtp --level 1", "--games",
                   "2", "--size", "9", "--no-ray", "--out", str(tmp_path))
    s = doc["summary"]
    assert s["games"] == 2 and s["errors"] == 0
    assert s["first_wins"] + s["second_wins"] + s["draws"] == 2
    assert s["first_as_black_games"] == s["first_as_white_games"] == 1


def stored(db: Path) -> list[int]:
    if not db.exists():
        return []
    con = sqlite3.connect(db, timeout=10)
    try:
        return [r[0] for r in con.execute("SELECT game_index FROM games ORDER BY game_index")]
    except sqlite3.OperationalError:  # tables not created yet
        return []
    finally:
        con.close()


def test_killed_match_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    slow = f"gtp:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} --delay 0.15"
    games = 16
    args = ["match", slow, slow, "--games", str(games), "--size", "9", "--no-ray",
            "--quiet", "--out", str(tmp_path)]
    db = tmp_path / "results.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "igo.cli.main", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(stored(db)) < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    before = stored(db)
    assert 3 <= len(before) < games, proc.stderr.read() if proc.stderr else ""
    assert before == list(range(len(before)))
    doc = run_json(capsys, *args[1:])
    assert doc["run"]["already_stored"] == len(before)
    assert doc["run"]["played"] == games - len(before)
    assert stored(db) == list(range(games))
    assert doc["summary"]["games"] == games
    assert sorted(p.name for p in tmp_path.glob("*.sgf")) == [
        f"game-{i:04d}.sgf" for i in range(games)]
