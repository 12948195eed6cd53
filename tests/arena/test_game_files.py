"""Reading games to rate from igo match databases and CSV files."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.arena.test_store import config

from igo.arena.game_files import GameFileError, parse_result, read_games
from igo.arena.store import GameRow, MatchStore


def test_match_database_games_are_read_with_draws(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with MatchStore(db) as store:
        mid = store.open_match(config(tmp_path, games=3))
        for i, winner in enumerate(["B", "W", None]):
            store.add_game(mid, GameRow(i, "x", "y", winner, "?", "score", 10, "g.sgf", 0.1))
    assert read_games(db) == [("x", "y", 1.0), ("x", "y", 0.0), ("x", "y", 0.5)]


def test_csv_with_header_and_result_spellings(tmp_path: Path) -> None:
    path = tmp_path / "g.csv"
    path.write_text("black,white,result\na,b,B+R\nb,a,W+3.5\n\na,c,1-0\nc,a,draw\n")
    assert read_games(path) == [("a", "b", 1.0), ("b", "a", 0.0), ("a", "c", 1.0),
                                ("c", "a", 0.5)]
    assert [parse_result(t) for t in ("b", "0-1", "1/2-1/2", "Jigo")] == [1.0, 0.0, 0.5, 0.5]


@pytest.mark.parametrize("text, message", [
    ("a,b\n", r"g.csv:1: expected black,white,result"),
    ("a,b,B\na,b,maybe\n", r"g.csv:2: unknown result 'maybe'"),
    (",b,B\n", "expected black,white,result"),
])
def test_bad_csv_rows_name_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "g.csv"
    path.write_text(text)
    with pytest.raises(GameFileError, match=message):
        read_games(path)


def test_missing_file_binary_file_and_foreign_database(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="no such file"):
        read_games(tmp_path / "none.sqlite")
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(GameFileError, match="neither an SQLite database"):
        read_games(binary)
    import sqlite3

    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE t (x)")
    with pytest.raises(GameFileError, match="not an igo match database"):
        read_games(other)
