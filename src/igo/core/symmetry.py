"""The 8 symmetries of the square (the dihedral group D4) on points and arrays.

A symmetry is an int ``s`` in ``0..7``: first transpose if ``s & 4``, then flip rows
(top↔bottom) if ``s & 1``, then flip columns (left↔right) if ``s & 2``. ``0`` is the
identity. :func:`apply_point` and :func:`apply_array` agree:
``apply_array(a, s)[apply_point(p, s, n)] == a[p]``.
"""

from __future__ import annotations

import numpy as np

from igo.core.coords import Point

SYMMETRIES = tuple(range(8))


def apply_point(point: Point, sym: int, size: int) -> Point:
    """Where ``point`` goes under symmetry ``sym`` on a ``size`` board."""
    r, c = point
    if sym & 4:
        r, c = c, r
    if sym & 1:
        r = size - 1 - r
    if sym & 2:
        c = size - 1 - c
    return Point(r, c)


def apply_array(arr: np.ndarray, sym: int) -> np.ndarray:
    """Symmetry ``sym`` applied to the last two axes of ``arr`` (a view where possible)."""
    out = arr
    if sym & 4:
        out = np.swapaxes(out, -1, -2)
    if sym & 1:
        out = out[..., ::-1, :]
    if sym & 2:
        out = out[..., :, ::-1]
    return out


def _table() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    probe = [Point(0, 1), Point(2, 3)]
    size = 5
    images = {s: [apply_point(p, s, size) for p in probe] for s in SYMMETRIES}
    inv = []
    for s in SYMMETRIES:
        for t in SYMMETRIES:
            if [apply_point(q, t, size) for q in images[s]] == probe:
                inv.append(t)
                break
    comp = []
    for a in SYMMETRIES:
        row = []
        for b in SYMMETRIES:
            target = [apply_point(apply_point(p, a, size), b, size) for p in probe]
            row.append(next(s for s in SYMMETRIES if images[s] == target))
        comp.append(tuple(row))
    return tuple(inv), tuple(comp)


_INVERSE, _COMPOSE = _table()


def inverse(sym: int) -> int:
    """The symmetry that undoes ``sym``."""
    return _INVERSE[sym]


def compose(first: int, then: int) -> int:
    """The single symmetry equal to applying ``first`` and then ``then``."""
    return _COMPOSE[first][then]
