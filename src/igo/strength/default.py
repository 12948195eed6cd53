"""The default strength model committed with igo (``src/igo/models/strength-19.npz``;
``src/igo/models/README.md`` says how it was made).

Where the default model reads a policy net's view of the moves (feature group ``net``)
and the net's file is missing, :func:`load_default_model` falls back to
``strength-SIZE-mm.npz``, the model of the move model's view alone, and says so on the
log. Without PyTorch the net runs in numpy (:func:`igo.nets.policy.net_engine`).
"""

from __future__ import annotations

import logging
from pathlib import Path

from igo.strength.estimator import StrengthModel, StrengthModelError, load_model

log = logging.getLogger(__name__)

MODELS_DIR = Path(__file__).resolve().parents[1] / "models"


def default_model_path(size: int = 19) -> Path:
    """Path of the default strength model of a board size.

    Raises
    ------
    StrengthModelError
        If igo has no strength model for that size.
    """
    path = MODELS_DIR / f"strength-{size}.npz"
    if not path.is_file():
        raise StrengthModelError(f"no default strength model for {size}x{size} "
                                 f"(looked for {path})")
    return path


def fallback_model_path(size: int = 19) -> Path:
    """The default's fallback without the policy net (``strength-SIZE-mm.npz``)."""
    return MODELS_DIR / f"strength-{size}-mm.npz"


def net_missing(model: StrengthModel) -> str | None:
    """Why the model's policy net cannot be used here (its file missing), or None
    when it can (or the model reads none; without PyTorch the net runs in numpy:
    :func:`igo.nets.policy.net_engine`). A damaged file is found only when the net
    loads."""
    if model.net is None:
        return None
    if not model.net.path().is_file():
        return f"its file {model.net.path()} is missing"
    return None


def load_default_model(size: int = 19) -> StrengthModel:
    """The default strength model of a board size, or its fallback without the policy
    net where that net cannot be used (said on the log).

    Raises
    ------
    StrengthModelError
        If igo has no strength model for that size.
    """
    model = load_model(default_model_path(size))
    why = net_missing(model)
    if why is None:
        return model
    fallback = fallback_model_path(size)
    if not fallback.is_file():
        raise StrengthModelError(f"the default strength model reads the policy net "
                                 f"{model.net.name if model.net else ''}, but {why}, "
                                 f"and its fallback {fallback} is missing")
    log.warning("strength: the policy net of the default model cannot be used (%s); "
                "using %s, the move model's view alone", why, fallback.name)
    return load_model(fallback)
