"""The process pool: spawned workers, failures and worker deaths reported for their own
task only, the pool rebuilt, and no socket in the workers."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from igo.arena.executor import Finished, NothingPendingError
from igo.arena.process_executor import ProcessExecutor, WorkerDiedError


def slow_square(x: int) -> int:
    time.sleep(0.5)
    return x * x


def die(code: int) -> None:
    os._exit(code)


def fail(message: str) -> None:
    raise RuntimeError(message)


def worker_sockets() -> tuple[int, list[str]]:
    """The worker's pid and the sockets among its open files."""
    fds = os.listdir("/proc/self/fd")
    links = []
    for fd in fds:
        try:
            links.append(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:  # the directory's own descriptor, closed meanwhile
            continue
    return os.getpid(), [link for link in links if link.startswith("socket:")]


def drain(ex: ProcessExecutor) -> dict[object, Finished]:
    out = {}
    while ex.pending:
        done = ex.next_done()
        out[done.key] = done
    return out


def test_tasks_run_in_other_processes_and_fail_alone() -> None:
    with ProcessExecutor(2) as ex:
        ex.submit("square", slow_square, 7)
        ex.submit("fail", fail, "on purpose")
        ex.submit("pid", os.getpid)
        assert ex.pending == 3
        done = drain(ex)
    assert done["square"].value == 49
    assert isinstance(done["fail"].error, RuntimeError)
    assert str(done["fail"].error) == "on purpose"
    assert done["pid"].value != os.getpid()


def test_a_dead_worker_fails_its_task_only_and_is_replaced() -> None:
    with ProcessExecutor(2) as ex:
        ex.submit("pid-before", os.getpid)
        ex.submit("other", slow_square, 3)  # runs on the other slot meanwhile
        ex.submit("die", die, 3)
        done = drain(ex)
        assert done["other"].value == 9 and done["pid-before"].ok
        assert isinstance(done["die"].error, WorkerDiedError)
        assert "task 'die' died" in str(done["die"].error)
        for i in range(4):  # both slots work again, one with a new process
            ex.submit(i, slow_square, i)
        assert {k: d.value for k, d in drain(ex).items()} == {0: 0, 1: 1, 2: 4, 3: 9}
        with pytest.raises(NothingPendingError):
            ex.next_done()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")
def test_workers_hold_no_socket() -> None:
    with ProcessExecutor(2) as ex:
        ex.submit(0, worker_sockets)
        ex.submit(1, worker_sockets)
        done = drain(ex)
    pids = {d.value[0] for d in done.values()}
    assert len(pids) == 2 and os.getpid() not in pids
    assert [d.value[1] for d in done.values()] == [[], []]


def test_close_drops_queued_tasks() -> None:
    ex = ProcessExecutor(1)
    ex.submit("a", slow_square, 2)
    ex.submit("b", slow_square, 3)
    ex.close()
    assert ex.pending == 0


def test_workers_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        ProcessExecutor(0)
