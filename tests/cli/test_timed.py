"""``igo timed``, and the commands that claim the machine or yield to a claim: a timed
``igo match``, ``igo bench``, ``igo evolve run`` (its yielder)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import igo.arena.yielding as yielding
from igo.cli.evolve import _yielding
from igo.cli.main import main
from igo.cli.match import _times_itself
from igo.cli.timed import claims_folder
from waiting import wait_until

LIST_CLAIMS = ("import sys; from pathlib import Path; from igo.arena.yielding import "
               "live_claims; print([c.what for c in live_claims(Path(sys.argv[1]))]); "
               "sys.exit(3)")


def test_claims_folder_comes_from_the_environment(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IGO_CLAIMS_DIR", str(tmp_path))
    assert claims_folder() == tmp_path
    monkeypatch.delenv("IGO_CLAIMS_DIR")
    assert claims_folder().name == f"igo-claims-{os.getuid()}"


def test_timed_holds_a_claim_while_the_command_runs(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IGO_CLAIMS_DIR", str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "igo", "timed", "--what", "pachi 4 s", "--",
                          sys.executable, "-c", LIST_CLAIMS, str(tmp_path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 3  # the command's status
    assert out.stdout.strip() == "['pachi 4 s']"
    assert yielding.live_claims(tmp_path) == []


def test_timed_reports_a_missing_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timed"]) == 1
    assert "no command given" in capsys.readouterr().err
    assert main(["timed", "--", "/no/such/program"]) == 1
    assert "cannot run '/no/such/program'" in capsys.readouterr().err


def test_timed_passes_a_signal_death_on(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timed", "--", "sh", "-c", "kill -9 $$"]) == 137
    assert "ended by signal 9" in capsys.readouterr().err


@pytest.fixture
def claims(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records what claims the machine (the real claim still happens)."""
    seen: list[str] = []
    real = yielding.claim

    @contextmanager
    def recording(folder: Path, what: str):  # type: ignore[no-untyped-def]
        seen.append(what)
        with real(folder, what) as held:
            yield held

    monkeypatch.setattr(yielding, "claim", recording)
    return seen


def test_a_match_with_a_clock_claims_the_machine(tmp_path: Path, claims: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    base = ["match", "igo:random", "igo:random", "--games", "1", "--size", "5", "--no-ray",
            "--quiet", "--dead-stones", "tromp-taylor"]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    assert claims == []  # untimed: nothing claimed
    assert main([*base, "--out", str(tmp_path / "b"), "--main-time", "60"]) == 0
    assert main([*base, "--out", str(tmp_path / "c"), "--timed"]) == 0
    assert len(claims) == 2 and all(c.startswith("igo match ") for c in claims)
    capsys.readouterr()


def test_which_in_process_players_time_themselves() -> None:
    assert _times_itself("igo:mcts:time=1")
    assert _times_itself("igo:mcts:threads=1,time=2.5")
    assert not _times_itself("igo:mcts:playouts=64000")
    assert not _times_itself("gtp:pachi -t 6")  # external engines: --timed says so


def test_bench_claims_the_machine(claims: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "playouts", "--size", "5", "--seconds", "0.1", "--json"]) == 0
    assert claims == ["igo bench playouts"]
    capsys.readouterr()


def test_evolve_yields_and_restores_its_signal_handlers(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IGO_CLAIMS_DIR", str(tmp_path))
    lines: list[str] = []
    before = signal.getsignal(signal.SIGTERM)
    child = subprocess.Popen(["sleep", "30"])
    stat = Path(f"/proc/{child.pid}/stat")
    try:
        with _yielding(True, lines.append):
            assert signal.getsignal(signal.SIGTERM) is not before
            with yielding.claim(tmp_path, "a timed match"):
                wait_until(lambda: stat.read_text().rpartition(")")[2].split()[0] == "T",
                           "the child stopped")
        assert stat.read_text().rpartition(")")[2].split()[0] != "T"
        assert signal.getsignal(signal.SIGTERM) is before
        assert lines[0] == f"paused for a timed run: a timed match (pid {os.getpid()})"
        assert lines[-1].startswith("paused 1 time(s), ")
    finally:
        child.kill()
        child.wait()


def test_evolve_sigterm_continues_stopped_workers_first(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IGO_CLAIMS_DIR", str(tmp_path))
    child = subprocess.Popen(["sleep", "30"])
    stat = Path(f"/proc/{child.pid}/stat")
    try:
        with pytest.raises(SystemExit) as ended, yielding.claim(tmp_path, "t"), \
                _yielding(True, lambda line: None):
            wait_until(lambda: stat.read_text().rpartition(")")[2].split()[0] == "T",
                       "the child stopped")
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler raises before this ends
        assert ended.value.code == 128 + signal.SIGTERM
        assert stat.read_text().rpartition(")")[2].split()[0] != "T"
    finally:
        child.kill()
        child.wait()


def test_yield_is_for_untimed_matches_of_igo_players(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    base = ["match", "--games", "1", "--size", "5", "--quiet", "--yield",
            "--out", str(tmp_path)]
    assert main([*base, "igo:random", "gtp:/usr/games/gnugo --mode gtp"]) == 1
    assert "--yield is for untimed matches" in capsys.readouterr().err
    assert main([*base, "igo:random", "igo:random", "--main-time", "10"]) == 1
    assert main([*base, "igo:random", "igo:random", "--workers", "2",
                 "--dead-stones", "tromp-taylor"]) == 0
