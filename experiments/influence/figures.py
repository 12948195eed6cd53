"""Draw Fukui et al.'s model (hand-set constants) on the small positions of the tests,
so a Go player can check them by eye → ``figures/shape_*.png``::

    .venv/bin/python experiments/influence/figures.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from igo.core.diagram import parse_diagram
from igo.influence.fukui import PAPER, FukuiModel
from igo.report.board_map import value_scale, write_influence_picture

HERE = Path(__file__).resolve().parent

POSITIONS = {
    "kogeima": """
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . X . . . .
        . . . . X . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    """,
    "wall_with_cut": """
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X . . . . . . . .
        . . O X X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    """,
    "wall_without_cut": """
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X . . . . . . . .
        . . . X X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . O . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    """,
    "living_vs_weak": """
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X X X . . O O O O
        . . . . X . . . . . .
        X X X X X . . . . . .
        . X . X . . . . . . .
        . X . X . . . . . . .
    """,
    "shielding": """
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . X . O . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    """,
}


def main() -> None:
    """Write one PNG per position."""
    model = FukuiModel(PAPER)  # the pictures show the paper's hand-set constants
    (HERE / "figures").mkdir(exist_ok=True)
    boards = {}
    for name, diagram in POSITIONS.items():
        arr = parse_diagram(diagram)
        stones = np.where(arr == 2, -1, arr).astype(np.int8)
        boards[name] = (stones, model(stones))
    # the two walls share one scale, so that their squares can be compared
    walls = np.concatenate([boards[n][1] for n in ("wall_with_cut", "wall_without_cut")])
    wall_scale = value_scale(walls)
    for name, (stones, values) in boards.items():
        write_influence_picture(HERE / "figures" / f"shape_{name}.png", stones, values,
                                title=f"fukui (paper constants): {name.replace('_', ' ')}",
                                scale=wall_scale if name.startswith("wall") else None)


if __name__ == "__main__":
    main()
