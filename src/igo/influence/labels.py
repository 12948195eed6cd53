"""Final owners of finished games, and GNU Go's influence estimate, cached on disk.

The measured comparison of the influence models (issue 4, replacing Fukui et al.'s
survey of seven dan players, section 5) needs, for every game that ended by
counting, the owner of every point at the end. GNU Go 3.8 decides which stones
are dead (``final_status_list dead`` on the final position); the owners are then
the area (Tromp-Taylor) owners with those stones removed
(:meth:`igo.core.Board.area_ownership`).

On the same games, GNU Go's own estimate is the peer model: at each stage ``m``
(the position after ``m`` moves) ``initial_influence COLOR influence_regions``
with ``COLOR`` the player to move. GNU Go writes ``+`` for White; it is negated
here so that, as everywhere in :mod:`igo.influence`, Black is positive
(values -4 … 4: stone, territory, moyo, area, neutral).

Both are slow (about 2 s a 19x19 game), so every answer is kept in a SQLite file
(:class:`LabelCache`); a rerun reads it and a killed run resumes where it stopped.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from igo.core.coords import Point, format_vertex, parse_vertex
from igo.core.record import GameRecord
from igo.core.replay import replay

DEFAULT_STAGES: tuple[int, ...] = (20, 50, 100, 150, 200, 250)
"""Move numbers at which the maps are compared (the position after that many moves)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS final (
    key TEXT PRIMARY KEY, size INTEGER, dead TEXT, error TEXT);
CREATE TABLE IF NOT EXISTS gnugo_stage (
    key TEXT, move INTEGER, regions BLOB, PRIMARY KEY (key, move));
"""


class LabelError(RuntimeError):
    """GNU Go could not label a game (its message is stored in the cache)."""


def record_key(record: GameRecord) -> str:
    """A stable key of a record: its ``GN`` (server game id) if any, else its source."""
    gn = record.properties.get("GN")
    if gn and gn[0].strip():
        return "GN:" + gn[0].strip()
    return "SRC:" + record.source


def counted(record: GameRecord) -> bool:
    """True if the game ended by counting (``RE`` carries a score or is a draw)."""
    return record.result.reason in ("score", "draw")


@dataclass(frozen=True, slots=True)
class FinalLabel:
    """Dead stones (from GNU Go) and the resulting final owner of every point.

    Attributes
    ----------
    dead
        Stones GNU Go called dead on the final position.
    owner
        ``(size, size)`` int8: ``+1`` Black's, ``-1`` White's, ``0`` neutral.
    """

    dead: tuple[Point, ...]
    owner: np.ndarray


def final_owner(record: GameRecord, dead: Iterable[Point]) -> np.ndarray:
    """Area owner (+1 Black, -1 White, 0 neutral) of the final position without ``dead``."""
    board = replay(record)
    own = board.area_ownership(dead).astype(np.int8)
    return np.where(own == 2, np.int8(-1), own).astype(np.int8)


class LabelCache:
    """SQLite store of GNU Go's answers, keyed by :func:`record_key`.

    Parameters
    ----------
    path
        The SQLite file (created with its folder if absent).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), timeout=60.0)
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> LabelCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def dead(self, key: str) -> tuple[list[Point] | None, str | None] | None:
        """``(dead stones, error)`` stored for ``key``, or ``None`` if never labelled."""
        row = self._db.execute("SELECT size, dead, error FROM final WHERE key = ?",
                               (key,)).fetchone()
        if row is None:
            return None
        size, dead, error = row
        if error:
            return None, str(error)
        pts = [parse_vertex(v, int(size)) for v in str(dead).split()]
        return [p for p in pts if p is not None], None

    def put_dead(self, key: str, size: int, dead: Sequence[Point] | None,
                 error: str | None = None) -> None:
        """Store the dead stones of ``key`` (or the error that prevented it)."""
        text = " ".join(format_vertex(p, size) for p in dead) if dead is not None else ""
        self._db.execute("INSERT OR REPLACE INTO final VALUES (?, ?, ?, ?)",
                         (key, size, text, error))
        self._db.commit()

    def regions(self, key: str, move: int, size: int) -> np.ndarray | None:
        """GNU Go's ``influence_regions`` (Black positive) at ``move``, if stored."""
        row = self._db.execute("SELECT regions FROM gnugo_stage WHERE key = ? AND move = ?",
                               (key, move)).fetchone()
        if row is None:
            return None
        return np.frombuffer(row[0], dtype=np.int8).reshape(size, size).copy()

    def put_regions(self, key: str, move: int, regions: np.ndarray) -> None:
        """Store GNU Go's regions of ``key`` at ``move``."""
        blob = np.ascontiguousarray(regions, dtype=np.int8).tobytes()
        self._db.execute("INSERT OR REPLACE INTO gnugo_stage VALUES (?, ?, ?)",
                         (key, move, blob))
        self._db.commit()

    def count(self) -> tuple[int, int]:
        """``(games with a final label, games that failed)``."""
        ok = self._db.execute("SELECT COUNT(*) FROM final WHERE error IS NULL").fetchone()[0]
        bad = self._db.execute("SELECT COUNT(*) FROM final WHERE error IS NOT NULL"
                               ).fetchone()[0]
        return int(ok), int(bad)


