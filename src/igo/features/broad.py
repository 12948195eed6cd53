"""Broad (reduced-board) patterns of Honda et al., section 4.

1. Influence ``f(p) = sum_i g(s_i) / max(d_i, 1)`` over stones within distance
   ``a`` (:func:`igo.influence.distance.distance_influence`, the one
   implementation, called from the kernel as ``igo.influence._kernels.distance_map``).
2. The board is cut into cells (19: rows/columns ``[3, 3, 2, 3, 2, 3, 3]`` → 7x7;
   13: ``[3, 2, 3, 2, 3]`` → 5x5; 9: ``[2, 2, 1, 2, 2]`` → 5x5, SPEC.md); a cell's
   value is the mean influence over its points.
3. Table 1: mean ``< -b`` → 0 (white); ``>= b`` → 3 (black); otherwise 1
   (unclaimed) if the cell holds fewer than ``c`` stones, else 2 (contested).
4. A candidate move gets the 3x3 reduced pattern centred on its cell (off the
   reduced board = a fifth value), colours relative to the player to move,
   minimum code over the 8 symmetries, with the cell's position class. Fig. 10 is
   missing from the text: the class used here is the pair (distance of the cell
   to its nearer edge, to its farther edge) on the reduced board, which
   distinguishes corner / edge / centre and the rings between them and is
   invariant under the symmetries.

Patterns seen at least ``threshold`` times among the played moves of the
training records are kept (as for local patterns).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from igo.influence.distance import metric_code

#: Default cell split per board size (SPEC.md, section 000).
DEFAULT_SPLITS: dict[int, tuple[int, ...]] = {
    19: (3, 3, 2, 3, 2, 3, 3),
    13: (3, 2, 3, 2, 3),
    9: (2, 2, 1, 2, 2),
}


def default_split(size: int) -> tuple[int, ...]:
    """The cell split of a board size: the table above; otherwise an odd number of
    cells of about 3 points, the remainder given to the middle cell (if odd) and
    then to pairs of mirror cells from the edges inwards, so the split is symmetric
    (this rule reproduces the 19 and 13 entries of the table)."""
    if size in DEFAULT_SPLITS:
        return DEFAULT_SPLITS[size]
    n = max(1, round(size / 3))
    if n % 2 == 0:
        n += 1
    base = [size // n] * n
    extra = size - sum(base)
    if extra % 2:
        base[n // 2] += 1
        extra -= 1
    i = 0
    while extra > 0:
        base[i] += 1
        base[n - 1 - i] += 1
        extra -= 2
        i += 1
    return tuple(base)


@dataclass(frozen=True)
class BroadConfig:
    """Parameters of the broad pattern (paper defaults ``a = 5, b = 0.01, c = 7``).

    Attributes
    ----------
    a : float
        Influence radius.
    b : float
        Quantisation threshold on the mean influence of a cell.
    c : int
        Stone count at which a balanced cell is "contested" rather than "unclaimed".
    metric : str
        ``"d"`` (paper), ``"manhattan"`` or ``"euclidean"``.
    splits : tuple of (size, cell sizes) pairs
        Cell split overrides; sizes not listed use :func:`default_split`.
    threshold : int
        Minimum count among training moves for a broad pattern to be kept.
    """

    a: float = 5.0
    b: float = 0.01
    c: int = 7
    metric: str = "d"
    splits: tuple[tuple[int, tuple[int, ...]], ...] = field(default=())
    threshold: int = 3

    def __post_init__(self) -> None:
        if not np.isfinite(self.a) or self.a < 0:
            raise ValueError(f"broad a must be >= 0, got {self.a}")
        if not np.isfinite(self.b) or self.b < 0:
            raise ValueError(f"broad b must be >= 0, got {self.b}")
        if self.c < 0:
            raise ValueError(f"broad c must be >= 0, got {self.c}")
        if self.threshold < 1:
            raise ValueError(f"broad threshold must be >= 1, got {self.threshold}")
        metric_code(self.metric)
        for size, split in self.splits:
            if sum(split) != size or any(x < 1 for x in split):
                raise ValueError(f"split {split} does not cover a {size} board")

    def split(self, size: int) -> tuple[int, ...]:
        """Cell sizes along one axis of a ``size`` board."""
        return dict(self.splits).get(size, default_split(size))

    @property
    def metric_code(self) -> int:
        """Kernel code of the metric."""
        return metric_code(self.metric)


def cell_of_row(split: tuple[int, ...]) -> np.ndarray:
    """Reduced row of each board row for a split."""
    return np.repeat(np.arange(len(split)), split).astype(np.int64)


@lru_cache(maxsize=1)
def sym3_table() -> np.ndarray:
    """``(8, 9)``: where each symmetry sends each cell of a row-major 3x3."""
    out = np.empty((8, 9), dtype=np.int64)
    for s in range(8):
        for i in range(3):
            for j in range(3):
                r, c = i - 1, j - 1
                if s & 4:
                    r, c = c, r
                if s & 1:
                    r = -r
                if s & 2:
                    c = -c
                out[s, i * 3 + j] = (r + 1) * 3 + (c + 1)
    out.setflags(write=False)
    return out
