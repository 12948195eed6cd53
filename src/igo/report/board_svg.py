"""A Go board as an SVG picture, with marked and numbered stones (a played move, a
better move and its continuation), for pages that inline it (``igo review``).

Drawn directly, no dependency. Points are ``(row, col)`` with row 0 at the top, as
everywhere in igo; the stones are the board encoding (0 empty, 1 black, 2 white) or
signed (+1 black, -1 white). The picture scales with its container (``viewBox``
and no fixed size unless ``width`` is given); without ``standalone`` it has no XML
namespace, as HTML wants inline SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import numpy as np

from igo.core.coords import GTP_COLUMNS, Point
from igo.report.board_map import BOARD_COLOUR, PictureError

CELL = 24
MARGIN = 22  # right and bottom: room for the last line's stones
#: left and top: room for the stones of the first lines and, beyond them, the
#: coordinates (the review page's script draws its board with the same numbers)
ORIGIN = 30


def board_extent(size: int) -> int:
    """Width (and height, without a title) of a board picture."""
    return ORIGIN + MARGIN + (size - 1) * CELL
SVG_NS = 'xmlns="http://www.w3.org/2000/svg" '


@dataclass(frozen=True)
class Marker:
    """Something drawn on a point.

    Attributes
    ----------
    point
        Where.
    stone
        The colour of a stone to draw there (1 black, 2 white), or 0 for none.
    text
        A label (a move number), drawn in the colour that contrasts with the stone.
    ring
        The colour of a ring around the point, or ``""`` for none.
    faint
        Draw the stone half transparent (a move that was not played).
    """

    point: Point
    stone: int = 0
    text: str = ""
    ring: str = ""
    faint: bool = False


def hoshi(size: int) -> list[Point]:
    """The star points of a board (none below 7x7)."""
    if size < 7:
        return []
    edge = 2 if size < 13 else 3
    lines = [edge, size - 1 - edge]
    if size % 2 == 1 and (size >= 13 or size == 9):
        lines.insert(1, size // 2)
    if size < 13:
        return [Point(r, c) for r in lines for c in lines
                if (r == c == size // 2) or (r != size // 2 and c != size // 2)]
    return [Point(r, c) for r in lines for c in lines]


def _signed(stones: np.ndarray) -> np.ndarray:
    s = np.asarray(stones)
    if s.ndim != 2 or s.shape[0] != s.shape[1]:
        raise PictureError(f"stones must be a square array, got shape {s.shape}")
    return np.where(s == 2, -1, s).astype(np.int8)


def board_svg(stones: np.ndarray, markers: Sequence[Marker] = (), *, title: str = "",
              css_class: str = "board", standalone: bool = False,
              width: int | None = None) -> str:
    """The board with its stones and ``markers`` (drawn in order, over the stones).

    Raises
    ------
    PictureError
        If ``stones`` is not a square array or a marker lies off the board.
    """
    s = _signed(stones)
    size = s.shape[0]
    top = ORIGIN + (18 if title else 0)
    w = board_extent(size)
    h = top + MARGIN + (size - 1) * CELL
    attrs = f' width="{width}"' if width else ""
    out = [f'<svg {SVG_NS if standalone else ""}class="{css_class}" viewBox="0 0 {w} {h}"'
           f'{attrs} role="img">',
           f'<rect width="{w}" height="{h}" fill="{BOARD_COLOUR}"/>']
    if title:
        out.append(f'<text x="{w / 2}" y="16" font-size="13" text-anchor="middle">'
                   f'{escape(title)}</text>')

    def xy(p: Point) -> tuple[float, float]:
        return ORIGIN + p[1] * CELL, top + p[0] * CELL

    end = (size - 1) * CELL
    for i in range(size):
        out.append(f'<line x1="{ORIGIN}" y1="{top + i * CELL}" x2="{ORIGIN + end}" '
                   f'y2="{top + i * CELL}" stroke="#000" stroke-width="0.8"/>')
        out.append(f'<line x1="{ORIGIN + i * CELL}" y1="{top}" x2="{ORIGIN + i * CELL}" '
                   f'y2="{top + end}" stroke="#000" stroke-width="0.8"/>')
        # outside the first line's stones (radius 0.48 of a cell)
        out.append(f'<text x="{ORIGIN + i * CELL}" y="{top - CELL // 2 - 3}" font-size="9" '
                   f'text-anchor="middle">{GTP_COLUMNS[i]}</text>')
        out.append(f'<text x="{ORIGIN - CELL // 2 - 5}" y="{top + i * CELL + 3}" '
                   f'font-size="9" text-anchor="middle">{size - i}</text>')
    for p in hoshi(size):
        x, y = xy(p)
        out.append(f'<circle cx="{x}" cy="{y}" r="2.4" fill="#000"/>')
    for r in range(size):
        for c in range(size):
            if s[r, c]:
                out.append(_stone(*xy(Point(r, c)), 1 if s[r, c] > 0 else 2, "stone"))
    for m in markers:
        if not m.point.on_board(size):
            raise PictureError(f"marker {tuple(m.point)} is off the {size}x{size} board")
        x, y = xy(m.point)
        if m.stone:
            out.append(_stone(x, y, m.stone, "stone mark", 0.55 if m.faint else 1.0))
        if m.ring:
            out.append(f'<circle class="ring" cx="{x}" cy="{y}" r="{CELL * 0.36:.1f}" '
                       f'fill="none" stroke="{m.ring}" stroke-width="2.5"/>')
        if m.text:
            ink = "#fff" if m.stone == 1 or (m.stone == 0 and s[m.point] > 0) else "#000"
            size_px = 11 if len(m.text) < 3 else 9
            out.append(f'<text x="{x}" y="{y + size_px * 0.36:.1f}" font-size="{size_px}" '
                       f'font-weight="bold" text-anchor="middle" fill="{ink}">'
                       f'{escape(m.text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _stone(x: float, y: float, colour: int, cls: str, opacity: float = 1.0) -> str:
    fill = "#000" if colour == 1 else "#fff"
    op = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return (f'<circle class="{cls}" cx="{x}" cy="{y}" r="{CELL * 0.47:.1f}" fill="{fill}"'
            f'{op} stroke="#000" stroke-width="0.8"/>')


__all__ = ["CELL", "MARGIN", "Marker", "board_svg", "hoshi"]
