"""The executor factory: the kind of the config decides the executor."""

from __future__ import annotations

from igo.arena import open_executor as exported
from igo.arena.executor import SEQUENTIAL, ExecutorConfig, SequentialExecutor
from igo.arena.executors import open_executor
from igo.arena.process_executor import ProcessExecutor


def test_open_executor_runs_one_worker_in_this_process() -> None:
    with open_executor(SEQUENTIAL) as ex:
        assert isinstance(ex, SequentialExecutor)
        ex.submit("a", divmod, 7, 2)
        assert ex.next_done().value == (3, 1)


def test_open_executor_makes_a_process_pool_without_starting_workers() -> None:
    with open_executor(ExecutorConfig(workers=2)) as ex:
        assert isinstance(ex, ProcessExecutor) and ex.pending == 0


def test_the_package_exports_the_factory() -> None:
    assert exported is open_executor
