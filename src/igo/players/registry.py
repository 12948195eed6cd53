"""Player specs: the text that names a player on the command line and in match configs.

A spec is ``KIND:ARGUMENT``:

=====================  ==========================================================
spec                   player
=====================  ==========================================================
``igo:random``         igo's random player (legal moves that do not fill own eyes)
``igo:NAME:k=v,k=v``   igo engine ``NAME`` with options (engines registered below):
                       ``igo:mcts:playouts=500,model=m.npz``, ``igo:policy:model=m.npz``
``gtp:COMMAND LINE``   an external GTP engine, e.g.
                       ``gtp:/usr/games/gnugo --mode gtp --level 1`` (shlex split)
=====================  ==========================================================

igo's own engines are registered **in one place**, :data:`IGO_ENGINES` below: a new
engine (``igo:mcts``, ``igo:policy`` …) adds one entry naming a factory
``factory(options: dict[str, str], rng: numpy.random.Generator) -> Player`` by its
import path, so heavy dependencies (PyTorch) load only when that engine is used.
"""

from __future__ import annotations

import functools
import importlib
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.players.base import EnginePlayer, Player

if TYPE_CHECKING:
    from igo.movepred.model import MoveModel
    from igo.search.config import SearchConfig

PlayerFactory = Callable[[dict[str, str], np.random.Generator], Player]

#: igo's own engines: ``NAME -> "module:function"`` of a :data:`PlayerFactory`.
IGO_ENGINES: Mapping[str, str] = {
    "random": "igo.players.registry:random_player",
    "mcts": "igo.players.registry:mcts_player",
    "policy": "igo.players.registry:policy_player",
}

#: Spec kinds, with a one-line description for error messages and ``--help``.
KINDS: Mapping[str, str] = {
    "igo": "igo's own engines: igo:NAME[:key=value,...] with NAME in "
    + ", ".join(sorted(IGO_ENGINES)),
    "gtp": "an external GTP engine: gtp:COMMAND LINE",
}


class PlayerSpecError(ValueError):
    """A player spec that names no known player or has bad options."""


def random_player(options: dict[str, str], rng: np.random.Generator) -> Player:
    """``igo:random``: :class:`~igo.players.random.RandomGenerator` (no options)."""
    from igo.players.random import RandomGenerator

    if options:
        raise PlayerSpecError(f"igo:random takes no options, got {sorted(options)}")
    return EnginePlayer(RandomGenerator(rng), name="igo:random")


def mcts_player(options: dict[str, str], rng: np.random.Generator) -> Player:
    """``igo:mcts[:preset=strong,playouts=N,time=S,threads=K,tabu=L,model=PATH,...]``:
    the MCTS engine (:mod:`igo.players.mcts`). ``preset`` is ``paper`` or ``strong``
    (default); ``playouts`` and ``time`` (seconds) limit each move (default 1 s);
    ``model`` is a move-model file for the priors (default: igo's model of the board
    size); ``ponder=1`` thinks on the opponent's time (at most ``ponder_time``
    seconds, default 600); ``adaptive_time=0`` turns off the time manager's early
    stops and extensions (:class:`~igo.players.mcts.MCTSGenerator`); every other key
    is a search option by its flat name (:mod:`igo.search.options`: ``max_tree_mb``,
    ``threads``...; :func:`mcts_search_config`)."""
    from igo.players.mcts import MCTSGenerator, MoveLimits

    opts = dict(options)
    model = _model_option(opts, "igo:mcts")
    try:
        config = mcts_search_config(opts)
        playouts = int(opts.pop("playouts")) if "playouts" in opts else None
        seconds = float(opts.pop("time")) if "time" in opts else None
        if playouts is None and seconds is None:
            seconds = 1.0
        ponder = _flag(opts.pop("ponder", "0"), "ponder")
        adaptive = _flag(opts.pop("adaptive_time", "1"), "adaptive_time")
        ponder_time = float(opts.pop("ponder_time", "600"))
        if not ponder_time > 0:
            raise ValueError(f"ponder_time must be positive, got {ponder_time}")
        _check_net(config.netprior.net)
        limits = MoveLimits(playouts, seconds)
    except ValueError as exc:
        raise PlayerSpecError(f"igo:mcts: {exc}") from None
    label = "igo:mcts" + (":" + ",".join(f"{k}={v}" for k, v in options.items())
                          if options else "")
    gen = MCTSGenerator(config, limits, rng, model=model, ponder=ponder,
                        ponder_seconds=ponder_time, adaptive_time=adaptive)
    return EnginePlayer(gen, name=label)


#: Options of ``igo:mcts`` that are not search options (every other key is one of
#: :class:`igo.search.SearchConfig`'s flat option names).
MCTS_PLAYER_OPTIONS = frozenset({"preset", "playouts", "time", "ponder", "adaptive_time",
                                 "ponder_time", "model"})


def mcts_search_config(options: Mapping[str, str]) -> SearchConfig:
    """The search configuration that an ``igo:mcts`` spec's options give (its preset,
    default ``strong``, with the search options; before a board size's defaults).

    Raises
    ------
    ValueError
        For an unknown preset or search option, or a value of the wrong type.
    """
    from igo.search.config import preset

    search = {k: v for k, v in options.items() if k not in MCTS_PLAYER_OPTIONS}
    return preset(options.get("preset", "strong")).with_options(**search)


def _check_net(spec: str) -> None:
    """Load the policy net a search names (once a process), so that a bad file is
    said when the player is made, not in the middle of a game.

    Raises
    ------
    ValueError
        If the file is missing or not a policy net, or PyTorch is not installed.
    """
    if not spec:
        return
    from igo.nets.model_file import NetFileError
    from igo.nets.policy import load_net_policy

    try:
        load_net_policy(spec)
    except NetFileError as exc:
        raise ValueError(str(exc)) from None
    except ImportError as exc:
        raise ValueError(f"net={spec} needs PyTorch ({exc})") from None


