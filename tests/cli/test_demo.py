"""``igo demo``: a full game is played, printed and written as SGF."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.cli.main import main
from igo.sgf import read_sgf_file


def test_demo_mcts_game_writes_win_rates(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """igo's MCTS (Black) against the random player: it wins, prints its win rate, and
    the SGF carries the win rate of each of its moves as a comment."""
    out = tmp_path / "demo.sgf"
    code = main(["demo", "--opponent", "igo:random", "--size", "7", "--seed", "3",
                 "--engine", "igo:mcts:playouts=300", "--out", str(out), "--every", "10",
                 "--no-analysis"])
    assert code == 0
    text = capsys.readouterr().out
    assert "Black = igo:mcts:playouts=300, White = igo:random" in text
    assert "(igo: win rate " in text
    assert "result: B+" in text and f"SGF written to {out}" in text
    assert "dead stones: " in text
    record = read_sgf_file(out)
    assert record.size == 7 and len(record.moves) > 10
    assert record.result.winner is not None and record.result.winner.name == "BLACK"
    sgf = out.read_text()
    assert sgf.count("C[win rate ") >= len(record.moves) // 2 - 1


def test_demo_rejects_a_bad_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--size", "30", "--opponent", "igo:random"]) == 1
    assert "board size" in capsys.readouterr().err


def test_demo_analysis_of_the_bundled_game(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo.sgf"
    assert main(["demo", "--opponent", "igo:random", "--size", "5", "--seed", "1",
                 "--engine", "igo:random", "--out", str(out), "--every", "0"]) == 0
    text = capsys.readouterr().out
    assert "what the move model (Honda et al.) expects" in text
    assert "moves 1-50: top-1" in text
    for name in ("fukui", "distance", "bouzy"):
        picture = tmp_path / f"demo-influence-{name}.svg"
        assert picture.read_text().startswith("<svg") or "<svg" in picture.read_text()[:200]


def test_demo_ends_with_the_review_of_its_game(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo.sgf"
    assert main(["demo", "--opponent", "igo:random", "--size", "9", "--seed", "2",
                 "--engine", "igo:mcts:playouts=100", "--out", str(out), "--every", "0",
                 "--no-analysis", "--review-playouts", "30"]) == 0
    text = capsys.readouterr().out
    page = tmp_path / "demo-review.html"
    assert f"review written to {page}" in text
    html = page.read_text()
    assert "30 playouts a position" in html and "http" not in html
