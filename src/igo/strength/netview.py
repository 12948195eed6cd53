"""The policy network's view of every move of a game (issue 37), beside the move
model's (:mod:`igo.strength.gamearrays`): does the net's view of a player's moves
estimate the rank better?

``net.bin`` in a strength cache's directory holds float32 ``(moves, N_NET)`` rows, one a
move of the cache's ``points.bin`` (:data:`NET_COLUMNS`: the played move's
log-probability under the net, its rank among the legal moves, whether it is the net's
first choice, whether it is in its first 20); moves past ``max_moves`` of a game, and
games not done yet, read NaN, which the feature group ``net``
(:mod:`igo.strength.summary`) leaves out. ``net.json`` says which net, how many moves a
game and how many games are done: the build resumes where it stopped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from tqdm import tqdm

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError
from igo.core.replay import ReplayedGame
from igo.core.rules import Ruleset
from igo.strength.cache import StrengthCache

if TYPE_CHECKING:
    from igo.nets.encode import Encoded
    from igo.nets.policy import NetPolicy

NET_COLUMNS = ("logp", "rank", "match", "top20")
N_NET = len(NET_COLUMNS)
#: the smallest probability whose log is taken (a played move the net gives 0)
FLOOR = 1e-12


def move_row(probs: np.ndarray, played: int) -> tuple[float, float, float, float]:
    """:data:`NET_COLUMNS` of the move ``played`` (index into ``probs``: row-major
    points, then the pass) under the net's ``probs``."""
    p = float(probs[played])
    rank = 1 + int(np.count_nonzero(probs > p))
    return float(np.log(max(p, FLOOR))), float(rank), float(rank == 1), float(rank <= 20)


def replayed_inputs(game: ReplayedGame, encoded: Sequence[Encoded], max_moves: int
                    ) -> list[Encoded] | None:
    """The net's inputs of the first ``max_moves`` moves of a replayed game
    (``encoded``: :func:`igo.nets.encode.encode_positions` of it), when they are what
    :func:`game_net_rows` would encode replaying the game itself: no setup stones, the
    colours alternating from Black, no suicide rule (the input's legal-move planes
    depend on it), and no move that positional superko (igo's default rules, which
    :func:`game_net_rows` plays under) refuses; else ``None``."""
    rec = game.record
    m = min(len(rec.moves), max_moves)
    if rec.setup_black or rec.setup_white or rec.rules.suicide != Ruleset().suicide:
        return None
    seen = set()
    for i, move in enumerate(rec.moves[:m]):
        if move.color != (Color.BLACK if i % 2 == 0 else Color.WHITE):
            return None
        seen.add(game.boards[i].hash)
        if move.point is not None and game.boards[i + 1].hash in seen:
            return None
    return list(encoded[:m])


def game_net_rows(points: np.ndarray, size: int, policy: NetPolicy, max_moves: int,
                  batch: int = 64, encoded: Sequence[Encoded] | None = None) -> np.ndarray:
    """``(len(points), N_NET)`` rows of one game (flat points, -1 a pass; Black first,
    the colours alternating, as the strength cache stores games): the first
    ``max_moves`` moves evaluated, the rest NaN (and every move from one the rules
    refuse). ``encoded``: the net's inputs of those moves from the game's one replay
    (:func:`replayed_inputs`), instead of replaying it here."""
    out = np.full((len(points), N_NET), np.nan, np.float32)
    played = [size * size if flat < 0 else flat for flat in map(int, points[:max_moves])]
    inputs = list(encoded) if encoded is not None else _replay_inputs(points, size, max_moves)
    for a in range(0, len(inputs), batch):
        probs = policy.evaluate(inputs[a:a + batch])
        for k, row in enumerate(probs):
            out[a + k] = move_row(row, played[a + k])
    return out


