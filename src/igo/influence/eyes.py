"""Eye-shape degree ``e`` of a group, in [0, 1] (Fukui et al., section 3 problem (3)
and section 4.2: the source strength ``p = a·e + a'`` grows with it).

The paper does not define ``e`` (its figures are missing); here it is::

    e = min(1, eye_weight · eyes + lib_weight · min(libs, lib_cap) / lib_cap)

* a **group** is a set of stones of one colour connected through their eight
  neighbours (a diagonal link counts: a kosumi is hard to cut);
* ``eyes`` counts the empty regions (4-connected empty points) of at most
  ``region_max`` points bordered only by the group's colour and touching the
  group; a one-point region whose diagonals the opponent holds (two of them,
  or one on the edge) is a false eye and counts 0;
* ``libs`` counts the distinct empty points next to the group.

So two eyes give ``e = 1`` ("clearly alive", with the defaults); a lone stone in
the open (4 liberties) has ``e = 1/6``; a stone in atari ``1/24``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.influence import _fukui_kernels as FK
from igo.influence.distance import check_stones


@dataclass(frozen=True, slots=True)
class EyeParams:
    """Constants of the eye-shape degree (module docstring).

    Attributes
    ----------
    eye_weight
        Worth of one eye; 0.5 so that two eyes (a living group) reach ``e = 1``.
    lib_weight
        Worth of a full set of liberties; 0.5 so that liberties alone (no eye)
        reach only half-alive: an open group is not yet alive.
    lib_cap
        Liberties beyond this add nothing; 12, about a 4-stone wall in the open.
    region_max
        Largest empty region counted as an eye; 12 (a region of a corner enclosure
        is eye space, a whole open side is not).
    """

    eye_weight: float = 0.5
    lib_weight: float = 0.5
    lib_cap: float = 12.0
    region_max: int = 12

    def __post_init__(self) -> None:
        if min(self.eye_weight, self.lib_weight) < 0 or self.lib_cap <= 0 or self.region_max < 1:
            raise ValueError(f"bad eye-shape parameters {self}")


def eye_degree(stones: np.ndarray, params: EyeParams | None = None) -> np.ndarray:
    """Eye-shape degree of every stone's group (0 on empty points).

    Parameters
    ----------
    stones : numpy.ndarray
        ``(size, size)`` stones, signed (+1/-1/0) or board-encoded (1/2/0).
    params : EyeParams, optional
        The constants (defaults documented on :class:`EyeParams`).

    Returns
    -------
    numpy.ndarray
        ``float64`` ``(size, size)`` in [0, 1].
    """
    p = params or EyeParams()
    arr = check_stones(stones)
    out = np.empty(arr.shape, dtype=np.float64)
    FK.eye_degree_map(arr, p.eye_weight, p.lib_weight, p.lib_cap, p.region_max, out)
    return out
