"""The rules engine and the record type: everything else in igo stands on this."""

from igo.core.board import Board
from igo.core.color import BLACK, BORDER, EMPTY, WHITE, Color
from igo.core.coords import Point, format_vertex, parse_vertex
from igo.core.errors import (
    BoardSizeError,
    CoordinateError,
    IgoError,
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
    UndoError,
)
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.rules import Ruleset

__all__ = [
    "BLACK",
    "BORDER",
    "EMPTY",
    "WHITE",
    "Board",
    "BoardSizeError",
    "Color",
    "CoordinateError",
    "GameRecord",
    "GameResult",
    "IgoError",
    "IllegalMoveError",
    "KoError",
    "Move",
    "OccupiedError",
    "Point",
    "Ruleset",
    "SuicideError",
    "SuperkoError",
    "UndoError",
    "format_vertex",
    "parse_vertex",
]
