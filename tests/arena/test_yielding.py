"""Timed runs claim the machine; background jobs stop their workers while they do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from igo.arena.process_executor import ProcessExecutor
from igo.arena.yielding import PROC, Yielder, claim, descendants, live_claims
from waiting import wait_until

pytestmark = pytest.mark.skipif(not PROC.is_dir(), reason="needs Linux /proc")


def state(pid: int) -> str:
    return (PROC / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]


def wait_for(condition: Callable[[], object]) -> bool:
    """Wait until ``condition()`` holds (:func:`waiting.wait_until`: a hang fails)."""
    wait_until(condition, "a process state or a yielder's pause")
    return True


def counting_looks(yielder: Yielder) -> list[int]:
    """Count the yielder's looks at the claims (one a ``poll``): a one-item list."""
    looks = [0]
    check = yielder.check

    def counted() -> None:
        check()
        looks[0] += 1

    yielder.check = counted  # type: ignore[method-assign]
    return looks


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_claim_is_live_while_held_and_gone_after(tmp_path: Path) -> None:
    with claim(tmp_path / "claims", "a timed match") as held:
        claims = live_claims(tmp_path / "claims")
        assert [(c.pid, c.what) for c in claims] == [(os.getpid(), "a timed match")]
        assert claims[0].path == held.path and held.path.is_file()
    assert live_claims(tmp_path / "claims") == []
    assert not held.path.exists()


def test_claim_is_released_when_the_block_raises(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), claim(tmp_path, "x"):
        raise RuntimeError("boom")
    assert live_claims(tmp_path) == []


def test_stale_claims_are_ignored_and_removed(tmp_path: Path) -> None:
    gone = tmp_path / "claim-1-1.json"
    gone.write_text(json.dumps({"pid": dead_pid(), "what": "killed", "since": 1.0}))
    reused = tmp_path / "claim-2-2.json"  # our pid, but another process's start time
    reused.write_text(json.dumps({"pid": os.getpid(), "start": 1, "what": "old", "since": 2.0}))
    junk = tmp_path / "claim-3-3.json"
    junk.write_text("{not json")
    assert live_claims(tmp_path) == []
    assert not gone.exists() and not reused.exists()
    assert junk.exists()  # unreadable: left alone, not counted


def test_missing_folder_has_no_claims(tmp_path: Path) -> None:
    assert live_claims(tmp_path / "nowhere") == []


def test_descendants_reach_grandchildren() -> None:
    child = subprocess.Popen(["sh", "-c", "sleep 30 & wait"])
    try:
        assert wait_for(lambda: len(descendants(child.pid)) == 1)
        grandchild = descendants(child.pid)[0]
        assert set(descendants(os.getpid())) >= {child.pid, grandchild}
    finally:
        child.kill()
        child.wait()


def test_yielder_stops_children_while_claimed_and_continues_them(tmp_path: Path) -> None:
    lines: list[str] = []
    child = subprocess.Popen(["sh", "-c", "sleep 30 & wait"])
    try:
        assert wait_for(lambda: len(descendants(child.pid)) == 1)
        grandchild = descendants(child.pid)[0]
        yielder = Yielder(tmp_path, poll=0.05, report=lines.append)
        looks = counting_looks(yielder)
        with yielder:
            wait_until(lambda: looks[0] >= 3, "three looks at the claims")
            assert not yielder.paused and state(child.pid) != "T"
            with claim(tmp_path, "a benchmark"):
                assert wait_for(lambda: yielder.paused)
                assert wait_for(lambda: state(child.pid) == state(grandchild) == "T")
            assert wait_for(lambda: not yielder.paused)
            assert wait_for(lambda: state(child.pid) != "T" and state(grandchild) != "T")
            assert yielder.pauses == 1 and yielder.paused_seconds > 0
        assert lines[0].startswith("paused for a timed run: a benchmark (pid ")
        assert lines[1].startswith("resumed after ")
    finally:
        child.kill()
        child.wait()


