"""An evolution run in SQLite: every individual, game, rating and PBILc step.

Schema (``PRAGMA user_version = 1``)::

    meta(key TEXT PRIMARY KEY, value TEXT)            -- 'config': the run's JSON
    individuals(id INTEGER PRIMARY KEY, step, weights (JSON), model_path (NULL until
                trained), train_seconds, log_likelihood, created)
    games(id INTEGER PRIMARY KEY, step, round, black, white (individual ids), seed,
          status ('planned' | 'done' | 'failed'), score (Black's: 1, 1/2, 0), result,
          reason, moves, duration, sgf_path, attempts, finished)
    errors(id INTEGER PRIMARY KEY, game_id, attempt, message, created)
    ratings(step, individual, elo, low, high, games, PRIMARY KEY (step, individual))
    steps(step INTEGER PRIMARY KEY, individual, centre (JSON), sigma (JSON), best,
          best_elo, games, finished)

A game is planned (a row with its players and seed) before it is played, and the row is
completed when its result arrives, one commit a game: a killed driver finds the planned
games of its round still open and plays exactly those again, from the same seeds. A
game's row is completed at most once (``status = 'planned'`` in the update).
The database runs in WAL mode, so ``igo evolve status`` can read it while a run writes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from igo.arena.store import now_stamp, open_versioned

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS individuals (
    id INTEGER PRIMARY KEY, step INTEGER NOT NULL, weights TEXT NOT NULL,
    model_path TEXT, train_seconds REAL, log_likelihood REAL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, step INTEGER NOT NULL, round INTEGER NOT NULL,
    black INTEGER NOT NULL REFERENCES individuals(id),
    white INTEGER NOT NULL REFERENCES individuals(id),
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('planned', 'done', 'failed')),
    score REAL CHECK (score IN (0, 0.5, 1) OR score IS NULL),
    result TEXT, reason TEXT, moves INTEGER, duration REAL, sgf_path TEXT,
    attempts INTEGER NOT NULL DEFAULT 0, finished TEXT);
CREATE INDEX IF NOT EXISTS games_round ON games (step, round);
CREATE TABLE IF NOT EXISTS errors (
    id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),
    attempt INTEGER NOT NULL, message TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ratings (
    step INTEGER NOT NULL, individual INTEGER NOT NULL, elo REAL NOT NULL,
    low REAL NOT NULL, high REAL NOT NULL, games INTEGER NOT NULL,
    PRIMARY KEY (step, individual));
CREATE TABLE IF NOT EXISTS steps (
    step INTEGER PRIMARY KEY, individual INTEGER, centre TEXT NOT NULL,
    sigma TEXT NOT NULL, best INTEGER NOT NULL, best_elo REAL NOT NULL,
    games INTEGER NOT NULL, finished TEXT NOT NULL);
"""


class EvolveStoreError(ValueError):
    """A database that is not an evolution run of this version, or of another run."""


@dataclass(frozen=True, slots=True)
class Individual:
    """One stored individual."""

    id: int
    step: int
    weights: np.ndarray
    model_path: str | None


