"""The committed default model loads, is self-describing and scores positions."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.movepred.default import default_model_path, load_default
from igo.movepred.model_io import ModelFileError


def test_default_model_loads_and_describes_itself() -> None:
    model = load_default()
    assert "pattern" in model.config.groups and "broad" in model.config.groups
    assert len(model.pattern_hashes) > 1000
    assert model.summary["games"] >= 10000
    assert "igo movepred train" in str(model.summary["command"])
    assert default_model_path().stat().st_size < 5_000_000


def test_default_model_prefers_sensible_openings() -> None:
    model = load_default()
    board = Board(19)
    points, probs = model.probabilities(board)
    assert probs.sum() == pytest.approx(1.0)
    top = {points[i] for i in np.argsort(-probs)[:8]}
    # the 4-4 and 3-4 points are the usual first moves
    assert Point(3, 3) in top or Point(3, 15) in top or Point(15, 3) in top
    first_line = [p for p in points if min(p[0], p[1], 18 - p[0], 18 - p[1]) == 0]
    i_first = [points.index(p) for p in first_line]
    assert probs[i_first].sum() < 0.01
    board.play(Color.BLACK, Point(3, 15))
    board.play(Color.WHITE, Point(15, 3))
    _, p2 = model.probabilities(board)
    assert p2.max() > 1.5 / len(p2)


@pytest.mark.parametrize("size", [9, 13])
def test_small_board_models(size: int) -> None:
    model = load_default(size)
    assert model.board_size == size
    assert int(model.summary["games"]) >= 100  # type: ignore[call-overload]
    assert default_model_path(size).stat().st_size < 2_000_000
    board = Board(size)
    board.play(Color.BLACK, Point(size // 2, size // 2))
    points, probs = model.probabilities(board)
    assert probs.sum() == pytest.approx(1.0)
    # the first line is almost never played next to an empty board's tengen
    first_line = [i for i, p in enumerate(points)
                  if min(p[0], p[1], size - 1 - p[0], size - 1 - p[1]) == 0]
    assert probs[first_line].sum() < 0.05
    # a stone in atari is rescued or captured: the capture gets a high probability
    b = Board(size)
    for color, pt in [(Color.BLACK, Point(2, 2)), (Color.WHITE, Point(2, 3)),
                      (Color.BLACK, Point(1, 3)), (Color.WHITE, Point(6, 6)),
                      (Color.BLACK, Point(3, 3)), (Color.WHITE, Point(6, 2))]:
        b.play(color, pt)
    points, probs = model.probabilities(b, Color.BLACK)  # white's stone is in atari
    best = points[int(np.argmax(probs))]
    assert best == Point(2, 4)


def test_no_default_for_other_sizes() -> None:
    with pytest.raises(ModelFileError, match="no default move model"):
        default_model_path(7)


def test_cli_uses_the_default_model(capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from igo.cli.main import main

    data = Path(__file__).parent / "data" / "tygem_test6.sgfs"
    capsys.readouterr()
    assert main(["movepred", "eval", "--data", str(data), "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    # 300 held-out positions: the default model predicts about 43 % of them
    assert out["positions"] == 300 and out["match_rate"] > 0.3 and out["mean_rank"] < 12
