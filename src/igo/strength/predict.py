"""Estimates from game records with a :class:`~igo.strength.estimator.StrengthModel`:
per game and colour, and pooled per player (the engine of ``igo strength``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from tqdm import tqdm

from igo.movepred.default import load_default
from igo.strength.data import GameView
from igo.strength.estimator import NetSpec, StrengthModel, StrengthModelError
from igo.strength.gamearrays import game_points, move_model_rows
from igo.strength.netview import game_net_rows
from igo.strength.summary import example_features

if TYPE_CHECKING:
    from igo.core.replay import ReplayedGame
    from igo.nets.encode import Encoded
    from igo.nets.policy import NetPolicy

#: games with fewer moves than this are too short for the model
MIN_MOVES = 20


class GameTooShortError(ValueError):
    """A game with too few moves to estimate from."""


@dataclass(frozen=True)
class Estimate:
    """One rating estimate: points, standard deviation, 95 % interval, class probabilities."""

    rating: float
    sd: float
    low: float
    high: float
    classes: tuple[float, float, float]


def check_view(view: GameView, model: StrengthModel, source: str = "") -> None:
    """Raise a clear error if the model cannot read this game.

    Raises
    ------
    StrengthModelError
        If the board size has no model.
    GameTooShortError
        If the game has fewer than :data:`MIN_MOVES` moves.
    """
    where = f"{source}: " if source else ""
    if view.size != model.size:
        raise StrengthModelError(f"{where}no strength model for {view.size}x{view.size} "
                                 f"(the model reads {model.size}x{model.size} games)")
    if view.handicap or view.record.setup_black or view.record.setup_white:
        raise ValueError(f"{where}handicap games are not supported (the model was trained "
                         "on even games)")
    if len(view.moves) < MIN_MOVES:
        raise GameTooShortError(f"{where}game too short for the model: {len(view.moves)} "
                                f"moves, needs at least {MIN_MOVES}")


def _estimate(model: StrengthModel, rating: float, n: int, colour: str | None) -> Estimate:
    spread = model.spread[colour] if colour else model.pooled_spread()
    r, sd = spread.pooled(rating, n)
    lo, hi = model.interval(r, sd)
    return Estimate(r, sd, lo, hi, tuple(model.class_probabilities(r, sd)))  # type: ignore[arg-type]


def net_policy(spec: NetSpec) -> NetPolicy:
    """The policy net a model's ``net`` feature group reads (loaded once a process).

    Raises
    ------
    StrengthModelError
        If PyTorch is not installed or the net's file is missing or damaged.
    """
    from igo.nets.model_file import NetFileError
    from igo.nets.policy import load_net_policy

    try:
        return load_net_policy(str(spec.path()))
    except ImportError as exc:
        raise StrengthModelError(f"this strength model reads the policy net {spec.name}, "
                                 f"which needs PyTorch ({exc})") from exc
    except (NetFileError, OSError) as exc:
        raise StrengthModelError(f"this strength model reads the policy net {spec.name}: "
                                 f"{exc}") from exc


def raw_predictions(model: StrengthModel, views: Sequence[GameView],
                    progress: bool = False, chunk: int = 64,
                    net_inputs: Sequence[Sequence[Encoded] | None] | None = None,
                    games: Sequence[ReplayedGame | None] | None = None) -> np.ndarray:
    """``(games, 2)``: the nets' estimates for Black and White of each game.

    ``net_inputs[i]``, when given and not ``None``, is the policy net's input of the
    moves of game ``i`` from its one replay
    (:func:`igo.strength.netview.replayed_inputs`): the net's rows are then not
    replayed again. ``games[i]``, likewise, is that replay
    (:func:`igo.core.replay.replay_positions`): the move model's rows read its
    positions (:func:`~igo.strength.gamearrays.move_model_rows`).

    Raises
    ------
    StrengthModelError
        If the model reads a policy net that cannot be loaded (:func:`net_policy`).
    """
    mm = load_default(model.size)
    policy = None if model.net is None else net_policy(model.net)
    out = np.zeros((len(views), 2))
    bar = tqdm(total=len(views), disable=not progress, unit=" games", mininterval=0.5)
    for a in range(0, len(views), chunk):
        part = views[a:a + chunk]
        replays = None if games is None else games[a:a + chunk]
        for k, (v, mp) in enumerate(zip(part, move_model_rows(part, mm, replays),
                                        strict=True)):
            pts = game_points(v).astype(np.int64)
            grow = np.array([v.komi, 0 if v.result.winner is None else int(v.result.winner),
                             _reason(v), len(pts), 0.0])
            given = None if net_inputs is None else net_inputs[a + k]
            net = (None if policy is None or model.net is None
                   else game_net_rows(pts, v.size, policy, model.net.max_moves,
                                      encoded=given))
            for c, name in ((1, "B"), (2, "W")):
                x = example_features(pts, mp, c, grow, v.size, model.summary, net)
                out[a + k, c - 1] = model.raw(name, x[None])[0]
        bar.update(len(part))
    bar.close()
    return out


def _reason(v: GameView) -> int:
    from igo.strength.cache import REASONS
    return REASONS.index(v.result.reason)


def game_estimate(model: StrengthModel, raw: float, colour: str) -> Estimate:
    """The estimate of one player from one game."""
    return _estimate(model, raw, 1, colour)


def pooled_estimate(model: StrengthModel, raws: Sequence[float]) -> Estimate:
    """The estimate of one player from several games (any colours)."""
    if not raws:
        raise ValueError("pooled_estimate: no games")
    return _estimate(model, float(np.mean(raws)), len(raws), None)
