"""Match results in SQLite: a killed run loses nothing and a rerun resumes.

Schema (``PRAGMA user_version = 2``)::

    matches(id INTEGER PRIMARY KEY, name TEXT UNIQUE, config TEXT (JSON), created TEXT)
    games(match_id, game_index, black, white, winner ('B'|'W'|NULL), result, reason,
          moves, sgf_path, duration, finished, sgf, PRIMARY KEY (match_id, game_index))
    errors(id INTEGER PRIMARY KEY, match_id, game_index, attempt, message, created)

The database runs in WAL mode and every game is committed on its own, so a run killed
at any moment keeps every game it reported. A game index is stored at most once (the
primary key): a resumed match plays only the indices that are missing.

``games.sgf`` is the game's record (the SGF text also written to ``sgf_path``), so a
database carries its games: :meth:`MatchStore.records` reads them, and
:func:`export_records` writes them to files. Version 1 had no ``sgf`` column; opening a
version-1 database adds it (NULL: the records of those games were kept only as files).
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from igo.arena.config import MatchConfig

SCHEMA_VERSION = 2

#: The columns of ``games`` that this igo reads and writes.
_GAME_COLUMNS = ("match_id", "game_index", "black", "white", "winner", "result", "reason",
                 "moves", "sgf_path", "duration", "finished", "sgf")

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
    sgf TEXT,
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


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [str(r[1]) for r in db.execute(f"PRAGMA table_info({table})")]


def _add_sgf_column(db: sqlite3.Connection) -> None:
    """Version 1 to 2: ``games`` gains ``sgf`` (NULL for the games stored before)."""
    if set(_columns(db, "games")) != set(_GAME_COLUMNS) - {"sgf"} \
            or "config" not in _columns(db, "matches"):
        raise StoreError("version 1, but its tables are not those of an igo results "
                         "database (an igo evolve database?)")
    db.execute("ALTER TABLE games ADD COLUMN sgf TEXT")


#: What brings a results database of version k to version k + 1.
_UPGRADES: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_sgf_column}


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
                   error: type[Exception], timeout: float,
                   upgrades: Mapping[int, Callable[[sqlite3.Connection], None]] | None = None
                   ) -> sqlite3.Connection:
    """Open (or create, with its parent folder) the SQLite file ``path`` in WAL mode,
    create the tables of ``schema`` and stamp ``version`` as its ``user_version``.

    ``upgrades[k]`` brings a database of version ``k`` to ``k + 1`` (it may raise
    ``error`` for tables it does not know): an older database found is upgraded in one
    transaction (another process upgrading it at the same time waits, then finds it
    done).

    Raises ``error`` (with ``what``, e.g. "results", in the message) for a file that
    is not a database, or one of a schema version that is neither ``version`` nor
    upgradable to it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    upgrades = upgrades or {}
    try:
        db = sqlite3.connect(path, timeout=timeout)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        found = db.execute("PRAGMA user_version").fetchone()[0]
        if found not in (0, version) and not _upgradable(found, version, upgrades):
            db.close()
            raise error(f"{path}: {what} schema version {found}, "
                        f"this igo reads version {version}"
                        + (f" and upgrades {', '.join(map(str, sorted(upgrades)))}"
                           if upgrades else ""))
        if found not in (0, version):
            try:
                _upgrade(db, version, upgrades)
            except error as exc:
                db.close()
                raise error(f"{path}: {exc}") from None
        with db:
            db.executescript(schema)
            db.execute(f"PRAGMA user_version = {version}")
    except sqlite3.DatabaseError as exc:
        raise error(f"{path} is not a usable {what} database: {exc}") from exc
    return db


def _upgradable(found: int, version: int,
                upgrades: Mapping[int, Callable[[sqlite3.Connection], None]]) -> bool:
    return 0 < found < version and all(k in upgrades for k in range(found, version))