def parse_regions(text: str, size: int) -> np.ndarray:
    """GNU Go's ``initial_influence … influence_regions`` reply, negated (Black positive).

    Raises
    ------
    LabelError
        If the reply is not ``size`` rows of ``size`` integers.
    """
    try:
        rows = [[int(v) for v in line.split()] for line in text.strip().splitlines()]
        arr = np.array(rows, dtype=np.int8)
    except ValueError as exc:
        raise LabelError(f"unreadable influence_regions reply: {text[:80]!r}") from exc
    if arr.shape != (size, size):
        raise LabelError(f"influence_regions reply has shape {arr.shape}, expected {size}")
    return (-arr).astype(np.int8)


class GnuGoLabeller:
    """Asks a running GNU Go for dead stones and influence regions of records.

    Parameters
    ----------
    client
        A :class:`igo.gtp.client.GtpClient` (or anything with ``send(cmd) -> str``)
        connected to GNU Go 3.8.
    workdir
        Folder for the temporary SGF file handed to ``loadsgf``.
    """

    def __init__(self, client: object, workdir: str | Path | None = None) -> None:
        self._client = client
        self._tmp = tempfile.TemporaryDirectory(dir=workdir)
        self._sgf = Path(self._tmp.name) / "game.sgf"

    def close(self) -> None:
        """Remove the temporary folder."""
        self._tmp.cleanup()

    def _send(self, command: str) -> str:
        reply: str = self._client.send(command)  # type: ignore[attr-defined]
        return reply

    def load(self, record: GameRecord) -> None:
        """Write ``record`` where ``loadsgf`` will read it."""
        from igo.sgf.write import to_sgf

        self._sgf.write_text(to_sgf(record), encoding="utf-8")

    def dead_stones(self, record: GameRecord) -> list[Point]:
        """GNU Go's ``final_status_list dead`` on the final position of the loaded record."""
        self._send(f"loadsgf {self._sgf}")
        reply = self._send("final_status_list dead")
        pts = [parse_vertex(v, record.size) for v in reply.split()]
        return [p for p in pts if p is not None]

    def regions_at(self, record: GameRecord, move: int) -> np.ndarray:
        """GNU Go's influence regions (Black positive) after ``move`` moves."""
        self._send(f"loadsgf {self._sgf} {move + 1}")
        to_play = record.moves[move].color if move < len(record.moves) else (
            record.moves[-1].color.opponent if record.moves else record.to_play_first())
        reply = self._send(f"initial_influence {to_play.name.lower()} influence_regions")
        return parse_regions(reply, record.size)


def label_record(record: GameRecord, cache: LabelCache, labeller: GnuGoLabeller | None,
                 stages: Sequence[int] = DEFAULT_STAGES) -> FinalLabel | None:
    """Final label of ``record`` (from the cache, else from GNU Go, then cached).

    GNU Go's regions at every stage the game reaches are fetched too. Without a
    ``labeller``, only the cache is read. Returns ``None`` for a record GNU Go
    could not label or that is not cached and cannot be asked.
    """
    key = record_key(record)
    got = cache.dead(key)
    missing = [m for m in stages if m <= len(record.moves)
               and cache.regions(key, m, record.size) is None]
    if labeller is not None and (got is None or missing):
        labeller.load(record)
        if got is None:
            try:
                dead = labeller.dead_stones(record)
            except Exception as exc:  # GNU Go's own failure on this record
                cache.put_dead(key, record.size, None, f"{type(exc).__name__}: {exc}")
                return None
            cache.put_dead(key, record.size, dead)
            got = (dead, None)
        if got[0] is not None:
            for m in missing:
                cache.put_regions(key, m, labeller.regions_at(record, m))
    if got is None or got[0] is None:
        return None
    return FinalLabel(tuple(got[0]), final_owner(record, got[0]))


def iter_counted(paths: str | Path | Sequence[str | Path], limit: int | None = None,
                 progress: bool = False) -> Iterable[GameRecord]:
    """The legal records of ``paths`` that ended by counting, in file order.

    ``limit`` caps the number of counted games yielded.
    """
    from igo.sgf.corpus import iter_records

    n = 0
    src = [paths] if isinstance(paths, str | Path) else list(paths)
    for record in iter_records(src, progress=progress, check_legal=True):
        if not counted(record):
            continue
        yield record
        n += 1
        if limit is not None and n >= limit:
            return


def label_corpus(paths: str | Path | Sequence[str | Path], cache: LabelCache,
                 gnugo: str | Sequence[str], limit: int | None = None,
                 stages: Sequence[int] = DEFAULT_STAGES, progress: bool = True) -> int:
    """Label (and cache) the counted games of ``paths`` with GNU Go; returns how many
    carry a final label. Already cached games cost nothing, so a killed run resumes.

    ``gnugo`` is the command line of GNU Go in GTP mode
    (e.g. ``["/usr/games/gnugo", "--mode", "gtp"]``).
    """
    from igo.gtp.client import GtpClient

    done = 0
    client: GtpClient | None = None
    labeller: GnuGoLabeller | None = None
    try:
        for record in iter_counted(paths, limit, progress):
            if client is None or not client.alive:
                if client is not None:
                    client.close()
                client = GtpClient(gnugo, timeout=300.0)
                labeller = GnuGoLabeller(client)
            try:
                label = label_record(record, cache, labeller, stages)
            except Exception:  # GNU Go died or timed out: restart it for the next game
                client.close()
                client = None
                continue
            done += label is not None
    finally:
        if labeller is not None:
            labeller.close()
        if client is not None:
            client.close()
    return done
