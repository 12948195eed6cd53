"""Tactical features of a candidate move (Honda et al., section 3.1 and section 5).

The paper uses "the change of liberties caused by the move" and "the distance to
the previous move"; the usual extras (capture, atari, escape, distance to the
edge, distance to the move before the previous one) are offered as further
groups (SPEC.md). Each *group* gives one value per move, and the model learns one
gamma per (group, value):

============  ======  ==============================================================
group         values  meaning
============  ======  ==============================================================
liberties     25      liberties of the new string after the move (1, 2, 3, 4, 5+)
                      × liberties of the weakest own string it joins before the
                      move (none, 1, 2, 3, 4+): self-atari, escaping atari, filling
                      own liberties are all read from this pair
capture       6       stones captured: 0, 1, 2, 3, 4-6, 7+
atari         3       opponent strings put in atari (not captured): 0, 1, 2+
dist_prev     17      ``d(x, y) = x + y + max(x, y)`` to the previous move: 2 … 16,
                      17+, and "none" (first move or a pass)
dist_prev2    17      the same for the move before the previous one
edge          49      the two lines of the move, (nearer, farther) edge, each 1 … 6,
                      7+ (``7 * min + max``; 28 values occur): tells the 4-4,
                      3-4, 3-3, 5-4 … points apart, which R7 cannot (on an empty
                      board every point from the 4th line inwards has the same R7)
============  ======  ==============================================================

The first three are packed in one *tactical code* by the extraction kernel
(:func:`igo.features._kernels.pack_tactical`); :func:`unpack_tactical` splits it.
"""

from __future__ import annotations

from igo.features import _kernels as K

N_LIBERTIES = K.N_LIB_AFTER * K.N_LIB_BEFORE
N_CAPTURE = K.N_CAPTURE
N_ATARI = K.N_ATARI
N_DIST = 17
DIST_NONE = 16
EDGE_CAP = 6
N_EDGE = (EDGE_CAP + 1) ** 2


def unpack_tactical(code: int) -> tuple[int, int, int]:
    """(liberties value, capture value, atari value) of a packed tactical code.

    Raises
    ------
    ValueError
        If ``code`` is not a valid code.
    """
    if not 0 <= code < K.N_TACTICAL:
        raise ValueError(f"tactical code out of range: {code}")
    atari = code % K.N_ATARI
    rest = code // K.N_ATARI
    return rest // K.N_CAPTURE, rest % K.N_CAPTURE, atari


def distance_bucket(dr: int | None, dc: int | None) -> int:
    """Bucket of the paper's distance for an offset; ``None`` = no previous move."""
    if dr is None or dc is None:
        return DIST_NONE
    x, y = abs(dr), abs(dc)
    d = x + y + max(x, y)
    return min(d, 17) - 2 if d >= 2 else 0


def edge_bucket(row: int, col: int, size: int) -> int:
    """``7 * nearer + farther`` of the (line - 1) of the point along its two axes,
    each capped at 6 (0 = first line)."""
    lr = min(row, size - 1 - row)
    lc = min(col, size - 1 - col)
    return (EDGE_CAP + 1) * min(lr, lc, EDGE_CAP) + min(max(lr, lc), EDGE_CAP)
