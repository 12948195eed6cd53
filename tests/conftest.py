"""Shared fixtures of the igo test-suite.

- ``shared_data``: the ``shared/data`` folder beside the repository root; tests that
  use it are skipped when it is absent (mark them ``@pytest.mark.data`` too).
- ``gnugo``: the path of GNU Go; tests that use it, or that are marked
  ``@pytest.mark.gnugo``, are skipped when ``/usr/games/gnugo`` is absent.
- Timed runs claim the machine in a folder of this session (``IGO_CLAIMS_DIR``), so a
  test never pauses for, nor pauses, a timed run of the machine it runs on.
- ``tests/`` is put on ``sys.path`` so that tests import the oracles of
  ``tests/reference`` as ``reference.<module>`` whatever pytest's import mode.

Parallel runs (``make test`` runs ``pytest -n auto --dist loadgroup``, pytest-xdist):
each worker process imports this file, so each has its own claims folder and its own
temporary folders; the tests marked ``ray`` run in one group (one worker, one after
another), so that no two Ray clusters start at once; the tests that share a fixture
made once a module or a session (a trained model, a reviewed game) run in one group
too, so that it is made once and not in each worker (:func:`_shared_fixture`); and
numba's cache of compiled
kernels, which every worker reads and writes beside igo's modules, is written under a
lock (:func:`_lock_numba_cache_writes`).
"""

from __future__ import annotations

import fcntl
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

TESTS_DIR = Path(__file__).resolve().parent
SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
GNUGO = Path("/usr/games/gnugo")

os.environ["IGO_CLAIMS_DIR"] = tempfile.mkdtemp(prefix="igo-test-claims-")

if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _lock_numba_cache_writes() -> None:
    """numba saves a compiled kernel by reading the kernel's index file, choosing a data
    file name not in it, and writing both: two processes that compile two signatures of
    one kernel at once (two xdist workers on a cold cache) can both choose ``.1.nbc``,
    and the index kept can then point one signature at the other's machine code. Here
    a save holds an exclusive lock on a file of the cache folder, so the second save
    reads the first's index. (Loads need no lock: numba writes each file whole, by a
    rename, and a data file that is missing is compiled again.)"""
    from numba.core import caching

    save = caching.IndexDataCacheFile.save
    if getattr(save, "igo_locked", False):
        return

    def locked_save(self: Any, key: Any, data: Any) -> None:
        with _locked(Path(self._cache_path) / "igo-numba-cache.lock"):
            save(self, key, data)

    locked_save.igo_locked = True  # type: ignore[attr-defined]
    caching.IndexDataCacheFile.save = locked_save  # type: ignore[method-assign]


_lock_numba_cache_writes()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``gnugo``-marked tests without GNU Go and ``data``-marked tests without
    the shared data folder. Under xdist, run the tests marked ``slow`` first. Give
    tests their xdist group (``--dist loadgroup`` runs a
    group in one worker): ``ray`` for the Ray tests, and for the tests that share a
    fixture with them; for the others that share a fixture (:func:`_shared_fixture`),
    where it is defined."""
    skip_gnugo = pytest.mark.skip(reason=f"GNU Go not found at {GNUGO}")
    skip_data = pytest.mark.skip(reason=f"shared data not found at {SHARED_DATA}")
    shared = {item.nodeid: _shared_fixture(item) for item in items}
    # a module fixture that a Ray test uses too: its tests in the Ray group
    with_ray = {shared[item.nodeid] for item in items if "ray" in item.keywords}
    for item in items:
        group = shared[item.nodeid]
        if "ray" in item.keywords or (group is not None and group in with_ray):
            group = "ray"
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
        if "gnugo" in item.keywords and not GNUGO.is_file():
            item.add_marker(skip_gnugo)
        if "data" in item.keywords and not SHARED_DATA.is_dir():
            item.add_marker(skip_data)
    if hasattr(config, "workerinput"):  # an xdist worker: every worker sorts alike
        # the long tests first, so that the workers end together (a two-minute test
        # sent last kept one worker busy alone for as long)
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _shared_fixture(item: pytest.Item) -> str | None:
    """Where the fixture made once a module or a session that ``item`` uses is defined
    (a test module, or the folder of a ``conftest.py`` below this one; the session's
    fixture where there are both), or ``None``."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    root = TESTS_DIR.name
    shared = sorted((fixture.scope != "session", str(fixture.baseid))
                    for defs in info.name2fixturedefs.values() for fixture in defs
                    if fixture.scope in ("module", "session")
                    and getattr(fixture, "baseid", "") not in ("", root))
    # the widest first: a module fixture built on a session one goes with the session's
    return shared[0][1] if shared else None


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path of ``shared/data`` beside the repository root (skips if absent)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def gnugo() -> str:
    """Path of the GNU Go binary (skips if absent)."""
    if not GNUGO.is_file():
        pytest.skip(f"GNU Go not found at {GNUGO}")
    return str(GNUGO)
