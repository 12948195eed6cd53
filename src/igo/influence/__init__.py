"""Influence maps: one interface, several models.

An influence model maps a position (a ``(size, size)`` stone array, signed
``+1``/``-1``/``0`` or the board encoding ``1``/``2``/``0``) to a ``float64`` map
of the same shape, Black positive and White negative:

==========  =============================================  ============================
name        model                                          module
==========  =============================================  ============================
distance    ``f(p) = Σ g(s)/max(d, 1)`` (Honda et al. §4.1)  :mod:`igo.influence.distance`
bouzy       Bouzy's 5/21 dilation/erosion (GNU Go)          :mod:`igo.influence.bouzy`
fukui       directional sources, kizu, eye shape,           :mod:`igo.influence.fukui`
            fans and shielding (Fukui et al.)
mcts        mean final owner in the playouts of an MCTS     :mod:`igo.influence.mcts`
            search (issue 8)
net         the ownership head of a policy net with value   :mod:`igo.influence.net`
            heads (issue 63)
==========  =============================================  ============================

*Fukui et al.* is Fukui, Takeuchi, Matumoto, Kudo, Yamamura and Ohnishi, "Computer-Go:
a Model of computing influence matched to human intuition" (undated); *Honda et al.* is
Honda, Viennot and Ikeda, "Broad Pattern Matching for the Opening Moves in Go" (c. 2012).
The Fukui model's eye-shape degree is :mod:`igo.influence.eyes`, its kernels
``_fukui_kernels`` (the others' ``_kernels``). :mod:`igo.influence.tuning` loads models by
name with their parameters and tunes them; :mod:`igo.influence.evaluate` measures a map
against the final owners of finished games, which :mod:`igo.influence.labels` caches
(with GNU Go's estimate).

>>> model = get_model("fukui")  # doctest: +SKIP
>>> m = model(board.to_array())  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from igo.influence.bouzy import BouzyParams, bouzy_influence
from igo.influence.distance import distance_influence
from igo.influence.fukui import FukuiModel, FukuiParams, fukui_influence


class InfluenceModel(Protocol):
    """What every model offers: a ``name`` and ``model(stones) -> map``."""

    name: str

    def __call__(self, stones: np.ndarray) -> np.ndarray: ...


class DistanceModel:
    """Honda et al.'s model as an :class:`InfluenceModel` (``a``, ``metric`` fixed)."""

    name = "distance"

    def __init__(self, a: float = 5.0, metric: str = "d") -> None:
        self.a = a
        self.metric = metric
        distance_influence(np.zeros((1, 1), np.int8), a, metric)  # validate now

    def __call__(self, stones: np.ndarray) -> np.ndarray:
        return distance_influence(stones, self.a, self.metric)


class BouzyModel:
    """Bouzy's dilation/erosion as an :class:`InfluenceModel`."""

    name = "bouzy"

    def __init__(self, params: BouzyParams | None = None) -> None:
        self.params = params or BouzyParams()

    def __call__(self, stones: np.ndarray) -> np.ndarray:
        return bouzy_influence(stones, self.params)


def mcts_model(**kwargs: Any) -> InfluenceModel:
    """The ``mcts`` model (:class:`igo.influence.mcts.MCTSModel`), imported only when
    asked for: ``igo.influence`` sits below ``igo.search`` in the layers."""
    from igo.influence.mcts import MCTSModel

    return MCTSModel(**kwargs)


def net_model(**kwargs: Any) -> InfluenceModel:
    """The ``net`` model (:class:`igo.influence.net.NetModel`), imported only when asked
    for (it loads a net, with PyTorch)."""
    from igo.influence.net import NetModel

    return NetModel(**kwargs)


MODELS: dict[str, Callable[..., InfluenceModel]] = {
    "distance": DistanceModel,
    "bouzy": BouzyModel,
    "fukui": FukuiModel,
    "mcts": mcts_model,
    "net": net_model,
}
"""Model constructors by name; keyword arguments go to the constructor."""


class UnknownModelError(ValueError):
    """An influence model name that is not in :data:`MODELS`."""


def get_model(name: str, **kwargs: Any) -> InfluenceModel:
    """A model by name (``distance``, ``bouzy``, ``fukui``, ``mcts``, ``net``).

    Raises
    ------
    UnknownModelError
        If ``name`` is not a known model.
    """
    try:
        factory = MODELS[name]
    except KeyError:
        raise UnknownModelError(
            f"unknown influence model {name!r} (known: {', '.join(MODELS)})") from None
    return factory(**kwargs)


def influence_change(model: InfluenceModel, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The change of the map caused by a move (Fukui et al.'s "thickness", §1):
    ``model(after) - model(before)``, positive where Black gained influence."""
    return model(after) - model(before)


__all__ = [
    "MODELS",
    "BouzyModel",
    "BouzyParams",
    "DistanceModel",
    "FukuiModel",
    "FukuiParams",
    "InfluenceModel",
    "UnknownModelError",
    "bouzy_influence",
    "distance_influence",
    "fukui_influence",
    "get_model",
    "influence_change",
    "mcts_model",
    "net_model",
]
