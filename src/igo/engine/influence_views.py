"""GoGui views of the influence models (``dboard``: one number per point, top row first).

=====================================  ===========================================
command                                view
=====================================  ===========================================
``igo-influence_distance``             Honda et al.'s ``f(p) = Σ g(s)/max(d, 1)``
``igo-influence_bouzy``                Bouzy's 5/21 (GNU Go's territory estimate)
``igo-influence_fukui``                Fukui et al.'s model, tuned constants (the
                                       default of :class:`~igo.influence.FukuiParams`)
``igo-influence_fukui_paper``          Fukui et al.'s model, the paper's hand-set
                                       constants (the ``paper`` preset)
``igo-thickness_fukui``                change of Fukui et al.'s map caused by the
                                       last move (the paper's "thickness")
=====================================  ===========================================

Black is positive, White negative. GoGui draws a ``dboard`` number as a square whose size
grows up to 1 and clamps anything larger (its manual: values "are expected to be between
-1 and 1"), so a map whose largest magnitude exceeds 1 (Bouzy's reach ±100, the hand-set
Fukui map ±2.6) is divided by that magnitude: the picture keeps its gradation, and
``igo influence`` gives the raw values. They are registered with every igo engine by
:func:`igo.engine.standard_views.standard_analyze_commands`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from igo.engine.analyze import AnalyzeCommand
from igo.gtp.args import expect_args
from igo.gtp.errors import GtpError

if TYPE_CHECKING:
    from igo.engine.state import GameState


def format_dboard(values: np.ndarray) -> str:
    """A ``dboard`` reply: rows from the top, three decimals."""
    return "\n".join(" ".join(f"{round(float(v), 3) + 0.0:.3f}" for v in row) for row in values)


def unit_range(values: np.ndarray) -> np.ndarray:
    """``values`` divided by their largest magnitude when it exceeds 1 (GoGui's
    ``dboard`` range is [-1, 1]), else unchanged."""
    top = float(np.max(np.abs(values))) if values.size else 0.0
    return values / top if top > 1.0 else values


def _model(name: str, params: str | None = None) -> Callable[[np.ndarray], np.ndarray]:
    from igo.influence.tuning import load_model

    return load_model(name, params)


def map_handler(name: str, params: str | None = None
                ) -> Callable[[GameState, Sequence[str]], str]:
    """A handler drawing model ``name`` on the current position (``params``: a fukui
    preset name, e.g. ``paper``)."""

    def handler(state: GameState, args: Sequence[str]) -> str:
        expect_args(args, 0)
        return format_dboard(unit_range(_model(name, params)(state.board.to_array())))

    command = f"igo-influence_{name}" + ("" if params is None else f"_{params}")
    which = name if params is None else f"{name} ({params})"
    handler.__doc__ = (f"``{command}``: the {which} influence map as a dboard (scaled "
                       "into [-1, 1], see the module docstring).")
    return handler


def thickness_handler(name: str) -> Callable[[GameState, Sequence[str]], str]:
    """A handler drawing the change of model ``name``'s map caused by the last move."""

    def handler(state: GameState, args: Sequence[str]) -> str:
        expect_args(args, 0)
        board = state.board
        if board.last_move is None:
            raise GtpError("no move played yet: nothing to compare")
        before = board.copy()
        before.undo()
        model = _model(name)
        return format_dboard(unit_range(model(board.to_array()) - model(before.to_array())))

    handler.__doc__ = (f"``igo-thickness_{name}``: change of the {name} map caused by the "
                       "last move, as a dboard.")
    return handler


def influence_analyze_commands() -> list[AnalyzeCommand]:
    """The influence views, in menu order."""
    return [
        AnalyzeCommand("dboard", "Influence (Fukui, paper 003, tuned)", "igo-influence_fukui",
                       map_handler("fukui")),
        AnalyzeCommand("dboard", "Influence (Fukui, paper 003, hand-set constants)",
                       "igo-influence_fukui_paper", map_handler("fukui", "paper")),
        AnalyzeCommand("dboard", "Influence (distance, paper 000)", "igo-influence_distance",
                       map_handler("distance")),
        AnalyzeCommand("dboard", "Influence (Bouzy 5-21)", "igo-influence_bouzy",
                       map_handler("bouzy")),
        AnalyzeCommand("dboard", "Thickness of the last move (Fukui)", "igo-thickness_fukui",
                       thickness_handler("fukui")),
    ]
