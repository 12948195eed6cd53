"""Tasks in spawned worker processes of this machine: no server, no socket.

:class:`ProcessExecutor` keeps ``workers`` slots, each a
:class:`concurrent.futures.ProcessPoolExecutor` with one worker process started with the
``spawn`` method (a fresh interpreter: nothing of the driver's state, threads or open
engines is inherited). A slot is given one task at a time, the others wait in the
executor's queue. So when a worker process dies (killed, out of memory, a crash in
native code), the pool that reports it broken names exactly one task: that task ends
with :class:`WorkerDiedError`, the broken pool is replaced by a new one, and the other
slots go on undisturbed. (With one pool of ``workers`` processes, the standard library
fails every pending task of the pool when one worker dies, without saying which task
killed it.)

The pools talk to their workers through pipes; nothing listens on a port. A worker
whose driver is gone (killed with SIGKILL, say) exits by itself within a second (see
:func:`_exit_with_parent`): a killed match leaves no process behind.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from igo.arena.executor import Executor, Finished, NothingPendingError

Task = tuple[Hashable, Callable[..., Any], tuple[Any, ...]]


PARENT_POLL_SECONDS = 0.5


class WorkerDiedError(RuntimeError):
    """The worker process running a task ended before the task returned."""


def _exit_with_parent(parent: int, from_main_thread: bool = False) -> None:
    """Worker initializer: a daemon thread ends the worker once its parent ``parent`` is
    gone (it is then adopted, and ``os.getppid`` changes). Without it a worker outlives
    a killed driver forever: it waits on its task queue, whose write end it holds too.
    """
    if from_main_thread:
        _die_with_parent(parent)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="igo-exit-with-parent", daemon=True).start()


def _die_with_parent(parent: int) -> None:
    """On Linux, ask the kernel to kill this worker when its parent ends: that reaches a
    worker that a :class:`igo.arena.yielding.Yielder` stopped (SIGSTOP), whose watch
    thread cannot run. (The kernel acts when the *thread* that started the worker ends,
    so this is asked only of workers started by the parent's main thread.)"""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent ended before the request took effect
        os._exit(1)


class ProcessExecutor(Executor):
    """Runs tasks in ``workers`` spawned processes; see the module docstring.

    Parameters
    ----------
    workers
        Tasks at once (worker processes are started when first needed).
    """

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self._context = multiprocessing.get_context("spawn")
        self._pools: list[ProcessPoolExecutor | None] = [None] * workers
        self._queue: deque[Task] = deque()
        self._running: dict[Future[Any], tuple[int, Hashable]] = {}

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        self._queue.append((key, fn, args))
        self._dispatch()

    @property
    def pending(self) -> int:
        return len(self._queue) + len(self._running)

    @property
    def capacity(self) -> int:
        return len(self._pools)

    def next_done(self) -> Finished:
        if not self._running:
            raise NothingPendingError("no task is pending")
        done, _ = wait(self._running, return_when=FIRST_COMPLETED)
        future = next(f for f in self._running if f in done)  # the oldest that ended
        slot, key = self._running.pop(future)
        try:
            finished = Finished(key, future.result(), None)
        except BrokenProcessPool as exc:
            self._discard(slot)
            died = WorkerDiedError(f"the worker process running task {key!r} died")
            died.__cause__ = exc
            finished = Finished(key, None, died)
        except Exception as exc:  # what the task raised, sent back by the worker
            finished = Finished(key, None, exc)
        self._dispatch()
        return finished

    def close(self) -> None:
        """Drop queued tasks, wait for running ones, stop the worker processes."""
        self._queue.clear()
        for slot, pool in enumerate(self._pools):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
                self._pools[slot] = None
        self._running.clear()

    def _dispatch(self) -> None:
        """Give queued tasks to idle slots."""
        busy = {slot for slot, _ in self._running.values()}
        for slot in range(len(self._pools)):
            if not self._queue:
                return
            if slot not in busy:
                key, fn, args = self._queue.popleft()
                self._running[self._submit(slot, fn, args)] = (slot, key)

    def _submit(self, slot: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> Future[Any]:
        try:
            return self._pool(slot).submit(fn, *args)
        except BrokenProcessPool:  # its worker died while idle: start a new one
            self._discard(slot)
            return self._pool(slot).submit(fn, *args)

    def _pool(self, slot: int) -> ProcessPoolExecutor:
        pool = self._pools[slot]
        if pool is None:
            pool = ProcessPoolExecutor(max_workers=1, mp_context=self._context,
                                       initializer=_exit_with_parent,
                                       initargs=(os.getpid(), threading.current_thread()
                                                 is threading.main_thread()))
            self._pools[slot] = pool
        return pool

    def _discard(self, slot: int) -> None:
        pool = self._pools[slot]
        self._pools[slot] = None
        if pool is not None:
            pool.shutdown(wait=False)
