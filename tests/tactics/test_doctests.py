"""The examples in the docstrings of igo.tactics run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["ladder", "nakade", "reading", "seki", "selfatari", "twolib"]


@pytest.mark.slow
@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"igo.tactics.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
