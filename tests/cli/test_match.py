"""``igo match``: JSON and table output, resume, config mismatch, GNU Go, a run killed
with SIGKILL in the middle and resumed (in this process and with the process pool), the
process pool without Ray giving the sequential games, ``--ray`` and ``--address``."""

from __future__ import annotations

import json
import lzma
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
from processes import HAS_PROC, descendants, wait_gone

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
                          "unplayed": 0, "seconds": doc["run"]["seconds"]}
    assert doc["sprt"] is None
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


def test_export_sgf_writes_the_stored_records(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["match", "igo:random", "igo:random", "--games", "3", "--size", "5",
                 "--no-ray", "--quiet", "--dead-stones", "tromp-taylor",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    db = out / "results.sqlite"
    assert main(["match", "--export-sgf", str(tmp_path / "x"), str(db)]) == 0
    assert capsys.readouterr().out == f"3 game records written to {tmp_path / 'x'}\n"
    for i in range(3):  # the same text as the match's own files
        assert (tmp_path / "x" / f"igo-random-vs-igo-random-{i:04d}.sgf").read_text() \
            == (out / f"game-{i:04d}.sgf").read_text()
    # A game stored without its record (as before 2026-12-07) is counted, not written;
    # a database packed with xz is read as it is.
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE games SET sgf = NULL WHERE game_index = 1")
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    packed = tmp_path / "results.sqlite.xz"
    packed.write_bytes(lzma.compress(db.read_bytes()))
    assert main(["match", "--export-sgf", str(tmp_path / "y"), str(packed)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("2 game records written") and "1 games of" in said
    assert sorted(p.name[-8:] for p in (tmp_path / "y").iterdir()) == ["0000.sgf", "0002.sgf"]
    assert main(["match", "--export-sgf", str(tmp_path / "z"), str(tmp_path / "no")]) == 1
    assert "no such database" in capsys.readouterr().err
    bad = tmp_path / "bad.sqlite.xz"
    bad.write_bytes(lzma.compress(b"not sqlite" * 200))
    assert main(["match", "--export-sgf", str(tmp_path / "z"), str(bad)]) == 1
    assert f"{bad} is not a usable results database" in capsys.readouterr().err
    # Players with --export-sgf, or a match without both players: usage errors.
    for argv in (["--export-sgf", "d", str(db), "igo:random"], ["igo:random"]):
        with pytest.raises(SystemExit) as exit_:
            main(["match", *argv])
        assert exit_.value.code == 2
    assert "required: WHITE" in capsys.readouterr().err


def test_sprt_stops_the_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["igo:mcts:playouts=30,threads=1", "igo:random", "--games", "50", "--size", "7",
            "--workers", "1", "--dead-stones", "tromp-taylor", "--sprt", "0,100",
            "--sprt-alpha", "0.1", "--out", str(tmp_path / "out")]
    doc = run_json(capsys, *args)
    t = doc["sprt"]
    assert t["decision"] == "H1" and t["llr"] >= t["upper"] and t["alpha"] == 0.1
    played = doc["run"]["played"]
    assert t["wins"] + t["draws"] + t["losses"] == played < 50
    assert doc["run"]["unplayed"] == 50 - played and doc["summary"]["errors"] == 0
    assert main(["match", *args, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "0 games played now" in out and "H1 accepted (+100 rather than +0 Elo)" in out
    assert main(["match", *args[:-2], "--sprt", "30", "--out", str(tmp_path)]) == 1
    assert "ELO0,ELO1" in capsys.readouterr().err


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


@pytest.mark.parametrize("where", [["--no-ray"], ["--workers", "2"]],
                         ids=["sequential", "process-pool"])
def test_killed_match_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                              where: list[str]) -> None:
    slow = f"gtp:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} --delay 0.15"
    games = 16
    args = ["match", slow, slow, "--games", str(games), "--size", "9", *where,
            "--quiet", "--out", str(tmp_path)]
    db = tmp_path / "results.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "igo.cli.main", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(stored(db)) < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    started = descendants(proc.pid) - {proc.pid} if HAS_PROC else set()
    assert started or not HAS_PROC  # the engines, and the worker processes of a pool
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert wait_gone(started, 10) == set()  # workers and engines end with the driver
    before = stored(db)
    assert 3 <= len(before) < games, proc.stderr.read() if proc.stderr else ""
    if where == ["--no-ray"]:  # in order; a pool stores games as they end
        assert before == list(range(len(before)))
    doc = run_json(capsys, *args[1:])
    assert doc["run"]["already_stored"] == len(before)
    assert doc["run"]["played"] == games - len(before)
    assert stored(db) == list(range(games))
    assert doc["summary"]["games"] == games
    assert sorted(p.name for p in tmp_path.glob("*.sgf")) == [
        f"game-{i:04d}.sgf" for i in range(games)]


RUN_AND_REPORT_RAY = """
import json, sys
from igo.cli.main import main
rc = main(sys.argv[1:])
print(json.dumps({"rc": rc, "ray_imported": "ray" in sys.modules}))
"""


def run_in_fresh_process(*argv: str) -> tuple[dict, dict]:
    """``igo match ARGV --json --quiet`` in a new interpreter: its JSON document, and
    its exit code with whether Ray was imported."""
    proc = subprocess.run([sys.executable, "-c", RUN_AND_REPORT_RAY, "match", *argv,
                           "--json", "--quiet"], capture_output=True, text=True,
                          timeout=300, check=False)
    doc_text, _, last = proc.stdout.rstrip().rpartition("\n")
    return json.loads(doc_text), json.loads(last)


def test_process_pool_plays_the_sequential_games_without_ray(tmp_path: Path) -> None:
    base = ["igo:random", "igo:random", "--games", "4", "--size", "7", "--seed", "5",
            "--dead-stones", "tromp-taylor"]
    seq, seq_run = run_in_fresh_process(*base, "--workers", "1", "--out", str(tmp_path / "s"))
    pool, pool_run = run_in_fresh_process(*base, "--workers", "2", "--out",
                                          str(tmp_path / "p"))
    assert seq_run == pool_run == {"rc": 0, "ray_imported": False}
    assert pool["run"]["played"] == 4
    seq["summary"].pop("mean_seconds"), pool["summary"].pop("mean_seconds")
    assert pool["summary"] == seq["summary"]
    for i in range(4):
        name = f"game-{i:04d}.sgf"
        assert (tmp_path / "p" / name).read_text() == (tmp_path / "s" / name).read_text()


def test_bad_address_and_conflicting_options(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    base = ["match", "igo:random", "igo:random", "--games", "1", "--out", str(tmp_path)]
    assert main([*base, "--address", "nowhere"]) == 1
    assert "expected HOST:PORT" in capsys.readouterr().err
    assert main([*base, "--address", "10.0.0.5:6379", "--workers", "2"]) == 1
    assert "the cluster's CPUs decide" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:  # argparse: exit status 2
        main([*base, "--ray", "--address", "127.0.0.1:6379"])
    assert usage.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.ray
def test_ray_flag_plays_on_a_local_ray(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    doc = run_json(capsys, "igo:random", "igo:random", "--games", "2", "--size", "5",
                   "--dead-stones", "tromp-taylor", "--ray", "--workers", "2",
                   "--out", str(tmp_path))
    assert doc["run"]["played"] == 2 and doc["run"]["failed"] == []


HEAD = """
import json, sys
from igo.arena.ray_start import RayStart, start_ray
with start_ray(RayStart(num_cpus=2)) as s:
    print(json.dumps({"address": s.address, "home": str(s.temp_dir / "home")}), flush=True)
    sys.stdin.read()
"""


@pytest.mark.ray
def test_address_joins_a_local_cluster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    head = subprocess.Popen([sys.executable, "-c", HEAD], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert head.stdout is not None
        started = json.loads(head.stdout.readline())
        # how a user joins a cluster with a token: where the token is, in the environment
        monkeypatch.setenv("RAY_AUTH_MODE", "token")
        monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", f"{started['home']}/.ray/auth_token")
        doc = run_json(capsys, "igo:random", "igo:random", "--games", "2", "--size", "5",
                       "--dead-stones", "tromp-taylor", "--address", started["address"],
                       "--out", str(tmp_path))
        assert doc["run"]["played"] == 2 and doc["run"]["failed"] == []
    finally:
        head.communicate("", timeout=60)
    assert head.returncode == 0


def test_bad_engine_options_are_said_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown search option or a damaged net file is an error about the player,
    not a match whose games all fail."""
    bad_net = tmp_path / "bad.pt"
    bad_net.write_bytes(b"not a model")
    for spec, said in (("igo:mcts:playouts=10,no_such_option=1", "no_such_option"),
                       (f"igo:mcts:playouts=10,net={bad_net}", "not a readable model file")):
        out = tmp_path / spec.split(",")[-1].split("=")[0]
        assert main(["match", spec, "igo:random", "--games", "1", "--size", "5",
                     "--out", str(out), "--quiet"]) == 1
        err = capsys.readouterr().err
        assert said in err and "games failed" not in err
        assert not (out / "results.sqlite").exists()
