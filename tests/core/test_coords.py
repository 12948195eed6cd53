"""Coordinates: GTP vertices (no letter I), SGF points, flat and padded indices."""

from __future__ import annotations

import pytest

from igo.core.coords import (
    GTP_COLUMNS,
    MAX_SIZE,
    MIN_SIZE,
    Point,
    check_size,
    format_vertex,
    parse_vertex,
)
from igo.core.errors import BoardSizeError, CoordinateError

ALL_SIZES = range(MIN_SIZE, MAX_SIZE + 1)


def test_gtp_columns_skip_i() -> None:
    assert "I" not in GTP_COLUMNS and len(GTP_COLUMNS) == MAX_SIZE == 25
    assert Point(18, 8).to_gtp(19) == "J1"
    assert Point.from_gtp("J1", 19) == Point(18, 8)
    assert Point.from_gtp("H1", 19) == Point(18, 7)
    with pytest.raises(CoordinateError, match="invalid vertex"):
        Point.from_gtp("I5", 19)


@pytest.mark.parametrize(("vertex", "size", "point"), [
    ("A1", 19, Point(18, 0)),
    ("A19", 19, Point(0, 0)),
    ("T19", 19, Point(0, 18)),
    ("D4", 19, Point(15, 3)),
    ("Q16", 19, Point(3, 15)),
    ("E5", 9, Point(4, 4)),
    ("Z25", 25, Point(0, 24)),
    ("B2", 2, Point(0, 1)),
    ("d4", 19, Point(15, 3)),  # case-insensitive
    (" K10 ", 19, Point(9, 9)),
])
def test_gtp_examples(vertex: str, size: int, point: Point) -> None:
    assert Point.from_gtp(vertex, size) == point
    assert point.to_gtp(size) == vertex.strip().upper()


@pytest.mark.parametrize(("vertex", "size"), [
    ("", 19), ("A", 19), ("11", 19), ("AA1", 19), ("A-1", 19), ("A1.5", 19), ("pass", 19),
    ("I1", 19), ("@1", 19),
])
def test_malformed_gtp_vertices(vertex: str, size: int) -> None:
    with pytest.raises(CoordinateError, match="invalid vertex"):
        Point.from_gtp(vertex, size)


@pytest.mark.parametrize(("vertex", "size"), [
    ("A0", 19), ("A20", 19), ("U1", 19), ("K1", 9), ("J10", 9), ("C1", 2),
])
def test_off_board_gtp_vertices(vertex: str, size: int) -> None:
    with pytest.raises(CoordinateError, match="off the"):
        Point.from_gtp(vertex, size)


@pytest.mark.parametrize("size", ALL_SIZES)
def test_round_trips_on_every_size(size: int) -> None:
    seen_gtp, seen_sgf = set(), set()
    for r in range(size):
        for c in range(size):
            p = Point(r, c)
            g, s = p.to_gtp(size), p.to_sgf()
            assert Point.from_gtp(g, size) == p and Point.from_sgf(s, size) == p
            assert Point.from_flat(p.flat(size), size) == p
            assert Point.from_padded(p.padded(size), size) == p
            assert p.flat(size) == r * size + c
            assert p.padded(size) == (r + 1) * (size + 2) + c + 1
            seen_gtp.add(g)
            seen_sgf.add(s)
    assert len(seen_gtp) == len(seen_sgf) == size * size


def test_sgf_points() -> None:
    assert Point(3, 15).to_sgf() == "pd"  # column first
    assert Point.from_sgf("pd", 19) == Point(3, 15)
    assert Point.from_sgf("aa", 19) == Point(0, 0)
    assert Point.from_sgf("ss", 19) == Point(18, 18)
    assert Point.from_sgf("yy", 25) == Point(24, 24)
    with pytest.raises(CoordinateError, match="off the 19x19 board"):
        Point.from_sgf("tt", 19)  # the old pass: not a point (the SGF layer handles it)
    for bad in ("", "a", "abc", "a1", "!a"):
        with pytest.raises(CoordinateError, match="invalid SGF point"):
            Point.from_sgf(bad, 19)


def test_pass_vertices() -> None:
    assert parse_vertex("pass", 19) is None
    assert parse_vertex(" PASS ", 9) is None
    assert parse_vertex("c3", 9) == Point(6, 2)
    assert format_vertex(None, 9) == "pass"
    assert format_vertex(Point(6, 2), 9) == "C3"
    with pytest.raises(CoordinateError):
        parse_vertex("resign", 9)


def test_point_checks() -> None:
    assert Point(0, 0).on_board(2) and not Point(2, 0).on_board(2)
    assert not Point(-1, 0).on_board(9)
    assert Point(8, 8).check(9) == Point(8, 8)
    with pytest.raises(CoordinateError, match=r"point \(9, 0\) is off the 9x9 board"):
        Point(9, 0).check(9)
    with pytest.raises(CoordinateError):
        Point(9, 0).to_gtp(9)
    assert repr(Point(3, 4)) == "Point(3, 4)"
    assert Point(3, 4) == (3, 4)


@pytest.mark.parametrize("size", [1, 26, 0, -1, 100])
def test_check_size_rejects(size: int) -> None:
    with pytest.raises(BoardSizeError, match=f"from 2 to 25, got {size}"):
        check_size(size)


@pytest.mark.parametrize("size", [True, 9.0, "9", None])
def test_check_size_wants_an_int(size: object) -> None:
    with pytest.raises(BoardSizeError):
        check_size(size)  # type: ignore[arg-type]


def test_check_size_accepts() -> None:
    assert [check_size(n) for n in ALL_SIZES] == list(ALL_SIZES)
