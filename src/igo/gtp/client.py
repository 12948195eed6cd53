"""A GTP client: drive an external engine (GNU Go, Pachi, KataGo …) over pipes.

The engine runs as a subprocess. Two daemon threads drain its ``stdout`` (into a
queue of lines) and its ``stderr`` (into a bounded tail kept for error messages), so
a reply can be awaited with a timeout and a chatty engine never blocks on a full
pipe. A GTP reply (GTP v2, section 2.10) is ``=`` or ``?`` (optionally followed by an
id), the reply text, and ends with an empty line.

>>> with GtpClient(["/usr/games/gnugo", "--mode", "gtp"]) as gnugo:  # doctest: +SKIP
...     gnugo.send("boardsize 9")
...     gnugo.send("genmove b")
''
'E5'

Errors
------
:class:`~igo.gtp.errors.GtpEngineError`
    The engine answered ``?`` (the message is the engine's text).
:class:`~igo.gtp.errors.GtpClientError`
    The engine could not be started, died, closed its output, timed out, or wrote
    something that is not a GTP reply. The message carries the tail of its stderr.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO

from igo.gtp.errors import GtpClientError, GtpEngineError

STDERR_TAIL_LINES = 20
_EOF = None  # queue sentinel: the engine closed stdout


def split_command(command: str | Sequence[str]) -> list[str]:
    """The argument vector of ``command`` (a shell-like string is split with shlex).

    Raises
    ------
    GtpClientError
        If the command is empty or cannot be split (unbalanced quotes).
    """
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise GtpClientError(f"cannot parse engine command {command!r}: {exc}") from exc
    else:
        argv = [str(a) for a in command]
    if not argv:
        raise GtpClientError("empty engine command")
    return argv


def _pump_lines(stream: IO[str], out: queue.Queue[str | None]) -> None:
    """Copy the lines of ``stream`` into ``out``; put ``None`` at end of file."""
    try:
        for line in stream:
            out.put(line)
    except (OSError, ValueError):  # pragma: no cover - stream closed under us
        pass
    finally:
        out.put(_EOF)


def _pump_tail(stream: IO[str], tail: collections.deque[str]) -> None:
    """Keep the latest lines of ``stream`` in ``tail`` (a bounded deque)."""
    with contextlib.suppress(OSError, ValueError):
        for line in stream:
            tail.append(line.rstrip("\r\n"))


class GtpClient:
    """One external GTP engine process.

    Parameters
    ----------
    command
        The engine command line, as a string (split with :func:`shlex.split`) or an
        argument list, e.g. ``"/usr/games/gnugo --mode gtp --level 1"``.
    timeout
        Seconds to wait for each reply (``None``: wait forever). A per-call timeout
        can be given to :meth:`send`.

    Raises
    ------
    GtpClientError
        If the process cannot be started.
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float | None = 60.0) -> None:
        self.argv = split_command(command)
        self.timeout = timeout
        self._closed = False
        self._name: str | None = None
        self._version: str | None = None
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._lines: queue.Queue[str | None] = queue.Queue()
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise GtpClientError(f"cannot start engine {self.argv[0]!r}: {exc}") from exc
        stdin, stdout, stderr = self._proc.stdin, self._proc.stdout, self._proc.stderr
        if stdin is None or stdout is None or stderr is None:  # pragma: no cover
            raise GtpClientError("subprocess pipes were not created")
        self._stdin: IO[str] = stdin
        for target, args in (
            (_pump_lines, (stdout, self._lines)),
            (_pump_tail, (stderr, self._stderr_tail)),
        ):
            threading.Thread(target=target, args=args, daemon=True).start()

    # ---------------------------------------------------------------- info
    @property
    def pid(self) -> int:
        """Process id of the engine."""
        return self._proc.pid

    @property
    def alive(self) -> bool:
        """True while the engine process runs."""
        return self._proc.poll() is None

    @property
    def stderr_tail(self) -> str:
        """The latest lines the engine wrote to stderr."""
        return "\n".join(self._stderr_tail)

    @property
    def name(self) -> str:
        """The engine's answer to ``name`` (asked once)."""
        if self._name is None:
            self._name = self.send("name")
        return self._name

    @property
    def version(self) -> str:
        """The engine's answer to ``version`` (asked once)."""
        if self._version is None:
            self._version = self.send("version")
        return self._version

    def known_command(self, command: str) -> bool:
        """True if the engine says it knows ``command`` (``known_command``)."""
        try:
            return self.send(f"known_command {command}").strip().lower() == "true"
        except GtpEngineError:
            return False

    # ---------------------------------------------------------------- talking
    def _failure(self, what: str, *, exiting: bool = False) -> GtpClientError:
        code = self._proc.poll()
        if code is None and exiting:
            # the engine closed its output: give it a moment to finish exiting, so
            # the message can say how it ended
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self._proc.wait(timeout=2.0)
        status = f"exit code {code}" if code is not None else "still running"
        time.sleep(0.05)  # let the stderr thread catch the last words
        tail = self.stderr_tail
        detail = f"; stderr tail:\n{tail}" if tail else "; stderr was empty"
        return GtpClientError(f"engine {self.argv[0]!r} {what} ({status}){detail}")

    def _readline(self, deadline: float | None, command: str) -> str:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            # A late reply would be taken for the answer to the next command: the
            # conversation cannot go on, so the engine is stopped.
            error = self._failure(f"did not answer {command!r} in time; it was stopped")
            self._kill()
            raise error from None
        if line is _EOF:
            self._lines.put(_EOF)  # stay at end of file for later calls
            raise self._failure(f"closed its output while answering {command!r}",
                                exiting=True)
        return line.rstrip("\r\n")

    def _kill(self) -> None:
        self._closed = True
        with contextlib.suppress(OSError):
            self._proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=5.0)

    def send(self, command: str, *, timeout: float | None = -1.0) -> str:
        """Send one command and return the reply text (after ``=``, stripped).

        Parameters
        ----------
        command
            One GTP command line (no newline inside).
        timeout
            Seconds to wait for the reply (``None``: forever); a negative value (the
            default) means the client's ``timeout``.

        Raises
        ------
        GtpEngineError
            If the engine answers ``?``.
        GtpClientError
            If the engine is closed, dies, times out or answers garbage.
        """
        if "\n" in command or "\r" in command:
            raise GtpClientError(f"a GTP command is one line: {command!r}")
        if self._closed:
            raise GtpClientError(f"engine {self.argv[0]!r} is closed")
        limit = self.timeout if timeout is not None and timeout < 0 else timeout
        deadline = None if limit is None else time.monotonic() + limit
        try:
            self._stdin.write(command + "\n")
            self._stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._failure(f"is gone; could not send {command!r}") from None
        return self._read_reply(deadline, command)

    def _read_reply(self, deadline: float | None, command: str) -> str:
        line = self._readline(deadline, command)
        while not line.strip():  # tolerate stray blank lines before a reply
            line = self._readline(deadline, command)
        if line[0] not in "=?":
            raise self._failure(f"sent a line that is not a GTP reply to {command!r}: {line!r}")
        ok = line[0] == "="
        first = line[1:]
        if first[:1].isdigit():  # "=12 text": drop the id
            first = first.lstrip("0123456789")
        body = [first.strip()]
        line = self._readline(deadline, command)
        while line.strip():
            body.append(line)
            line = self._readline(deadline, command)
        text = "\n".join(body).strip()
        if not ok:
            raise GtpEngineError(f"engine {self.argv[0]!r} rejected {command!r}: {text}")
        return text

    # ---------------------------------------------------------------- ending
    def close(self, *, timeout: float = 5.0) -> None:
        """Send ``quit``, wait for the process to end, kill it if it does not.

        Safe to call twice and on an engine that already died.
        """
        if self._closed:
            return
        if self.alive:
            with contextlib.suppress(GtpClientError):
                self.send("quit", timeout=timeout)
        self._closed = True
        with contextlib.suppress(OSError, ValueError):
            self._stdin.close()
        try:
            self._proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()

    def __enter__(self) -> GtpClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort at interpreter exit
        with contextlib.suppress(Exception):
            if not self._closed and self._proc.poll() is None:
                self._proc.kill()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("running" if self.alive else "dead")
        return f"<GtpClient {shlex.join(self.argv)!r} pid {self._proc.pid} {state}>"
