"""The SQLite results store: games stored once, resume bookkeeping, config checks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from igo.arena.config import MatchConfig, MatchConfigError
from igo.arena.store import (
    GameRow,
    MatchStore,
    StoreError,
    export_records,
    record_name,
)
from igo.evolve.store import EvolveStore


def row(i: int, winner: str | None = "B") -> GameRow:
    return GameRow(i, "a", "b", winner, f"{winner}+R" if winner else "0", "resignation",
                   10 + i, f"game-{i:04d}.sgf", 0.5)


def config(tmp_path: Path, **kw: object) -> MatchConfig:
    return MatchConfig("igo:random", "igo:random", out_dir=tmp_path / "out", gnugo=None,
                       **kw)  # type: ignore[arg-type]


def test_games_are_stored_once_and_missing_indices_follow(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with MatchStore(db) as store:
        mid = store.open_match(config(tmp_path, games=5))
        assert store.missing_indices(mid, 5) == [0, 1, 2, 3, 4]
        assert store.add_game(mid, row(0))
        assert store.add_game(mid, row(3, None))
        assert not store.add_game(mid, row(3, "W"))  # already there: ignored
        assert store.missing_indices(mid, 5) == [1, 2, 4]
    # A new connection (a new process after a kill) sees every committed game.
    with MatchStore(db) as store:
        mid2 = store.open_match(config(tmp_path, games=5))
        assert mid2 == mid
        games = store.games(mid)
        assert [g.index for g in games] == [0, 3]
        assert games[1] == row(3, None)
        assert store.games(mid, limit=3) == [row(0)]


def test_wal_mode_and_schema(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    MatchStore(db).close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2  # 1 had no games.sgf
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "games", "errors"} <= tables
    assert "sgf" in {r[1] for r in con.execute("PRAGMA table_info(games)")}


def test_config_mismatch_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    with MatchStore(db) as store:
        store.open_match(config(tmp_path, komi=7.5))
        with pytest.raises(MatchConfigError, match=r"komi: stored 7\.5, now 6\.5"):
            store.open_match(config(tmp_path, komi=6.5))
        # More games, another out dir or timeout: the same match.
        store.open_match(config(tmp_path, komi=7.5, games=50, move_timeout=5.0))
        # Another name: another match in the same database.
        other = store.open_match(config(tmp_path, komi=6.5, name="second"))
        assert [n for _, n in store.matches()] == ["igo:random vs igo:random", "second"]
        assert store.match_config(other).komi == 6.5


def test_errors_are_kept(tmp_path: Path) -> None:
    with MatchStore(tmp_path / "r.sqlite") as store:
        mid = store.open_match(config(tmp_path))
        store.add_error(mid, 4, 1, "engine died")
        store.add_error(mid, 4, 2, "engine died again")
        assert [(e.index, e.attempt) for e in store.errors(mid)] == [(4, 1), (4, 2)]
        assert store.missing_indices(mid, 5) == [0, 1, 2, 3, 4]


def test_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not a usable results database"):
        MatchStore(bad)


def test_unknown_match_id(tmp_path: Path) -> None:
    with MatchStore(tmp_path / "r.sqlite") as store, pytest.raises(StoreError):
        store.match_config(99)


# The schema of version 1, as igo created it before games kept their SGF text.
_VERSION_1 = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
                      config TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE games (
    match_id INTEGER NOT NULL REFERENCES matches(id), game_index INTEGER NOT NULL,
    black TEXT NOT NULL, white TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('B', 'W') OR winner IS NULL),
    result TEXT NOT NULL, reason TEXT NOT NULL, moves INTEGER NOT NULL,
    sgf_path TEXT NOT NULL, duration REAL NOT NULL, finished TEXT NOT NULL,
    PRIMARY KEY (match_id, game_index));
CREATE TABLE errors (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches(id),
                     game_index INTEGER NOT NULL, attempt INTEGER NOT NULL,
                     message TEXT NOT NULL, created TEXT NOT NULL);
PRAGMA user_version = 1;
"""


