"""PBILc: learning the importance (weights) of training records (Sato & Takahashi, §3, eqs. 4–5).

PBILc (continuous population-based incremental learning, Sebag & Ducoulombier) keeps a
Gaussian ``N(X, σ²)`` per component of the weight vector. An individual is a weight vector
drawn from it; after the population is rated (its fitness is its Elo among the others)::

    X ← (1 − α) X + α (X_best1 + X_best2 − X_worst)                       (4)
    σ ← (1 − α) σ + α sqrt(Σ_{j ≤ K} (X^j − mean of the K best)² / K)     (5)

Paper: σ² = 0.1 initially, 50 initial individuals drawn from ``N(1, σ²)``, K = 10,
α = 0.01, 400 steps of one new individual each. Weights are clipped at ``min_weight`` and
normalised to mean 1; the vector's length is a parameter (one weight per game-progress
bucket, progress = move number / game length, or one per training record).

Everything is pure: :class:`PbilcState` is immutable, each function takes the explicit
``numpy.random.Generator`` it draws from, and :func:`save_state` writes the state *and the
generator's state* to JSON (atomically), so :func:`load_state` continues identically.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

FORMAT = "igo-pbilc"
VERSION = 1

Vector = NDArray[np.float64]
BIT_GENERATORS = ("PCG64", "PCG64DXSM", "Philox", "SFC64", "MT19937")


class PbilcError(ValueError):
    """Bad PBILc parameters, fitness, or state file."""


@dataclass(frozen=True)
class PbilcConfig:
    """PBILc parameters (Sato & Takahashi, §3; defaults are the paper's).

    Attributes
    ----------
    length : int
        Number of weights (progress buckets, or training records).
    initial_variance : float
        σ² of the initial distribution ``N(1, σ²)``.
    initial_individuals : int
        Size of the initial population (N).
    k_best : int
        Individuals whose spread sets σ (K).
    alpha : float
        Learning rate α.
    min_weight : float
        Sampled weights are clipped at this before normalisation to mean 1.
    window : int or None
        Update from the latest ``window`` individuals only (a sliding generation, as in
        the original PBILc); ``None``: from the whole population, as Sato & Takahashi describe.
        With the whole population the worst individual is fixed once the distribution has
        moved away from it, and eq. (4) settles at ``X_best1 + X_best2 − X_worst``, the
        best individuals reflected away from that old worst one: on a toy fitness the
        centre first approaches the optimum, then overshoots it (see the tests).
    """

    length: int
    initial_variance: float = 0.1
    initial_individuals: int = 50
    k_best: int = 10
    alpha: float = 0.01
    min_weight: float = 0.0
    window: int | None = None

    def __post_init__(self) -> None:
        if self.length < 1:
            raise PbilcError(f"length must be >= 1, got {self.length}")
        if not self.initial_variance > 0 or not 0 < self.alpha <= 1:
            raise PbilcError("initial_variance must be > 0 and alpha in (0, 1]")
        if self.k_best < 2 or self.initial_individuals < max(3, self.k_best):
            raise PbilcError("need k_best >= 2 and initial_individuals >= max(3, k_best)")
        if not 0 <= self.min_weight < 1:
            raise PbilcError(f"min_weight must be in [0, 1), got {self.min_weight}")
        if self.window is not None and self.window < self.k_best:
            raise PbilcError(f"window must be >= k_best, got {self.window}")


@dataclass(frozen=True)
class PbilcState:
    """Where PBILc stands: the distribution, the population and its latest fitness.

    Attributes
    ----------
    step : int
        Updates done so far (0 before the initial population is rated).
    centre, sigma : ndarray
        ``X`` and ``σ`` of the sampling distribution.
    population : tuple of ndarray
        Every individual's (normalised) weights, oldest first.
    fitness : tuple of float
        Their fitness at the last update (NaN before it).
    """

    step: int
    centre: Vector
    sigma: Vector
    population: tuple[Vector, ...] = field(default=())
    fitness: tuple[float, ...] = field(default=())


def normalise(weights: Vector, min_weight: float = 0.0) -> Vector:
    """Clip at ``min_weight`` and scale to mean 1 (Sato & Takahashi, §3)."""
    clipped = np.maximum(np.asarray(weights, dtype=np.float64), min_weight)
    mean = float(clipped.mean())
    if not mean > 0:
        raise PbilcError("weights have no positive entry to normalise")
    return clipped / mean


def start(config: PbilcConfig, rng: np.random.Generator) -> PbilcState:
    """The initial state: ``X = 1``, ``σ² = initial_variance`` and N initial individuals."""
    centre = np.ones(config.length)
    sigma = np.full(config.length, np.sqrt(config.initial_variance))
    state = PbilcState(0, centre, sigma)
    population = tuple(sample(config, state, rng) for _ in range(config.initial_individuals))
    return replace(state, population=population, fitness=(np.nan,) * len(population))


def sample(config: PbilcConfig, state: PbilcState, rng: np.random.Generator) -> Vector:
    """A new individual's weights: ``N(X, σ²)``, clipped and normalised to mean 1."""
    return normalise(rng.normal(state.centre, state.sigma), config.min_weight)


def add_individual(state: PbilcState, weights: Vector) -> PbilcState:
    """The state with ``weights`` appended to the population (fitness NaN until rated)."""
    return replace(state, population=(*state.population, np.asarray(weights, dtype=float)),
                   fitness=(*state.fitness, np.nan))


def update(config: PbilcConfig, state: PbilcState, fitness: Sequence[float]) -> PbilcState:
    """Eqs. (4)–(5): move ``X`` and ``σ`` given every individual's fitness (higher better).

    Raises
    ------
    PbilcError
        If ``fitness`` does not give one finite value per individual, or the population is
        smaller than ``k_best``.
    """
    values = np.asarray(fitness, dtype=np.float64)
    if values.shape != (len(state.population),) or not np.all(np.isfinite(values)):
        raise PbilcError(f"need {len(state.population)} finite fitness values")
    if len(values) < config.k_best:
        raise PbilcError(f"population {len(values)} is smaller than k_best {config.k_best}")
    pop = np.stack(state.population)
    if config.window is not None:
        pop, values = pop[-config.window:], values[-config.window:]
    order = np.argsort(-values, kind="stable")
    best1, best2, worst = pop[order[0]], pop[order[1]], pop[order[-1]]
    alpha = config.alpha
    centre = (1 - alpha) * state.centre + alpha * (best1 + best2 - worst)
    spread = pop[order[: config.k_best]].std(axis=0)
    sigma = (1 - alpha) * state.sigma + alpha * spread
    return replace(state, step=state.step + 1, centre=centre, sigma=sigma,
                   fitness=tuple(float(v) for v in fitness))


def save_state(path: str | Path, config: PbilcConfig, state: PbilcState,
               rng: np.random.Generator) -> None:
    """Write config, state and the generator's state to ``path`` as JSON (atomic rename)."""
    document = {
        "format": FORMAT, "version": VERSION,
        "config": {name: getattr(config, name) for name in config.__dataclass_fields__},
        "step": state.step, "centre": state.centre.tolist(), "sigma": state.sigma.tolist(),
        "population": [w.tolist() for w in state.population],
        "fitness": [None if np.isnan(f) else f for f in state.fitness],
        "rng": {"bit_generator": type(rng.bit_generator).__name__,
                "state": rng.bit_generator.state},
    }
    path = Path(path)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(document))
    os.replace(temporary, path)


