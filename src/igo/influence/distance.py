"""Honda et al.'s simple influence model (section 4.1, "盤面の縮小" step 1).

``f(p) = sum_i g(s_i) / max(d_i, 1)`` over the stones ``s_i`` within distance
``a`` of ``p``, with ``g = +1`` for black and ``-1`` for white. The paper uses
``a = 5`` and its own metric ``d(x, y) = x + y + max(x, y)``; Manhattan and
Euclidean distances are offered as alternatives (SPEC.md, section 000).

This is the one implementation shared by the influence maps (``igo.influence``)
and the broad patterns of move evaluation (``igo.features``).
"""

from __future__ import annotations

import math

import numpy as np

from igo.influence import _kernels

METRICS: dict[str, int] = {
    "d": _kernels.METRIC_D,
    "manhattan": _kernels.METRIC_MANHATTAN,
    "euclidean": _kernels.METRIC_EUCLIDEAN,
}
"""Metric names accepted by :func:`distance_influence` and their kernel codes."""


def metric_code(metric: str) -> int:
    """Kernel code of a metric name (``"d"``, ``"manhattan"``, ``"euclidean"``).

    Raises
    ------
    ValueError
        If the name is unknown.
    """
    try:
        return METRICS[metric]
    except KeyError:
        known = ", ".join(sorted(METRICS))
        raise ValueError(f"unknown distance metric {metric!r} (known: {known})") from None


def check_stones(stones: np.ndarray) -> np.ndarray:
    """Validate a stone array and return it signed, as a C-contiguous ``int8`` array.

    Two encodings are accepted: signed (``+1`` black, ``-1`` white, ``0`` empty)
    and the board's own (``1`` black, ``2`` white, ``0`` empty, as returned by
    :meth:`igo.core.Board.to_array`); the second is converted to the first.

    Raises
    ------
    ValueError
        If ``stones`` is not a square 2-D array, or mixes ``-1`` and ``2``, or
        holds any other value.
    """
    arr = np.asarray(stones)
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] < 1:
        raise ValueError(f"stones must be a square 2-D array, got shape {arr.shape}")
    lo, hi = int(arr.min()), int(arr.max())
    if lo >= 0 and hi == 2:
        signed = np.where(arr == 2, -1, arr)
        return np.ascontiguousarray(signed, dtype=np.int8)
    if lo < -1 or hi > 1:
        raise ValueError("stones must hold -1 (white), 0 (empty), +1 (black), "
                         "or the board encoding 0/1/2 (empty/black/white)")
    return np.ascontiguousarray(arr, dtype=np.int8)


def distance_influence(stones: np.ndarray, a: float = 5.0, metric: str = "d") -> np.ndarray:
    """Influence map of Honda et al., section 4.1 (equation for ``f(p)``).

    Parameters
    ----------
    stones : numpy.ndarray
        ``(size, size)`` array, ``+1`` black, ``-1`` white, ``0`` empty; the
        board encoding of :meth:`igo.core.Board.to_array` (0/1/2) is accepted too.
    a : float
        Radius: only stones with ``d <= a`` count. Paper default 5.
    metric : str
        ``"d"`` (paper: ``x + y + max(x, y)``), ``"manhattan"`` or ``"euclidean"``.

    Returns
    -------
    numpy.ndarray
        ``float64`` ``(size, size)``; positive where black dominates.

    Raises
    ------
    ValueError
        For a malformed stone array, a negative or non-finite ``a``, or an
        unknown metric.
    """
    arr = check_stones(stones)
    if not math.isfinite(a) or a < 0:
        raise ValueError(f"radius a must be a finite number >= 0, got {a!r}")
    code = metric_code(metric)
    out = np.empty(arr.shape, dtype=np.float64)
    _kernels.distance_map(arr, float(a), code, out)
    return out
