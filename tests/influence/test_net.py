"""The ownership head as an influence model (``--model net``, issue 63): the map is the
net's ownership, Black positive, the mean of its answers with each colour to move; a net
without heads is refused; the CLI draws and evaluates it (a tiny random net)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from igo.cli.main import main
from igo.core.color import Color
from igo.core.coords import Point
from igo.influence import get_model
from igo.influence.labels import LabelCache
from igo.influence.mcts import board_from_stones

torch = pytest.importorskip("torch")

from igo.influence.net import NetModel, NoHeadsError  # noqa: E402
from igo.nets.policy import NetPolicy, load_net_policy  # noqa: E402
from nets.helpers import tiny_heads_net_file  # noqa: E402

COUNTED = Path(__file__).resolve().parent / "data" / "counted.sgfs"
SMALL = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Chinese];B[cc];W[gg];B[cg];W[gc];B[ee];W[dg];B[ch])"


@pytest.fixture(scope="module")
def heads_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_heads_net_file(tmp_path_factory.mktemp("heads"), seed=5)


@pytest.fixture(scope="module")
def plain_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net

    net = PolicyNet(NetConfig(1, 8))
    path = tmp_path_factory.mktemp("plain") / "plain.pt"
    save_net(net, path, {})
    return path


def stones9() -> np.ndarray:
    stones = np.zeros((9, 9), dtype=np.int8)
    stones[2, 2] = stones[6, 2] = 1
    stones[6, 6] = stones[2, 6] = -1
    return stones


def test_importing_influence_does_not_import_the_nets() -> None:
    code = ("import sys, igo.influence; "
            "sys.exit(any(m.startswith(('igo.nets', 'torch')) for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_map_is_the_heads_ownership_black_positive(heads_net: Path) -> None:
    model = get_model("net", net=str(heads_net))
    assert model.name == "net"
    stones = stones9()
    got = model(stones)
    assert got.shape == (9, 9) and got.dtype == np.float64
    assert np.all(np.abs(got) <= 1.0) and np.any(got != 0)
    net = load_net_policy(str(heads_net))
    board = board_from_stones(stones)
    black = net.judge(board, Color.BLACK).ownership
    white = net.judge(board, Color.WHITE).ownership
    assert not np.allclose(black, white)  # the player to move counts
    np.testing.assert_allclose(got, (black + white) / 2, atol=1e-6)
    # the board encoding (1 Black, 2 White) gives the same map
    np.testing.assert_allclose(model(np.where(stones < 0, 2, stones)), got)
    one = NetModel(str(heads_net), to_move="white")
    np.testing.assert_allclose(one(stones), white, atol=1e-6)
    # a game position: its player to move and history
    board.play(Color.BLACK, Point(4, 4))
    np.testing.assert_allclose(one.board_map(board), net.judge(board, Color.WHITE).ownership)


def test_a_net_without_heads_is_refused(plain_net: Path) -> None:
    with pytest.raises(NoHeadsError, match="no ownership head"):
        NetModel(str(plain_net))
    with pytest.raises(ValueError, match="to_move"):
        NetModel(policy=NetPolicy(plain_net), to_move="both ways")


def test_cli_draws_and_evaluates_the_net(tmp_path: Path, heads_net: Path, plain_net: Path,
                                         filled_cache: LabelCache,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "small.sgf"
    game.write_text(SMALL, encoding="utf-8")
    assert main(["influence", str(game), "--model", "net", "--net", str(heads_net),
                 "--move", "6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    grid = np.array(out["map"])
    assert out["model"] == "net" and grid.shape == (9, 9) and np.abs(grid).max() <= 1.0
    want = NetModel(str(heads_net))(_stones_after(SMALL, 6))
    np.testing.assert_allclose(grid, np.round(want, 4))
    png = tmp_path / "own.png"
    assert main(["influence", str(game), "--model", "net", "--net", str(heads_net),
                 "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()
    assert main(["influence", "eval", "--model", "net", "--net", str(heads_net), "--data",
                 str(COUNTED), "--cache", str(filled_cache.path), "--games", "1",
                 "--stages", "50,150", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and set(out["accuracy"]) == {"50", "150"}
    assert all(0.0 <= v <= 1.0 for v in out["accuracy"].values())
    # user errors
    assert main(["influence", str(game), "--model", "net", "--net", str(plain_net)]) == 1
    assert "no ownership head" in capsys.readouterr().err
    assert main(["influence", str(game), "--model", "fukui", "--net", str(heads_net)]) == 1
    assert "--net applies to --model net only" in capsys.readouterr().err
    assert main(["influence", str(game), "--model", "net", "--net", str(heads_net),
                 "--playouts", "10"]) == 1
    assert main(["influence", str(game), "--model", "net", "--net",
                 str(tmp_path / "none.pt")]) == 1


def _stones_after(sgf: str, n: int) -> np.ndarray:
    from igo.core.replay import replay
    from igo.sgf.read import parse_sgf

    arr = replay(parse_sgf(sgf), n).to_array()
    return np.where(arr == 2, -1, arr).astype(np.int8)
