"""The figures of a review, from the evaluations of a game's positions: per move
(win rate and score before and after, the loss of the played move, the engine's
best move and its continuation, the move model's probability and rank of the played
move) and per player (mean loss, agreement with the engine and the move model,
mistakes by size).

**Losses.** The loss of a move is what its player gave away by the engine's
evaluations, as KaTrain counts it: the win rate (or score) for the player to move
before the move, less the same for that player after it (in the next position, the
opponent to move). The engine's noise makes some losses negative: they are kept in
the per-move figures and counted as 0 in the means and the classes.

**Classes** by points lost, KaTrain's thresholds (its default ``eval_thresholds``
12, 6, 3, 1.5, 0.5): :data:`CLASSES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from igo.analysis.expected import ModelView
from igo.analysis.position import PositionEval
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.record import GameRecord

#: ``(name, lowest points lost)`` from the smallest loss to the largest.
CLASSES: tuple[tuple[str, float], ...] = (
    ("good", 0.0), ("slight", 0.5), ("inaccuracy", 1.5), ("mistake", 3.0),
    ("big mistake", 6.0), ("blunder", 12.0),
)

#: A colour per class, green to purple as KaTrain draws them.
CLASS_COLOURS = {"good": "#2e9c3a", "slight": "#9ccc3a", "inaccuracy": "#e6c619",
                 "mistake": "#f08c1e", "big mistake": "#d62d20", "blunder": "#8a2be2"}

#: Smallest loss (points) that :func:`biggest_mistakes` shows.
MISTAKE_MIN_POINTS = 1.5


def loss_class(points_lost: float) -> str:
    """The class of a loss of ``points_lost`` points (:data:`CLASSES`)."""
    name = CLASSES[0][0]
    for label, low in CLASSES:
        if points_lost >= low:
            name = label
    return name


@dataclass(frozen=True)
class MoveFigures:
    """One move of the game, judged.

    Win rates and scores ``*_before``/``*_after`` are Black's (as the graph draws
    them); the losses are the mover's (see the module docstring).
    """

    number: int
    color: Color
    move: Point | None
    winrate_before: float
    winrate_after: float
    score_before: float
    score_after: float
    winrate_loss: float
    points_loss: float
    best: Point | None
    best_pv: tuple[Point | None, ...]
    best_winrate: float | None  # the best move's win rate for the mover
    engine_agrees: bool
    model_probability: float | None
    model_rank: int | None
    model_top: Point | None
    model_agrees: bool

    @property
    def category(self) -> str:
        """The class of the move's loss (:data:`CLASSES`)."""
        return loss_class(max(self.points_loss, 0.0))


def move_figures(record: GameRecord, evals: Sequence[PositionEval],
                 views: Sequence[ModelView]) -> list[MoveFigures]:
    """The figures of every move: ``evals`` holds positions ``0 … len(moves)``,
    ``views`` the move model's view before each move.

    Raises
    ------
    ValueError
        If the lengths do not match the record.
    """
    n = len(record.moves)
    if len(evals) != n + 1 or len(views) != n:
        raise ValueError(f"{len(evals)} evaluations and {len(views)} model views for "
                         f"{n} moves (need {n + 1} and {n})")
    out = []
    for i, mv in enumerate(record.moves):
        before, after = evals[i], evals[i + 1]
        sign = 1.0 if mv.color is Color.BLACK else -1.0
        wl = sign * (before.winrate_black - after.winrate_black)
        pl = sign * (before.score_black - after.score_black)
        best = before.best
        best_wr = None
        if best is not None:
            best_wr = best.winrate if before.to_play is mv.color else 1.0 - best.winrate
        view = views[i]
        out.append(MoveFigures(
            i + 1, mv.color, mv.point, before.winrate_black, after.winrate_black,
            before.score_black, after.score_black, wl, pl,
            None if best is None else best.move, () if best is None else best.pv, best_wr,
            best is not None and best.move == mv.point,
            view.probability_of(mv.point), view.rank_of(mv.point), view.top,
            view.top is not None and view.top == mv.point))
    return out


@dataclass(frozen=True)
class PlayerFigures:
    """One player's moves, summed up."""

    color: Color
    moves: int
    mean_points_loss: float
    mean_winrate_loss: float
    engine_agreement: float
    model_agreement: float
    mean_model_probability: float | None
    classes: dict[str, int]


def player_figures(moves: Sequence[MoveFigures], color: Color) -> PlayerFigures:
    """The figures of ``color``'s moves (passes included, except in the move model's
    figures: the model has no pass)."""
    mine = [m for m in moves if m.color is color]
    k = len(mine)
    classes = {name: 0 for name, _ in CLASSES}
    for m in mine:
        classes[m.category] += 1
    probs = [m.model_probability for m in mine if m.model_probability is not None]
    placed = [m for m in mine if m.move is not None]

    def mean(xs: Sequence[float]) -> float:
        return sum(xs) / len(xs) if xs else 0.0

    return PlayerFigures(
        color, k, mean([max(m.points_loss, 0.0) for m in mine]),
        mean([max(m.winrate_loss, 0.0) for m in mine]),
        mean([1.0 if m.engine_agrees else 0.0 for m in mine]),
        mean([1.0 if m.model_agrees else 0.0 for m in placed]),
        mean(probs) if probs else None, classes)


def biggest_mistakes(moves: Sequence[MoveFigures], color: Color, count: int = 3,
                     min_points: float = MISTAKE_MIN_POINTS) -> list[MoveFigures]:
    """``color``'s ``count`` largest losses of at least ``min_points``, largest
    first, where the engine had another move to show."""
    mine = [m for m in moves if m.color is color and m.points_loss >= min_points
            and m.best is not None and not m.engine_agrees]
    mine.sort(key=lambda m: (-m.points_loss, m.number))
    return mine[:count]


__all__ = ["CLASSES", "CLASS_COLOURS", "MISTAKE_MIN_POINTS", "MoveFigures", "PlayerFigures",
           "biggest_mistakes", "loss_class", "move_figures", "player_figures"]
