"""igo: a computer-Go program and research toolkit.

The core vocabulary is re-exported here: ``Board``, ``Color``, ``Point``, ``Move``,
``GameRecord``, ``Ruleset`` and the errors.
"""

from igo.core import (
    Board,
    Color,
    GameRecord,
    GameResult,
    IllegalMoveError,
    Move,
    Point,
    Ruleset,
)

__version__ = "0.1.0"

__all__ = [
    "Board",
    "Color",
    "GameRecord",
    "GameResult",
    "IllegalMoveError",
    "Move",
    "Point",
    "Ruleset",
    "__version__",
]
