"""Fixed handicap placement against the GTP v2 table (section 4.1.1) and GNU Go."""

from __future__ import annotations

import pytest

from igo.core.coords import Point
from igo.core.errors import BoardSizeError
from igo.core.handicap import fixed_handicap, max_fixed_handicap, star_points
from igo.gtp.client import GtpClient
from igo.gtp.errors import GtpEngineError


def gtp(points: list[Point], size: int) -> list[str]:
    return [p.to_gtp(size) for p in points]


# GTP v2, section 4.1.1 (fixed_handicap), in the order of the specification
GTP_19 = {
    2: "D4 Q16",
    3: "D4 Q16 D16",
    4: "D4 Q16 D16 Q4",
    5: "D4 Q16 D16 Q4 K10",
    6: "D4 Q16 D16 Q4 D10 Q10",
    7: "D4 Q16 D16 Q4 D10 Q10 K10",
    8: "D4 Q16 D16 Q4 D10 Q10 K4 K16",
    9: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
}
GTP_13 = {9: "D4 K10 D10 K4 D7 K7 G4 G10 G7", 5: "D4 K10 D10 K4 G7"}
GTP_9 = {9: "C3 G7 C7 G3 C5 G5 E3 E7 E5", 4: "C3 G7 C7 G3"}


@pytest.mark.parametrize("stones", sorted(GTP_19))
def test_19x19_matches_the_gtp_table(stones: int) -> None:
    assert gtp(fixed_handicap(19, stones), 19) == GTP_19[stones].split()


@pytest.mark.parametrize(("size", "table"), [(13, GTP_13), (9, GTP_9)])
def test_13x13_and_9x9_lines(size: int, table: dict[int, str]) -> None:
    for stones, text in table.items():
        assert gtp(fixed_handicap(size, stones), size) == text.split()


@pytest.mark.parametrize("size", range(7, 26))
def test_every_count_is_a_prefix_pattern(size: int) -> None:
    limit = max_fixed_handicap(size)
    assert limit == (4 if size == 7 or size % 2 == 0 else 9)
    for n in range(2, limit + 1):
        pts = fixed_handicap(size, n)
        assert len(pts) == len(set(pts)) == n
        assert all(p.on_board(size) for p in pts)
        line = 2 if size <= 12 else 3  # 3rd line up to 12x12, 4th line from 13x13
        lines = {line, size // 2, size - 1 - line}
        assert all(p.row in lines and p.col in lines for p in pts)
        assert pts[:2] == fixed_handicap(size, 2)  # the first two corners never move
        # symmetric under the half turn for even counts
        if n % 2 == 0:
            assert {Point(size - 1 - p.row, size - 1 - p.col) for p in pts} == set(pts)
    assert star_points(size) == fixed_handicap(size, limit)


@pytest.mark.parametrize(("size", "stones"), [(19, 1), (19, 0), (19, 10), (19, -2),
                                               (13, 10), (9, 10), (8, 5), (10, 5),
                                               (7, 5), (25, 10)])
def test_invalid_counts_raise(size: int, stones: int) -> None:
    with pytest.raises(BoardSizeError, match=f"invalid handicap {stones} on {size}x{size}"):
        fixed_handicap(size, stones)


@pytest.mark.parametrize("size", [2, 5, 6])
def test_small_boards_have_no_fixed_handicap(size: int) -> None:
    assert max_fixed_handicap(size) == 0 and star_points(size) == []
    with pytest.raises(BoardSizeError, match=f"no fixed handicap on {size}x{size}"):
        fixed_handicap(size, 2)


@pytest.mark.parametrize("size", [1, 26])
def test_unsupported_sizes(size: int) -> None:
    with pytest.raises(BoardSizeError):
        max_fixed_handicap(size)


@pytest.mark.gnugo
def test_same_points_as_gnugo(gnugo: str) -> None:
    """GNU Go (sizes 7-19) places the same stones (it lists them in another order)
    and refuses the same counts.

    One known difference: on 12x12 GNU Go 3.8 uses the 4th line (D4 J9); igo uses
    the 3rd line below 13x13, as does ``brown``, the reference engine shipped with
    GNU Go by the GTP authors (``low = board_size >= 13 ? 3 : 2``).
    """
    mismatches = []
    with GtpClient([gnugo, "--mode", "gtp"]) as engine:
        for size in range(7, 20):
            engine.send(f"boardsize {size}")
            for n in range(1, 11):
                engine.send("clear_board")
                try:
                    theirs: list[str] | None = engine.send(f"fixed_handicap {n}").split()
                except GtpEngineError:
                    theirs = None
                mine = (gtp(fixed_handicap(size, n), size)
                        if 2 <= n <= max_fixed_handicap(size) else None)
                if (None if theirs is None else sorted(theirs)) != (
                        None if mine is None else sorted(mine)):
                    mismatches.append((size, n, theirs, mine))
    assert {(size, n) for size, n, _t, _m in mismatches} == {(12, n) for n in (2, 3, 4)}, \
        mismatches
