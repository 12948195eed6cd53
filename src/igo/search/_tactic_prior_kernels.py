"""Ladders in the priors: what the move model cannot see, read at expansion.

Pachi's ``prune_ladders`` keeps escapes from working ladders out of its tree; igo's
move model (Honda et al.'s features: captures, ataris, extensions) rates an extension
of a string in atari the same whether the ladder works or not. At each expansion,
for every candidate move of ``c``:

- an *escape* (the only liberty of an own string in atari, leaving it with fewer
  than three liberties) when the string is caught in a ladder whatever its owner
  does (:func:`igo.tactics._ladder_kernels.caught`): its prior is multiplied by
  ``escape_factor``;
- an *atari* on an opponent string of two liberties after which the string is caught
  (:func:`igo.tactics._ladder_kernels.atari_caught`): multiplied by ``atari_factor``.

Readings stop after ``budget`` nodes (then nothing changes).
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_noalloc
from igo.core._kernels import BLACK, OK, WHITE, BoardState, atari_point, check_move
from igo.search._moggy_kernels import libs_after
from igo.search._policy_kernels import _nb
from igo.tactics._ladder_kernels import LadderScratch, atari_caught, caught
from igo.tactics._string_kernels import string_libs

ESCAPE = 1
ATARI = 2


@njit_noalloc
def _escape_caught(s: BoardState, lad: LadderScratch, pts: np.ndarray, p: int, c: int,
                   budget: int) -> bool:
    """Whether ``p`` extends an own string in atari that is caught in a ladder."""
    w = s.meta[0] + 2
    for k in range(4):
        r = _nb(p, k, w)
        if s.color[r] != c:
            continue
        h = s.head[r]
        if atari_point(s, h) != p:
            continue
        if libs_after(s, p, c, 3, pts) >= 3:
            return False
        if caught(s, lad, h, budget):
            return True
    return False


@njit_noalloc
def _atari_ladder(s: BoardState, lad: LadderScratch, libs: np.ndarray, p: int, c: int,
                  budget: int) -> bool:
    """Whether ``c`` at ``p`` puts an opponent string of two liberties in atari and it
    is then caught in a ladder."""
    w = s.meta[0] + 2
    for k in range(4):
        r = _nb(p, k, w)
        if s.color[r] != 3 - c:
            continue
        h = s.head[r]
        if s.libs[h] > 8 or string_libs(s, h, libs, 3) != 2:
            continue
        if atari_caught(s, lad, p, c, h, budget):
            return True
    return False


@njit_noalloc
def ladder_priors(s: BoardState, lad: LadderScratch, pts: np.ndarray, libs: np.ndarray,
                  c: int, moves: np.ndarray, priors: np.ndarray, n: int, budget: int,
                  escape_factor: float, atari_factor: float, suicide_ok: bool,
                  kinds: np.ndarray) -> int:
    """Scale the priors ``priors[:n]`` of ``c``'s moves ``moves[:n]`` (see the module);
    ``kinds[:n]`` gets :data:`ESCAPE`, :data:`ATARI` or 0 for each; returns the number of
    moves changed."""
    for i in range(n):
        kinds[i] = 0
    changed = 0
    any_atari = False
    size = s.meta[0]
    w = size + 2
    for r in range(size):  # the readings run only where a string is short of liberties
        for cc in range(size):
            q = (r + 1) * w + cc + 1
            cq = s.color[q]
            if (cq == BLACK or cq == WHITE) and s.head[q] == q and s.libs[q] <= 8:
                any_atari = True
                break
        if any_atari:
            break
    if not any_atari:
        return 0
    for i in range(n):
        p = moves[i]
        if p <= 0 or check_move(s, p, c, suicide_ok) != OK:
            continue
        if _escape_caught(s, lad, pts, p, c, budget):
            priors[i] *= escape_factor
            kinds[i] = ESCAPE
            changed += 1
        elif atari_factor != 1.0 and _atari_ladder(s, lad, libs, p, c, budget):
            priors[i] *= atari_factor
            kinds[i] = ATARI
            changed += 1
    return changed
