"""Pictures: boards with a value per point (SVG written directly, PNG via matplotlib)."""

from igo.report.board_map import (
    PictureError,
    influence_svg,
    write_influence_picture,
    write_influence_png,
)

__all__ = ["PictureError", "influence_svg", "write_influence_picture", "write_influence_png"]
