"""The move model's rows of a game (:func:`igo.strength.gamearrays.move_model_rows`)
from its one replay and from its record."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.core.replay import replay_positions
from igo.movepred.default import load_default
from igo.sgf import read_sgf_file
from igo.strength.data import GameView
from igo.strength.gamearrays import N_MP, move_model_rows

DEMO = Path(__file__).parents[2] / "src" / "igo" / "data" / "demo-19x19.sgf"


def test_rows_from_the_replay_are_the_rows_from_the_record() -> None:
    rec = read_sgf_file(DEMO)
    view = GameView.of(rec)
    mm = load_default(19)
    alone = move_model_rows([view, view], mm)
    shared = move_model_rows([view, view], mm, [replay_positions(rec), None])
    assert alone[0].shape == (len(rec.moves), N_MP)
    assert np.isfinite(alone[0][:, 0]).sum() > len(rec.moves) // 2
    for a, b in zip(alone, shared, strict=True):
        assert a.tobytes() == b.tobytes()
    with pytest.raises(ValueError, match="1 replays for 2 games"):
        move_model_rows([view, view], mm, [None])
