"""Argument checks shared by GTP handlers."""

from __future__ import annotations

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.gtp.args import expect_args, parse_color, parse_float, parse_int, parse_point
from igo.gtp.errors import GtpError


def test_expect_args_messages() -> None:
    expect_args([], 0)
    expect_args(["a"], 0, 1)
    with pytest.raises(GtpError, match="expected 1 argument, got 0"):
        expect_args([], 1)
    with pytest.raises(GtpError, match="expected 2 arguments, got 1"):
        expect_args(["a"], 2)
    with pytest.raises(GtpError, match="expected 1 to 3 arguments, got 4"):
        expect_args(list("abcd"), 1, 3)
    with pytest.raises(GtpError, match="expected at least 2 arguments, got 1"):
        expect_args(["a"], 2, 10**9)


def test_parse_color() -> None:
    assert parse_color("B") is Color.BLACK and parse_color("white") is Color.WHITE
    with pytest.raises(GtpError, match="invalid color: 'blue'"):
        parse_color("blue")


def test_parse_point() -> None:
    assert parse_point("A19", 19) == Point(0, 0)
    assert parse_point("PASS", 19) is None
    with pytest.raises(GtpError, match="pass is not allowed"):
        parse_point("pass", 19, allow_pass=False)
    with pytest.raises(GtpError, match=r"invalid vertex: 'T20' is off the 19x19 board"):
        parse_point("T20", 19)
    with pytest.raises(GtpError, match=r"^invalid vertex: 'i5'$"):
        parse_point("i5", 19)


def test_parse_numbers() -> None:
    assert parse_int("12", "x") == 12
    assert parse_float("-6.5", "komi") == -6.5
    with pytest.raises(GtpError, match="at least 0"):
        parse_int("-1", "time", minimum=0)
    with pytest.raises(GtpError, match="expected an integer"):
        parse_int("1e3", "time")
    with pytest.raises(GtpError, match="finite"):
        parse_float("-inf", "komi")
