"""Tests of the ``mcts`` influence model (the search's ownership) and its CLI options."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from igo.cli.main import main
from igo.influence import get_model
from igo.influence.evaluate import StagePosition, collect_positions, model_fn
from igo.influence.labels import LabelCache
from igo.influence.mcts import MCTSModel, board_from_stones

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"


def split_board() -> np.ndarray:
    """9x9: a black wall on column D, a white wall on column E, and a lone white
    stone deep in Black's side (B7), which cannot live."""
    stones = np.zeros((9, 9), dtype=np.int8)
    stones[:, 3] = 1
    stones[:, 4] = -1
    stones[2, 1] = -1
    return stones


def test_importing_influence_does_not_import_the_search() -> None:
    code = ("import sys, igo.influence; "
            "sys.exit(any(m.startswith('igo.search') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_board_from_stones_both_encodings() -> None:
    stones = split_board()
    board = board_from_stones(stones)
    arr = board.to_array()
    assert (np.where(arr == 2, -1, arr) == stones).all()
    assert (board_from_stones(np.where(stones < 0, 2, stones)).to_array() == arr).all()


def test_ownership_reads_a_dead_stone() -> None:
    model = get_model("mcts", playouts=300, preset="paper", seed=1)
    assert isinstance(model, MCTSModel) and model.name == "mcts"
    own = model(split_board(), komi=0.5)
    assert own.shape == (9, 9) and np.abs(own).max() <= 1.0
    # light random playouts kill even walls now and then: signs, not certainty
    assert own[:, :4].min() > 0.2 and own[:, 4:].max() < -0.2
    assert own[2, 1] > 0.2            # the white stone on Black's side is dead
    np.testing.assert_array_equal(model(split_board(), komi=0.5), own)  # seeded by position
    other = get_model("mcts", playouts=300, preset="paper", seed=2)(split_board(), komi=0.5)
    assert not np.array_equal(other, own)


def test_budget_and_option_errors() -> None:
    with pytest.raises(ValueError, match="playouts or seconds"):
        MCTSModel(playouts=None)
    with pytest.raises(ValueError, match="playouts >= 2"):
        MCTSModel(playouts=1)
    with pytest.raises(ValueError, match="seconds > 0"):
        MCTSModel(seconds=0.0)
    with pytest.raises(ValueError, match="preset"):
        MCTSModel(preset="weak")
    with pytest.raises(ValueError, match="search option"):
        MCTSModel(options={"nosuch": 1})
    light = MCTSModel(playouts=10, options={"policy": "light"})
    assert light.config.playouts.policy == "light" and light.config.prior.use_priors


def test_cli_default_budget_is_the_models() -> None:
    from igo.cli import influence as cli
    from igo.influence.mcts import DEFAULT_PLAYOUTS

    assert cli._DEFAULT_PLAYOUTS == DEFAULT_PLAYOUTS == MCTSModel().playouts


def test_seconds_budget() -> None:
    own = MCTSModel(playouts=None, seconds=0.2, preset="paper")(split_board())
    assert own[:, 0].min() > 0.2 and own[:, 8].max() < -0.2


def test_model_fn_passes_the_games_komi(filled_cache: LabelCache) -> None:
    positions, _ = collect_positions(COUNTED, filled_cache, stages=(20,), games=1)
    assert positions[0].komi == 6.5
    seen: list[float | None] = []

    class KomiModel:
        uses_komi = True

        def __call__(self, stones: np.ndarray, komi: float | None = None) -> np.ndarray:
            seen.append(komi)
            return np.zeros(stones.shape)

    pos = StagePosition("k", 20, split_board(), np.ones((9, 9), np.int8), komi=0.5)
    model_fn("mcts", KomiModel())(pos)
    model_fn("mcts", KomiModel())(positions[0])
    assert seen == [0.5, 6.5]


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["influence", *args]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_cli_draws_and_evaluates_mcts(tmp_path: Path, filled_cache: LabelCache,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.sgf"
    game.write_text(COUNTED.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    out = _json(capsys, str(game), "--move", "60", "--model", "mcts", "--playouts", "40",
                "--json")
    grid = np.array(out["map"])
    assert grid.shape == (19, 19) and np.abs(grid).max() <= 1.0 and out["model"] == "mcts"
    out = _json(capsys, "eval", "--model", "mcts", "--playouts", "20", "--search-preset",
                "paper", "--komi", "0.5", "--data", str(COUNTED), "--cache",
                str(filled_cache.path), "--games", "1", "--stages", "250", "--json",
                "--no-progress")
    acc = out["accuracy"]
    assert isinstance(acc, dict) and float(acc["250"]) > 0.75   # near the end of a game
    timing = out["timing"]
    assert isinstance(timing, dict) and timing["positions"] == 1 and timing["wall_s"] > 0
    # the fixture games are all tuning games: the calibration is fitted on the first
    # (--tune-games 1), nothing is left to report
    assert main(["influence", "eval", "--model", "mcts", "--playouts", "20", "--split", "test",
                 "--tune-games", "1", "--policy", "light", "--data", str(COUNTED), "--cache",
                 str(filled_cache.path), "--stages", "250", "--json", "--no-progress"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 0 == out["timing"]["positions"]


def test_cli_option_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.sgf"
    game.write_text(COUNTED.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    assert main(["influence", str(game), "--model", "fukui", "--playouts", "10"]) == 1
    assert "apply to --model mcts only" in capsys.readouterr().err
    assert main(["influence", str(game), "--model", "mcts", "--params", "paper"]) == 1
    assert "fukui model only" in capsys.readouterr().err


def test_fukui_paper_preset_in_the_cli(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.sgf"
    game.write_text(COUNTED.read_text(encoding="utf-8").splitlines()[0], encoding="utf-8")
    maps = {p: np.array(_json(capsys, str(game), "--move", "40", "--params", p, "--json")["map"])
            for p in ("paper", "tuned")}
    default = np.array(_json(capsys, str(game), "--move", "40", "--json")["map"])
    np.testing.assert_array_equal(default, maps["tuned"])
    assert not np.allclose(maps["paper"], maps["tuned"])