def test_leaving_the_yielder_continues_what_it_stopped(tmp_path: Path) -> None:
    child = subprocess.Popen(["sleep", "30"])
    try:
        with claim(tmp_path, "held past the job"):
            with Yielder(tmp_path, poll=0.05) as yielder:
                assert wait_for(lambda: state(child.pid) == "T")
                assert yielder.paused
            assert state(child.pid) != "T"  # the claim is still there; the job ended
    finally:
        child.kill()
        child.wait()


def test_a_stale_claim_does_not_pause(tmp_path: Path) -> None:
    (tmp_path / "claim-9-9.json").write_text(
        json.dumps({"pid": dead_pid(), "what": "crashed benchmark", "since": 0.0}))
    child = subprocess.Popen(["sleep", "30"])
    try:
        yielder = Yielder(tmp_path, poll=0.05)
        looks = counting_looks(yielder)
        with yielder:
            wait_until(lambda: looks[0] >= 3, "three looks at the claims")
            assert not yielder.paused and state(child.pid) != "T"
    finally:
        child.kill()
        child.wait()


def _count(seconds: float) -> int:
    """A task that spins for ``seconds`` of wall time and returns its loop count."""
    deadline, n = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        n += 1
    return n


def test_process_executor_tasks_pause_and_finish(tmp_path: Path) -> None:
    with ProcessExecutor(2) as ex, Yielder(tmp_path, poll=0.05) as yielder:
        ex.submit("warm", _count, 0.0)
        ex.next_done()  # the worker processes exist now
        ex.submit("a", _count, 1.5)
        ex.submit("b", _count, 1.5)
        time.sleep(0.2)
        with claim(tmp_path, "timed"):
            assert wait_for(lambda: yielder.paused)
            workers = descendants(os.getpid())
            assert workers and wait_for(lambda: all(state(p) == "T" for p in workers
                                                    if (PROC / str(p)).exists()))
            time.sleep(0.5)
        done = [ex.next_done(), ex.next_done()]
    assert all(d.ok for d in done)
    # a stopped worker does not count loops: 0.5 s of the task's 1.5 s went by stopped
    assert yielder.paused_seconds >= 0.5


def test_a_stopped_worker_dies_with_its_parent(tmp_path: Path) -> None:
    """A worker that a yielder stopped still ends when its driver is killed."""
    script = (
        "import os, sys, time\n"
        "from igo.arena.process_executor import ProcessExecutor\n"
        "ex = ProcessExecutor(1)\n"
        "ex.submit('a', os.getpid)\n"
        "print(ex.next_done().value, flush=True)\n"
        "time.sleep(60)\n")
    driver = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              text=True)
    assert driver.stdout is not None
    worker = int(driver.stdout.readline())
    try:
        os.kill(worker, 19)  # SIGSTOP, as a yielder does
        assert wait_for(lambda: state(worker) == "T")
        driver.kill()
        driver.wait()
        assert wait_for(lambda: not (PROC / str(worker)).exists()
                        or state(worker) == "Z")
    finally:
        with __import__("contextlib").suppress(ProcessLookupError):
            os.kill(worker, 9)


def test_a_claim_made_inside_the_job_is_not_stopped(tmp_path: Path) -> None:
    """A timed run started below the job (its claimant and what runs under it) goes on."""
    script = ("import sys, time\nfrom pathlib import Path\nfrom igo.arena.yielding import claim\n"
              "with claim(Path(sys.argv[1]), 'inner timed run'):\n"
              "    print('claimed', flush=True)\n    time.sleep(30)\n")
    inner = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)],
                             stdout=subprocess.PIPE, text=True)
    other = subprocess.Popen(["sleep", "30"])
    try:
        assert inner.stdout is not None and inner.stdout.readline() == "claimed\n"
        with Yielder(tmp_path, poll=0.05) as yielder:
            assert wait_for(lambda: state(other.pid) == "T")
            assert yielder.paused and state(inner.pid) != "T"
    finally:
        for p in (inner, other):
            p.kill()
            p.wait()
