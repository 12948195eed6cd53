"""Tests of the board pictures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.report.board_map import (
    PictureError,
    influence_svg,
    square_side,
    value_scale,
    write_influence_picture,
)


def _position() -> tuple[np.ndarray, np.ndarray]:
    stones = np.zeros((9, 9), dtype=np.int8)
    stones[2, 2], stones[6, 6] = 1, 2          # board encoding: 2 is White
    values = np.zeros((9, 9))
    values[:, :4] = 0.5
    values[:, 5:] = -2.0
    return stones, values


def test_svg_draws_stones_and_squares() -> None:
    stones, values = _position()
    svg = influence_svg(stones, values, title="a <test> & more")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<circle") == 2
    assert svg.count('fill="#1f4fbf"') == 36 and svg.count('fill="#d62d20"') == 36
    assert "a &lt;test&gt; &amp; more" in svg
    assert ">J<" in svg and ">I<" not in svg     # GTP columns skip I
    marked = influence_svg(stones, values, mark=(2, 2))
    assert marked.count("<circle") == 3 and 'stroke="#19a319"' in marked


def test_square_sizes() -> None:
    assert value_scale(np.zeros((3, 3))) == 1.0
    assert square_side(0.0, 1.0) == 0.0
    assert square_side(4.0, 1.0) == pytest.approx(0.9)   # capped
    assert square_side(0.25, 1.0) == pytest.approx(0.45)  # sqrt: area follows the value


def test_png_and_errors(tmp_path: Path) -> None:
    stones, values = _position()
    write_influence_picture(tmp_path / "m.png", stones, values, title="t")
    assert (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"
    write_influence_picture(tmp_path / "m.svg", stones, values)
    assert (tmp_path / "m.svg").read_text().startswith("<svg")
    with pytest.raises(PictureError, match="format"):
        write_influence_picture(tmp_path / "m.jpg", stones, values)
    with pytest.raises(PictureError, match="same square"):
        influence_svg(stones, values[:, :8])
    bad = values.copy()
    bad[0, 0] = np.nan
    with pytest.raises(PictureError, match="finite"):
        influence_svg(stones, bad)