def load_state(path: str | Path) -> tuple[PbilcConfig, PbilcState, np.random.Generator]:
    """Read what :func:`save_state` wrote; the generator continues where it stopped.

    Raises
    ------
    PbilcError
        If the file is missing, not JSON, or not a PBILc state of this version.
    """
    try:
        document: dict[str, Any] = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise PbilcError(f"{path}: cannot read PBILc state ({exc})") from exc
    if document.get("format") != FORMAT or document.get("version") != VERSION:
        raise PbilcError(f"{path}: not a {FORMAT} state of version {VERSION}")
    try:
        config = PbilcConfig(**document["config"])
        state = PbilcState(
            int(document["step"]), np.array(document["centre"], dtype=float),
            np.array(document["sigma"], dtype=float),
            tuple(np.array(w, dtype=float) for w in document["population"]),
            tuple(np.nan if f is None else float(f) for f in document["fitness"]))
        name = document["rng"]["bit_generator"]
        if name not in BIT_GENERATORS:
            raise ValueError(f"unknown bit generator {name!r}")
        bit_generator = getattr(np.random, name)()
        bit_generator.state = document["rng"]["state"]
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise PbilcError(f"{path}: malformed PBILc state ({exc})") from exc
    return config, state, np.random.Generator(bit_generator)
