"""The analysis views every igo engine offers (:func:`standard_analyze_commands`):
light-playout ownership, dead stones and seki, the final score, and the views of
:mod:`~igo.engine.movepred_views` and :mod:`~igo.engine.influence_views`.

:class:`~igo.engine.engine.GtpEngine` registers them unless it is given other
analysis commands; the registry they go into is :mod:`igo.engine.analyze`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from igo.core.coords import format_vertex
from igo.core.playout import ownership
from igo.engine.analyze import AnalyzeCommand, AnalyzeRegistry
from igo.engine.influence_views import influence_analyze_commands
from igo.engine.movepred_views import movepred_analyze_commands
from igo.gtp.args import MAX_PLAYOUTS, expect_args, parse_color, parse_int

if TYPE_CHECKING:
    from igo.engine.state import GameState


def _playouts_arg(state: GameState, args: Sequence[str], first: int) -> int:
    if len(args) > first:
        return parse_int(args[first], "number of playouts", minimum=1,
                         maximum=MAX_PLAYOUTS)
    return state.scoring_playouts


def ownership_dboard(state: GameState, args: Sequence[str]) -> str:
    """``igo-ownership COLOR [PLAYOUTS]``: mean light-playout ownership (+1 Black,
    -1 White) with ``COLOR`` to move, as a ``dboard`` (top row first)."""
    expect_args(args, 1, 2)
    color = parse_color(args[0])
    own = ownership(state.board, color, state.rng, _playouts_arg(state, args, 1))
    return "\n".join(" ".join(f"{round(float(v), 2) + 0.0:.2f}" for v in row)
                     for row in np.asarray(own))


def status_gfx(state: GameState, args: Sequence[str]) -> str:
    """``igo-final_status``: dead stones marked with ``MARK``, seki with
    ``TRIANGLE`` (GoGui ``gfx``)."""
    expect_args(args, 0)
    status = state.stone_status()
    size = state.board.size
    lines = []
    for word, strings in (("MARK", status.dead), ("TRIANGLE", status.seki)):
        points = sorted(p for s in strings for p in s)
        if points:
            lines.append(word + " " + " ".join(format_vertex(p, size) for p in points))
    return "\n".join(lines)


def standard_analyze_commands() -> AnalyzeRegistry:
    """The views every igo engine offers (a fresh registry each call)."""
    return AnalyzeRegistry([
        AnalyzeCommand("dboard", "Ownership (light playouts)", "igo-ownership %m",
                       ownership_dboard),
        AnalyzeCommand("gfx", "Dead stones and seki", "igo-final_status", status_gfx),
        AnalyzeCommand("string", "Final score", "final_score"),
        *movepred_analyze_commands(),
        *influence_analyze_commands(),
    ])


__all__ = [
    "ownership_dboard",
    "standard_analyze_commands",
    "status_gfx",
]
