"""Match results in SQLite: a killed run loses nothing and a rerun resumes.

Schema (``PRAGMA user_version = 1``)::

    matches(id INTEGER PRIMARY KEY, name TEXT UNIQUE, config TEXT (JSON), created TEXT)
    games(match_id, game_index, black, white, winner ('B'|'W'|NULL), result, reason,
          moves, sgf_path, duration, finished, PRIMARY KEY (match_id, game_index))
    errors(id INTEGER PRIMARY KEY, match_id, game_index, attempt, message, created)

The database runs in WAL mode and every game is committed on its own, so a run killed
at any moment keeps every game it reported. A game index is stored at most once (the
primary key): a resumed match plays only the indices that are missing.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from igo.arena.config import MatchConfig

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    config TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    game_index INTEGER NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    winner TEXT CHECK (winner IN ('B', 'W') OR winner IS NULL),
    result TEXT NOT NULL,
    reason TEXT NOT NULL,
    moves INTEGER NOT NULL,
    sgf_path TEXT NOT NULL,
    duration REAL NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (match_id, game_index)
);
CREATE TABLE IF NOT EXISTS errors (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    game_index INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    message TEXT NOT NULL,
    created TEXT NOT NULL
);
"""


class StoreError(ValueError):
    """A results database that cannot be used (wrong schema, not a database)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game as stored.

    ``black``/``white`` are the names of the players that had those colours;
    ``winner`` is ``"B"``, ``"W"`` or ``None`` (draw).
    """

    index: int
    black: str
    white: str
    winner: str | None
    result: str
    reason: str
    moves: int
    sgf_path: str
    duration: float


@dataclass(frozen=True, slots=True)
class ErrorRow:
    """A failed attempt at a game (the game may have succeeded later)."""

    index: int
    attempt: int
    message: str


def now_stamp() -> str:
    """The local time as stored in igo's databases (ISO 8601 with the UTC offset)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def open_versioned(path: Path, schema: str, version: int, what: str,
                   error: type[Exception], timeout: float) -> sqlite3.Connection:
    """Open (or create, with its parent folder) the SQLite file ``path`` in WAL mode,
    create the tables of ``schema`` and stamp ``version`` as its ``user_version``.

    Raises ``error`` (with ``what``, e.g. "results", in the message) for a file that
    is not a database, or one of another schema version."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = sqlite3.connect(path, timeout=timeout)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        found = db.execute("PRAGMA user_version").fetchone()[0]
        if found not in (0, version):
            db.close()
            raise error(f"{path}: {what} schema version {found}, "
                        f"this igo reads version {version}")
        with db:
            db.executescript(schema)
            db.execute(f"PRAGMA user_version = {version}")
    except sqlite3.DatabaseError as exc:
        raise error(f"{path} is not a usable {what} database: {exc}") from exc
    return db


class MatchStore:
    """The results database (one file, any number of matches).

    Parameters
    ----------
    path
        SQLite file; created with its parent folder if missing.

    Raises
    ------
    StoreError
        If the file is not an igo results database.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = open_versioned(self.path, _SCHEMA, SCHEMA_VERSION, "results", StoreError,
                                  timeout=30.0)

    # ---------------------------------------------------------------- matches
    def open_match(self, config: MatchConfig) -> int:
        """The id of ``config``'s match (by name), created if new.

        Raises
        ------
        MatchConfigError
            If a match of that name exists with a different configuration.
        """
        with self._db:  # a no-op if the match exists (even if another run just made it)
            self._db.execute(
                "INSERT OR IGNORE INTO matches (name, config, created) VALUES (?, ?, ?)",
                (config.match_name, config.to_json(), now_stamp()))
        match_id, stored = self._db.execute("SELECT id, config FROM matches WHERE name = ?",
                                            (config.match_name,)).fetchone()
        config.check_same_match(MatchConfig.from_json(stored))
        return int(match_id)

    def match_config(self, match_id: int) -> MatchConfig:
        """The configuration stored for ``match_id``; raises :class:`StoreError`."""
        row = self._db.execute("SELECT config FROM matches WHERE id = ?",
                               (match_id,)).fetchone()
        if row is None:
            raise StoreError(f"no match {match_id} in {self.path}")
        return MatchConfig.from_json(row[0])

    def matches(self) -> list[tuple[int, str]]:
        """``(id, name)`` of every match."""
        return [(int(i), str(n)) for i, n in
                self._db.execute("SELECT id, name FROM matches ORDER BY id")]

    # ---------------------------------------------------------------- games
    def add_game(self, match_id: int, row: GameRow) -> bool:
        """Store and commit one game; returns False (and changes nothing) if the
        index is already stored."""
        with self._db:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO games (match_id, game_index, black, white, winner,"
                " result, reason, moves, sgf_path, duration, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match_id, row.index, row.black, row.white, row.winner, row.result,
                 row.reason, row.moves, row.sgf_path, row.duration, now_stamp()))
        return cur.rowcount == 1

    def add_error(self, match_id: int, index: int, attempt: int, message: str) -> None:
        """Record (and commit) a failed attempt at game ``index``."""
        with self._db:
            self._db.execute(
                "INSERT INTO errors (match_id, game_index, attempt, message, created)"
                " VALUES (?, ?, ?, ?, ?)", (match_id, index, attempt, message, now_stamp()))

    def done_indices(self, match_id: int) -> set[int]:
        """Indices of the stored games."""
        return {int(r[0]) for r in self._db.execute(
            "SELECT game_index FROM games WHERE match_id = ?", (match_id,))}

    def missing_indices(self, match_id: int, games: int) -> list[int]:
        """Indices ``0 .. games-1`` not stored yet, in order."""
        done = self.done_indices(match_id)
        return [i for i in range(games) if i not in done]

    def games(self, match_id: int, limit: int | None = None,
              by_finish: bool = False) -> list[GameRow]:
        """Stored games in index order, or in the order they ended with ``by_finish``
        (only indices below ``limit`` if given)."""
        return list(self._iter_games(match_id, limit, by_finish))

    def _iter_games(self, match_id: int, limit: int | None,
                    by_finish: bool = False) -> Iterator[GameRow]:
        order = "finished, game_index" if by_finish else "game_index"
        cur = self._db.execute(
            "SELECT game_index, black, white, winner, result, reason, moves, sgf_path,"
            " duration FROM games WHERE match_id = ? AND game_index < ?"
            f" ORDER BY {order}", (match_id, limit if limit is not None else 2**62))
        for r in cur:
            yield GameRow(int(r[0]), r[1], r[2], r[3], r[4], r[5], int(r[6]), r[7],
                          float(r[8]))

    def errors(self, match_id: int) -> list[ErrorRow]:
        """Every failed attempt, oldest first."""
        return [ErrorRow(int(i), int(a), str(m)) for i, a, m in self._db.execute(
            "SELECT game_index, attempt, message FROM errors WHERE match_id = ?"
            " ORDER BY id", (match_id,))]

    # ---------------------------------------------------------------- closing
    def close(self) -> None:
        """Close the connection (every game is already committed)."""
        self._db.close()

    def __enter__(self) -> MatchStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
