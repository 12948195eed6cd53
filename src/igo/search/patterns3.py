"""MoGo's 3x3 playout shapes (Gelly et al. 2006, as listed in michi), as a table of
the 65,536 codes of :func:`igo.search._policy_kernels.pattern3_code`.

In the shapes ``X`` and ``O`` are the two colours (either may be the player to
move: every shape is expanded over the 8 symmetries and both colourings), ``x`` is
"not X", ``o`` "not O", ``.`` empty, a space off the board, ``?`` anything; the
centre is the empty candidate point.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

SHAPES: tuple[tuple[str, str, str], ...] = (
    ("XOX", "...", "???"),  # hane: enclosing hane
    ("XO.", "...", "?.?"),  # hane: non-cutting hane
    ("XO?", "X..", "x.?"),  # hane: magari
    (".O.", "X..", "..."),  # katatsuke or diagonal attachment
    ("XO?", "O.o", "?o?"),  # cut 1: unprotected cut
    ("XO?", "O.X", "???"),  # cut 1: peeped cut
    ("?X?", "O.O", "ooo"),  # cut 2
    ("OX?", "o.O", "???"),  # cut keima
    ("X.?", "O.?", "   "),  # side: chase
    ("OX?", "X.O", "   "),  # side: block side cut
    ("?X?", "x.O", "   "),  # side: block side connection
    ("?XO", "x.x", "   "),  # side: sagari
    ("?OX", "X.O", "   "),  # side: cut
)

# neighbour order of pattern3_code: NW, N, NE, W, E, SW, S, SE as (row, col) offsets
_ORDER = ((0, 1), (1, 0), (1, 2), (2, 1), (0, 0), (0, 2), (2, 0), (2, 2))
# pattern3_code's k: 0 N, 1 W, 2 E, 3 S, 4 NW, 5 NE, 6 SW, 7 SE
_VALUES = {".": (0,), "X": (1,), "O": (2,), " ": (3,), "x": (0, 2, 3), "o": (0, 1, 3),
           "?": (0, 1, 2, 3)}


def _symmetries(shape: tuple[str, str, str]) -> list[list[list[str]]]:
    grid = [list(row) for row in shape]
    out = []
    for _ in range(4):
        grid = [list(r) for r in zip(*grid[::-1], strict=True)]  # rotate
        out.append(grid)
        out.append([row[::-1] for row in grid])  # mirror
    return out


def _swap(ch: str) -> str:
    return {"X": "O", "O": "X", "x": "o", "o": "x"}.get(ch, ch)


@lru_cache(maxsize=1)
def pattern3_table() -> np.ndarray:
    """Boolean table: ``table[code]`` is True when the neighbourhood matches a shape."""
    table = np.zeros(1 << 16, np.bool_)
    for shape in SHAPES:
        for grid in _symmetries(shape):
            for swap in (False, True):
                cells = [grid[r][c] for r, c in _ORDER]
                if swap:
                    cells = [_swap(ch) for ch in cells]
                codes = [0]
                for k, ch in enumerate(cells):
                    codes = [code | (v << (2 * k)) for code in codes for v in _VALUES[ch]]
                table[codes] = True
    table.setflags(write=False)
    return table