@dataclass(frozen=True, slots=True)
class PlannedGame:
    """A game to play: ``black`` and ``white`` are individual ids."""

    id: int
    step: int
    round: int
    black: int
    white: int
    seed: int
    attempts: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a finished game stores."""

    score: float
    result: str
    reason: str
    moves: int
    duration: float
    sgf_path: str


@dataclass(frozen=True, slots=True)
class StepRow:
    """One finished PBILc step (step 0: the initial population rated)."""

    step: int
    individual: int | None
    centre: np.ndarray
    sigma: np.ndarray
    best: int
    best_elo: float
    games: int


class EvolveStore:
    """The run's database (see the module docstring).

    Raises
    ------
    EvolveStoreError
        If the file is not a usable evolution database.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db = open_versioned(self.path, _SCHEMA, SCHEMA_VERSION, "evolution",
                                  EvolveStoreError, timeout=60.0)
        self._weights: dict[int, np.ndarray] = {}  # id -> weights, parsed once

    # ------------------------------------------------------------------ meta
    def get_meta(self, key: str) -> str | None:
        """A stored meta value."""
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        """Store (or replace) a meta value."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             (key, value))

    # ------------------------------------------------------------------ individuals
    def add_individual(self, step: int, weights: np.ndarray) -> int:
        """Store a new (untrained) individual; returns its id."""
        with self._db:
            cur = self._db.execute(
                "INSERT INTO individuals (step, weights, created) VALUES (?, ?, ?)",
                (step, json.dumps([float(x) for x in weights]), now_stamp()))
        return int(cur.lastrowid or 0)

    def add_individuals(self, step: int, population: Sequence[np.ndarray]) -> list[int]:
        """Store several individuals in one commit; returns their ids."""
        ids = []
        with self._db:
            for w in population:
                cur = self._db.execute(
                    "INSERT INTO individuals (step, weights, created) VALUES (?, ?, ?)",
                    (step, json.dumps([float(x) for x in w]), now_stamp()))
                ids.append(int(cur.lastrowid or 0))
        return ids

    def set_trained(self, individual: int, model_path: str, seconds: float,
                    log_likelihood: float) -> None:
        """Record an individual's model file."""
        with self._db:
            self._db.execute(
                "UPDATE individuals SET model_path = ?, train_seconds = ?, log_likelihood = ?"
                " WHERE id = ?", (model_path, seconds, log_likelihood, individual))

    def set_model_path(self, individual: int, model_path: str | None) -> None:
        """Point an individual at another model file (a run moved to another folder), or
        at none (``None``: its file is lost and it must be trained again)."""
        with self._db:
            self._db.execute("UPDATE individuals SET model_path = ? WHERE id = ?",
                             (model_path, individual))

    def individuals(self) -> list[Individual]:
        """Every individual, oldest first. An individual's weights never change once
        stored, so each store parses them once (the loop asks for the population a dozen
        times a step) and hands out the same read-only array."""
        rows = self._db.execute(
            "SELECT id, step, model_path FROM individuals ORDER BY id").fetchall()
        if any(int(i) not in self._weights for i, _, _ in rows):
            for i, w in self._db.execute("SELECT id, weights FROM individuals"):
                if int(i) not in self._weights:
                    a = np.array(json.loads(w), dtype=float)
                    a.flags.writeable = False
                    self._weights[int(i)] = a
        return [Individual(int(i), int(s), self._weights[int(i)], m) for i, s, m in rows]

    # ------------------------------------------------------------------ games
    def plan_games(self, step: int, round_: int,
                   games: Sequence[tuple[int, int, int]]) -> None:
        """Plan the games ``(black, white, seed)`` of a round, in one commit."""
        with self._db:
            self._db.executemany(
                "INSERT INTO games (step, round, black, white, seed, status)"
                " VALUES (?, ?, ?, ?, ?, 'planned')",
                [(step, round_, b, w, s) for b, w, s in games])

    def rounds(self, step: int) -> int:
        """Number of rounds planned in ``step``."""
        row = self._db.execute("SELECT MAX(round) FROM games WHERE step = ?",
                               (step,)).fetchone()
        return 0 if row[0] is None else int(row[0]) + 1

    def open_games(self, step: int | None = None) -> list[PlannedGame]:
        """Planned games without a result (of ``step``, or of any step)."""
        where = "status = 'planned'" + ("" if step is None else " AND step = ?")
        args = () if step is None else (step,)
        return [PlannedGame(*(int(x) for x in r)) for r in self._db.execute(
            "SELECT id, step, round, black, white, seed, attempts FROM games WHERE "
            + where + " ORDER BY id", args)]

    def finish_game(self, game_id: int, result: GameResult) -> bool:
        """Store a game's result (one commit); False if it was not open any more."""
        with self._db:
            cur = self._db.execute(
                "UPDATE games SET status = 'done', score = ?, result = ?, reason = ?,"
                " moves = ?, duration = ?, sgf_path = ?, finished = ?"
                " WHERE id = ? AND status = 'planned'",
                (result.score, result.result, result.reason, result.moves, result.duration,
                 result.sgf_path, now_stamp(), game_id))
        return cur.rowcount == 1

    def fail_attempt(self, game_id: int, message: str, give_up: bool) -> int:
        """Record a failed attempt; with ``give_up`` the game is marked failed. Returns
        the number of attempts so far."""
        with self._db:
            self._db.execute("UPDATE games SET attempts = attempts + 1 WHERE id = ?",
                             (game_id,))
            attempts = int(self._db.execute("SELECT attempts FROM games WHERE id = ?",
                                            (game_id,)).fetchone()[0])
            self._db.execute("INSERT INTO errors (game_id, attempt, message, created)"
                             " VALUES (?, ?, ?, ?)", (game_id, attempts, message, now_stamp()))
            if give_up:
                self._db.execute("UPDATE games SET status = 'failed' WHERE id = ?",
                                 (game_id,))
        return attempts

    def reopen_failed(self) -> int:
        """Plan again every game given up (a new run tries them anew); returns how many."""
        with self._db:
            cur = self._db.execute(
                "UPDATE games SET status = 'planned', attempts = 0 WHERE status = 'failed'")
        return cur.rowcount

    def results(self) -> list[tuple[int, int, float]]:
        """``(black, white, black_score)`` of every finished game, in id order."""
        return [(int(b), int(w), float(s)) for b, w, s in self._db.execute(
            "SELECT black, white, score FROM games WHERE status = 'done' ORDER BY id")]

    def finished_games(self) -> list[tuple[int, int, int, float]]:
        """``(black, white, seed, black_score)`` of every finished game, in id order."""
        return [(int(b), int(w), int(s), float(x)) for b, w, s, x in self._db.execute(
            "SELECT black, white, seed, score FROM games WHERE status = 'done' ORDER BY id")]

    def planned_count(self, step: int) -> int:
        """Games planned in ``step``, whatever their status."""
        return int(self._db.execute("SELECT COUNT(*) FROM games WHERE step = ?",
                                    (step,)).fetchone()[0])

    def round_counts(self, step: int, round_: int) -> dict[str, int]:
        """Number of games of one round by status."""
        return {str(s): int(n) for s, n in self._db.execute(
            "SELECT status, COUNT(*) FROM games WHERE step = ? AND round = ? GROUP BY status",
            (step, round_))}

    def game_counts(self) -> dict[str, int]:
        """Number of games by status."""
        return {str(s): int(n) for s, n in self._db.execute(
            "SELECT status, COUNT(*) FROM games GROUP BY status")}

    def errors(self) -> list[tuple[int, int, str]]:
        """``(game_id, attempt, message)`` of every failed attempt."""
        return [(int(g), int(a), str(m)) for g, a, m in self._db.execute(
            "SELECT game_id, attempt, message FROM errors ORDER BY id")]

    def game_seconds(self, last: int) -> tuple[int, float]:
        """``(games, seconds)`` over the latest ``last`` finished games (by finish time):
        the span between the first and the last of them."""
        rows = self._db.execute(
            "SELECT finished FROM games WHERE status = 'done' ORDER BY finished DESC, id DESC"
            " LIMIT ?", (last,)).fetchall()
        if len(rows) < 2:
            return len(rows), 0.0
        fmt = "%Y-%m-%dT%H:%M:%S%z"
        t1 = time.mktime(time.strptime(rows[0][0], fmt))
        t0 = time.mktime(time.strptime(rows[-1][0], fmt))
        return len(rows), t1 - t0

    # ------------------------------------------------------------------ steps
    def finish_step(self, row: StepRow, ratings: Sequence[tuple[int, float, float, float, int]]
                    ) -> None:
        """Store a step's ratings ``(individual, elo, low, high, games)`` and its PBILc
        distribution in one commit (a step is done when its row exists)."""
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO ratings (step, individual, elo, low, high, games)"
                " VALUES (?, ?, ?, ?, ?, ?)", [(row.step, *r) for r in ratings])
            self._db.execute(
                "INSERT INTO steps (step, individual, centre, sigma, best, best_elo, games,"
                " finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (row.step, row.individual, json.dumps(row.centre.tolist()),
                 json.dumps(row.sigma.tolist()), row.best, row.best_elo, row.games, now_stamp()))

    def steps(self) -> list[StepRow]:
        """Every finished step, in order."""
        return [StepRow(int(s), None if i is None else int(i),
                        np.array(json.loads(c), dtype=float),
                        np.array(json.loads(g), dtype=float), int(b), float(e), int(n))
                for s, i, c, g, b, e, n in self._db.execute(
                    "SELECT step, individual, centre, sigma, best, best_elo, games FROM steps"
                    " ORDER BY step")]

    def ratings(self, step: int) -> list[tuple[int, float, float, float, int]]:
        """``(individual, elo, low, high, games)`` after ``step``, best first."""
        return [(int(i), float(e), float(lo), float(hi), int(n)) for i, e, lo, hi, n in
                self._db.execute("SELECT individual, elo, low, high, games FROM ratings"
                                 " WHERE step = ? ORDER BY elo DESC", (step,))]

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Close the connection (everything is committed already)."""
        self._db.close()

    def __enter__(self) -> EvolveStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
