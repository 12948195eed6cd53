"""Fixed handicap placement as GTP v2 defines it (``fixed_handicap``, section 4.1.1).

Stones stand on the 3rd line on boards up to 12x12 and on the 4th line from 13x13
up; boards smaller than 7x7 take no fixed handicap. Odd sizes allow 2–9 stones
(4, 6, 8 in a symmetric pattern, odd counts add tengen), even sizes 2–4, 7x7 2–4.
Order for 19x19 (GTP table): D4 Q16 D16 Q4, then D10 Q10 (6), K4 K16 (8), and K10
for odd counts 5, 7, 9.
"""

from __future__ import annotations

from igo.core.coords import Point, check_size
from igo.core.errors import BoardSizeError


def max_fixed_handicap(size: int) -> int:
    """The largest number of fixed handicap stones GTP allows on ``size``."""
    check_size(size)
    if size < 7:
        return 0
    if size == 7 or size % 2 == 0:
        return 4
    return 9


def fixed_handicap(size: int, stones: int) -> list[Point]:
    """The points of a fixed handicap of ``stones`` on a ``size`` board, in GTP order.

    Raises
    ------
    BoardSizeError
        If the board does not allow that many stones (or fewer than 2 are asked).
    """
    limit = max_fixed_handicap(size)
    if not 2 <= stones <= limit:
        raise BoardSizeError(f"invalid handicap {stones} on {size}x{size} "
                             f"(allowed: 2 to {limit})" if limit else
                             f"no fixed handicap on {size}x{size}")
    edge = 2 if size <= 12 else 3
    lo, hi, mid = size - 1 - edge, edge, size // 2  # rows: lo = bottom line of stones
    left, right = edge, size - 1 - edge
    corners = [Point(lo, left), Point(hi, right), Point(hi, left), Point(lo, right)]
    sides_lr = [Point(mid, left), Point(mid, right)]
    sides_tb = [Point(lo, mid), Point(hi, mid)]
    centre = Point(mid, mid)
    if stones <= 4:
        return corners[:stones]
    if stones == 5:
        return [*corners, centre]
    if stones == 6:
        return corners + sides_lr
    if stones == 7:
        return [*corners, *sides_lr, centre]
    if stones == 8:
        return corners + sides_lr + sides_tb
    return [*corners, *sides_lr, *sides_tb, centre]


def star_points(size: int) -> list[Point]:
    """Hoshi drawn on diagrams: the points of the largest fixed handicap."""
    n = max_fixed_handicap(size)
    return fixed_handicap(size, n) if n else []
