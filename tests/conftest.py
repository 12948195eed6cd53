"""Shared fixtures of the igo test-suite.

- ``shared_data``: the ``shared/data`` folder beside the repository root; tests that
  use it are skipped when it is absent (mark them ``@pytest.mark.data`` too).
- ``gnugo``: the path of GNU Go; tests that use it, or that are marked
  ``@pytest.mark.gnugo``, are skipped when ``/usr/games/gnugo`` is absent.
- Timed runs claim the machine in a folder of this session (``IGO_CLAIMS_DIR``), so a
  test never pauses for, nor pauses, a timed run of the machine it runs on.
- ``tests/`` is put on ``sys.path`` so that tests import the oracles of
  ``tests/reference`` as ``reference.<module>`` whatever pytest's import mode.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
GNUGO = Path("/usr/games/gnugo")

os.environ["IGO_CLAIMS_DIR"] = tempfile.mkdtemp(prefix="igo-test-claims-")

if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``gnugo``-marked tests without GNU Go and ``data``-marked tests without
    the shared data folder."""
    skip_gnugo = pytest.mark.skip(reason=f"GNU Go not found at {GNUGO}")
    skip_data = pytest.mark.skip(reason=f"shared data not found at {SHARED_DATA}")
    for item in items:
        if "gnugo" in item.keywords and not GNUGO.is_file():
            item.add_marker(skip_gnugo)
        if "data" in item.keywords and not SHARED_DATA.is_dir():
            item.add_marker(skip_data)


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
