"""Bouzy's dilation/erosion influence ("5/21"), the classic baseline.

B. Bouzy, *Modélisation cognitive du joueur de Go* (thesis, 1995), after
Zobrist's influence function (1969); described in the GNU Go manual ("Bouzy's
5/21 algorithm", chapter on moyo), where GNU Go 3 used 5 dilations and 21
erosions for territory, 5/10 for moyo and 4/0 for area.

Stones start at ``+init`` (Black) and ``-init`` (White). A *dilation* adds to a
point not touching the other side's influence the number of its neighbours of
its own sign; an *erosion* takes away from a point one per neighbour not of its
sign, never crossing zero. Updates are synchronous (each step reads the previous
map). Off-board neighbours do not count. With 5/21, what survives is territory.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.influence import _kernels
from igo.influence.distance import check_stones


@dataclass(frozen=True, slots=True)
class BouzyParams:
    """Parameters of :func:`bouzy_influence`.

    Attributes
    ----------
    dilations
        Number of dilations; 5 as in GNU Go's territory estimate (a stone's
        influence reaches 5 lines before erosion).
    erosions
        Number of erosions; 21 as in GNU Go (= 1 + 4 + 16: enough to erase
        influence not surrounded by its own side after 5 dilations).
    init
        Value of a stone; 128 as in GNU Go (large enough that 5 dilations
        from a lone stone never exceed the int range and erosion never removes
        a stone).
    """

    dilations: int = 5
    erosions: int = 21
    init: int = 128

    def __post_init__(self) -> None:
        if self.dilations < 0 or self.erosions < 0 or self.init < 1:
            raise ValueError(f"bad Bouzy parameters {self}")


def bouzy_influence(stones: np.ndarray, params: BouzyParams | None = None) -> np.ndarray:
    """Bouzy's ``dilations/erosions`` map of a position (Black positive).

    Parameters
    ----------
    stones : numpy.ndarray
        ``(size, size)`` stones, signed (+1/-1/0) or board-encoded (1/2/0).
    params : BouzyParams, optional
        Defaults to GNU Go's 5/21 with stones at 128.

    Returns
    -------
    numpy.ndarray
        ``float64`` map: stones near ``+-init``, territory non-zero, the rest 0.
    """
    p = params or BouzyParams()
    arr = check_stones(stones)
    out = np.empty(arr.shape, dtype=np.float64)
    a = np.empty(arr.shape, dtype=np.int64)
    b = np.empty(arr.shape, dtype=np.int64)
    _kernels.bouzy_map(arr, p.dilations, p.erosions, p.init, out, a, b)
    return out
