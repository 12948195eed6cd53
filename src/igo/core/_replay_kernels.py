"""Numba kernel that replays a whole game in one call (see :mod:`igo.core.replay`).

:meth:`igo.core.board.Board.play` costs one or two kernel calls per move, each paying
numba's argument unboxing, plus a state copy for ``undo``; checking a corpus of
millions of moves only needs the verdict and the final position, so this kernel plays
the setup and every move of a game in a single call. It uses the same move kernels
(:mod:`igo.core._kernels`) and the same superko history as ``Board`` (the position
after the whole setup, then the position after each move), so its verdicts are the
board's; ``tests/core/test_replay.py`` compares the two on random games.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit
from igo.core._kernels import (
    OCCUPIED,
    OK,
    BoardState,
    check_move,
    hash_after,
    pass_move,
    place_stone,
    play,
)

#: Status code of a move that repeats an earlier position (the others are the
#: codes of :mod:`igo.core._kernels`).
SUPERKO = 4
#: Index returned when a setup stone falls on an occupied point.
SETUP_FAILED = -2


@njit
def replay_game(s: BoardState, setup_pts: np.ndarray, setup_cols: np.ndarray,
                pts: np.ndarray, cols: np.ndarray, suicide_ok: bool, positional: bool,
                hashes: np.ndarray, out: np.ndarray) -> int:
    """Place the setup stones and play the moves on state ``s``.

    ``setup_pts``/``pts`` are padded indices (0 = pass), ``setup_cols``/``cols``
    colours; the setup must list one colour's stones before the other's. ``hashes``
    must hold at least ``len(pts) + 3`` entries. Returns -1 when every move is legal,
    the index of the first illegal move (``out[0]`` its status code), or
    :data:`SETUP_FAILED`; the state then holds the position before that move.
    """
    for i in range(setup_pts.shape[0]):
        if place_stone(s, setup_pts[i], setup_cols[i]) != OK:
            out[0] = OCCUPIED
            return SETUP_FAILED
    hashes[0] = s.hashv[0]  # the game's first position: after the whole setup
    nh = 1
    for i in range(pts.shape[0]):
        p = pts[i]
        c = cols[i]
        if p == 0:
            pass_move(s)
        else:
            status = check_move(s, p, c, suicide_ok)
            if status != OK:
                out[0] = status
                return i
            if positional:
                hv = hash_after(s, p, c)
                for j in range(nh):
                    if hashes[j] == hv:
                        out[0] = SUPERKO
                        return i
            play(s, p, c, suicide_ok)
        hashes[nh] = s.hashv[0]
        nh += 1
    out[0] = OK
    return -1
