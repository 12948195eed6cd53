"""GoGui view of the move model (Honda et al.): how expected each move is.

``igo-move_probabilities COLOR [TOP]`` answers a GoGui ``gfx`` reply for ``COLOR``
to move: an ``INFLUENCE`` square on every legal move scaled by its probability
relative to the most probable one, ``LABEL`` percentages on the ``TOP`` (default 5)
most probable moves, and a ``TEXT`` line naming the best move. The model is igo's
default move model for play on the board size (:func:`igo.movepred.default.model_for`:
on 9x9 the 19x19 model, which measured better there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from igo.core.coords import format_vertex
from igo.engine.analyze import AnalyzeCommand
from igo.gtp.args import expect_args, parse_color, parse_int
from igo.gtp.errors import GtpError

if TYPE_CHECKING:
    from igo.engine.state import GameState

#: Moves below this fraction of the best move's probability get no square.
MIN_RELATIVE = 0.01


def _percent(p: float) -> str:
    """A whole percentage, at most three characters as GoGui's labels want (``<1%``)."""
    return "<1%" if p < 0.005 else f"{100 * p:.0f}%"


def move_probabilities_gfx(state: GameState, args: Sequence[str]) -> str:
    """``igo-move_probabilities COLOR [TOP]``: the move model's probabilities."""
    from igo.movepred.default import model_for
    from igo.movepred.model_io import ModelFileError

    expect_args(args, 1, 2)
    color = parse_color(args[0])
    top = parse_int(args[1], "number of labels", minimum=0) if len(args) > 1 else 5
    board = state.board
    try:
        model = model_for(board.size)
    except ModelFileError as exc:
        raise GtpError(f"no move model for {board.size}x{board.size}") from exc
    points, probs = model.probabilities(board, color)
    if not points:
        return "TEXT no legal move"
    size = board.size
    order = np.argsort(-probs, kind="stable")
    best = float(probs[order[0]])
    squares = [f"{format_vertex(points[i], size)} {probs[i] / best:.2f}"
               for i in order if probs[i] >= MIN_RELATIVE * best]
    labels = [f"{format_vertex(points[i], size)} {_percent(float(probs[i]))}"
              for i in order[:top]]
    lines = ["INFLUENCE " + " ".join(squares)]
    if labels:
        lines.append("LABEL " + " ".join(labels))
    lines.append(f"TEXT move model: {format_vertex(points[order[0]], size)} "
                 f"{_percent(best)}")
    return "\n".join(lines)


def movepred_analyze_commands() -> list[AnalyzeCommand]:
    """The move-model views, in menu order."""
    return [AnalyzeCommand("gfx", "Move probabilities (paper 000)", "igo-move_probabilities %m",
                           move_probabilities_gfx)]
