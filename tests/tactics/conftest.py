"""Prints how many positions the tactics property tests compared kernel and
reference on (``tactics.positions.COUNTS``)."""

from __future__ import annotations

import pytest

from tactics.positions import COUNTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if COUNTS:
        parts = ", ".join(f"{k} {v}" for k, v in sorted(COUNTS.items()))
        terminalreporter.write_line(f"tactics kernel = reference comparisons: {parts}")
