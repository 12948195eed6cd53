"""Pictures: boards with a value per point (SVG written directly, PNG via matplotlib),
boards with marked and numbered stones, line graphs over a game."""

from igo.report.board_map import (
    PictureError,
    influence_svg,
    write_influence_picture,
    write_influence_png,
)
from igo.report.board_svg import Marker, board_svg
from igo.report.graph_svg import series_svg

__all__ = ["Marker", "PictureError", "board_svg", "influence_svg", "series_svg",
           "write_influence_picture", "write_influence_png"]
