"""The default strength model committed with igo (``src/igo/models/strength-19.npz``;
``src/igo/models/README.md`` says how it was made)."""

from __future__ import annotations

from pathlib import Path

from igo.strength.estimator import StrengthModelError

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
