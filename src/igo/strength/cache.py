"""The pre-encoded strength data set on disk (numpy; built once, read by every training).

A cache directory holds, for the kept games in reading order:

==================  =====================================================================
``boards.bin``      int8 ``(games, max_boards, size*size)``: stones before each early move
``points.bin``      int16 ``(moves,)``: flat point of every move (-1 pass)
``mp.bin``          float32 ``(moves, N_MP)``: the move model's view of every move (not
                    written for a boards-only cache, built without a move model: the
                    opened cache then reads NaN there)
``games.bin``       float64 ``(games, 5)``: komi, winner (1 B, 2 W, 0 none), result reason
                    code, number of moves, first move offset
``examples.bin``    float64 ``(examples, 4)``: game, colour (1/2), rating, fold code
``players.txt``     the player id of each example, one a line
``meta.json``       what it was built from, drops by reason, counts, ``complete``
==================  =====================================================================

It is built in chunks and resumable: ``meta.json`` records how many records were read
and what was written; a restart truncates the files to those counts and goes on.
"""

from __future__ import annotations

import itertools
import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from igo.movepred.model import MoveModel
from igo.sgf import CorpusStats, iter_records
from igo.strength.data import Example, GameView, is_ai_account, iter_examples, read_folds
from igo.strength.gamearrays import N_MP, game_boards, game_points, move_model_rows
from igo.strength.scale import RankScale

CACHE_FORMAT = "igo-strength-cache"
CACHE_VERSION = 1
REASONS = ("score", "resign", "time", "forfeit", "draw", "void", "unknown")


@dataclass
class StrengthCache:
    """An opened cache (arrays memory-mapped where large)."""

    size: int
    max_boards: int
    boards: np.ndarray     # (G, max_boards, size*size) int8
    points: np.ndarray     # (M,) int16
    mp: np.ndarray         # (M, N_MP) float32
    games: np.ndarray      # (G, 5) float64
    examples: np.ndarray   # (E, 4) float64
    players: list[str]
    meta: dict[str, Any]

    @property
    def n_examples(self) -> int:
        """Number of examples."""
        return int(self.examples.shape[0])

    def game_moves(self, g: int) -> tuple[np.ndarray, np.ndarray]:
        """Points and move-model rows of game ``g``."""
        a = int(self.games[g, 4])
        b = a + int(self.games[g, 3])
        return self.points[a:b], self.mp[a:b]


def _game_row(view: GameView, offset: int) -> list[float]:
    res = view.result
    winner = 0 if res.winner is None else int(res.winner)
    return [view.komi, winner, REASONS.index(res.reason), len(view.moves), offset]


