"""The default move models committed with igo (``src/igo/models/``).

``movepred-19.npz`` is the 19x19 model every part of igo uses when no model is
given; ``src/igo/models/README.md`` says how it was made and how well it does.
``movepred-9.npz`` and ``movepred-13.npz`` are trained on GNU Go self-play (there
are no human 9x9/13x13 records in the shared data; see
``experiments/small_boards/README.md``). Other sizes have no model of their own.

Which model serves a board size in play — the search's prior, the review's expected
moves, GTP's move probabilities, ``igo movepred`` without ``--model`` — is
:func:`model_for`: the 19x19 model on every size where it measured better than the
size's own model. On 9x9, as the search's prior at 2,000 playouts a move, it beat the
9x9 model by about +250 Elo, and it predicts igo's strongest 9x9 games better (0.301
top-1 against 0.242; ``experiments/small_boards/README.md``): patterns of 9-dan play
carry over to the small board better than GNU Go level 1's own 9x9 moves do. The 9x9
and 13x13 files stay for Honda et al.'s small-board experiment (``--model``).
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


#: Board size → the size of the default model that serves it in play, where that is
#: not the size's own model (measured: ``experiments/small_boards/README.md``).
SERVED_BY = {9: 19}


def model_size_for(size: int) -> int:
    """The size of the default model that serves boards of ``size`` (see the module's
    text): a measured choice, else the size's own model, else the nearest size with a
    model (9x9 below 12, 13x13 below 17, else 19x19; patterns are local, so a model
    carries over to near sizes).

    >>> model_size_for(19), model_size_for(9), model_size_for(7), model_size_for(15)
    (19, 19, 19, 13)
    """
    if size in SERVED_BY:
        return SERVED_BY[size]
    if (MODELS_DIR / f"movepred-{size}.npz").is_file():
        return size
    near = 9 if size < 12 else 13 if size < 17 else 19
    return SERVED_BY.get(near, near)


def model_for(size: int) -> MoveModel:
    """The default model that serves boards of ``size`` in play (loaded once)."""
    return load_default(model_size_for(size))


@lru_cache(maxsize=4)
def load_default(size: int = 19) -> MoveModel:
    """The default model of a board size (loaded once per process)."""
    return load_model(default_model_path(size))
