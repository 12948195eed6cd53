"""Positions of games as the network's input (issue 37).

:func:`igo.nets.stream.encode_games` replays games (compact move lists,
:mod:`igo.nets.games`) in numba kernels, several threads at once, and keeps each
position as two bytes a point plus its last moves (:class:`Encoded`; the codes are those of
:mod:`igo.nets._encode_kernels`): 19x19 is ~730 bytes a position, so 25 million
positions fit in a GPU's memory and the input planes are built there, a batch at a
time, by :func:`planes` (PyTorch, any device).

The input planes, all from the view of the player to move (:data:`PLANES`):

====  ==========================================================================
0–3   own stones whose string has 1, 2, 3, 4+ liberties
4–7   opponent stones likewise
8     empty points
9     legal moves (not the ko point, not suicide)
10–12 legal moves whose new string has 1 (self-atari), 2, 3+ liberties
13–14 legal moves that capture one stone, two or more
15    legal moves that put an opponent string in atari
16–19 the last four moves (the last first)
20    ones (the board's extent; the convolutions pad with zeros)
21    ones when Black is to move
====  ==========================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.core.color import Color
from igo.core.replay import ReplayedGame
from igo.nets import _encode_kernels as K

if TYPE_CHECKING:
    import torch

PLANES = ("own1", "own2", "own3", "own4+", "opp1", "opp2", "opp3", "opp4+", "empty",
          "legal", "after1", "after2", "after3+", "capture1", "capture2+", "atari",
          "last1", "last2", "last3", "last4", "ones", "black_to_move")
N_PLANES = len(PLANES)
HISTORY = K.HISTORY


@dataclass(frozen=True)
class Encoded:
    """Positions as compact arrays (``n`` rows; see the module docstring).

    ``stones``/``moves``: ``(n, size*size)`` uint8 codes; ``hist``: ``(n, HISTORY)``
    int16 flat points of the last moves (-1 none or a pass); ``target``: int16, the
    move played (``size*size`` for a pass); ``to_move``: int8 colour; ``number``:
    int16 move number (1 = first); ``game``: int32 index of the game.
    """

    size: int
    stones: np.ndarray
    moves: np.ndarray
    hist: np.ndarray
    target: np.ndarray
    to_move: np.ndarray
    number: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:
        return len(self.target)

    def rows(self, idx: np.ndarray) -> Encoded:
        """The positions ``idx``."""
        return Encoded(self.size, self.stones[idx], self.moves[idx], self.hist[idx],
                       self.target[idx], self.to_move[idx], self.number[idx], self.game[idx])


def _work_arrays(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Scratch arrays of the encoding kernels (liberties, marks, stamp, tactical)."""
    a = (size + 2) ** 2
    return (np.zeros(a, np.int32), np.zeros(a, np.int32), np.zeros(1, np.int64),
            np.zeros(12, np.int64))


def _scratch(size: int) -> tuple[CK.BoardState, np.ndarray, np.ndarray, np.ndarray,
                                 np.ndarray]:
    """An empty board state to replay games on, and the work arrays."""
    return (CK.copy_state(Board(size).state), *_work_arrays(size))


def stack(positions: Sequence[Encoded]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(stones, moves, hist, to_move)`` of encoded positions of one size, their rows
    one after the other: what :func:`planes` and its numpy twin take."""
    return (np.concatenate([p.stones for p in positions]),
            np.concatenate([p.moves for p in positions]),
            np.concatenate([p.hist for p in positions]),
            np.concatenate([p.to_move for p in positions]))


def encode_board(board: Board, color: Color) -> Encoded:
    """The position of ``board`` with ``color`` to move, as one row (its history from
    the board's moves)."""
    size = board.size
    n2 = size * size
    libs, mark, stamp, scr = _work_arrays(size)  # no board to build: ~0.3 ms saved
    stones = np.zeros((1, n2), np.uint8)
    moves = np.zeros((1, n2), np.uint8)
    K.encode_position(board.state, int(color), board.rules.suicide, stones[0],
                      moves[0], libs, mark, stamp, scr)
    hist = np.full((1, HISTORY), -1, np.int16)
    for k, mv in enumerate(reversed(board.history[-HISTORY:])):
        hist[0, k] = -1 if mv.point is None else mv.point.flat(size)
    return Encoded(size, stones, moves, hist, np.zeros(1, np.int16),
                   np.array([int(color)], np.int8),
                   np.array([board.move_number + 1], np.int16), np.zeros(1, np.int32))


def encode_positions(game: ReplayedGame) -> list[Encoded]:
    """:func:`encode_board` of every position of a replayed game before its move, the
    mover to move: the net's input of each move, built from the one replay."""
    return [encode_board(board, move.color) for board, move in game.positions()]


def planes(stones: torch.Tensor, moves: torch.Tensor, hist: torch.Tensor,
           to_move: torch.Tensor, size: int, dtype: torch.dtype | None = None
           ) -> torch.Tensor:
    """Input planes ``(B, N_PLANES, size, size)`` of a batch of encoded positions,
    built on the tensors' device (see the module docstring for the planes)."""
    import torch

    dt = dtype or torch.float32
    b, n2 = stones.shape
    out = torch.zeros((b, N_PLANES, n2), dtype=dt, device=stones.device)
    black = (to_move == int(Color.BLACK)).to(dt).unsqueeze(1)
    fill_planes(out, stones.long(), moves.long(), hist.long(), black)
    return out.view(b, N_PLANES, size, size)


def fill_planes(out: Any, stones: Any, moves: Any, hist: Any, black: Any) -> None:
    """Fill zeroed planes ``out`` ``(B, N_PLANES, size*size)`` from int64 ``stones``,
    ``moves`` and ``hist`` and the ``(B, 1)`` column ``black`` (1 where Black is to
    move): one body for numpy arrays and torch tensors alike (:func:`planes` and
    :func:`igo.nets.numpy_forward.planes_np`), so that the two cannot drift apart."""
    for k in range(8):
        out[:, k] = stones == k + 1
    out[:, 8] = stones == 0
    legal = moves > 0
    v = moves - 1
    v[v < 0] = 0
    la, cb, ab = v // 6, (v % 6) // 2, v % 2
    out[:, 9] = legal
    for k in range(3):
        out[:, 10 + k] = legal & (la == k)
    out[:, 13] = legal & (cb == 1)
    out[:, 14] = legal & (cb == 2)
    out[:, 15] = legal & (ab == 1)
    for k in range(hist.shape[1]):
        ok = hist[:, k] >= 0
        out[ok, 16 + k, hist[ok, k]] = 1
    out[:, 20] = 1
    out[:, 21] = black


def legal_mask(moves: torch.Tensor) -> torch.Tensor:
    """``(B, size*size + 1)`` booleans: the legal points, and pass (always legal)."""
    import torch

    ok = moves > 0
    return torch.cat([ok, torch.ones_like(ok[:, :1])], dim=1)
