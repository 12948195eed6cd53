"""The fixed training subset of an evolution run: extracted once, weighted per individual.

Every individual of a run is trained on the same positions (Sato & Takahashi: the same 10,000
records; the weights are the only thing that changes). They are extracted once into an
on-disk position cache (:func:`igo.movepred.dataset.build_cache`, resumable) under
``OUT/data``, with the pattern dictionaries of igo's default 19x19 move model (counted on
all 290,000 training games), so that every individual has the same feature layout and a
subset of a thousand games still knows the patterns of the whole corpus.

Beside the cache, ``lengths.npy`` holds each game's number of moves, for the progress of
a position: ``move_number / length`` (Sato & Takahashi, §4.4), in ``(0, 1]``.

A weight vector becomes one weight per position (:func:`position_weights`): in
``"progress"`` mode weight ``k`` of ``B`` applies to the positions of progress in
``((k)/B, (k+1)/B]``; in ``"record"`` mode weight ``g`` applies to every position of game
``g``.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from igo.features.extract import GROUPS, Extractor
from igo.features.patterns import dictionary_table
from igo.movepred.dataset import PositionSet, build_cache, open_cache, same_size
from igo.movepred.default import load_default
from igo.movepred.model import MoveModel
from igo.sgf import iter_records

ALL_MOVES = (0, 10**6)


class SubsetError(ValueError):
    """Training records that are missing, too few, or an unusable extracted subset."""


@dataclass
class Subset:
    """The extracted positions and what the weights need to know about them.

    Attributes
    ----------
    positions : PositionSet
        The cached positions (memory-mapped).
    progress : ndarray
        ``move_number / game length`` of every position.
    games : int
        Number of records.
    """

    positions: PositionSet
    progress: np.ndarray
    games: int


def prepare_subset(directory: Path, records: tuple[str, ...], games: int, stride: int,
                   progress: bool = False) -> Subset:
    """Extract (or open, if done) the first ``games`` 19x19 records of ``records``.

    Raises
    ------
    SubsetError
        If a file is missing or holds fewer than ``games`` 19x19 records.
    """
    for path in records:
        if not Path(path).exists():
            raise SubsetError(f"training records not found: {path}")
    directory.mkdir(parents=True, exist_ok=True)
    lengths_path = directory / "lengths.npy"
    cache = directory / "cache"
    if lengths_path.exists() and (cache / "meta.json").exists():
        try:
            return open_subset(directory)
        except SubsetError:
            pass  # an interrupted extraction: build_cache resumes it below
    recs = list(itertools.islice(same_size(iter_records(list(records), progress=False), 19),
                                 games))
    if len(recs) < games:
        raise SubsetError(f"{', '.join(records)}: only {len(recs)} 19x19 records, "
                          f"{games} asked for")
    default = load_default(19)
    extractor = Extractor(replace(default.config, groups=GROUPS),
                          dictionary_table(default.pattern_hashes),
                          dictionary_table(default.broad_keys))
    describe: dict[str, object] = {"records": list(records), "games": games,
                                   "dictionaries": "default movepred-19"}
    build_cache(recs, extractor, cache, ALL_MOVES, size=19, progress=progress,
                describe=describe, stride=stride)
    lengths = np.array([len(r.moves) for r in recs], dtype=np.int32)
    tmp = directory / "lengths.tmp.npy"
    np.save(tmp, lengths)
    os.replace(tmp, lengths_path)
    return open_subset(directory)


def open_subset(directory: Path) -> Subset:
    """Open a subset made by :func:`prepare_subset`.

    Raises
    ------
    SubsetError
        If it is missing, incomplete or inconsistent.
    """
    try:
        positions = open_cache(directory / "cache")
        lengths = np.load(directory / "lengths.npy", allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise SubsetError(f"{directory}: no usable extracted subset ({exc})") from exc
    game = np.asarray(positions.game, dtype=np.int64)
    if len(game) == 0 or game.max() >= len(lengths):
        raise SubsetError(f"{directory}: positions and game lengths do not match")
    move_number = np.asarray(positions.move_number, dtype=np.float64)
    prog = np.clip(move_number / np.maximum(lengths[game], 1), 0.0, 1.0)
    return Subset(positions, prog, len(lengths))


def position_weights(subset: Subset, weights: np.ndarray, mode: str) -> np.ndarray:
    """One weight per position from a weight vector (see the module docstring).

    Raises
    ------
    SubsetError
        If the vector's length does not fit the mode.
    """
    w = np.asarray(weights, dtype=np.float64)
    if mode == "progress":
        bucket = np.minimum(np.ceil(subset.progress * len(w)).astype(np.int64) - 1,
                            len(w) - 1)
        return w[np.maximum(bucket, 0)]
    if mode == "record":
        if len(w) != subset.games:
            raise SubsetError(f"{len(w)} record weights for {subset.games} records")
        return w[np.asarray(subset.positions.game, dtype=np.int64)]
    raise SubsetError(f"unknown weighting mode {mode!r}")


def blank_model() -> MoveModel:
    """A model with the default 19x19 model's features and dictionaries, all parameters
    zero: where every individual's training starts."""
    default = load_default(19)
    model = MoveModel(default.config, default.pattern_hashes.copy(),
                      default.broad_keys.copy())
    model.summary = {"board_size": 19}
    return model
