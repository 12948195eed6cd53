"""Read game results to rate: ``igo match`` SQLite databases and ``black,white,result`` CSV.

Each game is a triple ``(black, white, black_score)`` with score 1 (Black won), 0 (White
won) or 0.5 (draw), the input of :class:`igo.arena.ratings.Ratings` (Sato & Takahashi, §3).

CSV results (case-insensitive): ``B``, ``B+…`` (SGF ``RE``), ``1-0``, ``1`` for Black;
``W``, ``W+…``, ``0-1``, ``0`` for White; ``D``, ``draw``, ``jigo``, ``=``, ``1/2-1/2``,
``0.5`` for a draw. A first line ``black,white,result`` is a header and skipped.
"""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

Game = tuple[str, str, float]

SQLITE_MAGIC = b"SQLite format 3\x00"
_BLACK = {"b", "1-0", "1", "black"}
_WHITE = {"w", "0-1", "0", "white"}
_DRAW = {"d", "draw", "=", "1/2-1/2", "0.5", "jigo", "0-0"}


class GameFileError(ValueError):
    """A file of games that cannot be read (missing, wrong format, bad row)."""


def parse_result(text: str) -> float:
    """Black's score (1, 0.5 or 0) for a CSV result; raises :class:`GameFileError`."""
    value = text.strip().lower()
    if value in _DRAW:
        return 0.5
    if value in _BLACK or value.startswith("b+"):
        return 1.0
    if value in _WHITE or value.startswith("w+"):
        return 0.0
    raise GameFileError(f"unknown result {text!r} (use B, W or draw)")


def read_games(path: str | Path) -> list[Game]:
    """All games of one file: an ``igo match`` database or a CSV file.

    Raises
    ------
    GameFileError
        If the file is missing, not a database with a ``games`` table, or a bad CSV.
    """
    path = Path(path)
    if not path.is_file():
        raise GameFileError(f"{path}: no such file")
    with path.open("rb") as handle:
        magic = handle.read(len(SQLITE_MAGIC))
    if magic == SQLITE_MAGIC:
        return _read_sqlite(path)
    return _read_csv(path)


def _read_sqlite(path: Path) -> list[Game]:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = connection.execute("SELECT black, white, winner FROM games").fetchall()
        finally:
            connection.close()
    except sqlite3.Error as exc:
        raise GameFileError(f"{path}: not an igo match database ({exc})") from exc
    scores = {"B": 1.0, "W": 0.0, None: 0.5}
    games = []
    for black, white, winner in rows:
        if winner not in scores:
            raise GameFileError(f"{path}: bad winner {winner!r} in table games")
        games.append((str(black), str(white), scores[winner]))
    return games


def _read_csv(path: Path) -> list[Game]:
    try:
        with path.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{path}: neither an SQLite database nor UTF-8 CSV") from exc
    games = []
    for line, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not cells or cells == [""]:
            continue
        if line == 1 and [c.lower() for c in cells] == ["black", "white", "result"]:
            continue
        if len(cells) != 3 or not cells[0] or not cells[1]:
            raise GameFileError(f"{path}:{line}: expected black,white,result, got {row!r}")
        try:
            games.append((cells[0], cells[1], parse_result(cells[2])))
        except GameFileError as exc:
            raise GameFileError(f"{path}:{line}: {exc}") from exc
    return games
