"""Waiting without racing the clock, for tests that check what happens while something
runs in the background (import as ``waiting``; ``tests/`` is on ``sys.path``).

A test here waits for an *event* (a condition, a thread's end, a number of playouts the
search has done) and checks what it cares about by *counting* (e.g. the search chunks
begun after a stop was asked), never by the time something took: a loaded machine (CI's
two cores shared with other jobs) makes any threshold on elapsed time fail now and then.
The deadlines below are only a safety net against a hang, far above what a waited event
takes even on a loaded machine, and a test that meets one fails saying what it waited for.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

#: the safety net of every wait (seconds): only a hang reaches it, not a first compile of
#: the search kernels on a cold cache (over 200 s on a loaded 2-core machine)
HANG = 900.0


def wait_until(condition: Callable[[], object], what: str, seconds: float = HANG) -> None:
    """Return as soon as ``condition()`` is true; fail saying ``what`` was awaited if it is
    still false after ``seconds`` (a hang)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting after {seconds:.0f} s for {what}")
        time.sleep(0.005)


def finishes(func: Callable[[], T], what: str, seconds: float = HANG) -> T:
    """``func()``, run in a thread so that a call that never returns fails the test
    (saying ``what`` hung) instead of hanging it; its exception is raised here."""
    out: list[T] = []
    err: list[BaseException] = []

    def call() -> None:
        try:
            out.append(func())
        except BaseException as exc:  # handed to the test's thread
            err.append(exc)

    thread = threading.Thread(target=call, daemon=True, name="test-finishes")
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"{what} did not return within {seconds:.0f} s")
    if err:
        raise err[0]
    return out[0]


@dataclass
class Chunk:
    """One call of the search kernel (:func:`igo.search._kernels.run_iterations`)."""

    thread: int  #: the thread that ran it
    name: str  #: that thread's name
    stopped: bool  #: whether the watched stop was already set when it began
    began: float  #: ``time.perf_counter()`` when it began (the clock of a search's limits)
    ran: int = 0  #: iterations it ran (set when it returns)


@dataclass
class Chunks:
    """Every chunk of search iterations run while installed (:meth:`install`): a search
    thread runs one chunk (about ``igo.search.search.CHUNK_SECONDS`` of work) between
    two looks at its limits and its stop event, so a prompt stop is one after which no
    thread *begins* a chunk, whatever the machine's load: at most the chunk each thread
    had begun is finished. ``stop`` is the condition watched (e.g. an event's
    ``is_set``), given when known."""

    stop: Callable[[], bool] = lambda: False
    log: list[Chunk] = field(default_factory=list)

    @classmethod
    def install(cls, monkeypatch: pytest.MonkeyPatch) -> Chunks:
        from igo.search import _kernels as K

        chunks = cls()
        kernel = K.run_iterations

        def counted(*args: Any) -> int:
            me = threading.current_thread()
            chunk = Chunk(threading.get_ident(), me.name, bool(chunks.stop()),
                          time.perf_counter())
            chunks.log.append(chunk)  # list.append is atomic under the GIL
            chunk.ran = int(kernel(*args))
            return chunk.ran

        monkeypatch.setattr(K, "run_iterations", counted)
        return chunks

    def mark(self) -> int:
        """A position in the log, for :meth:`iterations` since then."""
        return len(self.log)

    def iterations(self, since: int = 0, thread: str | None = None) -> int:
        """Iterations run by the chunks begun since ``since`` (by the thread of that
        name, when given; chunks still running count 0)."""
        return sum(c.ran for c in self.log[since:] if thread is None or c.name == thread)

    def begun_after_stop(self) -> dict[int, int]:
        """For each thread, the chunks it began with the stop already set."""
        out: dict[int, int] = {}
        for c in self.log:
            if c.stopped:
                out[c.thread] = out.get(c.thread, 0) + 1
        return out

    def assert_prompt_stop(self) -> None:
        """No thread began more than one chunk after the stop was set: the one it
        may have begun between its last look at the stop and the kernel's call."""
        late = self.begun_after_stop()
        assert all(n <= 1 for n in late.values()), late

    def begun_after(self, instant: float) -> dict[int, int]:
        """For each thread, the chunks it began after ``instant`` (``perf_counter``)."""
        out: dict[int, int] = {}
        for c in self.log:
            if c.began > instant:
                out[c.thread] = out.get(c.thread, 0) + 1
        return out


def record_runs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The limits of every :meth:`igo.search.Search.run` from now on (its ``_Run``:
    ``t0``, the final ``deadline``, ``max_deadline``, ``extensions``), in order."""
    from igo.search import search as S

    runs: list[Any] = []

    class Recorded(S._Run):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            runs.append(self)

    monkeypatch.setattr(S, "_Run", Recorded)
    return runs
