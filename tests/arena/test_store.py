"""The SQLite results store: games stored once, resume bookkeeping, config checks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from igo.arena.config import MatchConfig, MatchConfigError
from igo.arena.store import GameRow, MatchStore, StoreError


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
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "games", "errors"} <= tables


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
