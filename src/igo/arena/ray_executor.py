"""Tasks as Ray tasks: on a Ray started here (127.0.0.1 only) or on a cluster.

Each task is a Ray task that takes one CPU and is never retried by Ray (the caller
decides about retries). A task that raises, or whose worker process dies, ends with
Ray's exception (a ``RayTaskError`` carrying the task's own, or a
``WorkerCrashedError``). Ray is imported only when an executor is opened.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import Any

from igo.arena.executor import Executor, Finished, NothingPendingError
from igo.arena.ray_start import RaySession, RayStart, RayStartError, start_ray


class RayExecutor(Executor):
    """Runs tasks on the connected Ray; closes ``session`` (if any) on close.

    Use :meth:`open` to start or join Ray first.
    """

    def __init__(self, session: RaySession | None = None) -> None:
        import ray

        if not ray.is_initialized():
            raise RayStartError("Ray is not connected: use RayExecutor.open")
        self._ray = ray
        self._session = session
        self._remote: dict[Callable[..., Any], Any] = {}
        self._pending: dict[Any, Hashable] = {}

    @classmethod
    def open(cls, address: str | None, workers: int) -> RayExecutor:
        """Join ``address``, or start a local Ray with ``workers`` CPUs; when a Ray
        driver is already connected in this process, use it (and leave it running)."""
        ray = sys.modules.get("ray")  # not imported: certainly not connected
        if ray is not None and ray.is_initialized():
            return cls()
        start = RayStart(address=address) if address else RayStart(num_cpus=workers)
        session = start_ray(start)
        try:
            return cls(session)
        except BaseException:
            session.close()
            raise

    def submit(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._ray.remote(num_cpus=1, max_retries=0)(fn)
            self._remote[fn] = remote
        self._pending[remote.remote(*args)] = key

    @property
    def pending(self) -> int:
        return len(self._pending)

    @property
    def capacity(self) -> int:
        """The CPUs of the connected cluster (Ray runs one game a CPU)."""
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def next_done(self) -> Finished:
        if not self._pending:
            raise NothingPendingError("no task is pending")
        [ref], _ = self._ray.wait(list(self._pending), num_returns=1)
        key = self._pending.pop(ref)
        try:
            return Finished(key, self._ray.get(ref), None)
        except Exception as exc:  # the task raised, or its worker died
            return Finished(key, None, exc)

    def close(self) -> None:
        """Cancel unfinished tasks; stop the Ray this executor started."""
        for ref in self._pending:
            self._ray.cancel(ref, force=True)
        self._pending.clear()
        if self._session is not None:
            self._session.close()
            self._session = None
