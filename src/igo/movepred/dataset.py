"""Training and test positions as compact arrays, in memory or in an on-disk cache.

Scale decision (issue 3). Table 2 is 290,000 games × moves 1–50 = 14.5 M positions
with ~330 legal moves each: a feature matrix (8 int32 per move) would be ~150 GB.
We keep a **compact on-disk cache, memory-mapped**, of what cannot be recomputed
cheaply, and recompute the rest while scoring:

- per move: the point (``uint16``), the packed tactical code (``uint16``) and the
  local-pattern id (``uint32``): 8 bytes;
- per position: start row, played-move index, the two previous moves, move number,
  game index, and the broad-pattern id of each of the 49 reduced cells (shared by
  all the moves of a cell, so stored once per position).

Distances to the previous moves and to the edge, and the broad id of a move, are
derived from the point inside the scoring kernel. Full Table 2: ~330 × 8 B × 14.5 M
≈ 39 GB of move rows plus ~2 GB of positions — it fits the ~60 GB of free disk,
is read once per epoch (about a minute of sequential reading at this disk's
~680 MB/s), and it is extracted once (the extraction is the slow part: about an
hour on one core) instead of once per epoch as on-the-fly streaming would need.
Training must not read it in a uniformly random order, though: the cache is
larger than memory, and one random page fault per position made an epoch take
more than a day. :func:`igo.movepred.train.epoch_windows` shuffles blocks of
consecutive positions into windows of ~260,000 positions that are read as a few
large slices (:meth:`PositionSet.gather`) and shuffled in memory.

The same structure in memory (:class:`PositionSet`) serves tests, small subsets
and evaluation.

The cache is built in chunks of games and is resumable: ``meta.json`` records the
games and rows already written; a restart truncates the files to those counts and
skips the games already done.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

from igo.core.record import GameRecord
from igo.features.extract import Extractor, GameFeatures

CACHE_FORMAT = "igo-movepred-cache"
CACHE_VERSION = 1

#: (name, dtype, per-position columns or 0 for move rows)
_MOVE_ARRAYS = (("pt", np.uint16), ("tac", np.uint16), ("pat", np.uint32))
_POS_ARRAYS = (("target", np.int32), ("prev1", np.int16), ("prev2", np.int16),
               ("move_number", np.int16), ("game", np.int32))


@dataclass
class PositionSet:
    """Positions of one board size (see the module docstring).

    ``start`` has ``n + 1`` entries; ``broad`` is ``(n, nred * nred)``;
    ``move_number`` is 1-based; ``game`` indexes the games in reading order.
    """

    size: int
    nred: int
    start: np.ndarray
    target: np.ndarray
    prev1: np.ndarray
    prev2: np.ndarray
    move_number: np.ndarray
    game: np.ndarray
    broad: np.ndarray
    pt: np.ndarray
    tac: np.ndarray
    pat: np.ndarray
    n_games: int = 0

    def __len__(self) -> int:
        return int(self.target.shape[0])

    @property
    def n_moves(self) -> int:
        """Total number of candidate-move rows."""
        return int(self.start[-1])

    def subset(self, mask: np.ndarray) -> np.ndarray:
        """Indices of the positions selected by a boolean mask."""
        return np.flatnonzero(mask)

    def gather(self, ranges: list[tuple[int, int]]) -> PositionSet:
        """The positions of the ranges ``[a, b)`` (in that order) as an in-memory set.

        Each range is copied as one contiguous slice of every array, so gathering a
        few large ranges of an on-disk cache reads it sequentially.
        """
        rows = [(int(self.start[a]), int(self.start[b])) for a, b in ranges]
        starts = []
        base = 0
        for (a, b), (r0, r1) in zip(ranges, rows, strict=True):
            starts.append(np.asarray(self.start[a:b], np.int64) - r0 + base)
            base += r1 - r0

        def cat(arr: np.ndarray, spans: list[tuple[int, int]]) -> np.ndarray:
            if not spans:
                return np.zeros((0, *arr.shape[1:]), arr.dtype)
            return np.concatenate([np.asarray(arr[x:y]) for x, y in spans])

        start = np.concatenate([*starts, np.array([base], np.int64)])
        return PositionSet(self.size, self.nred, start, cat(self.target, ranges),
                           cat(self.prev1, ranges), cat(self.prev2, ranges),
                           cat(self.move_number, ranges), cat(self.game, ranges),
                           cat(self.broad, ranges), cat(self.pt, rows), cat(self.tac, rows),
                           cat(self.pat, rows), self.n_games)


def parse_move_range(text: str) -> tuple[int, int]:
    """``"1-50"`` → ``(0, 50)``: 0-based ``[first, last)`` move indices; ``"all"`` →
    ``(0, 10**6)``.

    Raises
    ------
    ValueError
        If the text is not ``A-B`` with ``1 <= A <= B`` or ``all``.
    """
    if text.strip().lower() == "all":
        return 0, 10**6
    parts = text.split("-")
    try:
        lo, hi = int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        raise ValueError(f"move range must look like 1-50 or 'all', got {text!r}") from None
    if len(parts) != 2 or lo < 1 or hi < lo:
        raise ValueError(f"move range must be A-B with 1 <= A <= B, got {text!r}")
    return lo - 1, hi


class _Writer:
    """Collects :class:`GameFeatures` into growing arrays (memory or raw files)."""

    def __init__(self, nred: int, directory: Path | None, n_pos: int = 0,
                 n_rows: int = 0) -> None:
        self.nred = nred
        self.dir = directory
        self.n_pos = n_pos
        self.n_rows = n_rows
        self.parts: dict[str, list[np.ndarray]] = {k: [] for k in self._names()}

    def _names(self) -> list[str]:
        return [n for n, _ in _MOVE_ARRAYS] + [n for n, _ in _POS_ARRAYS] + ["start", "broad"]

    def add(self, g: GameFeatures, game: int) -> None:
        k = len(g.pos_info)
        if k == 0:
            return
        info = g.pos_info
        self.parts["pt"].append(g.pt.astype(np.uint16))
        self.parts["tac"].append(g.tac.astype(np.uint16))
        self.parts["pat"].append(g.pat.astype(np.uint32))
        self.parts["start"].append((info[:, 0] + self.n_rows).astype(np.int64))
        self.parts["target"].append(info[:, 2].astype(np.int32))
        self.parts["prev1"].append(info[:, 3].astype(np.int16))
        self.parts["prev2"].append(info[:, 4].astype(np.int16))
        self.parts["move_number"].append((info[:, 5] + 1).astype(np.int16))
        self.parts["game"].append(np.full(k, game, np.int32))
        self.parts["broad"].append(g.pos_broad.astype(np.uint32))
        self.n_pos += k
        self.n_rows += len(g.pt)

    def flush(self) -> None:
        """Append the collected parts to the raw files (cache mode)."""
        assert self.dir is not None
        for name, parts in self.parts.items():
            if parts:
                with open(self.dir / f"{name}.bin", "ab") as fh:
                    for p in parts:
                        fh.write(np.ascontiguousarray(p).tobytes())
            parts.clear()

    def arrays(self) -> dict[str, np.ndarray]:
        """Concatenated parts (memory mode)."""
        dtypes = dict(_MOVE_ARRAYS + _POS_ARRAYS)
        dtypes.update(start=np.int64, broad=np.uint32)
        out = {}
        for name, parts in self.parts.items():
            if parts:
                out[name] = np.concatenate(parts)
            elif name == "broad":
                out[name] = np.zeros((0, self.nred * self.nred), np.uint32)
            else:
                out[name] = np.zeros(0, dtypes[name])
        return out


def _set_from(arrays: dict[str, np.ndarray], size: int, nred: int, n_rows: int,
              n_games: int) -> PositionSet:
    start = np.concatenate([arrays["start"], np.array([n_rows], np.int64)])
    return PositionSet(size, nred, start, arrays["target"], arrays["prev1"],
                       arrays["prev2"], arrays["move_number"], arrays["game"],
                       arrays["broad"].reshape(-1, nred * nred), arrays["pt"],
                       arrays["tac"], arrays["pat"], n_games)


def same_size(records: Iterable[GameRecord], size: int) -> Iterator[GameRecord]:
    """The records of board ``size`` (others are skipped)."""
    for r in records:
        if r.size == size:
            yield r


def extract_positions(records: Iterable[GameRecord], extractor: Extractor,
                      moves: tuple[int, int] = (0, 50), size: int = 19,
                      progress: bool = False, stride: int = 1) -> PositionSet:
    """Extract the positions of ``records`` (those of board ``size``) in memory;
    ``stride > 1`` keeps one position in ``stride`` of each game
    (:func:`igo.features.extract.select_moves`)."""
    first, last = moves
    return collect_positions((extractor.extract_game(rec, first, last, stride)
                              for rec in tqdm(same_size(records, size), disable=not progress,
                                              unit=" games", mininterval=1.0)),
                             extractor, size)


def collect_positions(games: Iterable[GameFeatures], extractor: Extractor,
                      size: int = 19) -> PositionSet:
    """The positions of games already extracted (:meth:`Extractor.extract_game` or
    :meth:`~igo.features.extract.Extractor.extract_replayed`, board ``size``), in
    memory; game ``i`` of the set is the ``i``-th of ``games``."""
    _, nred = extractor.cells(size)
    wr = _Writer(nred, None)
    n = 0
    for n, features in enumerate(games, 1):
        wr.add(features, n - 1)
    return _set_from(wr.arrays(), size, nred, wr.n_rows, n)


def _write_meta(directory: Path, meta: dict[str, object]) -> None:
    tmp = directory / "meta.json.tmp"
    tmp.write_text(json.dumps(meta, indent=1))
    os.replace(tmp, directory / "meta.json")


def build_cache(records: Iterable[GameRecord], extractor: Extractor, directory: Path,
                moves: tuple[int, int] = (0, 50), size: int = 19, chunk: int = 2000,
                progress: bool = True, describe: dict[str, object] | None = None,
                stride: int = 1) -> PositionSet:
    """Extract positions into an on-disk cache in ``directory`` (resumable) and open it;
    ``stride > 1`` keeps one position in ``stride`` of each game.

    ``describe`` (e.g. the data paths and the dictionary digest) is stored in the
    cache's metadata; resuming with a different description raises ``ValueError``.
    """
    directory.mkdir(parents=True, exist_ok=True)
    _, nred = extractor.cells(size)
    desc = dict(describe or {})
    desc.update(moves=list(moves), size=size)
    if stride != 1:  # (absent for 1, so that caches made before strides stay valid)
        desc["stride"] = stride
    meta_path = directory / "meta.json"
    if meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if meta.get("describe") != desc:
            raise ValueError(f"cache {directory} was built from different data/settings: "
                             f"{meta.get('describe')} != {desc}")
        if meta.get("complete"):
            return open_cache(directory)
    else:
        meta = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "describe": desc,
                "size": size, "nred": nred, "games": 0, "positions": 0, "rows": 0,
                "complete": False}
    games_done = int(meta["games"])
    wr = _Writer(nred, directory, int(meta["positions"]), int(meta["rows"]))
    # truncate to the committed counts (a crash may have left partial appends)
    counts = {"start": wr.n_pos, "broad": wr.n_pos * nred * nred, "pt": wr.n_rows,
              "tac": wr.n_rows, "pat": wr.n_rows}
    counts.update({n: wr.n_pos for n, _ in _POS_ARRAYS})
    dtypes = dict(_MOVE_ARRAYS + _POS_ARRAYS)
    dtypes.update(start=np.int64, broad=np.uint32)
    for name, cnt in counts.items():
        f = directory / f"{name}.bin"
        with open(f, "ab") as fh:
            fh.truncate(cnt * np.dtype(dtypes[name]).itemsize)
    first, last = moves
    bar = tqdm(total=None, initial=games_done, unit=" games", disable=not progress,
               mininterval=1.0, desc="extract")
    g = 0
    for g, rec in enumerate(same_size(records, size)):
        if g < games_done:
            continue
        wr.add(extractor.extract_game(rec, first, last, stride), g)
        bar.update(1)
        if (g + 1) % chunk == 0:
            wr.flush()
            meta.update(games=g + 1, positions=wr.n_pos, rows=wr.n_rows)
            _write_meta(directory, meta)
    bar.close()
    wr.flush()
    meta.update(games=max(g + 1, games_done), positions=wr.n_pos, rows=wr.n_rows,
                complete=True)
    _write_meta(directory, meta)
    return open_cache(directory)


def open_cache(directory: Path) -> PositionSet:
    """Memory-map a complete cache made by :func:`build_cache`.

    Raises
    ------
    ValueError
        If the directory holds no complete cache of this format.
    """
    meta_path = directory / "meta.json"
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{directory}: not a position cache ({exc})") from exc
    if meta.get("format") != CACHE_FORMAT or meta.get("version") != CACHE_VERSION:
        raise ValueError(f"{directory}: not a version-{CACHE_VERSION} position cache")
    if not meta.get("complete"):
        raise ValueError(f"{directory}: cache is incomplete (resume building it)")
    n_pos, n_rows, nred = int(meta["positions"]), int(meta["rows"]), int(meta["nred"])
    dtypes = dict(_MOVE_ARRAYS + _POS_ARRAYS)
    dtypes.update(start=np.int64, broad=np.uint32)
    arrays = {}
    for name, dt in dtypes.items():
        cnt = n_rows if name in ("pt", "tac", "pat") else n_pos
        if name == "broad":
            cnt = n_pos * nred * nred
        f = directory / f"{name}.bin"
        if f.stat().st_size != cnt * np.dtype(dt).itemsize:
            raise ValueError(f"{f}: size does not match the cache metadata")
        arrays[name] = (np.memmap(f, dtype=dt, mode="r", shape=(cnt,)) if cnt
                        else np.zeros(0, dt))
    return _set_from(arrays, int(meta["size"]), nred, n_rows, int(meta["games"]))
