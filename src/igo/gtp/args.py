"""Argument checks shared by GTP command handlers: each raises :class:`GtpError` with
the message the engine sends back (``? <message>``).

Handlers written later (analysis commands of new engines) use the same helpers so
that every command rejects bad input in the same words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from igo.core.color import Color
from igo.core.coords import Point, parse_vertex
from igo.core.errors import CoordinateError
from igo.gtp.errors import GtpError


def expect_args(args: Sequence[str], low: int, high: int | None = None) -> None:
    """Raise unless ``low <= len(args) <= high`` (``high`` defaults to ``low``)."""
    high = low if high is None else high
    n = len(args)
    if low <= n <= high:
        return
    if low == high:
        want = f"{low} argument{'s' if low != 1 else ''}"
    elif high > 10**6:
        want = f"at least {low} arguments"
    else:
        want = f"{low} to {high} arguments"
    raise GtpError(f"wrong number of arguments: expected {want}, got {n}")


def parse_color(text: str) -> Color:
    """``b``/``black``/``w``/``white`` (any case)."""
    try:
        return Color.from_str(text)
    except ValueError:
        raise GtpError(f"invalid color: {text!r} (expected black or white)") from None


def parse_point(text: str, size: int, *, allow_pass: bool = True) -> Point | None:
    """A GTP vertex on a ``size`` board; ``pass`` gives ``None`` when allowed."""
    try:
        point = parse_vertex(text, size)
    except CoordinateError as exc:
        where = f" is off the {size}x{size} board" if "off the" in str(exc) else ""
        raise GtpError(f"invalid vertex: {text!r}{where}") from None
    if point is None and not allow_pass:
        raise GtpError(f"invalid vertex: {text!r} (pass is not allowed here)")
    return point


#: The most playouts one command may ask a search for (about 1.5 hours on one core,
#: 9x9): a GoGui view's PLAYOUTS, an analysis's ``playouts``.
MAX_PLAYOUTS = 100_000_000
#: The most seconds a clock setting may hold (``time_settings``, ``time_left``): 115
#: days; a single move thinks at most an hour whatever the clock.
MAX_CLOCK_SECONDS = 10_000_000


def parse_int(text: str, what: str, *, minimum: int | None = None,
              maximum: int | None = None) -> int:
    """A decimal integer (``what`` names it in the error), at least ``minimum`` and at
    most ``maximum``."""
    try:
        value = int(text)
    except ValueError:
        raise GtpError(f"invalid {what}: {text!r} (expected an integer)") from None
    if minimum is not None and value < minimum:
        raise GtpError(f"invalid {what}: {value} (must be at least {minimum})")
    if maximum is not None and value > maximum:
        raise GtpError(f"invalid {what}: {value} (must be at most {maximum:,})")
    return value


def parse_float(text: str, what: str) -> float:
    """A finite real number (``what`` names it in the error)."""
    try:
        value = float(text)
    except ValueError:
        raise GtpError(f"invalid {what}: {text!r} (expected a number)") from None
    if not math.isfinite(value):
        raise GtpError(f"invalid {what}: {text!r} (expected a finite number)")
    return value


__all__ = ["MAX_CLOCK_SECONDS", "MAX_PLAYOUTS", "expect_args", "parse_color", "parse_float",
           "parse_int", "parse_point"]
