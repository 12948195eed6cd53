"""Board pictures with a value per point (influence maps, their change by a move).

Like GoGui's influence display: the board with its stones and, on every point,
a square whose side grows with ``|value|``, blue where the value is positive
(Black's) and red where it is negative (White's). SVG is written directly (no
dependency); PNG goes through matplotlib, imported only when asked for.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from igo.core.coords import GTP_COLUMNS

BLACK_COLOUR = "#1f4fbf"
WHITE_COLOUR = "#d62d20"
BOARD_COLOUR = "#e3b86b"
MARK_COLOUR = "#19a319"
CELL = 28  # pixels per point in SVG
MARGIN = 28


class PictureError(ValueError):
    """A picture that cannot be drawn (bad shapes, unknown format)."""


def _check(stones: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(stones)
    v = np.asarray(values, dtype=np.float64)
    if s.ndim != 2 or s.shape[0] != s.shape[1] or v.shape != s.shape:
        raise PictureError(f"stones {s.shape} and values {v.shape} must be the same square")
    if not np.isfinite(v).all():
        raise PictureError("values must be finite")
    return np.where(s == 2, -1, s).astype(np.int8), v


def value_scale(values: np.ndarray) -> float:
    """The ``|value|`` drawn as a full square: the 95th percentile of the non-zero
    magnitudes (a few huge values do not shrink the rest), 1 for an all-zero map."""
    mag = np.abs(values[values != 0])
    return float(np.percentile(mag, 95)) if mag.size else 1.0


def square_side(value: float, scale: float) -> float:
    """Side of a value's square as a fraction of the point spacing (0 … 0.9)."""
    return 0.9 * min(1.0, np.sqrt(abs(value) / scale)) if scale > 0 else 0.0


def influence_svg(stones: np.ndarray, values: np.ndarray, *, title: str = "",
                  scale: float | None = None, mark: tuple[int, int] | None = None) -> str:
    """An SVG picture of ``stones`` (signed or board-encoded) with ``values``;
    ``mark`` (row, col) circles a point (the last move) in green.

    Raises
    ------
    PictureError
        If the shapes differ or a value is not finite.
    """
    s, v = _check(stones, values)
    size = s.shape[0]
    sc = value_scale(v) if scale is None else scale
    width = 2 * MARGIN + (size - 1) * CELL
    top = MARGIN + (20 if title else 0)
    height = top + MARGIN + (size - 1) * CELL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">',
           f'<rect width="{width}" height="{height}" fill="{BOARD_COLOUR}"/>']
    if title:
        safe = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f'<text x="{width / 2}" y="18" font-family="sans-serif" font-size="14" '
                   f'text-anchor="middle">{safe}</text>')

    def xy(r: int, c: int) -> tuple[float, float]:
        return MARGIN + c * CELL, top + r * CELL

    for i in range(size):
        x0, y0 = xy(i, 0)
        x1, y1 = xy(i, size - 1)
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#000" '
                   'stroke-width="1"/>')
        x0, y0 = xy(0, i)
        x1, y1 = xy(size - 1, i)
        out.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#000" '
                   'stroke-width="1"/>')
        cx, _ = xy(0, i)
        out.append(f'<text x="{cx}" y="{top - 10}" font-family="sans-serif" font-size="10" '
                   f'text-anchor="middle">{GTP_COLUMNS[i]}</text>')
        _, cy = xy(i, 0)
        out.append(f'<text x="{MARGIN - 14}" y="{cy + 4}" font-family="sans-serif" '
                   f'font-size="10" text-anchor="middle">{size - i}</text>')
    for r in range(size):
        for c in range(size):
            if s[r, c]:
                cx, cy = xy(r, c)
                fill, edge = ("#000", "#000") if s[r, c] > 0 else ("#fff", "#000")
                out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.47:.1f}" fill="{fill}" '
                           f'stroke="{edge}" stroke-width="1"/>')
    for r in range(size):
        for c in range(size):
            side = square_side(v[r, c], sc) * CELL
            if side <= 0:
                continue
            cx, cy = xy(r, c)
            colour = BLACK_COLOUR if v[r, c] > 0 else WHITE_COLOUR
            out.append(f'<rect x="{cx - side / 2:.1f}" y="{cy - side / 2:.1f}" '
                       f'width="{side:.1f}" height="{side:.1f}" fill="{colour}" '
                       'fill-opacity="0.75"/>')
    if mark is not None:
        cx, cy = xy(*mark)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.3:.1f}" fill="none" '
                   f'stroke="{MARK_COLOUR}" stroke-width="3"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_influence_png(path: str | Path, stones: np.ndarray, values: np.ndarray, *,
                        title: str = "", scale: float | None = None,
                        mark: tuple[int, int] | None = None, dpi: int = 100) -> None:
    """The same picture as :func:`influence_svg`, drawn with matplotlib into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    s, v = _check(stones, values)
    size = s.shape[0]
    sc = value_scale(v) if scale is None else scale
    fig, ax = plt.subplots(figsize=(0.38 * size + 1, 0.38 * size + 1.2), dpi=dpi)
    ax.set_facecolor(BOARD_COLOUR)
    fig.patch.set_facecolor(BOARD_COLOUR)
    for i in range(size):
        ax.plot([0, size - 1], [i, i], color="black", lw=0.7, zorder=1)
        ax.plot([i, i], [0, size - 1], color="black", lw=0.7, zorder=1)
    for r in range(size):
        for c in range(size):
            y = size - 1 - r
            if s[r, c]:
                ax.add_patch(Circle((c, y), 0.47, facecolor="black" if s[r, c] > 0 else "white",
                                    edgecolor="black", lw=0.7, zorder=2))
            side = square_side(v[r, c], sc)
            if side > 0:
                colour = BLACK_COLOUR if v[r, c] > 0 else WHITE_COLOUR
                ax.add_patch(Rectangle((c - side / 2, y - side / 2), side, side,
                                       facecolor=colour, alpha=0.75, lw=0, zorder=3))
    if mark is not None:
        ax.add_patch(Circle((mark[1], size - 1 - mark[0]), 0.3, facecolor="none",
                            edgecolor=MARK_COLOUR, lw=2.5, zorder=4))
    ax.set_xticks(range(size), list(GTP_COLUMNS[:size]))
    ax.set_yticks(range(size), [str(i + 1) for i in range(size)])
    ax.set_xlim(-0.7, size - 0.3)
    ax.set_ylim(-0.7, size - 0.3)
    ax.set_aspect("equal")
    ax.tick_params(length=0, labelsize=7)
    for spine in ax.spines.values():
        spine.set_visible(False)
    if title:
        ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(str(path), facecolor=fig.get_facecolor())
    plt.close(fig)


def write_influence_picture(path: str | Path, stones: np.ndarray, values: np.ndarray, *,
                            title: str = "", scale: float | None = None,
                            mark: tuple[int, int] | None = None) -> None:
    """Write ``.svg`` or ``.png`` by the file's suffix.

    Raises
    ------
    PictureError
        For another suffix (or bad shapes).
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".svg":
        Path(path).write_text(influence_svg(stones, values, title=title, scale=scale,
                                            mark=mark), encoding="utf-8")
    elif suffix == ".png":
        write_influence_png(path, stones, values, title=title, scale=scale, mark=mark)
    else:
        raise PictureError(f"picture format {suffix or '(none)'!r} unknown: use .svg or .png")
