"""The local-pattern ids of one game's positions, kept from move to move
(:class:`PatternCache`).

A policy player asks for the features of every legal move once a move
(:meth:`igo.features.extract.Extractor.position`), and between two of its moves only
the points near the stones that changed have a new local pattern. The cache keeps each
point's pattern id, per colour, and the tick at which it was computed; on each call
:func:`igo.features._kernels.mark_changes` compares the whole board with the copy kept
here and marks every point whose pattern area holds a point that changed, and
:func:`igo.features._kernels.position_features` computes again only those (the scheme
:func:`igo.features._game_kernels.extract_positions` uses within a record). A pattern's value
depends on the colours inside its area alone, so the ids are those a fresh computation
gives after any moves, captures or undos, or on another board of the same size.

One cache serves one extractor (its pattern dictionary gives the ids); used with
another, or on another board size, it starts again. Not for two threads at once.
"""

from __future__ import annotations

import numpy as np

from igo.core._kernels import BoardState
from igo.features import _kernels as K


class PatternCache:
    """Pattern ids per colour and point, valid while their area has not changed."""

    __slots__ = ("_before", "_changed_at", "_ids", "_owner", "_tick")

    def __init__(self) -> None:
        self._owner: object | None = None
        self._ids = np.zeros((4, 0), np.int64)
        self._changed_at = np.zeros(0, np.int64)
        self._before = np.zeros(0, np.int8)
        self._tick = 0

    def prepare(self, owner: object, state: BoardState, off_r: np.ndarray,
                off_c: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
        """Mark what changed since the last call on ``state`` and return the kernel's
        ``(cache, changed_at, tick)`` arguments (``owner``: the extractor asking)."""
        a = state.color.shape[0]
        if owner is not self._owner or self._changed_at.shape[0] != a:
            self._owner = owner
            self._ids = np.zeros((4, a), np.int64)  # rows c - 1: ids; c + 1: their ticks
            self._changed_at = np.zeros(a, np.int64)
            self._before = state.color.copy()
            self._tick = 0
        self._tick += 1
        K.mark_changes(state, self._before, off_r, off_c, self._changed_at, self._tick)
        self._tick += 1  # ids computed now are newer than the changes just marked
        return self._ids, self._changed_at, self._tick