def _replay_inputs(points: np.ndarray, size: int, max_moves: int) -> list[Encoded]:
    """The net's input before each of the first ``max_moves`` moves, replayed under
    igo's default rules, up to the first move they refuse."""
    from igo.nets.encode import encode_board

    board = Board(size)
    encoded = []
    color = Color.BLACK
    for flat in map(int, points[:max_moves]):
        point = None if flat < 0 else Point(flat // size, flat % size)
        enc = encode_board(board, color)
        try:
            board.play(color, point)
        except IllegalMoveError:
            break
        encoded.append(enc)
        color = color.opponent
    return encoded


def _meta_path(directory: Path) -> Path:
    return directory / "net.json"


def _write_meta(directory: Path, meta: dict[str, Any]) -> None:
    tmp = directory / "net.json.tmp"
    tmp.write_text(json.dumps(meta, indent=1))
    os.replace(tmp, _meta_path(directory))


def build_net_view(directory: Path, cache: StrengthCache, policy: NetPolicy,
                   max_moves: int = 150, batch: int = 64, chunk: int = 20,
                   limit: int | None = None, progress: bool = True) -> np.ndarray:
    """Write (or go on writing) ``net.bin`` for the games of ``cache`` (in its
    directory ``directory``), ``chunk`` games between saves; ``limit`` stops after
    that many games in all. Returns the rows (memory-mapped).

    Raises
    ------
    ValueError
        If ``directory`` holds a net view made with another net or ``max_moves``.
    """
    n_games, n_moves = int(cache.games.shape[0]), int(cache.points.shape[0])
    want = {"net": str(policy.path.name), "net_name": policy.name, "max_moves": max_moves,
            "n_moves": n_moves}
    meta_path = _meta_path(directory)
    meta: dict[str, Any] = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    if meta and {k: meta.get(k) for k in want} != want:
        raise ValueError(f"{directory}: its net view was made with {meta}, not {want}; "
                         "remove net.bin and net.json to make another")
    path = directory / "net.bin"
    if not meta or not path.exists():
        rows = np.lib.format.open_memmap(path, mode="w+", dtype=np.float32,
                                         shape=(n_moves, N_NET))
        rows[:] = np.nan
        rows.flush()
        meta = {**want, "games_done": 0}
        _write_meta(directory, meta)
    rows = np.lib.format.open_memmap(path, mode="r+")
    end = n_games if limit is None else min(n_games, int(limit))
    done = int(meta["games_done"])
    bar = tqdm(total=end, initial=done, unit=" games", desc="net view",
               disable=not progress, mininterval=2.0)
    for g in range(done, end):
        pts, _ = cache.game_moves(g)
        a = int(cache.games[g, 4])  # where game_view reads it
        rows[a:a + len(pts)] = game_net_rows(np.asarray(pts), cache.size, policy,
                                             max_moves, batch)
        bar.update(1)
        if (g + 1 - done) % chunk == 0 or g + 1 == end:
            rows.flush()
            meta["games_done"] = g + 1
            _write_meta(directory, meta)
    bar.close()
    return rows


def game_view(view: np.ndarray, cache: StrengthCache, g: int) -> np.ndarray:
    """The rows of game ``g`` in a net view of ``cache`` (as
    :meth:`~igo.strength.cache.StrengthCache.game_moves` gives its moves)."""
    a = int(cache.games[g, 4])
    return np.asarray(view[a:a + int(cache.games[g, 3])])


def open_net_view(directory: Path, cache: StrengthCache) -> np.ndarray:
    """The net view of ``directory``'s cache: its rows (NaN for games not done), or all
    NaN where none was made."""
    path = directory / "net.bin"
    if not path.exists():
        return np.broadcast_to(np.float32(np.nan), (int(cache.points.shape[0]), N_NET))
    rows = np.load(path, mmap_mode="r")
    if rows.shape != (int(cache.points.shape[0]), N_NET):
        raise ValueError(f"{path}: {rows.shape} rows for a cache of "
                         f"{cache.points.shape[0]} moves")
    return rows
