"""The executor factory: :func:`open_executor` chooses the executor of a config's kind.

It lives apart from :mod:`igo.arena.executor` (the base class, the in-process executor
and :class:`~igo.arena.executor.ExecutorConfig`) so that imports point one way: the
process and Ray executors import the base class, and this module imports them.

>>> from igo.arena.executor import ExecutorConfig
>>> with open_executor(ExecutorConfig(workers=1)) as ex:
...     ex.submit("a", divmod, 7, 2)
...     ex.next_done()
Finished(key='a', value=(3, 1), error=None)
"""

from __future__ import annotations

from igo.arena.executor import Executor, ExecutorConfig, SequentialExecutor
from igo.arena.process_executor import ProcessExecutor
from igo.arena.ray_executor import RayExecutor


def open_executor(config: ExecutorConfig) -> Executor:
    """The executor of ``config``'s kind (Ray itself is imported only for ``"ray"``).

    A Ray already connected in this process (by the caller) is used as it is and left
    running on close; otherwise Ray is started or joined through
    :func:`igo.arena.ray_start.start_ray` and stopped on close.
    """
    if config.kind == "sequential":
        return SequentialExecutor()
    if config.kind == "process":
        return ProcessExecutor(config.resolved_workers)
    return RayExecutor.open(config.address, config.resolved_workers)


__all__ = ["open_executor"]
