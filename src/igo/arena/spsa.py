"""SPSA over engine options, with games as the measurement (``igo tune``).

Simultaneous perturbation stochastic approximation (Spall 1998), in the form chess and
Go engines tune with (Stockfish's fishtest, Pachi's and Leela's tuning runs): at step
``k`` every parameter ``i`` moves together by ``± c_k,i`` (the signs ``delta`` drawn at
random), the two perturbed engines play a short match, and each parameter moves
towards the side that won:

    theta_i += a_k * c_k,i * (2 * score - 1) * delta_i

with ``score`` the perturbed-up engine's score (draws half) over the step's games,
``c_k = c / (k + 1) ** gamma`` and ``a_k = a ((1 + A) / (k + 1 + A)) ** alpha`` (Spall's
``alpha = 0.602``, ``gamma = 0.101``, ``A`` a tenth of the steps; ``a_0 = a``). With
``a = 1`` a first step won by every game moves each parameter by its whole
perturbation.

Everything that a step needs comes from ``(seed, k)``, so a run killed at any moment
resumes where it stopped (:class:`SpsaState` is written after each step; the step's
games are in the match store, played or not). This module holds the arithmetic and the
state; :mod:`igo.cli.tune` plays the games.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from igo.core.errors import IgoError


class SpsaError(IgoError, ValueError):
    """A bad parameter description or a state file that does not fit the run."""


@dataclass(frozen=True)
class SpsaParam:
    """One tuned option: its start, bounds and perturbation size ``c``."""

    name: str
    start: float
    low: float
    high: float
    step: float
    integer: bool = False

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise SpsaError(f"bad option name {self.name!r}")
        if not self.low <= self.start <= self.high:
            raise SpsaError(f"{self.name}: start {self.start} outside [{self.low}, {self.high}]")
        if not self.step > 0:
            raise SpsaError(f"{self.name}: the perturbation must be positive, got {self.step}")

    @classmethod
    def parse(cls, text: str) -> SpsaParam:
        """``NAME=START:LOW:HIGH:STEP`` (add ``:int`` for an integer option)."""
        name, eq, rest = text.partition("=")
        parts = rest.split(":")
        integer = bool(parts) and parts[-1] == "int"
        if integer:
            parts = parts[:-1]
        if not eq or len(parts) != 4:
            raise SpsaError(f"bad parameter {text!r}: expected NAME=START:LOW:HIGH:STEP[:int]")
        try:
            start, low, high, step = (float(x) for x in parts)
        except ValueError:
            raise SpsaError(f"bad parameter {text!r}: numbers expected") from None
        return cls(name.strip(), start, low, high, step, integer)

    def value(self, x: float) -> float | int:
        """``x`` clipped to the bounds (rounded for an integer option)."""
        v = min(self.high, max(self.low, x))
        return round(v) if self.integer else v


@dataclass(frozen=True)
class SpsaConfig:
    """A tuning run: the parameters, the engine they are options of, and the schedule."""

    params: tuple[SpsaParam, ...]
    base: str  # an igo engine spec, e.g. "igo:mcts:playouts=2000"
    steps: int = 200
    games: int = 8  # games a step (even: each engine plays both colours)
    a: float = 1.0
    alpha: float = 0.602
    gamma: float = 0.101
    big_a: float = -1.0  # Spall's A; negative: a tenth of the steps
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.params:
            raise SpsaError("nothing to tune: give at least one parameter")
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise SpsaError(f"a parameter is given twice: {names}")
        if not self.base.startswith("igo:"):
            raise SpsaError(f"the tuned engine must be an igo engine spec, got {self.base!r}")
        base_opts = _spec_options(self.base)
        for n in names:
            if n in base_opts:
                raise SpsaError(f"{n} is both tuned and fixed in {self.base!r}")
        if self.steps < 1 or self.games < 2 or self.games % 2:
            raise SpsaError(f"steps must be >= 1 and games even and >= 2, "
                            f"got {self.steps}, {self.games}")
        if not self.a > 0:
            raise SpsaError(f"the gain a must be positive, got {self.a}")

    @property
    def stability(self) -> float:
        """Spall's ``A``."""
        return self.big_a if self.big_a >= 0 else self.steps / 10

    def c_k(self, k: int) -> np.ndarray:
        """Perturbation sizes at step ``k``."""
        return np.array([p.step for p in self.params]) / (k + 1) ** self.gamma

    def a_k(self, k: int) -> float:
        """Gain at step ``k`` (``a`` at the first step)."""
        return self.a * ((1 + self.stability) / (k + 1 + self.stability)) ** self.alpha

    def delta(self, k: int) -> np.ndarray:
        """The signs of step ``k`` (from ``seed`` and ``k`` only)."""
        rng = np.random.default_rng([self.seed, k])
        return rng.choice(np.array([-1.0, 1.0]), size=len(self.params))

    def spec(self, theta: Sequence[float]) -> str:
        """The engine spec with the parameters at ``theta``."""
        opts = ",".join(f"{p.name}={_fmt(p.value(x))}" for p, x in zip(self.params, theta,
                                                                       strict=True))
        sep = "," if ":" in self.base.split(":", 1)[1] else ":"
        return f"{self.base}{sep}{opts}"

    def pair(self, theta: Sequence[float], k: int) -> tuple[str, str]:
        """The specs of step ``k``: theta + c_k delta, theta - c_k delta."""
        t = np.asarray(theta, float)
        d = self.c_k(k) * self.delta(k)
        return self.spec(t + d), self.spec(t - d)

    def update(self, theta: Sequence[float], k: int, score: float) -> list[float]:
        """theta after step ``k`` whose up-perturbed engine scored ``score``."""
        if not 0.0 <= score <= 1.0:
            raise SpsaError(f"a score is in [0, 1], got {score}")
        t = np.asarray(theta, float)
        t = t + self.a_k(k) * self.c_k(k) * (2.0 * score - 1.0) * self.delta(k)
        return [float(min(p.high, max(p.low, x))) for p, x in zip(self.params, t,
                                                                 strict=True)]

    def to_dict(self) -> dict[str, object]:
        """What the state file records of the run (it must not change on resume)."""
        return asdict(self)


