"""Tests of ``experiments/tabu_mcts/strength_table.py``: rows from match databases, kept
rows merged with new ones, and the curve drawn from kept rows alone."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from igo.arena.config import MatchConfig
from igo.arena.store import GameRow, MatchStore
from scripts import load_script

st = load_script("tabu_mcts", "strength_table")
IGO = "igo:mcts:time=1,threads=2"
GNUGO = "gtp:/usr/games/gnugo --mode gtp --level 10"


def _match(folder: Path, winners: Sequence[str | None]) -> Path:
    """A database whose first player (Black in even games) had these results: 'igo',
    'gnugo' or None (draw)."""
    config = MatchConfig(black=IGO, white=GNUGO, games=len(winners), size=9, komi=7.0,
                         out_dir=folder / "sgf")
    db = folder / "m.db"
    with MatchStore(db) as store:
        match = store.open_match(config)
        for i, who in enumerate(winners):
            igo_black = i % 2 == 0
            black, white = (IGO, GNUGO) if igo_black else (GNUGO, IGO)
            igo_won = who == "igo"
            winner = None if who is None else ("B" if igo_won == igo_black else "W")
            store.add_game(match, GameRow(i, black, white, winner, "x", "passes", 40, "", 30.0))
    return db


def test_read_counts_the_first_player_by_colour(tmp_path: Path) -> None:
    db = _match(tmp_path / "a", ["igo", "igo", "gnugo", None, "igo", "gnugo"])
    row = st.read(db)
    assert (row.games, row.wins, row.draws, row.losses) == (6, 3, 1, 2)
    assert (row.wins_black, row.games_black, row.wins_white, row.games_white) == (2, 3, 1, 3)
    assert row.score == pytest.approx(3.5 / 6)
    lo, hi = row.wilson()
    assert lo < row.score < hi


def test_kept_rows_are_merged_by_folder_and_engine(tmp_path: Path) -> None:
    old = _match(tmp_path / "old", ["igo"] * 9 + ["gnugo"])
    kept = tmp_path / "rows.json"
    assert st.main([str(old), "--json", str(kept)]) == 0
    new = _match(tmp_path / "new", ["igo"] * 4)
    out = tmp_path / "out.json"
    png = tmp_path / "curve.png"
    argv = ["--rows", str(kept), str(new), "--engine", "abc1234", "--json", str(out),
            "--plot", str(png)]
    assert st.main(argv) == 0
    rows = json.loads(out.read_text())
    assert [(r["folder"], r.get("engine"), r["games"]) for r in rows] == [
        ("old", None, 10), ("new", "abc1234", 4)]
    assert png.stat().st_size > 0
    # the same folder and engine again (the match went on) replaces its row
    shutil.rmtree(tmp_path / "new")
    again = _match(tmp_path / "new", ["gnugo"] * 2)
    assert st.main(["--rows", str(out), str(again), "--engine", "abc1234",
                    "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [(r["folder"], r["games"], r["wins"]) for r in rows] == [("old", 10, 9), ("new", 2, 0)]


def test_rows_alone_redraw_the_curve(tmp_path: Path) -> None:
    db = _match(tmp_path / "a", ["igo", "gnugo"])
    kept = tmp_path / "rows.json"
    assert st.main([str(db), "--json", str(kept)]) == 0
    png = tmp_path / "curve.png"
    assert st.main(["--rows", str(kept), "--plot", str(png)]) == 0
    assert png.stat().st_size > 0
    with pytest.raises(SystemExit):
        st.main([])
