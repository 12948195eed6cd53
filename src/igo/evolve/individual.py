"""One individual: a move model trained on the run's subset with one weight vector.

:func:`train_individual` is a task (a module-level function of plain arguments) that the
evolution loop runs on its executor: in the driver, in a worker process, or on any node
of a Ray cluster that sees the run's folder. It trains a model from zero parameters
(:func:`igo.evolve.subset.blank_model`) by weighted Adam
(:func:`igo.movepred.train.train`, the shuffling seeded by the run's seed, the same for
every individual), writes the model file atomically and returns where, so the weights are
the only difference between two individuals.

The player spec of an individual (:func:`player_spec`) names the model file:
``igo:policy:model=PATH,temperature=T`` (moves drawn from the model) or
``igo:mcts:playouts=N,model=PATH`` (the model as the search's priors).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from igo.evolve.config import PlaySettings, TrainSettings
from igo.evolve.subset import blank_model, open_subset, position_weights
from igo.movepred.model_io import save_model
from igo.movepred.train import TrainConfig, train


@dataclass(frozen=True, slots=True)
class Trained:
    """What a training task sends back."""

    individual: int
    model_path: str
    seconds: float
    log_likelihood: float


def train_individual(individual: int, data_dir: str, weights: list[float], mode: str,
                     settings: TrainSettings, seed: int, model_path: str) -> Trained:
    """Train individual ``individual`` with ``weights`` and save it to ``model_path``."""
    t0 = time.monotonic()
    subset = open_subset(Path(data_dir))
    per_position = position_weights(subset, np.asarray(weights, dtype=np.float64), mode)
    model = blank_model()
    cfg = TrainConfig(epochs=settings.epochs, batch=settings.batch, lr=settings.lr,
                      l2=settings.l2, seed=seed)
    history = train(model, subset.positions, cfg, weights=per_position, progress=False)
    model.summary.update({"evolve_individual": individual, "weights": list(weights),
                          "mode": mode, "train_log_likelihood": history})
    path = Path(model_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_model(model, path, compress=False)  # loaded for nearly every game: no zlib
    return Trained(individual, str(path), time.monotonic() - t0,
                   float(history[-1]) if history else float("nan"))


def player_spec(model_path: str, play: PlaySettings) -> str:
    """The player spec of the individual whose model is ``model_path``."""
    if "," in model_path or ":" in model_path:
        raise ValueError(f"model path {model_path!r} cannot go into a player spec "
                         "(it contains ',' or ':')")
    if play.player == "mcts":
        return f"igo:mcts:playouts={play.playouts},model={model_path}"
    return f"igo:policy:model={model_path},temperature={play.temperature:g}"
