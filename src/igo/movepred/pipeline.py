"""The resumable training pipeline behind ``igo movepred train`` (Honda et al., §5).

A work directory holds every intermediate result, so an interrupted run resumes
where it stopped when the same command is run again:

- ``dictionaries.npz``: kept local-pattern hashes and broad keys (pass 1, counted
  in resumable parts ``dict-part-NNNN.npz``);
- ``cache/``: the training positions (:func:`igo.movepred.dataset.build_cache`);
- ``checkpoint-<name>.npz``: the optimiser state of each trained model.

Dictionaries and cache are always built with the broad pattern on, so the "R7
only" and "R7 + broad" arms of Table 2 share them (the first arm simply leaves the
broad group out of its model).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from igo.features.extract import GROUPS, Extractor, FeatureConfig
from igo.features.patterns import dictionary_table
from igo.movepred.dataset import PositionSet, build_cache, same_size
from igo.movepred.model import MoveModel
from igo.movepred.train import (
    PatternCounts,
    TrainConfig,
    count_patterns,
    dictionaries_from_counts,
    merge_counts,
    train,
    train_mm,
)
from igo.sgf import iter_records


def _records(paths: Sequence[str], games: int | None, size: int = 19,  # type: ignore[no-untyped-def]
             progress: bool = False):
    """The first ``games`` records of board ``size`` of the files."""
    it = same_size(iter_records(list(paths), progress=progress), size)
    return itertools.islice(it, games) if games is not None else it


def dictionaries(workdir: Path, paths: Sequence[str], games: int | None,
                 moves: tuple[int, int], config: FeatureConfig, progress: bool = True,
                 part_games: int = 10000, stride: int = 1, size: int = 19
                 ) -> tuple[np.ndarray, np.ndarray, dict[str, object]]:
    """Load or build the pattern dictionaries of the training records (the played
    moves of the positions that :func:`positions` uses, same ``moves`` and ``stride``).

    Counting is done in parts of ``part_games`` games (``dict-part-NNNN.npz``), so an
    interrupted count resumes at the last finished part; the parts are deleted once
    ``dictionaries.npz`` is written.
    """
    full = replace(config, groups=GROUPS)
    desc = {"paths": list(paths), "games": games, "moves": list(moves),
            "pattern_size": full.pattern_size, "pattern_threshold": full.pattern_threshold,
            "broad": repr(full.broad)}
    if stride != 1:  # (absent for 1: dictionaries made before strides stay valid)
        desc["stride"] = stride
    if size != 19:  # (likewise)
        desc["size"] = size
    f = workdir / "dictionaries.npz"
    if f.exists():
        with np.load(f, allow_pickle=False) as z:
            stored = json.loads(str(z["describe"]))
            if stored == desc:
                return z["patterns"], z["broad"], json.loads(str(z["stats"]))
        raise ValueError(f"{f} was built with other settings: {stored} != {desc}")
    count_desc = dict(desc, pattern_threshold=None, broad=repr(replace(full.broad,
                                                                        threshold=1)))
    marker = workdir / "dict-parts.json"
    if marker.exists() and json.loads(marker.read_text()) != count_desc:
        raise ValueError(f"{marker}: partial counts of other settings; delete them")
    marker.write_text(json.dumps(count_desc))
    it = iter(_records(paths, games, size))
    parts: list[PatternCounts] = []
    k = 0
    while True:
        pf = workdir / f"dict-part-{k:04d}.npz"
        if pf.exists():
            pc = PatternCounts.load(pf)
            for _ in itertools.islice(it, pc.games):
                pass
        else:
            pc = count_patterns(itertools.islice(it, part_games), full, moves,
                                progress=progress, stride=stride)
            pc.save(pf)
        parts.append(pc)
        if pc.games < part_games:
            break
        k += 1
    kept, kept_b, stats = dictionaries_from_counts(merge_counts(parts), full)
    tmp = workdir / "dictionaries.tmp.npz"
    np.savez(tmp, patterns=kept, broad=kept_b, describe=np.array(json.dumps(desc)),
             stats=np.array(json.dumps(stats)))
    os.replace(tmp, f)
    for j in range(k + 1):
        (workdir / f"dict-part-{j:04d}.npz").unlink(missing_ok=True)
    marker.unlink()
    return kept, kept_b, dict(stats)


def digest(arr: np.ndarray) -> str:
    """Short SHA-256 of an array's bytes."""
    return hashlib.sha256(np.ascontiguousarray(arr).tobytes()).hexdigest()[:16]


def positions(workdir: Path, paths: Sequence[str], games: int | None, moves: tuple[int, int],
              config: FeatureConfig, patterns: np.ndarray, broad: np.ndarray,
              name: str = "cache", progress: bool = True, stride: int = 1,
              size: int = 19) -> PositionSet:
    """Load or build (resumably) the position cache of the records (one position in
    ``stride`` of each game when ``stride > 1``)."""
    full = replace(config, groups=GROUPS)
    ex = Extractor(full, dictionary_table(patterns), dictionary_table(broad))
    desc: dict[str, object] = {"paths": list(paths), "games": games,
            "patterns": digest(patterns),
            "broad": digest(broad), "broad_config": repr(full.broad),
            "pattern_size": full.pattern_size}
    return build_cache(_records(paths, games, size), ex, workdir / name, moves, size=size,
                       describe=desc, progress=progress, stride=stride)


def train_model(workdir: Path, name: str, config: FeatureConfig, patterns: np.ndarray,
                broad: np.ndarray, data: PositionSet, tcfg: TrainConfig,
                summary: dict[str, object], progress: bool = True,
                mm_iterations: int = 0) -> MoveModel:
    """Train one model on the cached positions: gradient ascent (checkpoint
    ``checkpoint-<name>.npz``), or with ``mm_iterations > 0`` Coulom's MM (full
    batch, no checkpoint)."""
    model = MoveModel(config, patterns, broad)
    model.summary = dict(summary)
    if mm_iterations > 0:
        hist = train_mm(model, data, iterations=mm_iterations)
        model.summary["train"] = {"method": "mm", "iterations": mm_iterations}
    else:
        hist = train(model, data, tcfg, checkpoint=workdir / f"checkpoint-{name}.npz",
                     progress=progress)
        model.summary["train"] = {"method": "adam", "epochs": tcfg.epochs,
                                  "batch": tcfg.batch, "lr": tcfg.lr, "l2": tcfg.l2,
                                  "seed": tcfg.seed}
    model.summary["train_log_likelihood"] = hist
    return model
