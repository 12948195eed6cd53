"""Tests of the data scripts for the heads on igo's own games (issue 63): compact move
lists from a folder of records (``policy_net/prepare.py --shard``) and their final owners
at the games' own komi (``value_net/label_owners.py --komi``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from igo.nets import games as G
from scripts import load_script

prepare = load_script("policy_net", "prepare")
label_owners = load_script("value_net", "label_owners")


def _walls_game(result: str) -> str:
    """A 9x9 game at komi 9: Black's wall on column D, White's on F, then two passes:
    36 points each, White wins by the komi."""
    moves = "".join(f";B[d{r}];W[f{r}]" for r in "abcdefghi") + ";B[];W[]"
    return f"(;GM[1]FF[4]SZ[9]KM[9]RU[Chinese]RE[{result}]{moves})"


def test_own_games_become_a_shard_and_their_owners_follow_their_komi(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    (records / "a.sgf").write_text(_walls_game("W+9"))
    (records / "b.sgf").write_text(_walls_game("W+5"))  # a wrong count: rejected
    games_dir, owners_dir = tmp_path / "games", tmp_path / "owners"
    assert prepare.main(["--size", "9", "--out", str(games_dir),
                         "--shard", "own", str(records)]) == 0
    games = G.load(games_dir / "own.npz.xz")
    assert len(games) == 2 and games.size == 9
    assert sorted(games.scores.tolist()) == [-9.0, -5.0]
    true = int(np.flatnonzero(games.scores == -9.0)[0])
    # at the 9-dan games' komi (6.5) the board says W+6.5: the true record is rejected
    # and the miscounted one kept
    assert label_owners.main(["--games", str(games_dir), "--out", str(tmp_path / "at6.5"),
                              "--shards", "own", "--playouts", "50"]) == 0
    with np.load(tmp_path / "at6.5" / "own.npz") as z:
        assert z["game"].tolist() == [1 - true] and z["rejected"].tolist() == [true]
    assert label_owners.main(["--games", str(games_dir), "--out", str(owners_dir),
                              "--shards", "own", "--playouts", "50", "--komi", "9"]) == 0
    with np.load(owners_dir / "own.npz") as z:
        kept, rejected, owner = z["game"].tolist(), z["rejected"].tolist(), z["owner"]
    assert kept == [true] and rejected == [1 - true]
    board = owner[0].reshape(9, 9)  # Black's (+1) left of column E, White's (-1) right
    assert (board[:, :4] == 1).all() and (board[:, 5:] == -1).all() and (board[:, 4] == 0).all()
