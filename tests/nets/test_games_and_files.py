"""Compact move lists and model files: round trips, and clear errors on bad files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord
from igo.nets import games as G
from igo.nets.model import NetConfig, PolicyNet
from igo.nets.model_file import NetFileError, load_net, save_net

from .helpers import random_record


@pytest.mark.parametrize("name", ["g.npz", "g.npz.xz"])
def test_games_round_trip(tmp_path: Path, name: str) -> None:
    recs = [random_record(9, 30 + k, k) for k in range(4)]
    recs.append(GameRecord(size=13, moves=[Move(Color.BLACK, Point(3, 3))]))
    recs.append(GameRecord(size=9, setup_black=[Point(2, 2)],
                           moves=[Move(Color.WHITE, Point(3, 3))]))
    games = G.from_records(recs, 9)
    assert len(games) == 4 and games.skipped == {"board_size": 1, "setup_stones": 1}
    pts, cols = games.game(2)
    assert len(pts) == 32
    assert [(-1 if m.point is None else m.point.flat(9)) for m in recs[2].moves] == list(pts)
    assert [int(m.color) for m in recs[2].moves] == list(cols)
    G.save(games, tmp_path / name)
    back = G.load(tmp_path / name)
    assert back.size == 9 and back.skipped == games.skipped
    for a in ("points", "colors", "offsets", "winner"):
        assert np.array_equal(getattr(back, a), getattr(games, a))
    both = G.concatenate([games.subset([3, 1]), games.subset(range(1))])
    assert np.array_equal(both.game(0)[0], games.game(3)[0])
    assert np.array_equal(both.game(2)[0], games.game(0)[0])


def test_bad_games_files_say_why(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz.xz"
    junk.write_bytes(b"not xz at all")
    with pytest.raises(G.GamesFileError, match="cannot read"):
        G.load(junk)
    with pytest.raises(G.GamesFileError):
        G.load(tmp_path / "missing.npz")
    other = tmp_path / "other.npz"
    np.savez(other, format=np.array("something else"))
    with pytest.raises(G.GamesFileError, match="not a compact move list"):
        G.load(other)


def test_model_file_round_trip_and_errors(tmp_path: Path) -> None:
    torch.manual_seed(0)
    net = PolicyNet(NetConfig(2, 8)).eval()
    x = torch.randn(3, net.config.planes, 9, 9)
    with torch.no_grad():
        want = net(x)
    save_net(net, tmp_path / "n.pt", {"command": "test"})
    back, meta = load_net(tmp_path / "n.pt")
    assert meta == {"command": "test"} and back.config == net.config
    with torch.no_grad():
        assert torch.allclose(back(x), want)
    save_net(net, tmp_path / "h.pt", half=True)
    half, _ = load_net(tmp_path / "h.pt")
    with torch.no_grad():
        assert torch.allclose(half(x), want, atol=0.05)
    assert (tmp_path / "h.pt").stat().st_size < (tmp_path / "n.pt").stat().st_size

    (tmp_path / "bad.pt").write_bytes(b"\x00garbage")
    with pytest.raises(NetFileError, match="not a readable model file"):
        load_net(tmp_path / "bad.pt")
    with pytest.raises(NetFileError, match="no such model file"):
        load_net(tmp_path / "none.pt")
    torch.save({"format": "other"}, tmp_path / "other.pt")
    with pytest.raises(NetFileError, match="not an igo policy network"):
        load_net(tmp_path / "other.pt")
    blob = torch.load(tmp_path / "n.pt", weights_only=True)
    blob["config"]["channels"] = 16
    torch.save(blob, tmp_path / "wrong.pt")
    with pytest.raises(NetFileError, match="do not fit"):
        load_net(tmp_path / "wrong.pt")
