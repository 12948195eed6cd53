"""Exceptions raised by the rules engine and the record layer.

Every error a user can cause by bad input subclasses ``ValueError`` so callers that
only care about "bad input" can catch that; the specific classes say what was wrong.
"""

from __future__ import annotations


class IgoError(Exception):
    """Base class of igo's own exceptions."""


class IllegalMoveError(IgoError, ValueError):
    """A move that the rules do not allow in the current position."""


class OccupiedError(IllegalMoveError):
    """The point already holds a stone."""


class SuicideError(IllegalMoveError):
    """The move would leave its own string without liberties (and suicide is off)."""


class KoError(IllegalMoveError):
    """The move retakes a ko immediately (simple ko)."""


class SuperkoError(IllegalMoveError):
    """The move repeats an earlier whole-board position (positional superko)."""


class BoardSizeError(IgoError, ValueError):
    """A board size outside the supported range, or a point that is not on the board."""


class CoordinateError(IgoError, ValueError):
    """A vertex or SGF point that cannot be parsed or lies off the board."""


class UndoError(IgoError, ValueError):
    """``undo`` with no move to take back."""
