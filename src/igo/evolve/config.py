"""The configuration of an evolution run (``igo evolve run CONFIG``), read from TOML.

One file says everything that defines a run; the run's database keeps a copy, and a
resumed run must agree with it on every field that changes results (all but ``steps``,
which may grow so that a finished run goes on). Example (every key is optional except
``out`` and ``records``; defaults below)::

    out = "runs/importance"                 # database, models, games, extracted data
    records = ["../shared/data/tygem9d/train-00.sgfs.xz"]
    subset = 1000                           # the first 1,000 19x19 records of the files
    stride = 4                              # one position in 4 of every game
    mode = "progress"                       # one weight per progress bucket, or "record"
    buckets = 10
    steps = 400                             # new individuals after the initial ones
    seed = 0

    [pbilc]      # Sato & Takahashi: sigma^2 0.1, N 50, K 10, alpha 0.01
    initial_variance = 0.1
    initial_individuals = 50
    k_best = 10
    alpha = 0.01
    min_weight = 0.0
    window = 0                              # 0 = the whole population (the paper)

    [train]      # weighted Adam training of the move model from zero
    epochs = 3
    batch = 500
    lr = 0.05
    l2 = 1e-6

    [games]
    player = "policy"                       # or "mcts" (the model as priors)
    temperature = 1.0                       # policy player
    playouts = 100                          # mcts player
    komi = 7.5
    max_moves = 0                           # 0: 3 * 19 * 19
    random_opening = 2
    initial_games = 40                      # games per initial individual (mean)
    new_games = 200                         # at most, for each new individual
    min_games = 100                         # then stop early when it is last
    round_pairs = 10                        # colour-swapped pairs per round
    idle_pairs = 0                          # pairs among the others while a new one trains

Paths are relative to the configuration file's folder.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from igo.evolve.pbilc import PbilcConfig, PbilcError

Mode = Literal["progress", "record"]
PlayerKind = Literal["policy", "mcts"]


class EvolveConfigError(ValueError):
    """A configuration file that is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class TrainSettings:
    """How an individual is trained (:func:`igo.movepred.train.train`)."""

    epochs: int = 3
    batch: int = 500
    lr: float = 0.05
    l2: float = 1e-6


@dataclass(frozen=True)
class PlaySettings:
    """How individuals play and how many games rate them (see the module docstring)."""

    player: PlayerKind = "policy"
    temperature: float = 1.0
    playouts: int = 100
    komi: float = 7.5
    max_moves: int = 0
    random_opening: int = 2
    initial_games: int = 40
    new_games: int = 200
    min_games: int = 100
    round_pairs: int = 10
    idle_pairs: int = 0


@dataclass(frozen=True)
class PbilcSettings:
    """PBILc parameters (:class:`igo.evolve.pbilc.PbilcConfig`; ``window`` 0 = none)."""

    initial_variance: float = 0.1
    initial_individuals: int = 50
    k_best: int = 10
    alpha: float = 0.01
    min_weight: float = 0.0
    window: int = 0


