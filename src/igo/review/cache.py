"""The review's SQLite cache: one row per evaluated position, keyed by
:func:`igo.review.positions.position_key`, holding
:meth:`igo.analysis.position.PositionEval.to_dict` as JSON. A second review of a
game, or one with another output, searches nothing again.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import TracebackType

from igo.analysis.position import PositionEval


class EvalCache:
    """Evaluations by key in an SQLite file (created with its folder when absent).

    Raises
    ------
    sqlite3.Error
        If the file is not an SQLite database.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path))
        self._db.execute("CREATE TABLE IF NOT EXISTS evals (key TEXT PRIMARY KEY, "
                         "value TEXT NOT NULL)")
        self._db.commit()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> PositionEval | None:
        """The evaluation stored under ``key`` (``None`` if absent or unreadable)."""
        row = self._db.execute("SELECT value FROM evals WHERE key = ?", (key,)).fetchone()
        if row is not None:
            try:
                ev = PositionEval.from_dict(json.loads(row[0]))
            except (ValueError, KeyError, TypeError):
                ev = None
            if ev is not None:
                self.hits += 1
                return ev
        self.misses += 1
        return None

    def put(self, key: str, ev: PositionEval) -> None:
        """Store ``ev`` under ``key`` (committed at once: a killed review keeps what
        it found)."""
        self._db.execute("INSERT OR REPLACE INTO evals (key, value) VALUES (?, ?)",
                         (key, json.dumps(ev.to_dict(), separators=(",", ":"))))
        self._db.commit()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM evals").fetchone()[0])

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> EvalCache:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


__all__ = ["EvalCache"]
