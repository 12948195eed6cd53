"""Tests of ``experiments/tabu_mcts/think_times.py``: each engine's seconds and playouts
a move, read from the logs that ``logged.sh`` keeps (igo gtp's and Pachi's lines)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts import load_script

tt = load_script("tabu_mcts", "think_times")

IGO = ("igo gtp: INFO: engine igo 0.1.0 (mcts) ready\n"
       "igo gtp: INFO: genmove black E5 in {t} s, search 0.99 s: 9000 playouts ({r}/s), "
       "win rate 51.0 %\n")
PACHI = ("IN: genmove w\nMove:   1  Komi: 7.0\n"
         "genmove in {t}s, mcts 0.97s ({r} games/s, {r} games/s/thread)\n")


def _logs(folder: Path) -> Path:
    logs = folder / "logs"
    logs.mkdir()
    (logs / "igo-101.log").write_text("".join(IGO.format(t=t, r=9000) for t in (1.0,) * 12))
    (logs / "igo-102.log").write_text(IGO.format(t=0.5, r=8000))
    (logs / "pachi-103.log").write_text("".join(PACHI.format(t=t, r=6000)
                                                for t in (1.01, 0.99, 1.03)))
    (logs / "pachi-104.log").write_text("no moves here\n")
    return logs


def test_each_engine_gets_its_own_times_and_playouts(tmp_path: Path) -> None:
    s = tt.summary(_logs(tmp_path))
    assert sorted(s) == ["igo", "pachi"]
    igo, pachi = s["igo"], s["pachi"]
    assert (igo["games"], igo["moves"]) == (2, 13)
    assert igo["mean"] == pytest.approx((12 * 1.0 + 0.5) / 13, abs=1e-3)
    assert igo["median"] == 1.0 and igo["playouts_per_s_median"] == 9000
    # by the move's number within its own game: the 0.5 s move is move 1 of game 2
    assert igo["by_own_move"] == {"1-10": pytest.approx(10.5 / 11, abs=1e-3), "11-20": 1.0}
    assert (pachi["games"], pachi["moves"], pachi["playouts_per_s_median"]) == (1, 3, 6000)
    assert pachi["mean"] == pytest.approx(1.01, abs=1e-3)


def test_the_command_writes_json_and_fails_without_times(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    assert tt.main([str(_logs(tmp_path)), "--json", str(out)]) == 0
    assert set(json.loads(out.read_text())) == {"igo", "pachi"}
    empty = tmp_path / "empty"
    empty.mkdir()
    assert tt.main([str(empty)]) == 1
