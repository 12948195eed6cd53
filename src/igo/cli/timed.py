"""``igo timed [--what TEXT] -- COMMAND ...``: run a timed command with the machine claimed.

While COMMAND runs, background jobs that yield to timed runs (``igo evolve run``) stop
their worker processes (see :mod:`igo.arena.yielding`); they go on when it ends. Timed
``igo match`` runs (a clock, or ``--timed``) and ``igo bench`` claim the machine by
themselves; this wraps anything else: a benchmark script, a match of two external
engines, a timing by hand. The exit status is COMMAND's.

The claims folder is ``$IGO_CLAIMS_DIR`` if set, else ``igo-claims-UID`` in the
system's temporary folder; every igo command of one user on one machine uses the same.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CLAIMS_ENV = "IGO_CLAIMS_DIR"


def claims_folder() -> Path:
    """The folder where timed runs claim the machine and background jobs look."""
    value = os.environ.get(CLAIMS_ENV)
    if value:
        return Path(value)
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"igo-claims-{uid}"


@contextmanager
def yielding_to_timed_runs(say: Callable[[str], None]) -> Iterator[None]:
    """Run a background job (``igo evolve run``, ``igo match --yield``) under a
    :class:`igo.arena.yielding.Yielder`: its worker processes stop while a timed run
    claims the machine. SIGINT and SIGTERM first continue them, so that the job can shut
    its pool down; a summary line says how long it paused."""
    from igo.arena.yielding import Yielder

    yielder = Yielder(claims_folder(), report=say)

    def interrupted(signum: int, frame: object) -> None:
        yielder.stop()
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        say(f"terminated (signal {signum})")
        raise SystemExit(128 + signum)

    old = {sig: signal.signal(sig, interrupted) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        with yielder:
            yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if yielder.pauses:
            say(f"paused {yielder.pauses} time(s), {yielder.paused_seconds:.0f} s in all, "
                "for timed runs")


def add_parser(subparsers: Any) -> None:
    """Register ``igo timed``."""
    p = subparsers.add_parser(
        "timed", help="run a command with the machine claimed for timing",
        description="Run COMMAND while claiming the machine for a timed run: background "
                    "jobs (igo evolve run) pause their workers until it ends.")
    p.add_argument("--what", default=None, metavar="TEXT",
                   help="what runs, as background jobs report it (default: the command)")
    p.add_argument("cmd", nargs=argparse.REMAINDER, metavar="COMMAND",
                   help="the command and its arguments (after --)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``igo timed``."""
    from igo.arena.yielding import claim

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        raise ValueError("no command given (igo timed -- COMMAND ...)")
    what = args.what or " ".join(cmd)
    with claim(claims_folder(), what):
        try:
            child = subprocess.Popen(cmd)
        except FileNotFoundError as exc:
            raise ValueError(f"cannot run {cmd[0]!r}: {exc.strerror}") from exc

        def forward(signum: int, frame: object) -> None:
            child.send_signal(signum)

        old = signal.signal(signal.SIGTERM, forward)
        try:
            while True:
                try:
                    code = child.wait()
                    break
                except KeyboardInterrupt:  # the child got the terminal's SIGINT too
                    continue
        finally:
            signal.signal(signal.SIGTERM, old)
    if code < 0:
        print(f"igo timed: {cmd[0]} ended by signal {-code}", file=sys.stderr)
        return 128 - code
    return code
