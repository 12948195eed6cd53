"""How well an influence map predicts the final owner of every point.

This replaces Fukui et al.'s survey of seven dan players (section 5) by a measure
on finished games (issue 4). For every game that ended by counting, the final
owner of each point comes from :mod:`igo.influence.labels`; at each stage ``m``
(the position after ``m`` moves) a model's map is compared with it:

* **accuracy**: over the points with a final owner (neutral points — dame,
  seki — are left out), the fraction whose influence sign equals the owner; a
  zero influence counts as half right (a coin toss), so a model cannot gain by
  leaving points undecided, nor lose more than chance;
* **coverage**: the fraction of those points with non-zero influence;
* **calibration** of the magnitude: ``P(black) = sigmoid(beta * f)`` with one
  ``beta`` per model and stage fitted (maximum likelihood) on the tuning games;
  on the reported games its log loss (nats per point; 0.693 is a coin toss) and
  its expected calibration error (10 equal-width probability bins).

Games are split by their rank among the counted games in file order: ranks
``i % 10 < 3`` are the tuning games (30 %), the others the test games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from igo.core.board import Board
from igo.core.record import GameRecord
from igo.influence.labels import (
    DEFAULT_STAGES,
    GnuGoLabeller,
    LabelCache,
    iter_counted,
    label_record,
    record_key,
)

SPLITS = ("all", "tune", "test")


def in_split(index: int, split: str) -> bool:
    """Whether the ``index``-th counted game belongs to ``split`` (see module docstring).

    Raises
    ------
    ValueError
        For an unknown split name.
    """
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r} (known: {', '.join(SPLITS)})")
    return split == "all" or (index % 10 < 3) == (split == "tune")


@dataclass(frozen=True, slots=True)
class StagePosition:
    """One position of the comparison: a game at move ``move``, its final owners and
    the game's komi."""

    key: str
    move: int
    stones: np.ndarray
    owner: np.ndarray
    gnugo: np.ndarray | None = None
    komi: float | None = None


def stage_stones(record: GameRecord, stages: Sequence[int]) -> dict[int, np.ndarray]:
    """Signed stone arrays after ``m`` moves, for each ``m`` in ``stages`` the game reaches."""
    board = Board(record.size, record.rules)
    if record.setup_black or record.setup_white:
        from igo.core.replay import replay

        board = replay(record, 0)
    out: dict[int, np.ndarray] = {}
    wanted = set(stages)
    for number, move in enumerate(record.moves, 1):
        board.play(move.color, move.point)
        if number in wanted:
            arr = board.to_array()
            out[number] = np.where(arr == 2, -1, arr).astype(np.int8)
    return out


def collect_positions(paths: str | Path | Sequence[str | Path], cache: LabelCache, *,
                      stages: Sequence[int] = DEFAULT_STAGES, split: str = "all",
                      games: int | None = None, labeller: GnuGoLabeller | None = None,
                      progress: bool = False) -> tuple[list[StagePosition], int]:
    """The stage positions of the labelled counted games of ``paths``.

    Games GNU Go has not labelled are skipped unless a ``labeller`` is given
    (then they are labelled and cached). Returns the positions and the number
    of games they come from (at most ``games``).
    """
    positions: list[StagePosition] = []
    n_games = 0
    for index, record in enumerate(iter_counted(paths, progress=progress)):
        if games is not None and n_games >= games:
            break
        if not in_split(index, split):
            continue
        label = label_record(record, cache, labeller, stages)
        if label is None:
            continue
        n_games += 1
        key = record_key(record)
        for move, stones in stage_stones(record, stages).items():
            positions.append(StagePosition(key, move, stones, label.owner,
                                           cache.regions(key, move, record.size),
                                           record.komi))
    return positions, n_games


MapFn = Callable[[StagePosition], np.ndarray | None]


@dataclass(slots=True)
class StageScores:
    """Per-point predictions of one model at one stage (flattened, neutral points removed)."""

    values: list[np.ndarray] = field(default_factory=list)
    owners: list[np.ndarray] = field(default_factory=list)

    def add(self, value: np.ndarray, owner: np.ndarray) -> None:
        """Add one position's map and final owners."""
        keep = owner != 0
        self.values.append(np.asarray(value, dtype=np.float64)[keep])
        self.owners.append(owner[keep].astype(np.int8))

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """All values and owners so far."""
        if not self.values:
            return np.zeros(0), np.zeros(0, dtype=np.int8)
        return np.concatenate(self.values), np.concatenate(self.owners)


