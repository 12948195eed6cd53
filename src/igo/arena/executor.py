"""Where independent tasks run: in this process, in a process pool, or on Ray.

A match, and later the generations of a training loop, is many independent tasks
(a module-level function and its arguments). They are submitted under a key to an
:class:`Executor` and come back, one at a time and in any order, as :class:`Finished`:
the value, or the exception that the task raised (or that killed its worker). The
caller decides what a failure means (the match runner records it and retries).

Three executors, one per kind of :class:`ExecutorConfig`:

- ``"sequential"``: this process, in submission order. No network.
- ``"process"``: ``workers`` spawned processes of this machine
  (:mod:`igo.arena.process_executor`). No server and no socket: the standard library's
  process pool talks to its workers through pipes.
- ``"ray"``: a Ray started here on 127.0.0.1 only, or the cluster at ``address``
  (:mod:`igo.arena.ray_executor`); the only kind that uses the network beyond loopback,
  and only when given the address of another machine.

The factory that opens the executor of a config, :func:`igo.arena.executors.open_executor`,
is a module of its own, so that this one, which the executors import, imports none of them.

>>> with SequentialExecutor() as ex:
...     ex.submit("a", divmod, 7, 2)
...     ex.next_done()
Finished(key='a', value=(3, 1), error=None)
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal

from igo.arena.ray_start import parse_address

ExecutorKind = Literal["sequential", "process", "ray"]


class NothingPendingError(LookupError):
    """:meth:`Executor.next_done` was called with no task submitted and unfinished."""


@dataclass(frozen=True, slots=True)
class Finished:
    """A task that ended: ``value`` if it returned, else ``error`` (what it raised, or
    why its worker died)."""

    key: Hashable
    value: Any
    error: BaseException | None

    @property
    def ok(self) -> bool:
        """Whether the task returned a value."""
        return self.error is None


class Executor(ABC):
    """Runs submitted tasks; use it as a context manager (or call :meth:`close`)."""

    @abstractmethod
    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        """Queue ``fn(*args)`` under ``key``. ``fn`` and ``args`` must be picklable by
        reference (a module-level function) for the process and Ray executors."""

    @abstractmethod
    def next_done(self) -> Finished:
        """Wait for the next task to end and return it.

        Raises
        ------
        NothingPendingError
            When no submitted task is left.
        """

    @property
    @abstractmethod
    def pending(self) -> int:
        """Tasks submitted and not yet returned by :meth:`next_done`."""

    @property
    def capacity(self) -> int:
        """How many tasks run at once (1 unless the executor says otherwise)."""
        return 1

    @abstractmethod
    def close(self) -> None:
        """Release the workers (tasks still queued are dropped)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class SequentialExecutor(Executor):
    """Runs each task in this process, in submission order, when it is asked for.

    An exception other than :class:`Exception` (``KeyboardInterrupt``, ``SystemExit``)
    is not a task failure: it goes up to the caller.
    """

    def __init__(self) -> None:
        self._queue: deque[tuple[Hashable, Callable[..., Any], tuple[Any, ...]]] = deque()

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        self._queue.append((key, fn, args))

    def next_done(self) -> Finished:
        if not self._queue:
            raise NothingPendingError("no task is pending")
        key, fn, args = self._queue.popleft()
        try:
            return Finished(key, fn(*args), None)
        except Exception as exc:  # the task failed; the caller decides what it means
            return Finished(key, None, exc)

    @property
    def pending(self) -> int:
        return len(self._queue)

    def close(self) -> None:
        self._queue.clear()


@dataclass(frozen=True, slots=True)
class ExecutorConfig:
    """Which executor runs the tasks.

    Parameters
    ----------
    workers
        Tasks at once: 1 runs them in this process, in order; more runs a process pool
        of that size (or a local Ray with that many CPUs when ``ray``). Default: the
        number of cores. Not with ``address`` (the cluster's CPUs decide).
    ray
        Start a local Ray (on 127.0.0.1) instead of the process pool.
    address
        ``HOST:PORT`` of a Ray cluster to join (implies Ray).
    """

    workers: int | None = None
    ray: bool = False
    address: str | None = None

    def __post_init__(self) -> None:
        if self.workers is not None and self.workers < 1:
            raise ValueError(f"workers must be at least 1, got {self.workers}")
        if self.address is not None:
            parse_address(self.address)
            if self.workers is not None:
                raise ValueError("workers does not apply to a Ray cluster joined at an "
                                 "address: the cluster's CPUs decide")

    @property
    def kind(self) -> ExecutorKind:
        """``"sequential"``, ``"process"`` or ``"ray"``."""
        if self.ray or self.address is not None:
            return "ray"
        return "sequential" if self.resolved_workers == 1 else "process"

    @property
    def resolved_workers(self) -> int:
        """``workers``, or the number of cores."""
        return self.workers or os.cpu_count() or 1


SEQUENTIAL = ExecutorConfig(workers=1)

