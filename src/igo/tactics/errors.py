"""Exceptions of the tactics room: bad questions, not bad positions.

All subclass ``ValueError`` (through :class:`TacticsError`) so callers that only care
about "bad input" can catch that; each says what was wrong with the question.
"""

from __future__ import annotations

from igo.core.errors import IgoError


class TacticsError(IgoError, ValueError):
    """A tactical question that cannot be asked of this position."""


class NoStringError(TacticsError):
    """The point of the question holds no stone (a string was expected)."""


class NotEmptyError(TacticsError):
    """The point of the question holds a stone (an empty point was expected)."""


class LibertyCountError(TacticsError):
    """The string has the wrong number of liberties for the question (e.g. a ladder
    question about a string that is not in atari)."""


class IllegalQuestionMoveError(TacticsError):
    """The move the question is about is not legal (occupied, suicide, ko)."""
