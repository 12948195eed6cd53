"""Reviews shared by the tests of ``igo.review``: the bundled 19x19 game and the 9x9
fixtures of ``tests/review/data``, each with a tiny budget (fast, not meaningful)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from igo.analysis.position import Budget
from igo.core.record import GameRecord
from igo.review import EvalSettings, GameReview, review_game
from igo.sgf import parse_sgf, read_sgf_file

DATA = Path(__file__).resolve().parent / "data"
TINY = EvalSettings(Budget(playouts=40))


def demo19() -> GameRecord:
    """The bundled 9-dan game (277 moves, 19x19)."""
    text = files("igo.data").joinpath("demo-19x19.sgf").read_text("utf-8")
    return parse_sgf(text, source="igo/data/demo-19x19.sgf")


@pytest.fixture(scope="session")
def review9() -> GameReview:
    """The 9x9 fixture game (66 moves, resigned) reviewed."""
    return review_game(read_sgf_file(DATA / "game9.sgf"), TINY)


@pytest.fixture(scope="session")
def review_handicap() -> GameReview:
    """The 9x9 handicap fixture (two setup stones, White first, passes) reviewed."""
    return review_game(read_sgf_file(DATA / "handicap9.sgf"), TINY)


@pytest.fixture(scope="session")
def review19() -> GameReview:
    """The bundled 19x19 game reviewed."""
    return review_game(demo19(), TINY)
