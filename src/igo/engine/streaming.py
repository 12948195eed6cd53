"""Commands that stream: a response written line by line while the engine thinks.

Leela Zero's ``lz-analyze``, KataGo's ``kata-analyze`` and Sabaki's ``analyze``
answer ``=`` at once, then write a line of analysis every interval **until the
next command arrives on stdin**, and end the response with the empty line::

    > lz-analyze b 50
    < =
    < info move D4 visits 120 winrate 5234 prior 1532 lcb 5012 order 0 pv D4 Q16
    < info move D4 visits 260 winrate 5240 prior 1532 lcb 5101 order 0 pv D4 Q16 Q4
    > name                                      (stops the analysis)
    < (empty line: the end of the lz-analyze response)
    < = igo

A streaming command is registered with a :data:`StreamHandler`: called with the
engine (as :class:`~igo.engine.protocol.Engine`) and the arguments, it checks them (a
:class:`~igo.gtp.errors.GtpError` becomes an ordinary ``?`` reply, written before
anything else) and returns a :data:`StreamJob`. The job gets ``emit(line)``, which
writes one line of the response at once, and a ``stop`` event that is set when the next
line of input arrives (``None`` when nothing can interrupt it:
:meth:`~igo.engine.engine.GtpEngine.handle_line`); it returns the last line of the
response (``play D4``) or ``""``.

:class:`LineReader` is how :meth:`~igo.engine.engine.GtpEngine.run` notices input while
any command runs: a reader thread reads stdin **one line at a time, on request**, and
reads at most one line ahead of the command being answered (none after ``quit``: the
rest of stdin is left unread). :meth:`LineReader.watch` gives the running command its stop
event, which is set

- by GoGui's interrupt line ``# interrupt`` (consumed: it is no command), announced
  by the command ``gogui-interrupt`` (GoGui's manual, "Interrupting commands");
- at the end of input (the controller has gone: the engine stops searching and
  exits instead of thinking on, orphaned);
- when the next line arrives, for streaming analysis (``lz-analyze`` runs until the
  next command).
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import IO

from igo.engine.protocol import Emit, StreamHandler, StreamJob

log = logging.getLogger(__name__)


def stream_head(cmd_id: int | None) -> str:
    """The first line of a streaming response: ``=`` or ``=ID``."""
    return "=\n" if cmd_id is None else f"={cmd_id}\n"


def stream_line(text: str) -> str:
    """One line of a streaming response: control characters and inner newlines
    removed, so a line can never end the response early; ``""`` for a blank one."""
    clean = " ".join(text.replace("\r", " ").replace("\n", " ").split())
    return clean + "\n" if clean else ""


def stream_tail(last: str) -> str:
    """The end of a streaming response: the job's last line (if any) and the empty
    line."""
    return stream_line(last) + "\n"


def is_interrupt(line: str) -> bool:
    """True for GoGui's interrupt line, ``# interrupt``."""
    text = line.strip()
    return text.startswith("#") and text[1:].strip().lower() == "interrupt"


class LineReader:
    """Reads lines of ``stream`` in a daemon thread, one per request.

    :meth:`get` asks for a line (unless one is asked for already) and waits for it;
    :meth:`request` only asks, so that :attr:`arrived` is set as soon as the next
    line is in. At end of input (or if the stream fails) the line is ``""``.
    Interrupt lines (:func:`is_interrupt`) are never handed over: they set the stop
    event of the watched command (:meth:`watch`), if any.
    """

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self._requests = threading.Semaphore(0)
        self._lines: queue.Queue[str] = queue.Queue()
        self._asked = False
        self._eof = False
        self._eof_read = False
        self._lock = threading.Lock()
        self._stop: threading.Event | None = None
        self._any_line = False
        self.arrived = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="gtp-stdin", daemon=True)
        self._thread.start()

    def _read(self) -> str:
        while True:
            try:
                line = self._stream.readline()
            except (OSError, ValueError) as exc:  # closed or broken stdin: end of input
                log.warning("cannot read GTP input: %s", exc)
                line = ""
            if not is_interrupt(line):
                return line
            with self._lock:
                if self._stop is not None:
                    self._stop.set()

    def _loop(self) -> None:
        while True:
            self._requests.acquire()
            line = self._read()
            with self._lock:
                self._eof_read = not line
                if self._stop is not None and (self._any_line or not line):
                    self._stop.set()
                self.arrived.set()  # before the line is handed over: get() clears it after
            self._lines.put(line)
            if not line:
                return

    def watch(self, *, any_line: bool) -> threading.Event:
        """The stop event of the command about to run (see the module docstring): set
        by an interrupt line, at the end of input, and, with ``any_line``, by the next
        line. Asks for the next line (one read ahead)."""
        stop = threading.Event()
        with self._lock:
            self._stop = stop
            self._any_line = any_line
            if self.arrived.is_set() and (any_line or self._eof_read):
                stop.set()  # the line (or the end) came in already
        self.request()
        return stop

    def unwatch(self) -> None:
        """The watched command has ended."""
        with self._lock:
            self._stop = None

    def request(self) -> None:
        """Ask for the next line (once; :attr:`arrived` is set when it is in)."""
        if not self._asked:
            self._asked = True
            self._requests.release()

    def get(self) -> str:
        """The next line (``""`` at end of input), waiting for it."""
        if self._eof:
            return ""
        self.request()
        line = self._lines.get()
        self._asked = False
        self._eof = not line
        if not self._eof:
            self.arrived.clear()
        return line


__all__ = [
    "Emit",
    "LineReader",
    "StreamHandler",
    "StreamJob",
    "is_interrupt",
    "stream_head",
    "stream_line",
    "stream_tail",
]
