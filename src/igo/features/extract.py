"""Features of every legal move of a position, or of many positions of a game.

:class:`FeatureConfig` says which feature groups a model uses (see
:mod:`igo.features.tactical` for the tactical groups, :mod:`igo.features.patterns`
and :mod:`igo.features.broad` for the patterns). :class:`Extractor` holds the
kernel tables and the pattern dictionaries and runs the kernels:

- :meth:`Extractor.count_game`: the pattern hashes of the *played* moves of a
  game, to build the dictionaries (first pass over the training records);
- :meth:`Extractor.extract_game`: every legal move of every position of a range of
  moves (or one in ``stride`` of them, :func:`select_moves`), in one kernel call per
  game (:class:`GameFeatures`), which replays the record;
- :meth:`Extractor.extract_replayed`: the same from the positions of a record already
  replayed (:class:`~igo.core.replay.ReplayedGame`: the review's one replay);
- :meth:`Extractor.position`: the same for one :class:`~igo.core.Board`.

Legality is simple ko without superko (the tygem records have no ``RU``; a record
with superko rules is judged by simple ko here, which differs only in rare
cycles); the pass is never a candidate and positions where a pass was played are
skipped.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from igo.core import _kernels as CK
from igo.core.board import Board, padded_index
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.record import GameRecord
from igo.core.replay import ReplayedGame
from igo.features import _broad_kernels as BK
from igo.features import _game_kernels as GK
from igo.features import _kernels as K
from igo.features.broad import BroadConfig, cell_of_row, sym3_table
from igo.features.pattern_cache import PatternCache
from igo.features.patterns import HashTable, PatternTables, pattern_tables

#: Feature groups in model order.
GROUPS = ("liberties", "capture", "atari", "dist_prev", "dist_prev2", "edge", "pattern",
          "broad")
#: Groups of the paper's Table 2 (its "R7 only" arm; add "broad" for the other).
PAPER_GROUPS = ("liberties", "dist_prev", "pattern")

_EMPTY_TABLE = HashTable(np.zeros(1, np.uint64), np.full(1, -1, np.int64))
#: The fields of a :class:`~igo.core._kernels.BoardState` that
#: :func:`igo.features._game_kernels.extract_positions` reads stacked (all but ``zob``).
_STACKED = CK.BoardState._fields[:-1]


@dataclass(frozen=True)
class FeatureConfig:
    """Which features a model uses and how patterns are harvested.

    Attributes
    ----------
    groups : tuple of str
        Enabled groups, a subset of :data:`GROUPS`.
    pattern_size : int
        Largest local pattern ``Rn`` (paper: 7).
    pattern_threshold : int
        Minimum count of a local pattern among training moves.
    broad : BroadConfig
        Parameters of the broad pattern (used when ``"broad"`` is enabled).
    """

    groups: tuple[str, ...] = GROUPS
    pattern_size: int = 7
    pattern_threshold: int = 10
    broad: BroadConfig = field(default_factory=BroadConfig)

    def __post_init__(self) -> None:
        unknown = [g for g in self.groups if g not in GROUPS]
        if unknown:
            raise ValueError(f"unknown feature groups {unknown} (known: {', '.join(GROUPS)})")
        if len(set(self.groups)) != len(self.groups):
            raise ValueError(f"feature groups listed twice: {self.groups}")
        pattern_tables(self.pattern_size)  # validates the size
        if self.pattern_threshold < 1:
            raise ValueError(f"pattern threshold must be >= 1, got {self.pattern_threshold}")

    @property
    def uses_broad(self) -> bool:
        """True if the broad group is enabled."""
        return "broad" in self.groups


@dataclass
class GameFeatures:
    """Features of the positions of one game (see :func:`_game_kernels.extract_positions`).

    ``pos_info[k] = (start, n_moves, target, prev1, prev2, move_index)`` with padded
    points; ``pos_broad[k, cell]``; per move ``pt`` (padded), ``tac``, ``pat``.
    ``illegal`` is True if the record stopped at an illegal move.
    """

    size: int
    pos_info: np.ndarray
    pos_broad: np.ndarray
    pt: np.ndarray
    tac: np.ndarray
    pat: np.ndarray
    illegal: bool


def _record_arrays(record: GameRecord) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                np.ndarray]:
    """Padded setup points and colours, padded move points (0 = pass) and colours."""
    size = record.size
    idx = padded_index(size)

    def flat(p: Point) -> int:
        if not (0 <= p[0] < size and 0 <= p[1] < size):
            raise ValueError(f"{record.source}: point {tuple(p)} is off the board")
        return int(idx[p[0] * size + p[1]])

    setup = [flat(p) for p in record.setup_black] + [flat(p) for p in record.setup_white]
    scol = [1] * len(record.setup_black) + [2] * len(record.setup_white)
    pts = [0 if m.point is None else flat(m.point) for m in record.moves]
    cols = [int(m.color) for m in record.moves]
    return (np.array(setup, np.int32), np.array(scol, np.int8), np.array(pts, np.int64),
            np.array(cols, np.int64))


def select_moves(pts: np.ndarray, first: int = 0, last: int | None = None,
                 stride: int = 1) -> np.ndarray:
    """Which move indices of a game to use: ``[first, last)``, and with ``stride > 1``
    one in ``stride`` of those, at an offset drawn from the game's moves (CRC-32 of
    the move list), so the same game always gives the same positions whatever
    order it is read in, and successive games start at different phases.

    Raises
    ------
    ValueError
        If ``stride < 1``.
    """
    if stride < 1:
        raise ValueError(f"stride must be at least 1, got {stride}")
    n = pts.shape[0]
    last = n if last is None else min(last, n)
    select = np.zeros(n, np.bool_)
    if last > first:
        offset = zlib.crc32(np.ascontiguousarray(pts).tobytes()) % stride if stride > 1 else 0
        select[max(first, 0) + offset:last:stride] = True
    return select


class Extractor:
    """Runs the feature kernels for one :class:`FeatureConfig`.

    Parameters
    ----------
    config
        The feature configuration.
    patterns, broad
        Dictionaries (hash → id, ids from 1); ``None`` before they are built
        (every pattern then gets id 0).
    """

    def __init__(self, config: FeatureConfig, patterns: HashTable | None = None,
                 broad: HashTable | None = None) -> None:
        self.config = config
        self.tables: PatternTables = pattern_tables(config.pattern_size)
        self.patterns = patterns if patterns is not None else _EMPTY_TABLE
        self.broad = broad if broad is not None else _EMPTY_TABLE
        self._sym3 = sym3_table()
        self._states: dict[int, CK.BoardState] = {}
        self._cells: dict[int, tuple[np.ndarray, int]] = {}

    def cells(self, size: int) -> tuple[np.ndarray, int]:
        """Reduced row of each board row, and the reduced size, for a board size (kept
        per size: a policy game asks twice a move; callers only read the array)."""
        if size not in self._cells:
            split = self.config.broad.split(size)
            self._cells[size] = (cell_of_row(split), len(split))
        return self._cells[size]

    def _fresh_state(self, record: GameRecord) -> CK.BoardState:
        size = record.size
        if size not in self._states:
            self._states[size] = Board(size).state
        return CK.copy_state(self._states[size])

    def _start(self, record: GameRecord) -> tuple[CK.BoardState, np.ndarray, np.ndarray]:
        setup, scol, pts, cols = _record_arrays(record)
        s = self._fresh_state(record)
        if not GK.setup_stones(s, setup, scol):
            raise ValueError(f"{record.source}: setup stone on an occupied point")
        return s, pts, cols

    def count_game(self, record: GameRecord, first: int = 0, last: int | None = None,
                   stride: int = 1) -> tuple[np.ndarray, np.ndarray, bool]:
        """Pattern hashes ``(n, sizes)`` and broad keys ``(n,)`` of the played moves
        selected by :func:`select_moves` (passes skipped), and whether the record
        stopped at an illegal move."""
        s, pts, cols = self._start(record)
        select = select_moves(pts, first, last, stride)
        n = int(select.sum())
        t = self.tables
        out_h = np.zeros((n, t.size_end.shape[0]), np.uint64)
        out_b = np.zeros(n, np.uint64)
        status = np.zeros(1, np.int64)
        cell_of, nred = self.cells(record.size)
        bc = self.config.broad
        m = GK.count_game(s, pts, cols, select, record.rules.suicide, t.off_r, t.off_c,
                         t.symkeys, t.size_end, t.size_keys, self.config.uses_broad,
                         float(bc.a), bc.metric_code, float(bc.b), int(bc.c), cell_of, nred,
                         self._sym3, out_h, out_b, status)
        return out_h[:m], out_b[:m], bool(status[0] == GK.GAME_ILLEGAL)

    def extract_game(self, record: GameRecord, first: int = 0, last: int | None = None,
                     stride: int = 1) -> GameFeatures:
        """Features of every legal move of the positions of a game selected by
        :func:`select_moves` (move indices ``[first, last)``, one in ``stride``)."""
        s, pts, cols = self._start(record)
        select = select_moves(pts, first, last, stride)
        stack = tuple(getattr(s, f).reshape(1, -1) for f in _STACKED)  # not read
        return self._extract(record, select, lambda *out: GK.extract_positions(
            s, stack, False, pts, cols, select, record.rules.suicide,
            *self._kernel_args(record.size), *out))

    def extract_replayed(self, game: ReplayedGame, first: int = 0,
                         last: int | None = None, stride: int = 1) -> GameFeatures:
        """:meth:`extract_game` read from the positions of the record's one replay
        (:func:`igo.core.replay.replay_positions`) instead of replaying the record: the
        same features. (The replay judged legality by the record's rules; a move legal
        under them is legal under the simple ko of the features too.)"""
        record = game.record
        _, _, pts, cols = _record_arrays(record)
        select = select_moves(pts, first, last, stride)
        states = [b.state for b in game.boards]
        stack = tuple(np.stack([getattr(st, f) for st in states]) for f in _STACKED)
        return self._extract(record, select, lambda *out: GK.extract_positions(
            states[0], stack, True, pts, cols, select, record.rules.suicide,
            *self._kernel_args(record.size), *out))

    def _kernel_args(self, size: int) -> tuple[Any, ...]:
        """The pattern tables, dictionaries and broad parameters the kernels read."""
        t = self.tables
        bc = self.config.broad
        cell_of, nred = self.cells(size)
        return (t.off_r, t.off_c, t.symkeys, t.size_end, t.size_keys, self.patterns.keys,
                self.patterns.vals, self.config.uses_broad, float(bc.a), bc.metric_code,
                float(bc.b), int(bc.c), cell_of, nred, self._sym3, self.broad.keys,
                self.broad.vals)

    def _extract(self, record: GameRecord, select: np.ndarray,
                 kernel: Callable[..., int]) -> GameFeatures:
        """Run an extraction kernel on output arrays sized for the selected positions."""
        npos = int(select.sum())
        size = record.size
        _, nred = self.cells(size)
        cap = npos * size * size
        out_pt = np.zeros(cap, np.int64)
        out_tac = np.zeros(cap, np.int64)
        out_pat = np.zeros(cap, np.int64)
        pos_info = np.zeros((npos, 6), np.int64)
        pos_broad = np.zeros((npos, nred * nred), np.int64)
        status = np.zeros(1, np.int64)
        k = kernel(out_pt, out_tac, out_pat, pos_info, pos_broad, status)
        nm = int(pos_info[k - 1, 0] + pos_info[k - 1, 1]) if k else 0
        return GameFeatures(size, pos_info[:k], pos_broad[:k], out_pt[:nm], out_tac[:nm],
                            out_pat[:nm], bool(status[0] != GK.GAME_OK))

    def position(self, board: Board, color: Color | None = None,
                 cache: PatternCache | None = None) -> PositionFeatures:
        """Features of every legal move of ``color`` (default ``board.to_play``).

        With a ``cache`` (one per game and player, :class:`PatternCache`) the pattern
        ids of points whose area has not changed since its last use are taken from it
        (the same ids); the canonical hashes are then not computed (``hashes`` is
        empty)."""
        c = int(board.to_play if color is None else color)
        s = board.state
        size = board.size
        a = s.color.shape[0]
        out_pt = np.zeros(size * size, np.int64)
        out_tac = np.zeros(size * size, np.int64)
        out_pat = np.zeros(size * size, np.int64)
        t = self.tables
        if cache is None:
            ids, changed_at, tick = np.zeros((0, 0), np.int64), np.zeros(0, np.int64), 0
            out_hash = np.zeros((size * size, t.size_end.shape[0]), np.uint64)
        else:
            ids, changed_at, tick = cache.prepare(self, s, t.off_r, t.off_c)
            out_hash = np.zeros((0, 0), np.uint64)
        n = K.position_features(s, c, board.rules.suicide, t.off_r, t.off_c, t.symkeys,
                                t.size_end, t.size_keys, self.patterns.keys,
                                self.patterns.vals, True, np.zeros(a, np.int64),
                                np.zeros(a, np.int32), np.zeros(1, np.int64), out_pt,
                                out_tac, out_hash, out_pat, ids, changed_at, tick)
        cell_of, nred = self.cells(size)
        keys = np.zeros(nred * nred, np.uint64)
        if self.config.uses_broad:
            bc = self.config.broad
            BK.broad_cell_keys(s, c, float(bc.a), bc.metric_code, float(bc.b), int(bc.c),
                              cell_of, nred, self._sym3, *BK.broad_scratch(size, nred), keys)
        broad = np.zeros(nred * nred, np.int64)
        if self.config.uses_broad:
            K.lookup_many(keys, self.broad.keys, self.broad.vals, broad)
        return PositionFeatures(size, out_pt[:n].copy(), out_tac[:n].copy(), out_pat[:n].copy(),
                                out_hash[:n].copy(), keys, broad)


@dataclass
class PositionFeatures:
    """Features of the legal moves of one position (:meth:`Extractor.position`).

    ``pt`` padded points, ``tac`` tactical codes, ``pat`` pattern ids, ``hashes``
    canonical pattern hashes ``(n, sizes)``, ``broad_keys``/``broad`` the key and id
    of each reduced cell.
    """

    size: int
    pt: np.ndarray
    tac: np.ndarray
    pat: np.ndarray
    hashes: np.ndarray
    broad_keys: np.ndarray
    broad: np.ndarray

    def points(self) -> list[Point]:
        """The candidate moves as points."""
        w = self.size + 2
        return [Point(int(p) // w - 1, int(p) % w - 1) for p in self.pt]