def _version_1_db(tmp_path: Path) -> Path:
    db = tmp_path / "old.sqlite"
    con = sqlite3.connect(db)
    con.executescript(_VERSION_1)
    con.execute("INSERT INTO matches VALUES (1, 'igo:random vs igo:random', ?, 'then')",
                (config(tmp_path, games=5).to_json(),))
    for i in (0, 2):
        con.execute("INSERT INTO games VALUES (1, ?, 'a', 'b', 'B', 'B+R', 'resignation',"
                    " ?, ?, 0.5, 'then')", (i, 10 + i, f"game-{i:04d}.sgf"))
    con.execute("INSERT INTO errors VALUES (1, 1, 1, 1, 'engine died', 'then')")
    con.commit()
    con.close()
    return db


def test_a_version_1_database_gains_the_sgf_column_and_keeps_its_rows(
        tmp_path: Path) -> None:
    db = _version_1_db(tmp_path)
    with MatchStore(db) as store:
        mid = store.open_match(config(tmp_path, games=5))
        assert mid == 1
        assert store.games(mid) == [row(0), row(2)]
        assert [(r.index, sgf) for r, sgf in store.records(mid)] == [(0, None), (2, None)]
        assert [e.message for e in store.errors(mid)] == ["engine died"]
        assert store.missing_indices(mid, 5) == [1, 3, 4]  # a resume plays the rest
        assert store.add_game(mid, row(1), sgf="(;GM[1]SZ[5])")
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert con.execute("SELECT game_index, sgf FROM games ORDER BY game_index").fetchall() \
        == [(0, None), (1, "(;GM[1]SZ[5])"), (2, None)]
    con.close()
    with MatchStore(db) as store:  # upgraded once: opened again as it is
        assert [sgf for _, sgf in store.records(1)] == [None, "(;GM[1]SZ[5])", None]


def test_a_newer_or_foreign_schema_is_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite"
    con = sqlite3.connect(newer)
    con.execute("PRAGMA user_version = 3")
    con.close()
    with pytest.raises(StoreError, match="schema version 3, this igo reads version 2"):
        MatchStore(newer)
    # No version stamped and a games table of another shape: not igo's, said so.
    foreign = tmp_path / "foreign.sqlite"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE games (match_id INTEGER, game_index INTEGER, black TEXT)")
    con.close()
    with pytest.raises(StoreError, match="lacks the columns white, winner"):
        MatchStore(foreign)
    # An igo evolve database (version 1 too, a games table of its own) is not upgraded.
    evolve = tmp_path / "evolve.sqlite"
    EvolveStore(evolve).close()
    with pytest.raises(StoreError, match="not those of an igo results database"):
        MatchStore(evolve)
    con = sqlite3.connect(evolve)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "sgf" not in {r[1] for r in con.execute("PRAGMA table_info(games)")}
    con.close()
    EvolveStore(evolve).close()  # still the evolve store's


def test_records_are_stored_with_their_rows_and_exported(tmp_path: Path) -> None:
    db = _version_1_db(tmp_path)  # games 0 and 2 without a record
    with MatchStore(db) as store:
        mid = store.open_match(config(tmp_path, games=5))
        store.add_game(mid, row(1), sgf="(;GM[1]SZ[5];B[cc])")
        other = store.open_match(config(tmp_path, name="a/b: c"))
        store.add_game(other, row(0), sgf="(;GM[1]SZ[5];B[aa])")
        assert [(r, sgf) for r, sgf in store.records(mid, limit=2)] == [
            (row(0), None), (row(1), "(;GM[1]SZ[5];B[cc])")]
        assert export_records(store, tmp_path / "x") == (2, 2)
    files = sorted(p.name for p in (tmp_path / "x").iterdir())
    assert files == ["a-b-c-0000.sgf", "igo-random-vs-igo-random-0001.sgf"]
    assert (tmp_path / "x" / files[0]).read_text() == "(;GM[1]SZ[5];B[aa])"
    # Two names that make the same file names: told apart by the match id.
    assert record_name("x y", 3) == record_name("x:y", 3) == "x-y-0003.sgf"
    with MatchStore(tmp_path / "two.sqlite") as store:
        for name in ("x y", "x:y"):
            store.add_game(store.open_match(config(tmp_path, name=name)), row(3), sgf="()")
        assert export_records(store, tmp_path / "y") == (2, 0)
    assert sorted(p.name for p in (tmp_path / "y").iterdir()) == [
        "x-y-m1-0003.sgf", "x-y-m2-0003.sgf"]
