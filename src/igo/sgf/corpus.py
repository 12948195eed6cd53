"""Streaming many game records from files, directories and archives.

:func:`iter_records` reads, one record at a time (never the whole corpus in memory):

=====================================  =============================================
path                                   read as
=====================================  =============================================
directory                              every supported file below it (recursively,
                                       in sorted order)
``*.sgf`` (or any other file name)     one SGF file, possibly a collection of games
``*.sgfs``, ``.sgfs.xz/.gz/.bz2``      one complete SGF game per line
``*.zip``                              its ``.sgf`` and ``.sgfs*`` members
``*.tar``, ``.tar.gz/.tgz``,           its ``.sgf`` and ``.sgfs*`` members (read as
``.tar.bz2/.tbz2``, ``.tar.xz/.txz``   a stream)
=====================================  =============================================

A record that cannot be used is skipped and counted in :class:`CorpusStats` under
its :class:`~igo.sgf.errors.SgfError` reason (``parse_error``, ``bad_size`` …; with
``check_legal=True`` also ``illegal_move``; a file or archive that cannot be read is
``unreadable``); the first few sources (``file``, ``file:line``, ``archive:member``,
``file#k`` for the k-th game of a collection) are kept for the report. Nothing in a
corpus stops the run. A progress bar goes to stderr.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import sys
import tarfile
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import IO, cast

from tqdm import tqdm

from igo.core.errors import IllegalMoveError
from igo.core.record import GameRecord
from igo.core.replay import check_record
from igo.sgf.errors import SgfError
from igo.sgf.read import parse_sgf, parse_sgf_collection

_LINE_SUFFIXES = (".sgfs", ".sgfs.xz", ".sgfs.gz", ".sgfs.bz2")
_TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
_SGF_SUFFIXES = (".sgf",)
SUPPORTED_SUFFIXES = _SGF_SUFFIXES + _LINE_SUFFIXES + _TAR_SUFFIXES + (".zip",)

_READ_ERRORS = (OSError, EOFError, lzma.LZMAError, zipfile.BadZipFile, tarfile.TarError,
                zipfile.LargeZipFile)


@dataclass
class CorpusStats:
    """What a corpus run read and skipped.

    Attributes
    ----------
    games
        Records delivered.
    skipped
        Records skipped, by reason.
    examples
        For each reason, up to ``max_examples`` ``(source, message)`` pairs.
    """

    games: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    max_examples: int = 5

    def skip(self, reason: str, source: str, message: str) -> None:
        """Count one skipped record and keep it as an example if there is room."""
        self.skipped[reason] += 1
        kept = self.examples.setdefault(reason, [])
        if len(kept) < self.max_examples:
            kept.append((source, message))

    @property
    def n_skipped(self) -> int:
        """All skipped records."""
        return sum(self.skipped.values())

    @property
    def seen(self) -> int:
        """Records delivered or skipped."""
        return self.games + self.n_skipped


# An item is (data, source, one_game): one_game=True for a line of an .sgfs file.
_Item = tuple[bytes, str, bool]


def _kind(name: str) -> str:
    low = name.lower()
    if low.endswith(_LINE_SUFFIXES):
        return "lines"
    if low.endswith(_TAR_SUFFIXES):
        return "tar"
    if low.endswith(".zip"):
        return "zip"
    if low.endswith(_SGF_SUFFIXES):
        return "sgf"
    return "other"


def _decompress(name: str, data: bytes) -> bytes:
    low = name.lower()
    if low.endswith(".xz"):
        return lzma.decompress(data)
    if low.endswith(".gz"):
        return gzip.decompress(data)
    if low.endswith(".bz2"):
        return bz2.decompress(data)
    return data


def _lines(stream: Iterable[bytes], source: str) -> Iterator[_Item]:
    for lineno, line in enumerate(stream, 1):
        if line.strip():
            yield line, f"{source}:{lineno}", True


def _open_lines(path: Path) -> IO[bytes]:
    low = path.name.lower()
    if low.endswith(".xz"):
        return lzma.open(path, "rb")
    if low.endswith(".gz"):
        return cast(IO[bytes], gzip.open(path, "rb"))
    if low.endswith(".bz2"):
        return bz2.open(path, "rb")
    return path.open("rb")


def _member(name: str, data: bytes, source: str) -> Iterator[_Item]:
    kind = _kind(name)
    if kind == "sgf":
        yield data, source, False
    elif kind == "lines":
        yield from _lines(_decompress(name, data).splitlines(), source)


def _zip_items(path: Path) -> Iterator[_Item]:
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            if not info.is_dir() and _kind(info.filename) in ("sgf", "lines"):
                yield from _member(info.filename, zf.read(info), f"{path}:{info.filename}")


def _tar_items(path: Path) -> Iterator[_Item]:
    with tarfile.open(path, "r|*") as tf:
        for info in tf:
            if info.isfile() and _kind(info.name) in ("sgf", "lines"):
                f = tf.extractfile(info)
                if f is not None:
                    yield from _member(info.name, f.read(), f"{path}:{info.name}")


def _path_items(path: Path, top: bool) -> Iterator[_Item | SgfError]:
    """Raw items of one path; ``top``: named by the user (any file name is SGF)."""
    if path.is_dir():
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if _kind(name) != "other":
                    yield from _guarded(Path(root) / name, top=False)
        return
    kind = _kind(path.name)
    if kind == "lines":
        with _open_lines(path) as f:
            yield from _lines(f, str(path))
    elif kind == "zip":
        yield from _zip_items(path)
    elif kind == "tar":
        yield from _tar_items(path)
    elif kind == "sgf" or top:
        yield path.read_bytes(), str(path), False


def _guarded(path: Path, top: bool) -> Iterator[_Item | SgfError]:
    """:func:`_path_items`, turning a read failure into an ``unreadable`` error item."""
    try:
        yield from _path_items(path, top)
    except _READ_ERRORS as exc:
        yield SgfError("unreadable", f"{type(exc).__name__}: {exc}", str(path))


def _records(item: _Item | SgfError) -> list[GameRecord | SgfError]:
    if isinstance(item, SgfError):
        return [item]
    data, source, one_game = item
    if one_game:
        try:
            return [parse_sgf(data, source)]
        except SgfError as exc:
            return [exc]
    return parse_sgf_collection(data, source)


def iter_records(paths: str | PathLike[str] | Iterable[str | PathLike[str]], *,
                 progress: bool = True, stats: CorpusStats | None = None,
                 check_legal: bool = False, limit: int | None = None
                 ) -> Iterator[GameRecord]:
    """Stream the usable records of files, directories and archives.

    Parameters
    ----------
    paths
        One path or several (see the module docstring for what each kind holds).
    progress
        Show a progress bar on stderr.
    stats
        Filled in as records are read and skipped (pass one to read it afterwards).
    check_legal
        Replay every record (:func:`igo.core.replay.check_record`, under the record's
        own rules) and skip, as ``illegal_move``, those with an illegal move.
    limit
        Stop after this many records, delivered or skipped.

    Yields
    ------
    GameRecord
        Each usable record, its ``source`` saying where it came from.
    """
    if isinstance(paths, str | PathLike):
        paths = [paths]
    st = stats if stats is not None else CorpusStats()
    bar = tqdm(file=sys.stderr, unit=" games", disable=not progress, mininterval=0.5,
               dynamic_ncols=True)
    try:
        for path in paths:
            for item in _guarded(Path(path), top=True):
                for rec in _records(item):
                    if limit is not None and st.seen >= limit:
                        return
                    bar.update(1)
                    if isinstance(rec, SgfError):
                        st.skip(rec.reason, rec.source, rec.message)
                        continue
                    if check_legal:
                        try:
                            check_record(rec)
                        except IllegalMoveError as exc:
                            st.skip("illegal_move", rec.source, str(exc))
                            continue
                    st.games += 1
                    yield rec
    finally:
        bar.close()
