"""Background jobs that give the machine to timed runs.

A timed run (a match at a fixed time a move or under a clock, a benchmark) measures what
a program does in a second; a background job beside it (Sato & Takahashi's loop, say) takes
cores and bends the figure. So a timed run *claims* the machine for as long as it runs,
by a small file in a claims folder (:func:`claim`), and a background job runs under a
:class:`Yielder`, a thread that looks at that folder twice a second and, while any live
claim is there, stops the job's worker processes and everything under them (SIGSTOP),
then continues them (SIGCONT) once no claim is left. Work in a stopped process is not
lost: it goes on where it was. A claim whose process is gone (killed with SIGKILL, say)
is stale: it is ignored and removed, so a crashed timed run never stalls a job.

Only the processes below the job's own process are stopped (a thread cannot stop its own
process), never a claimant below it nor what runs under that (a timed run inside the
job): a job that does its work in worker processes (the process executor) pauses
completely; one that works in its own process pauses nowhere. Linux only (``/proc``);
elsewhere :attr:`Yielder.supported` is false and nothing is stopped.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with claim(folder, "a timed match"):
...     [c.what for c in live_claims(folder)]
['a timed match']
>>> live_claims(folder)
[]
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

POLL_SECONDS = 0.5
PROC = Path("/proc")


@dataclass(frozen=True, slots=True)
class Claim:
    """A timed run's claim on the machine: its process, what it is, since when (Unix
    time), and the file that holds it."""

    pid: int
    what: str
    since: float
    path: Path


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (``[0]`` is the state,
    ``[1]`` the parent's pid, ``[19]`` the start time), or None if there is no such
    process."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def _start_ticks(pid: int) -> int | None:
    fields = _stat_fields(pid)
    return int(fields[19]) if fields and len(fields) > 19 else None


def _alive(pid: int, start: int | None) -> bool:
    """Whether process ``pid`` runs and is the one that started at ``start`` (clock
    ticks after boot; None: not checked): a reused pid is not the claimant."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process: it exists
    return start is None or _start_ticks(pid) in (None, start)


@contextmanager
def claim(folder: Path, what: str) -> Iterator[Claim]:
    """Claim the machine for a timed run while the ``with`` block runs.

    Parameters
    ----------
    folder
        The claims folder (created if needed); background jobs watch the same one.
    what
        One line saying what runs (shown by the jobs that pause for it).
    """
    folder.mkdir(parents=True, exist_ok=True)
    pid = os.getpid()
    path = folder / f"claim-{pid}-{time.monotonic_ns()}.json"
    since = time.time()
    doc = {"pid": pid, "start": _start_ticks(pid), "what": what, "since": since}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc), encoding="utf-8")
    os.replace(tmp, path)
    try:
        yield Claim(pid, what, since, path)
    finally:
        path.unlink(missing_ok=True)


def live_claims(folder: Path) -> list[Claim]:
    """The claims in ``folder`` whose process still runs, oldest first; stale claim
    files are removed, unreadable ones ignored."""
    claims = []
    for path in sorted(folder.glob("claim-*.json")) if folder.is_dir() else []:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            pid, start = int(doc["pid"]), doc.get("start")
            what, since = str(doc.get("what", "")), float(doc.get("since", 0.0))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # being written or removed, or not ours
        if _alive(pid, None if start is None else int(start)):
            claims.append(Claim(pid, what, since, path))
        else:
            path.unlink(missing_ok=True)
    return sorted(claims, key=lambda c: c.since)


def descendants(root: int) -> list[int]:
    """The pids of every process below ``root`` (children, their children, …)."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir() if PROC.is_dir() else []:
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields and len(fields) > 1:
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _with_descendants(pids: list[int]) -> set[int]:
    found = set(pids)
    for pid in pids:
        found.update(descendants(pid))
    return found


def _signal(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        with suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


class Yielder:
    """Stops the processes below ``root`` while a live claim is in ``folder``.

    Use it as a context manager around the job (or call :meth:`start` and :meth:`stop`);
    leaving it (or :meth:`stop`, which is safe from a signal handler and idempotent)
    continues whatever it stopped. ``report`` gets one line when the job pauses (what
    claims the machine) and one when it resumes (how long it paused).
    """

    def __init__(self, folder: Path, *, root: int | None = None,
                 poll: float = POLL_SECONDS,
                 report: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        self.root = os.getpid() if root is None else root
        self.poll = poll
        self.report = report or (lambda line: None)
        self.supported = PROC.is_dir()
        self.paused_seconds = 0.0
        self.pauses = 0
        self._stopped: set[int] = set()
        self._since: float | None = None
        self._lock = threading.RLock()  # stop() may run in a signal handler
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def paused(self) -> bool:
        """Whether the job's processes are stopped now."""
        return self._since is not None

    def start(self) -> Yielder:
        if self.supported and self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="igo-yielder",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stop watching and continue every process this yielder stopped."""
        self._done.set()
        self._resume()

    def __enter__(self) -> Yielder:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5 * self.poll + 1.0)

    def check(self) -> None:
        """One look at the claims: pause (or stop newly started workers) or resume."""
        claims = live_claims(self.folder)
        if claims and not self._done.is_set():
            self._pause(claims)
        elif not claims:
            self._resume()

    def _watch(self) -> None:
        while not self._done.is_set():
            try:
                self.check()
            except OSError as exc:  # a folder we cannot read: say so, keep the job going
                self.report(f"yielder: cannot read {self.folder}: {exc}")
                self._resume()
            self._done.wait(self.poll)

    def _pause(self, claims: list[Claim]) -> None:
        with self._lock:
            if self._done.is_set():
                return
            below = descendants(self.root)
            inside = [c.pid for c in claims if c.pid in below]  # timed runs in the job
            spared = _with_descendants(inside)
            new = [pid for pid in below if pid not in self._stopped and pid not in spared]
            _signal(new, signal.SIGSTOP)
            self._stopped.update(new)
            if self._since is None:
                self._since = time.monotonic()
                self.pauses += 1
                first = claims[0]
                self.report(f"paused for a timed run: {first.what} (pid {first.pid})"
                            + (f" and {len(claims) - 1} more" if len(claims) > 1 else ""))

    def _resume(self) -> None:
        with self._lock:
            _signal(sorted(self._stopped), signal.SIGCONT)
            self._stopped.clear()
            if self._since is not None:
                seconds = time.monotonic() - self._since
                self.paused_seconds += seconds
                self._since = None
                self.report(f"resumed after {seconds:.0f} s paused")
