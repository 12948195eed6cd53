"""The default move models committed with igo (``src/igo/models/``).

``movepred-19.npz`` is the 19x19 model every part of igo uses when no model is
given; ``src/igo/models/README.md`` says how it was made and how well it does.
``movepred-9.npz`` and ``movepred-13.npz`` are trained on GNU Go self-play (there
are no human 9x9/13x13 records in the shared data; see
``experiments/small_boards/README.md``). Other sizes have no default model.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from igo.movepred.model import MoveModel
from igo.movepred.model_io import ModelFileError, load_model

MODELS_DIR = Path(__file__).resolve().parents[1] / "models"


def default_model_path(size: int = 19) -> Path:
    """Path of the default model of a board size.

    Raises
    ------
    ModelFileError
        If igo has no default model for that size.
    """
    path = MODELS_DIR / f"movepred-{size}.npz"
    if not path.is_file():
        raise ModelFileError(f"no default move model for {size}x{size} (looked for {path})")
    return path


@lru_cache(maxsize=4)
def load_default(size: int = 19) -> MoveModel:
    """The default model of a board size (loaded once per process)."""
    return load_model(default_model_path(size))