def encode_games(views: Sequence[GameView], model: MoveModel | None, max_boards: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boards, points and move-model rows of several games (concatenated; no rows
    without a model)."""
    n2 = views[0].size ** 2 if views else 0
    boards = (np.stack([game_boards(v, max_boards) for v in views]) if views
              else np.zeros((0, max_boards, n2), np.int8))
    pts = [game_points(v) for v in views]
    mps = move_model_rows(views, model) if model is not None else []
    points = np.concatenate(pts) if pts else np.zeros(0, np.int16)
    mp = np.concatenate(mps) if mps else np.zeros((0, N_MP), np.float32)
    return boards, points, mp


def _append(directory: Path, name: str, arr: np.ndarray) -> None:
    with open(directory / name, "ab") as fh:
        fh.write(np.ascontiguousarray(arr).tobytes())


def _truncate(directory: Path, meta: dict[str, Any]) -> None:
    size = int(meta["size"])
    mb = int(meta["max_boards"])
    g, m, e = (int(meta[k]) for k in ("n_games", "n_moves", "n_examples"))
    mp = 4 * N_MP * m if meta.get("has_mp", True) else 0
    for name, count in (("boards.bin", g * mb * size * size), ("points.bin", 2 * m),
                        ("mp.bin", mp), ("games.bin", 40 * g),
                        ("examples.bin", 32 * e)):
        with open(directory / name, "ab") as fh:
            fh.truncate(count)
    players = directory / "players.txt"
    lines = players.read_text(encoding="utf-8").splitlines() if players.exists() else []
    players.write_text("".join(p + "\n" for p in lines[:e]), encoding="utf-8")


def _write_meta(directory: Path, meta: dict[str, Any]) -> None:
    tmp = directory / "meta.json.tmp"
    tmp.write_text(json.dumps(meta, indent=1, ensure_ascii=False))
    os.replace(tmp, directory / "meta.json")


def _flush(directory: Path, meta: dict[str, Any], chunk: list[tuple[GameView, list[Example]]],
           model: MoveModel | None) -> None:
    views = [v for v, _ in chunk]
    boards, points, mp = encode_games(views, model, int(meta["max_boards"]))
    g0, m0 = int(meta["n_games"]), int(meta["n_moves"])
    rows, exs, names, off = [], [], [], m0
    for k, (v, ex) in enumerate(chunk):
        rows.append(_game_row(v, off))
        off += len(v.moves)
        for e in ex:
            exs.append([g0 + k, int(e.colour), e.rating, e.fold])
            names.append(e.player.replace("\n", " "))
    _append(directory, "boards.bin", boards)
    _append(directory, "points.bin", points)
    if model is not None:
        _append(directory, "mp.bin", mp.astype(np.float32))
    _append(directory, "games.bin", np.array(rows, np.float64).reshape(-1, 5))
    _append(directory, "examples.bin", np.array(exs, np.float64).reshape(-1, 4))
    with open(directory / "players.txt", "a", encoding="utf-8") as fh:
        fh.write("".join(n + "\n" for n in names))
    meta.update(n_games=g0 + len(chunk), n_moves=off,
                n_examples=int(meta["n_examples"]) + len(exs))


def build_cache(paths: Sequence[str], directory: Path, model: MoveModel | None, *,
                folds_path: str | None = None, scale: RankScale | None = None,
                size: int = 19, max_boards: int = 100, chunk: int = 256,
                limit: int | None = None, progress: bool = True,
                is_ai: Callable[[str], bool] = is_ai_account,
                ai_rule: str = "exact") -> StrengthCache:
    """Read the records, keep the examples, encode them into ``directory`` (resumable).

    ``model=None`` builds a boards-only cache (what the paper's CNN reads: boards, moves,
    labels) without the move model's view of every move, which costs most of the time.
    ``is_ai`` tells AI accounts (``ai_rule`` names it in the cache's description when it
    is not the library's :func:`~igo.strength.data.is_ai_account`).

    Raises
    ------
    ValueError
        If the directory holds a cache built from other data or settings.
    """
    scale = scale or RankScale()
    directory.mkdir(parents=True, exist_ok=True)
    desc = {"paths": list(paths), "folds": folds_path, "size": size, "max_boards": max_boards,
            "scale": [scale.points_per_rank, scale.one_kyu, *scale.class_bounds],
            "limit": limit,
            "move_model": None if model is None else model.summary.get("name", "default")}
    if ai_rule != "exact":
        desc["ai_rule"] = ai_rule
    mp_ = directory / "meta.json"
    meta: dict[str, Any]
    if mp_.exists():
        meta = json.loads(mp_.read_text())
        if meta.get("describe") != desc:
            raise ValueError(f"{directory}: built from other data/settings "
                             f"({meta.get('describe')} != {desc}); use another folder")
        if meta.get("complete"):
            return open_cache(directory)
        _truncate(directory, meta)
    else:
        meta = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "describe": desc,
                "size": size, "max_boards": max_boards, "records": 0, "n_games": 0,
                "n_moves": 0, "n_examples": 0, "drops": {}, "complete": False,
                "has_mp": model is not None}
    folds = read_folds(folds_path) if folds_path else None
    stats = CorpusStats()
    drops: Counter[str] = Counter(meta["drops"])
    recs = iter_records(list(paths), progress=False, stats=stats, check_legal=True,
                        limit=limit)
    done = int(meta["records"])
    recs = itertools.islice(recs, done, None)
    bar = tqdm(initial=done, unit=" games", disable=not progress, desc="encode")
    while True:
        batch = list(itertools.islice(recs, chunk))
        kept = list(iter_examples(batch, scale, folds, drops, size, is_ai))
        _flush(directory, meta, kept, model)
        meta.update(records=done + len(batch), drops=dict(drops))
        done += len(batch)
        bar.update(len(batch))
        if len(batch) < chunk:
            break
        _write_meta(directory, meta)
    bar.close()
    reader = dict(stats.skipped)
    meta.update(complete=True, reader_skipped=reader)
    _write_meta(directory, meta)
    return open_cache(directory)


def open_cache(directory: Path) -> StrengthCache:
    """Open a complete cache made by :func:`build_cache`.

    Raises
    ------
    ValueError
        If ``directory`` holds no complete strength cache.
    """
    try:
        meta = json.loads((directory / "meta.json").read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{directory}: not a strength cache ({exc})") from exc
    if meta.get("format") != CACHE_FORMAT or not meta.get("complete"):
        raise ValueError(f"{directory}: not a complete strength cache (build it again)")
    size, mb = int(meta["size"]), int(meta["max_boards"])
    g, m, e = int(meta["n_games"]), int(meta["n_moves"]), int(meta["n_examples"])

    def load(name: str, dtype: type, shape: tuple[int, ...]) -> np.ndarray:
        if int(np.prod(shape)) == 0:
            return np.zeros(shape, dtype)
        return np.memmap(directory / name, dtype=dtype, mode="r", shape=shape)

    players = (directory / "players.txt").read_text(encoding="utf-8").splitlines()
    mp = (load("mp.bin", np.float32, (m, N_MP)) if meta.get("has_mp", True)
          else np.broadcast_to(np.float32(np.nan), (m, N_MP)))
    return StrengthCache(size, mb, load("boards.bin", np.int8, (g, mb, size * size)),
                         load("points.bin", np.int16, (m,)), mp,
                         np.array(load("games.bin", np.float64, (g, 5))),
                         np.array(load("examples.bin", np.float64, (e, 4))), players, meta)
