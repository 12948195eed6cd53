"""The GoGui analysis registry and the standard views."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from igo.core.board import Board
from igo.engine.analyze import AnalyzeCommand, AnalyzeRegistry, AnalyzeRegistryError
from igo.engine.standard_views import ownership_dboard, standard_analyze_commands, status_gfx
from igo.engine.state import GameState
from igo.gtp.errors import GtpError


def echo(state: GameState, args: Sequence[str]) -> str:
    return " ".join(args)


def test_entry_line_and_name() -> None:
    entry = AnalyzeCommand("gfx", "Move probabilities", "igo-move_probs %m", echo)
    assert entry.name == "igo-move_probs"
    assert entry.gogui_line() == "gfx/Move probabilities/igo-move_probs %m"


def test_registry_keeps_order_and_refuses_bad_entries() -> None:
    reg = AnalyzeRegistry([AnalyzeCommand("string", "B", "b", echo)])
    reg.register(AnalyzeCommand("dboard", "A", "a", echo))
    assert [e.name for e in reg] == ["b", "a"] and len(reg) == 2 and "a" in reg
    assert reg.gogui_lines() == "string/B/b\ndboard/A/a"
    bad = [
        AnalyzeCommand("heatmap", "X", "x", echo),
        AnalyzeCommand("string", "X/Y", "x", echo),
        AnalyzeCommand("string", "X", "  ", echo),
        AnalyzeCommand("string", "X", "x\ny", echo),
        AnalyzeCommand("string", "Again", "a %m", echo),
    ]
    for entry in bad:
        with pytest.raises(AnalyzeRegistryError):
            reg.register(entry)
    assert len(reg) == 2


def test_standard_views_are_fresh_registries() -> None:
    a, b = standard_analyze_commands(), standard_analyze_commands()
    a.register(AnalyzeCommand("string", "X", "x", echo))
    assert "x" not in b
    assert {"igo-ownership", "igo-final_status", "final_score"} <= {e.name for e in b}


def test_ownership_dboard_shape_and_range() -> None:
    state = GameState(size=7, rng=np.random.default_rng(0))
    state.board.play(1, (3, 3))  # type: ignore[arg-type]
    text = ownership_dboard(state, ["w", "16"])
    rows = [[float(v) for v in line.split()] for line in text.split("\n")]
    assert len(rows) == 7 and all(len(r) == 7 for r in rows)
    assert all(-1.0 <= v <= 1.0 for r in rows for v in r)
    assert rows[3][3] > 0  # the black stone's point is mostly Black's
    with pytest.raises(GtpError, match="invalid color"):
        ownership_dboard(state, ["pass"])


def test_status_gfx_marks_dead_and_seki() -> None:
    state = GameState(size=5, rng=np.random.default_rng(0))
    assert status_gfx(state, []) == ""
    state.board = Board.from_diagram("""
        . . X . .
        . . X . .
        O . X . .
        . . X . .
        . . X . .
    """)
    assert status_gfx(state, []) == "MARK A3"


def test_every_influence_dboard_is_in_goguis_range() -> None:
    """GoGui clamps dboard numbers to [-1, 1]: the influence views scale into it (the
    raw Bouzy map of this position reaches 107)."""
    from igo.engine.influence_views import influence_analyze_commands, unit_range

    state = GameState(size=7, rng=np.random.default_rng(0))
    for point, color in (((3, 3), 1), ((4, 2), 2), ((4, 4), 1)):
        state.board.play(color, point)  # type: ignore[arg-type]
    for entry in influence_analyze_commands():
        assert entry.handler is not None
        rows = [[float(v) for v in line.split()]
                for line in entry.handler(state, []).split("\n")]
        flat = [v for r in rows for v in r]
        assert len(flat) == 49 and max(abs(v) for v in flat) <= 1.0, entry.command
        assert max(abs(v) for v in flat) > 0.1, entry.command
    small = np.array([[0.5, -0.25]])
    assert unit_range(small) is small
    assert unit_range(np.array([[4.0, -8.0]])).tolist() == [[0.5, -1.0]]
