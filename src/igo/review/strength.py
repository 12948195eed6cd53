"""Each player's rank from this one game (Araki et al.), as ``igo strength GAME.sgf``
estimates it: igo's estimator over move-model features
(:func:`igo.strength.predict.raw_predictions`, :func:`~igo.strength.predict.game_estimate`),
with its 95 % interval; or why there is none (the default model reads even 19x19
games of at least 20 moves only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from igo.core.record import GameRecord
from igo.core.replay import ReplayedGame
from igo.strength.data import GameView
from igo.strength.default import load_default_model
from igo.strength.estimator import StrengthModel, StrengthModelError
from igo.strength.netview import replayed_inputs
from igo.strength.predict import check_view, game_estimate, raw_predictions

if TYPE_CHECKING:
    from igo.nets.encode import Encoded


@dataclass(frozen=True)
class RankEstimate:
    """A player's estimated rank, or why it is not available.

    Attributes
    ----------
    available
        Whether there is an estimate.
    reason
        Why not (empty when available).
    rank, low_rank, high_rank
        The estimate and its 95 % interval as rank text (``3d``, ``5k``).
    rating, sd
        The same in rating points, and the standard deviation.
    classes
        The probabilities of the model's three classes, by name.
    """

    available: bool
    reason: str = ""
    rank: str = ""
    low_rank: str = ""
    high_rank: str = ""
    rating: float = 0.0
    sd: float = 0.0
    classes: tuple[tuple[str, float], ...] = ()


def not_available(reason: str) -> tuple[RankEstimate, RankEstimate]:
    """The same missing estimate for both players."""
    e = RankEstimate(False, reason)
    return e, e


def rank_estimates(record: GameRecord, model: StrengthModel | None = None, *,
                   game: ReplayedGame | None = None,
                   encoded: Sequence[Encoded] | None = None
                   ) -> tuple[RankEstimate, RankEstimate]:
    """Black's and White's estimates (``model``: igo's default 19x19 model).

    ``game`` is the record's one replay and ``encoded`` the policy net's input of each
    of its moves (:func:`igo.nets.encode.encode_positions`): the model's move-model
    rows read its positions (:func:`~igo.strength.gamearrays.move_model_rows`) and its
    net rows the encoding (:func:`~igo.strength.netview.replayed_inputs`) instead of
    replaying the game.
    """
    if record.size != 19:
        return not_available(f"not available: igo's strength model reads 19x19 games only "
                             f"(this game is {record.size}x{record.size})")
    try:
        model = model if model is not None else load_default_model(19)
        view = GameView.of(record)
        check_view(view, model)
        given = (None if model.net is None or game is None or encoded is None
                 else replayed_inputs(game, encoded, model.net.max_moves))
        raw = raw_predictions(model, [view], net_inputs=[given], games=[game])[0]
    except (StrengthModelError, ValueError) as exc:
        return not_available(f"not available: {exc}")
    sc = model.scale
    out = []
    for k, colour in enumerate("BW"):
        e = game_estimate(model, float(raw[k]), colour)
        out.append(RankEstimate(True, "", sc.rank_text(e.rating), sc.rank_text(e.low),
                                sc.rank_text(e.high), e.rating, e.sd,
                                tuple(zip(sc.class_names(), e.classes, strict=True))))
    return out[0], out[1]


__all__ = ["RankEstimate", "not_available", "rank_estimates"]
