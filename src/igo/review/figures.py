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

With a net's heads as the judge (:mod:`igo.review.net_judge`), the win rate of a
position is the net's of the best line mixed with the search's, its score the mean of
the net's scores of the position and of the best line, and the points lost by a move are
the net's score of the best line less the net's score after the move played, the
mover's: exactly 0 when the move played is the search's best move. Whatever the judge, a
move that raised its player's win rate is never classed a mistake or worse
(:data:`ROSE_CAP`) nor shown among the biggest mistakes, so that the page never calls a
move a mistake while saying the mover's win rate went up (issue 63; the search alone's
score, the mean of its playouts, can say a move lost points while its win rate rose).

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
from igo.review.net_judge import NetJudge

#: ``(name, lowest points lost)`` from the smallest loss to the largest.
CLASSES: tuple[tuple[str, float], ...] = (
    ("good", 0.0), ("slight", 0.5), ("inaccuracy", 1.5), ("mistake", 3.0),
    ("big mistake", 6.0), ("blunder", 12.0),
)

#: A colour per class, green to purple as KaTrain draws them.
CLASS_COLOURS = {"good": "#2e9c3a", "slight": "#9ccc3a", "inaccuracy": "#e6c619",
                 "mistake": "#f08c1e", "big mistake": "#d62d20", "blunder": "#8a2be2"}

#: The highest class of a move that raised its player's win rate, where the judge has
#: a net (see the module docstring).
ROSE_CAP = "inaccuracy"

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
    ``net_winrate_after``/``net_score_after``: with a net as the judge, the net's own
    judgement of the position after the move (Black's; ``None`` without a net);
    ``guarded``: the class of a move that raised its player's win rate is capped at
    :data:`ROSE_CAP` (every review's rule since issue 63; ``False`` only for figures
    built by hand).
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
    net_winrate_after: float | None = None
    net_score_after: float | None = None
    guarded: bool = False

    @property
    def winrate_rose(self) -> bool:
        """True where the judge guards its classes and the move raised its player's
        win rate."""
        return self.guarded and self.winrate_loss < 0.0

    @property
    def category(self) -> str:
        """The class of the move's loss (:data:`CLASSES`), at most :data:`ROSE_CAP`
        where :attr:`winrate_rose`."""
        name = loss_class(max(self.points_loss, 0.0))
        if self.winrate_rose:
            order = [n for n, _ in CLASSES]
            name = order[min(order.index(name), order.index(ROSE_CAP))]
        return name


def move_figures(record: GameRecord, evals: Sequence[PositionEval],
                 views: Sequence[ModelView], judge: NetJudge | None = None
                 ) -> list[MoveFigures]:
    """The figures of every move: ``evals`` holds positions ``0 … len(moves)``,
    ``views`` the move model's view before each move, ``judge`` the net's judgement
    of every position where a net judges (else the search alone judges).

    Raises
    ------
    ValueError
        If the lengths do not match the record.
    """
    n = len(record.moves)
    if len(evals) != n + 1 or len(views) != n:
        raise ValueError(f"{len(evals)} evaluations and {len(views)} model views for "
                         f"{n} moves (need {n + 1} and {n})")
    if judge is not None and len(judge.positions) != n + 1:
        raise ValueError(f"{len(judge.positions)} judged positions for {n} moves")
    out = []
    for i, mv in enumerate(record.moves):
        before, after = evals[i], evals[i + 1]
        sign = 1.0 if mv.color is Color.BLACK else -1.0
        best = before.best
        agrees = best is not None and best.move == mv.point
        view = views[i]
        figures = (i + 1, mv.color, mv.point, *_judged(before, after, judge, i, sign, agrees),
                   None if best is None else best.move, () if best is None else best.pv)
        best_wr = None
        if judge is not None:
            best_wr = 0.5 + sign * (judge.positions[i].winrate - 0.5)
        elif best is not None:
            best_wr = best.winrate if before.to_play is mv.color else 1.0 - best.winrate
        net_after = None if judge is None else judge.positions[i + 1]
        out.append(MoveFigures(
            *figures, best_wr, agrees,
            view.probability_of(mv.point), view.rank_of(mv.point), view.top,
            view.top is not None and view.top == mv.point,
            None if net_after is None else net_after.net_winrate,
            None if net_after is None else net_after.net_score, True))
    return out


def _judged(before: PositionEval, after: PositionEval, judge: NetJudge | None, i: int,
            sign: float, agrees: bool) -> tuple[float, float, float, float, float, float]:
    """Black's win rate and score before and after move ``i + 1``, and its player's
    win rate and points lost: the search's, or the net judge's (the module docstring)."""
    if judge is None:
        return (before.winrate_black, after.winrate_black, before.score_black,
                after.score_black, sign * (before.winrate_black - after.winrate_black),
                sign * (before.score_black - after.score_black))
    b, a = judge.positions[i], judge.positions[i + 1]
    # two positions with the same player to move (the opponent): best line and played
    points = 0.0 if agrees else sign * (b.best_score - a.net_score)
    return (b.winrate, a.winrate, b.score, a.score, sign * (b.winrate - a.winrate), points)


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
    #: the points lost a move, :data:`VERDICT_TRIM` trimmed mean (losses as they are):
    #: the per-player statistic chosen on the training fold's Fox players for the net's
    #: judge (experiments/review/README.md, "verdict by rank, the net")
    trimmed_points_loss: float = 0.0


#: The share cut from each end of a player's losses (:attr:`PlayerFigures.trimmed_points_loss`).
VERDICT_TRIM = 0.1


def trimmed_mean(xs: Sequence[float], cut: float = VERDICT_TRIM) -> float:
    """The mean of ``xs`` without its ``int(cut * n)`` smallest and largest values
    (as ``scipy.stats.trim_mean``; 0 for none)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    k = int(cut * len(s))
    kept = s[k:len(s) - k]
    return sum(kept) / len(kept)


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
        mean(probs) if probs else None, classes,
        trimmed_mean([m.points_loss for m in mine]))


def biggest_mistakes(moves: Sequence[MoveFigures], color: Color, count: int = 3,
                     min_points: float = MISTAKE_MIN_POINTS) -> list[MoveFigures]:
    """``color``'s ``count`` largest losses of at least ``min_points``, largest
    first, where the engine had another move to show."""
    mine = [m for m in moves if m.color is color and m.points_loss >= min_points
            and m.best is not None and not m.engine_agrees and not m.winrate_rose]
    mine.sort(key=lambda m: (-m.points_loss, m.number))
    return mine[:count]


__all__ = ["CLASSES", "CLASS_COLOURS", "MISTAKE_MIN_POINTS", "ROSE_CAP", "VERDICT_TRIM",
           "MoveFigures", "PlayerFigures", "biggest_mistakes", "loss_class", "move_figures",
           "player_figures", "trimmed_mean"]