@dataclass(frozen=True)
class EvolveConfig:
    """Everything that defines an evolution run (see the module docstring)."""

    out: Path
    records: tuple[str, ...]
    subset: int = 1000
    stride: int = 4
    mode: Mode = "progress"
    buckets: int = 10
    steps: int = 400
    seed: int = 0
    pbilc: PbilcSettings = field(default_factory=PbilcSettings)
    train: TrainSettings = field(default_factory=TrainSettings)
    games: PlaySettings = field(default_factory=PlaySettings)

    def __post_init__(self) -> None:
        object.__setattr__(self, "out", Path(self.out))
        object.__setattr__(self, "records", tuple(str(r) for r in self.records))
        p, t = self.games, self.train
        checks = [
            (bool(self.records), "records must name at least one file"),
            (self.subset >= 2, "subset must be at least 2 records"),
            (self.stride >= 1, "stride must be at least 1"),
            (self.mode in ("progress", "record"), "mode must be 'progress' or 'record'"),
            (self.buckets >= 1, "buckets must be at least 1"),
            (self.steps >= 0, "steps must be >= 0"),
            (t.epochs >= 1 and t.batch >= 1 and t.lr > 0 and t.l2 >= 0,
             "train: epochs and batch >= 1, lr > 0, l2 >= 0"),
            (p.player in ("policy", "mcts"), "games.player must be 'policy' or 'mcts'"),
            (p.temperature >= 0 and p.playouts >= 1, "games: temperature >= 0, playouts >= 1"),
            (p.max_moves >= 0 and p.random_opening >= 0, "games: max_moves, random_opening >= 0"),
            (p.initial_games >= 2 and p.new_games >= 2 and p.round_pairs >= 1
             and p.idle_pairs >= 0,
             "games: initial_games and new_games >= 2, round_pairs >= 1, idle_pairs >= 0"),
            (0 <= p.min_games <= p.new_games, "games: 0 <= min_games <= new_games"),
        ]
        for ok, message in checks:
            if not ok:
                raise EvolveConfigError(message)
        try:
            self.pbilc_config()
        except PbilcError as exc:
            raise EvolveConfigError(f"pbilc: {exc}") from exc

    @property
    def length(self) -> int:
        """Length of a weight vector: buckets, or records."""
        return self.buckets if self.mode == "progress" else self.subset

    def pbilc_config(self) -> PbilcConfig:
        """The :class:`PbilcConfig` of this run."""
        s = self.pbilc
        return PbilcConfig(self.length, s.initial_variance, s.initial_individuals, s.k_best,
                           s.alpha, s.min_weight, s.window or None)

    # ------------------------------------------------------------ JSON (the stored copy)
    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready."""
        data = dataclasses.asdict(self)
        data["out"] = str(self.out)
        data["records"] = list(self.records)
        return data

    def identity(self) -> dict[str, Any]:
        """The fields a resumed run must agree on: all but ``steps``, ``out`` and
        ``games.idle_pairs`` (which only changes what the steps still to come plan); the
        record files by their names only, so that a run moved to another machine, where
        the same files lie in another folder, resumes there."""
        data = self.to_dict()
        del data["steps"], data["out"], data["games"]["idle_pairs"]
        data["records"] = [Path(r).name for r in self.records]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Path | None = None) -> EvolveConfig:
        """Build from a dict such as :meth:`to_dict` or a parsed TOML file; relative
        paths are taken from ``base``.

        Raises
        ------
        EvolveConfigError
            On unknown keys, wrong types or bad values.
        """
        data = dict(data)
        sections = {"pbilc": PbilcSettings, "train": TrainSettings, "games": PlaySettings}
        kwargs: dict[str, Any] = {}
        try:
            for name, kind in sections.items():
                if name in data:
                    table = data.pop(name)
                    if not isinstance(table, dict):
                        raise EvolveConfigError(f"[{name}] must be a table")
                    kwargs[name] = _build(kind, table, name)
            if "out" not in data or "records" not in data:
                raise EvolveConfigError("the configuration needs 'out' and 'records'")
            root = base or Path(".")
            data["out"] = _resolve(root, data["out"])
            records = data["records"]
            if isinstance(records, str) or not isinstance(records, list):
                raise EvolveConfigError("records must be a list of file paths")
            data["records"] = tuple(str(_resolve(root, r)) for r in records)
            return _build(cls, {**data, **kwargs}, "")
        except EvolveConfigError:
            raise
        except (TypeError, ValueError) as exc:
            raise EvolveConfigError(str(exc)) from exc

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON."""
        return json.dumps(self.to_dict(), sort_keys=True)


def _resolve(base: Path, value: Any) -> Path:
    if not isinstance(value, str) or not value:
        raise EvolveConfigError(f"expected a path, got {value!r}")
    path = Path(value).expanduser()
    return path if path.is_absolute() else (base / path).resolve()


_NUMBER_KINDS = {"int": int, "float": float}


def _build(kind: Any, table: dict[str, Any], where: str) -> Any:
    """``kind(**table)`` with unknown keys and wrong scalar types refused by name."""
    names = {f.name: f for f in dataclasses.fields(kind)}
    unknown = sorted(set(table) - set(names))
    prefix = f"[{where}] " if where else ""
    if unknown:
        raise EvolveConfigError(f"{prefix}unknown keys {unknown}; known: {sorted(names)}")
    for key, value in table.items():
        declared = str(names[key].type)
        if declared in _NUMBER_KINDS:
            ok = (isinstance(value, int | float) and not isinstance(value, bool)
                  if declared == "float" else
                  isinstance(value, int) and not isinstance(value, bool))
            if not ok:
                raise EvolveConfigError(f"{prefix}{key} must be {declared}, got {value!r}")
            table = {**table, key: _NUMBER_KINDS[declared](value)}
    return kind(**table)


def load_config(path: str | Path) -> EvolveConfig:
    """Read a TOML configuration file (see the module docstring).

    Raises
    ------
    EvolveConfigError
        If the file cannot be read, is not TOML, or has bad keys or values.
    """
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise EvolveConfigError(f"{p}: cannot read ({exc})") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise EvolveConfigError(f"{p}: not valid TOML ({exc})") from exc
    try:
        return EvolveConfig.from_dict(data, p.resolve().parent)
    except EvolveConfigError as exc:
        raise EvolveConfigError(f"{p}: {exc}") from exc