def score_positions(fn: MapFn, positions: Iterable[StagePosition]) -> dict[int, StageScores]:
    """The model ``fn``'s values at every stage (positions where it gives ``None`` are
    left out, e.g. GNU Go's map where it was not cached)."""
    out: dict[int, StageScores] = {}
    for pos in positions:
        value = fn(pos)
        if value is None:
            continue
        out.setdefault(pos.move, StageScores()).add(value, pos.owner)
    return out


def accuracy(values: np.ndarray, owners: np.ndarray) -> float:
    """Fraction of points whose sign equals the owner; zero counts one half."""
    if values.size == 0:
        return float("nan")
    right = np.sign(values) == owners
    zero = values == 0
    return float((right.sum() + 0.5 * zero.sum()) / values.size)


def _log_loss(beta: float, values: np.ndarray, y: np.ndarray) -> float:
    z = beta * values
    # -log sigmoid(z) for black-owned points, -log sigmoid(-z) for white-owned
    return float(np.mean(np.logaddexp(0.0, -np.where(y > 0, z, -z))))


def fit_beta(values: np.ndarray, owners: np.ndarray) -> float:
    """Maximum-likelihood ``beta`` of ``P(black) = sigmoid(beta * f)``."""
    from scipy.optimize import minimize_scalar

    scale = float(np.mean(np.abs(values))) if values.size else 0.0
    if scale == 0.0:
        return 0.0
    res = minimize_scalar(lambda lb: _log_loss(float(np.exp(lb)) / scale, values, owners),
                          bounds=(-12.0, 8.0), method="bounded")
    return float(np.exp(res.x)) / scale


def calibration(values: np.ndarray, owners: np.ndarray, beta: float,
                bins: int = 10) -> dict[str, float]:
    """Log loss and expected calibration error of ``sigmoid(beta * f)``."""
    if values.size == 0:
        return {"beta": beta, "log_loss": float("nan"), "ece": float("nan")}
    prob = 1.0 / (1.0 + np.exp(-beta * values))
    black = (owners > 0).astype(np.float64)
    idx = np.minimum((prob * bins).astype(np.int64), bins - 1)
    ece = 0.0
    for b in range(bins):
        sel = idx == b
        if sel.any():
            ece += sel.mean() * abs(prob[sel].mean() - black[sel].mean())
    return {"beta": beta, "log_loss": _log_loss(beta, values, owners), "ece": float(ece)}


def summarize(scores: dict[int, StageScores],
              betas: dict[int, float] | None = None) -> dict[str, dict[str, object]]:
    """Per stage: accuracy, coverage, points, and calibration (``betas`` fitted
    elsewhere, e.g. on the tuning games; fitted on these scores if absent)."""
    out: dict[str, dict[str, object]] = {}
    for move in sorted(scores):
        values, owners = scores[move].arrays()
        beta = (betas or {}).get(move)
        if beta is None:
            beta = fit_beta(values, owners)
        out[str(move)] = {
            "accuracy": accuracy(values, owners),
            "coverage": float(np.mean(values != 0)) if values.size else float("nan"),
            "points": int(values.size),
            "positions": len(scores[move].values),
            "calibration": calibration(values, owners, beta),
        }
    return out


def model_fn(name: str, model: Callable[..., np.ndarray] | None) -> MapFn:
    """A :data:`MapFn` for a model, or for ``"gnugo"`` (GNU Go's cached regions).

    A model with a true ``uses_komi`` attribute (the ``mcts`` model) is called as
    ``model(stones, komi=...)`` with the game's komi."""
    if name == "gnugo":
        return lambda pos: pos.gnugo
    if model is None:
        raise ValueError(f"model {name!r} needs a map function")
    if getattr(model, "uses_komi", False):
        return lambda pos: model(pos.stones, komi=pos.komi)
    return lambda pos: model(pos.stones)