def _upgrade(db: sqlite3.Connection, version: int,
             upgrades: Mapping[int, Callable[[sqlite3.Connection], None]]) -> None:
    """Run ``upgrades`` from the database's version to ``version`` in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        found = db.execute("PRAGMA user_version").fetchone()[0]  # again, under the lock
        for k in range(found, version):
            upgrades[k](db)
        if found < version:
            db.execute(f"PRAGMA user_version = {version}")
        db.commit()
    except BaseException:
        db.rollback()
        raise


class MatchStore:
    """The results database (one file, any number of matches).

    Parameters
    ----------
    path
        SQLite file; created with its parent folder if missing.

    Raises
    ------
    StoreError
        If the file is not an igo results database (not SQLite, another schema version,
        or a ``games`` table without igo's columns). A version-1 database is upgraded
        (its games gain the ``sgf`` column, NULL).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = open_versioned(self.path, _SCHEMA, SCHEMA_VERSION, "results", StoreError,
                                  timeout=30.0, upgrades=_UPGRADES)
        columns = _columns(self._db, "games")
        lacking = [c for c in _GAME_COLUMNS if c not in columns]
        if lacking:
            self._db.close()
            raise StoreError(f"{self.path}: its games table lacks the columns "
                             f"{', '.join(lacking)} of an igo results database")

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
    def add_game(self, match_id: int, row: GameRow, sgf: str | None = None) -> bool:
        """Store and commit one game, with its record ``sgf`` (SGF text) in the same
        row; returns False (and changes nothing) if the index is already stored."""
        with self._db:
            cur = self._db.execute(
                "INSERT OR IGNORE INTO games (match_id, game_index, black, white, winner,"
                " result, reason, moves, sgf_path, duration, finished, sgf)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match_id, row.index, row.black, row.white, row.winner, row.result,
                 row.reason, row.moves, row.sgf_path, row.duration, now_stamp(), sgf))
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
        return [row for row, _ in self._iter_games(match_id, limit, by_finish)]

    def records(self, match_id: int, limit: int | None = None
                ) -> Iterator[tuple[GameRow, str | None]]:
        """Each stored game in index order with its record (SGF text; None for a game
        stored by an igo that kept records only as files)."""
        return self._iter_games(match_id, limit, with_sgf=True)

    def _iter_games(self, match_id: int, limit: int | None, by_finish: bool = False,
                    with_sgf: bool = False) -> Iterator[tuple[GameRow, str | None]]:
        order = "finished, game_index" if by_finish else "game_index"
        sgf = "sgf" if with_sgf else "NULL"
        cur = self._db.execute(
            "SELECT game_index, black, white, winner, result, reason, moves, sgf_path,"
            f" duration, {sgf} FROM games WHERE match_id = ? AND game_index < ?"
            f" ORDER BY {order}", (match_id, limit if limit is not None else 2**62))
        for r in cur:
            yield (GameRow(int(r[0]), r[1], r[2], r[3], r[4], r[5], int(r[6]), r[7],
                           float(r[8])), r[9])

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


def record_name(match: str, index: int) -> str:
    """The file name of game ``index`` of the match named ``match`` in an export:
    ``<match>-<index>.sgf``, the name's runs of other characters than letters, digits,
    ``.`` and ``_`` made one ``-``."""
    slug = re.sub(r"[^A-Za-z0-9._]+", "-", match).strip("-") or "match"
    return f"{slug}-{index:04d}.sgf"


def export_records(store: MatchStore, folder: Path) -> tuple[int, int]:
    """Write the record of every stored game of every match of ``store`` to ``folder``
    (created if missing) as :func:`record_name` names it; returns the number of files
    written and the number of games that have no record stored (stored by an igo that
    kept records only as files). Two matches whose names give the same file names are
    told apart by their ids (``<match>-m<id>-<index>.sgf``)."""
    folder.mkdir(parents=True, exist_ok=True)
    matches = store.matches()
    slugs = [record_name(name, 0) for _, name in matches]
    written = lacking = 0
    for (match_id, name), slug in zip(matches, slugs, strict=True):
        label = name if slugs.count(slug) == 1 else f"{name}-m{match_id}"
        for row, sgf in store.records(match_id):
            if sgf is None:
                lacking += 1
                continue
            (folder / record_name(label, row.index)).write_text(sgf, encoding="utf-8")
            written += 1
    return written, lacking
