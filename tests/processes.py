"""Processes seen from Linux ``/proc``, for tests that check what a run started and
that it stopped again (import as ``processes``; ``tests/`` is on ``sys.path``)."""

from __future__ import annotations

import time
from pathlib import Path

PROC = Path("/proc")
HAS_PROC = (PROC / "self" / "stat").exists()


def descendants(root: int) -> set[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        found.add(pid)
        todo.extend(children.get(pid, []))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        state = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_gone(pids: set[int], seconds: float = 20.0) -> set[int]:
    """The processes among ``pids`` still running after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    running = {p for p in pids if alive(p)}
    while running and time.monotonic() < deadline:
        time.sleep(0.2)
        running = {p for p in running if alive(p)}
    return running
