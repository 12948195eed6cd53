"""Tests of ``experiments/tabu_mcts/match_stats.py``: a match database's score, SPRT and
games, read with the arena's own summary."""

from __future__ import annotations

from pathlib import Path

from igo.arena.config import MatchConfig
from igo.arena.sprt import llr
from igo.arena.store import GameRow, MatchStore
from scripts import load_script

ms = load_script("tabu_mcts", "match_stats")
BIG = "igo:mcts:playouts=256000"
SMALL = "igo:mcts:playouts=64000"


def _db(folder: Path, first_results: list[str | None]) -> Path:
    """A database of games whose first player (Black in even games) 'won', 'lost' or drew
    (None)."""
    config = MatchConfig(black=BIG, white=SMALL, games=100, size=9, komi=7.0,
                         out_dir=folder / "sgf")
    db = folder / "r.sqlite"
    with MatchStore(db) as store:
        match = store.open_match(config)
        for i, res in enumerate(first_results):
            first_black = i % 2 == 0
            black, white = (BIG, SMALL) if first_black else (SMALL, BIG)
            winner = None if res is None else ("B" if (res == "won") == first_black else "W")
            store.add_game(match, GameRow(i, black, white, winner, "B+R", "resign", 50 + i,
                                          "", 600.0 + 60 * i))
    return db


def test_report_counts_the_first_player_and_its_sprt(tmp_path: Path) -> None:
    db = _db(tmp_path, ["won", "won", "lost", None, "won", "lost", "won"])
    text = ms.report(str(db), (0.0, 150.0), games=True)
    assert "7 of 100 games" in text
    assert "games 7 (draws 1" in text
    # 4 wins and a draw of 7: 4.5 / 7
    assert "win rate 0.643" in text
    assert f"LLR {llr(4, 1, 2, 0.0, 150.0):.2f}" in text and "after 4-1-2" in text
    assert "median 13.0" in text and "range 10.0-16.0" in text
    lines = [ln.split()[6] for ln in text.splitlines() if ln.startswith("  ")]
    assert lines == ["first", "first", "second", "draw", "first", "second", "first"]


def test_the_sprt_line_is_printed_only_when_asked_for(tmp_path: Path) -> None:
    db = _db(tmp_path, ["won", "lost", "lost"])
    assert "LLR" not in ms.report(str(db))
    assert "LLR" in ms.report(str(db), (0.0, 150.0))


def test_an_empty_match_is_reported_without_figures(tmp_path: Path) -> None:
    db = _db(tmp_path, [])
    assert ms.report(str(db)).splitlines() == [f"== {BIG} vs {SMALL}: 0 of 100 games"]