@dataclass
class SpsaState:
    """Where a run stands: ``theta`` after ``k`` steps, and each step's record."""

    theta: list[float]
    k: int = 0
    history: list[dict[str, object]] = field(default_factory=list)

    @classmethod
    def start(cls, config: SpsaConfig) -> SpsaState:
        return cls([p.start for p in config.params])

    def record(self, config: SpsaConfig, score: float, games: int) -> None:
        """Apply step ``k``'s result and append it to the history."""
        plus, minus = config.pair(self.theta, self.k)
        self.theta = config.update(self.theta, self.k, score)
        self.history.append({"k": self.k, "plus": plus, "minus": minus, "score": score,
                             "games": games, "theta": list(self.theta)})
        self.k += 1

    def values(self, config: SpsaConfig) -> dict[str, float | int]:
        """The current parameters, as the engine would get them."""
        return {p.name: p.value(x) for p, x in zip(config.params, self.theta, strict=True)}


def save_state(path: Path, config: SpsaConfig, state: SpsaState) -> None:
    """Write the state atomically (a kill leaves the old file or the new one)."""
    doc = {"schema": 1, "config": config.to_dict(), "theta": state.theta, "k": state.k,
           "history": state.history}
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    tmp.replace(path)


def load_state(path: Path, config: SpsaConfig) -> SpsaState:
    """The state of a run of ``config`` (a fresh one if ``path`` does not exist).

    Raises
    ------
    SpsaError
        If the file is damaged or belongs to a run with other settings.
    """
    if not path.exists():
        return SpsaState.start(config)
    try:
        doc = json.loads(path.read_text())
        stored = doc["config"]
        state = SpsaState([float(x) for x in doc["theta"]], int(doc["k"]),
                          list(doc["history"]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SpsaError(f"{path}: not a readable tuning state ({exc})") from None
    if json.loads(json.dumps(config.to_dict())) != stored:
        raise SpsaError(f"{path} belongs to a run with other settings; use another --out")
    if len(state.theta) != len(config.params) or any(math.isnan(x) for x in state.theta):
        raise SpsaError(f"{path}: theta does not fit the parameters")
    return state


def _spec_options(spec: str) -> set[str]:
    parts = spec.split(":", 2)
    if len(parts) < 3 or not parts[2]:
        return set()
    return {item.split("=", 1)[0].strip() for item in parts[2].split(",") if item}


def _fmt(v: float | int) -> str:
    return str(v) if isinstance(v, int) else f"{v:.6g}"