def _flag(text: str, name: str) -> bool:
    if text.lower() not in ("0", "1", "true", "false", "yes", "no"):
        raise ValueError(f"{name} takes 0 or 1, got {text!r}")
    return text.lower() in ("1", "true", "yes")


def policy_player(options: dict[str, str], rng: np.random.Generator) -> Player:
    """``igo:policy[:model=PATH,temperature=T]``: moves drawn from a move model's
    probabilities, no search (:mod:`igo.players.policy`). ``model`` defaults to igo's
    19x19 model; ``temperature`` (default 1; 0 = always the most probable move)."""
    from igo.players.policy import PolicyGenerator

    opts = dict(options)
    model = _model_option(opts, "igo:policy")
    try:
        temperature = float(opts.pop("temperature", "1"))
        if opts:
            raise ValueError(f"unknown options {sorted(opts)}")
        if model is None:
            from igo.movepred.default import load_default

            model = load_default(19)
        generator = PolicyGenerator(model, rng, temperature)
    except ValueError as exc:
        raise PlayerSpecError(f"igo:policy: {exc}") from None
    label = "igo:policy" + (":" + ",".join(f"{k}={v}" for k, v in options.items())
                            if options else "")
    return EnginePlayer(generator, name=label)


def _model_option(opts: dict[str, str], engine: str) -> MoveModel | None:
    """Pop ``model=PATH`` from ``opts`` and load it (``None`` if absent).

    Raises
    ------
    PlayerSpecError
        If the file is missing or not a move model.
    """
    from igo.movepred.model_io import ModelFileError

    path = opts.pop("model", None)
    if path is None:
        return None
    try:
        return _load_model_file(str(Path(path).resolve()), *_file_stamp(path))
    except ModelFileError as exc:
        raise PlayerSpecError(f"{engine}: {exc}") from None


def _file_stamp(path: str) -> tuple[int, int]:
    """``(mtime_ns, size)`` of a file, ``(0, 0)`` if it cannot be read (loading then
    says why)."""
    try:
        st = os.stat(path)
    except OSError:
        return 0, 0
    return st.st_mtime_ns, st.st_size


@functools.lru_cache(maxsize=16)
def _load_model_file(path: str, mtime_ns: int, size: int) -> MoveModel:
    """A model file, loaded once per process and version of the file (a worker plays
    many games with the same models: Sato & Takahashi's comparison cycles through ten, ~14 MB
    each in memory)."""
    from igo.movepred.model_io import load_model

    return load_model(path)


def parse_options(text: str) -> dict[str, str]:
    """Parse ``key=value,key=value`` (empty text: no options).

    Raises
    ------
    PlayerSpecError
        If an item has no ``=`` or an empty key, or a key repeats.
    """
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise PlayerSpecError(f"bad option {item!r}: expected key=value")
        if key in options:
            raise PlayerSpecError(f"option {key!r} given twice")
        options[key] = value.strip()
    return options


def _load_factory(path: str) -> PlayerFactory:
    module, _, attr = path.partition(":")
    factory: Any = getattr(importlib.import_module(module), attr)
    return factory


def split_spec(spec: str) -> tuple[str, str]:
    """``(kind, argument)`` of a spec; raises :class:`PlayerSpecError` if malformed."""
    kind, sep, arg = spec.strip().partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in KINDS:
        known = "; ".join(f"{k}: {d}" for k, d in KINDS.items())
        raise PlayerSpecError(f"unknown player spec {spec!r}; known kinds are {known}")
    if not arg.strip():
        raise PlayerSpecError(f"player spec {spec!r} has nothing after '{kind}:'")
    return kind, arg.strip()


def check_spec(spec: str) -> str:
    """Validate ``spec`` without starting anything; returns it stripped.

    Raises
    ------
    PlayerSpecError
        Unknown kind, unknown igo engine or malformed options.
    """
    kind, arg = split_spec(spec)
    if kind == "igo":
        name, _, opts = arg.partition(":")
        if name not in IGO_ENGINES:
            raise PlayerSpecError(
                f"unknown igo engine {name!r} in {spec!r}; known: {', '.join(sorted(IGO_ENGINES))}"
            )
        parse_options(opts)
    return spec.strip()


def make_player(
    spec: str, rng: np.random.Generator | None = None, *, timeout: float | None = 60.0
) -> Player:
    """Create the player a spec names.

    Parameters
    ----------
    spec
        ``igo:random``, ``igo:NAME:key=value,...`` or ``gtp:COMMAND LINE``.
    rng
        Randomness for igo's engines (default: a fresh unseeded generator).
    timeout
        Seconds a GTP engine may take per reply.

    Raises
    ------
    PlayerSpecError
        For an unknown kind or engine or bad options (a ``ValueError``).
    igo.gtp.errors.GtpClientError
        If a GTP engine cannot be started.
    """
    kind, arg = split_spec(check_spec(spec))
    if kind == "gtp":
        from igo.players.gtp import GtpPlayer

        return GtpPlayer(arg, timeout=timeout)
    name, _, opts = arg.partition(":")
    factory = _load_factory(IGO_ENGINES[name])
    return factory(parse_options(opts), rng if rng is not None else np.random.default_rng())


def spec_label(spec: str) -> str:
    """A short readable label: ``igo:random`` stays, ``gtp:/usr/games/gnugo --level 1``
    becomes ``gnugo --level 1``."""
    kind, arg = split_spec(spec)
    if kind != "gtp":
        return f"{kind}:{arg}"
    head, _, rest = arg.partition(" ")
    return f"{head.rsplit('/', 1)[-1]} {rest}".strip()
