"""The paper's input encoding (Araki et al., section 4) and the 8 board symmetries.

For the player of colour ``c`` and the first ``N`` moves: the ``N/2`` boards at which
that player was to move, each as 3 planes (black stones, white stones, the move played
next). Games shorter than ``N`` moves continue with passes: the board stays the final
position and the move plane is empty. Input size: ``size * size * 3N/2``.

Boards come from the cache (stones before each early move, :mod:`igo.strength.cache`);
:func:`example_boards` gathers, per example, the ``N/2`` boards (int8, 0/1/2) and the
moves (flat point, -1 none), and :func:`planes` turns them into float planes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from igo.strength.cache import StrengthCache

if TYPE_CHECKING:
    import torch


def example_boards(cache: StrengthCache, rows: np.ndarray, n_moves: int
                   ) -> tuple[np.ndarray, np.ndarray]:
    """``(boards, moves)`` of the examples ``rows``: ``(E, N/2, size*size)`` int8 and
    ``(E, N/2)`` int16 (flat point of the estimated player's move, -1 = pass/none).

    Raises
    ------
    ValueError
        If ``n_moves`` is odd, not positive, or more than the cache's boards.
    """
    if n_moves < 2 or n_moves % 2 or n_moves > cache.max_boards:
        raise ValueError(f"N must be even, 2..{cache.max_boards}; got {n_moves}")
    half = n_moves // 2
    n2 = cache.size * cache.size
    boards = np.zeros((len(rows), half, n2), np.int8)
    moves = np.full((len(rows), half), -1, np.int16)
    for j, r in enumerate(rows):
        g, colour = int(cache.examples[r, 0]), int(cache.examples[r, 1])
        idx = np.arange(colour - 1, n_moves, 2)
        boards[j] = cache.boards[g, idx]
        pts, _ = cache.game_moves(g)
        ok = idx < len(pts)
        moves[j, ok] = pts[idx[ok]]
    return boards, moves


def planes(boards: np.ndarray, moves: np.ndarray, size: int) -> np.ndarray:
    """Float32 planes ``(E, 3N/2, size, size)``: per board black, white, next move."""
    e, half, n2 = boards.shape
    out = np.zeros((e, half, 3, n2), np.float32)
    out[:, :, 0] = boards == 1
    out[:, :, 1] = boards == 2
    ee, hh = np.nonzero(moves >= 0)
    out[ee, hh, 2, moves[ee, hh]] = 1.0
    return out.reshape(e, 3 * half, size, size)


def symmetry(x: np.ndarray, k: int) -> np.ndarray:
    """One of the 8 symmetries of the square applied to the last two axes
    (``k`` in 0..7: ``k % 4`` quarter turns, then a transpose if ``k >= 4``)."""
    if not 0 <= k < 8:
        raise ValueError(f"symmetry index must be 0..7, got {k}")
    y = np.rot90(x, k % 4, axes=(-2, -1))
    if k >= 4:
        y = np.swapaxes(y, -2, -1)
    return np.ascontiguousarray(y)


def symmetry_t(x: torch.Tensor, k: int) -> torch.Tensor:
    """:func:`symmetry` on a tensor (any device): the same images for the same ``k``."""
    import torch

    if not 0 <= k < 8:
        raise ValueError(f"symmetry index must be 0..7, got {k}")
    y = torch.rot90(x, k % 4, dims=(-2, -1))
    if k >= 4:
        y = y.transpose(-2, -1)
    return y.contiguous()
