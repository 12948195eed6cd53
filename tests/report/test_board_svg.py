"""SVG boards with marked and numbered stones (:mod:`igo.report.board_svg`)."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.coords import Point
from igo.report.board_map import PictureError
from igo.report.board_svg import Marker, board_svg, hoshi


def test_hoshi() -> None:
    assert len(hoshi(19)) == 9 and len(hoshi(13)) == 9 and len(hoshi(9)) == 5
    assert Point(9, 9) in hoshi(19) and Point(4, 4) in hoshi(9) and hoshi(5) == []


def test_stones_markers_and_no_namespace_inline() -> None:
    stones = np.zeros((9, 9), np.int8)
    stones[2, 2], stones[4, 4] = 1, 2
    svg = board_svg(stones, [Marker(Point(0, 0), 1, "1", "#1f4fbf"),
                             Marker(Point(8, 8), 2, "", "#d62d20", faint=True)],
                    css_class="board test")
    assert svg.startswith('<svg class="board test" viewBox=') and "xmlns" not in svg
    assert svg.count('class="stone"') == 2 and svg.count('class="stone mark"') == 2
    assert svg.count('class="ring"') == 2 and ">1</text>" in svg
    assert 'fill-opacity="0.55"' in svg
    assert svg.count("<line") == 18
    assert "xmlns" in board_svg(stones, standalone=True)


def test_bad_input() -> None:
    with pytest.raises(PictureError):
        board_svg(np.zeros((3, 4)))
    with pytest.raises(PictureError, match="off the"):
        board_svg(np.zeros((5, 5)), [Marker(Point(5, 0), 1)])
