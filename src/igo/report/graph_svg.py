"""A series over a game as an SVG line graph with one point per move (``igo
review``'s win-rate and score graphs).

Move ``i`` (1-based) sits at ``x = i``; each point is a ``<circle>`` of class
``css_point`` carrying ``data-move="i"``, so a page's script (and a test) can find
them; a colour per point (a mistake's class) is optional. No dependency; no XML
namespace unless ``standalone``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from igo.report.board_map import PictureError

WIDTH = 720
HEIGHT = 200
PAD_LEFT = 44
PAD_RIGHT = 10
PAD_Y = 14


def series_svg(values: Sequence[float], *, low: float, high: float, middle: float,
               title: str = "", css_class: str = "graph", css_point: str = "pt",
               colours: Sequence[str] | None = None, line: str = "#333",
               label: str = "{:g}", ticks: Sequence[float] = (),
               standalone: bool = False, height: int = HEIGHT) -> str:
    """The line of ``values`` (move 1 first) between ``low`` and ``high`` (values
    outside are drawn at the edge), a horizontal rule at ``middle``, the area between
    the line and ``middle`` shaded, ``ticks`` labelled with ``label``.

    Raises
    ------
    PictureError
        If ``high <= low``, or ``colours`` does not have one colour per value.
    """
    if not high > low:
        raise PictureError(f"need high > low, got {low}, {high}")
    if colours is not None and len(colours) != len(values):
        raise PictureError(f"{len(colours)} colours for {len(values)} values")
    n = len(values)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = height - 2 * PAD_Y

    def x(i: int) -> float:
        return PAD_LEFT + (inner_w * (i - 0.5) / n if n else 0.0)

    def y(v: float) -> float:
        v = min(max(v, low), high)
        return PAD_Y + inner_h * (high - v) / (high - low)

    ns = 'xmlns="http://www.w3.org/2000/svg" ' if standalone else ""
    out = [f'<svg {ns}class="{css_class}" viewBox="0 0 {WIDTH} {height}" role="img">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="{PAD_LEFT}" y="{PAD_Y}" width="{inner_w}" height="{inner_h}" '
               'fill="#fafafa" stroke="#bbb"/>')
    for t in ticks:
        out.append(f'<line x1="{PAD_LEFT}" y1="{y(t):.1f}" x2="{WIDTH - PAD_RIGHT}" '
                   f'y2="{y(t):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{PAD_LEFT - 4}" y="{y(t) + 3:.1f}" font-size="10" '
                   f'text-anchor="end">{escape(label.format(t))}</text>')
    ym = y(middle)
    out.append(f'<line x1="{PAD_LEFT}" y1="{ym:.1f}" x2="{WIDTH - PAD_RIGHT}" y2="{ym:.1f}" '
               'stroke="#888" stroke-dasharray="4 3"/>')
    if n:
        pts = [(x(i + 1), y(v)) for i, v in enumerate(values)]
        poly = " ".join(f"{a:.1f},{b:.1f}" for a, b in pts)
        area = f"{pts[0][0]:.1f},{ym:.1f} {poly} {pts[-1][0]:.1f},{ym:.1f}"
        out.append(f'<polygon points="{area}" fill="#999" fill-opacity="0.25"/>')
        out.append(f'<polyline points="{poly}" fill="none" stroke="{line}" '
                   'stroke-width="1.5"/>')
        r = 2.2 if n < 150 else 1.6
        for i, (a, b) in enumerate(pts):
            fill = colours[i] if colours is not None else line
            out.append(f'<circle class="{css_point}" data-move="{i + 1}" cx="{a:.1f}" '
                       f'cy="{b:.1f}" r="{r}" fill="{fill}"/>')
        step = max(1, round(n / 10 / 10) * 10) if n > 20 else 5
        for i in range(step, n + 1, step):
            out.append(f'<text x="{x(i):.1f}" y="{height - 2}" font-size="10" '
                       f'text-anchor="middle">{i}</text>')
    out.append("</svg>")
    return "\n".join(out)


__all__ = ["series_svg"]
