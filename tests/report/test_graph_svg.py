"""Line graphs over a game (:mod:`igo.report.graph_svg`)."""

from __future__ import annotations

import re

import pytest

from igo.report.board_map import PictureError
from igo.report.graph_svg import series_svg


def test_one_point_per_value_in_order() -> None:
    values = [50, 60, 120, -5, 40]
    svg = series_svg(values, low=0, high=100, middle=50, css_point="pt",
                     colours=["#000"] * 5, ticks=(0, 50, 100), label="{:g}%")
    moves = re.findall(r'<circle class="pt" data-move="(\d+)"', svg)
    assert moves == ["1", "2", "3", "4", "5"]
    ys = [float(y) for y in re.findall(r'cy="([\d.]+)"', svg)]
    assert ys[2] == min(ys) and ys[3] == max(ys)  # clipped to the edges
    assert "100%" in svg and "xmlns" not in svg


def test_bad_input() -> None:
    with pytest.raises(PictureError):
        series_svg([1.0], low=1, high=1, middle=1)
    with pytest.raises(PictureError, match="colours"):
        series_svg([1.0, 2.0], low=0, high=3, middle=1, colours=["#000"])
