"""Numba kernels of the network's input encoding (public API in :mod:`igo.nets.encode`).

A position is kept as two bytes a point and a few numbers, from the view of the player
to move (``c``):

- ``stones[p]``: 0 empty; 1–4 a stone of ``c`` whose string has 1, 2, 3, 4+ liberties;
  5–8 an opponent stone likewise;
- ``moves[p]``: 0 when ``c`` may not play at ``p`` (a stone, the ko point, suicide);
  else ``1 + 6 * la + 2 * cb + ab``, with ``la`` the liberties of the string the move
  makes (0: one, a self-atari; 1: two; 2: three or more), ``cb`` the stones it captures
  (0: none, 1: one, 2: two or more) and ``ab`` whether it puts an opponent string in
  atari (0/1). These are Honda et al.'s tactical features
  (:func:`igo.features._kernels.tactical_code`), read by the same kernel.

The flat point ``p = row * size + col``; the board kernels' padded index is
``(row + 1) * (size + 2) + col + 1``.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit, njit_noalloc
from igo.core._kernels import BLACK, OK, WHITE, BoardState, check_move, pass_move, play
from igo.features._kernels import (
    N_ATARI,
    N_CAPTURE,
    N_LIB_BEFORE,
    string_liberties,
    tactical_code,
)

#: Number of values of ``stones`` and ``moves`` codes.
N_STONE_CODES = 9
N_MOVE_CODES = 19
#: Moves kept in a position's history.
HISTORY = 4


@njit_noalloc
def move_code(s: BoardState, p: int, c: int, suicide_ok: bool, libs: np.ndarray,
              mark: np.ndarray, stamp: np.ndarray, scr: np.ndarray) -> int:
    """The ``moves`` code (module docstring) of colour ``c`` at padded point ``p``."""
    if check_move(s, p, c, suicide_ok) != OK:
        return 0
    code = tactical_code(s, p, c, libs, mark, stamp, scr)
    ab = code % N_ATARI
    rest = code // N_ATARI
    cap = rest % N_CAPTURE
    la = rest // N_CAPTURE // N_LIB_BEFORE  # 0: one liberty … 4: five or more
    return 1 + 6 * min(la, 2) + 2 * min(cap, 2) + min(ab, 1)


@njit_noalloc
def encode_position(s: BoardState, c: int, suicide_ok: bool, stones: np.ndarray,
                    moves: np.ndarray, libs: np.ndarray, mark: np.ndarray,
                    stamp: np.ndarray, scr: np.ndarray) -> None:
    """Write the ``stones`` and ``moves`` codes of the position ``s`` for colour ``c``
    (``stones``/``moves``: uint8 rows of ``size * size``)."""
    size = s.meta[0]
    w = size + 2
    string_liberties(s, mark, stamp, libs)
    for r in range(size):
        for col in range(size):
            p = (r + 1) * w + col + 1
            f = r * size + col
            v = s.color[p]
            if v == BLACK or v == WHITE:
                n = min(libs[s.head[p]], 4)
                stones[f] = n if v == c else 4 + n
                moves[f] = 0
            else:
                stones[f] = 0
                moves[f] = move_code(s, p, c, suicide_ok, libs, mark, stamp, scr)


@njit
def encode_game(s: BoardState, pts: np.ndarray, cols: np.ndarray, suicide_ok: bool,
                lo: int, hi: int, stones: np.ndarray, moves: np.ndarray, hist: np.ndarray,
                target: np.ndarray, to_move: np.ndarray, number: np.ndarray, row0: int,
                libs: np.ndarray, mark: np.ndarray, stamp: np.ndarray,
                scr: np.ndarray) -> int:
    """Replay one game on the empty state ``s`` and encode the positions before its
    moves ``lo .. hi - 1`` into rows ``row0, row0 + 1, …`` of the outputs.

    ``pts`` are flat points (-1 a pass), ``cols`` colours. ``hist[row]`` gets the flat
    points of the :data:`HISTORY` moves before the position, the last first (-1 for a
    pass or none), ``target[row]`` the move played (``size * size`` for a pass),
    ``to_move[row]`` its colour, ``number[row]`` its move number (1 = first).
    Returns the number of rows written: fewer than ``hi - lo`` when the game has an
    illegal move, where it stops.
    """
    size = s.meta[0]
    w = size + 2
    n2 = size * size
    row = row0
    for i in range(min(hi, pts.shape[0])):
        pt = pts[i]
        c = cols[i]
        if i >= lo:
            encode_position(s, c, suicide_ok, stones[row], moves[row], libs, mark, stamp, scr)
            for k in range(hist.shape[1]):
                hist[row, k] = pts[i - 1 - k] if i - 1 - k >= 0 else -1
            target[row] = n2 if pt < 0 else pt
            to_move[row] = c
            number[row] = i + 1
        if pt < 0:
            pass_move(s)
        else:
            p = (pt // size + 1) * w + pt % size + 1
            if check_move(s, p, c, suicide_ok) != OK:
                return row - row0  # the position before the illegal move is not kept
            play(s, p, c, suicide_ok)
        if i >= lo:
            row += 1
    return row - row0
