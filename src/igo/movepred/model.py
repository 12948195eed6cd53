"""The generalized Bradley-Terry move model of Honda et al. (section 3.1, section 5).

Each feature value ``f`` has a strength ``gamma_f = exp(theta_f)``; a move's
strength is the product of the gammas of its values (one per enabled group), and
its probability is its strength over the sum of the strengths of all legal moves
of the position. :class:`MoveModel` holds the feature configuration, the pattern
dictionaries and ``theta``, and scores every legal move of a position in one
kernel call (:meth:`MoveModel.probabilities`, for search and analysis).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.features import tactical as T
from igo.features.extract import GROUPS, Extractor, FeatureConfig
from igo.features.pattern_cache import PatternCache
from igo.features.patterns import HashTable, dictionary_table
from igo.movepred import _kernels as K


def group_sizes(n_patterns: int, n_broad: int) -> dict[str, int]:
    """Number of values of each group (pattern and broad include id 0 = unknown)."""
    return {"liberties": T.N_LIBERTIES, "capture": T.N_CAPTURE, "atari": T.N_ATARI,
            "dist_prev": T.N_DIST, "dist_prev2": T.N_DIST, "edge": T.N_EDGE,
            "pattern": n_patterns + 1, "broad": n_broad + 1}


@dataclass
class MoveModel:
    """Feature configuration, pattern dictionaries and parameters.

    Attributes
    ----------
    config : FeatureConfig
    pattern_hashes : uint64 array
        Kept local-pattern hashes, sorted; pattern id ``k`` is entry ``k - 1``.
    broad_keys : uint64 array
        Kept broad-pattern keys, sorted; broad id ``k`` is entry ``k - 1``.
    theta : float64 array
        Log-gammas, laid out by :meth:`offsets`.
    summary : dict
        Training data summary and training settings (saved in the model file).
    """

    config: FeatureConfig
    pattern_hashes: np.ndarray
    broad_keys: np.ndarray
    theta: np.ndarray = field(default_factory=lambda: np.zeros(0))
    summary: dict[str, object] = field(default_factory=dict)

    @property
    def board_size(self) -> int:
        """The board size of the training positions (19 when the summary says none)."""
        v = self.summary.get("board_size", 19)
        return int(v) if isinstance(v, int | float | str) else 19

    def __post_init__(self) -> None:
        self.pattern_hashes = np.asarray(self.pattern_hashes, dtype=np.uint64)
        self.broad_keys = np.asarray(self.broad_keys, dtype=np.uint64)
        if self.theta.shape[0] == 0:
            self.theta = np.zeros(self.n_params)
        if self.theta.shape != (self.n_params,):
            raise ValueError(f"theta has {self.theta.shape[0]} entries, the feature layout "
                             f"needs {self.n_params}")
        self._extractor: Extractor | None = None
        self._offs = self.offsets()

    @property
    def sizes(self) -> dict[str, int]:
        """Values per group."""
        return group_sizes(len(self.pattern_hashes), len(self.broad_keys))

    def offsets(self) -> np.ndarray:
        """Start of each group's parameters in ``theta`` (-1 = disabled), in
        :data:`~igo.features.extract.GROUPS` order."""
        offs = np.full(len(GROUPS), -1, np.int64)
        pos = 0
        sizes = self.sizes
        for i, g in enumerate(GROUPS):
            if g in self.config.groups:
                offs[i] = pos
                pos += sizes[g]
        return offs

    @property
    def n_params(self) -> int:
        """Length of ``theta``."""
        sizes = self.sizes
        return sum(sizes[g] for g in self.config.groups)

    @property
    def extractor(self) -> Extractor:
        """An :class:`Extractor` with this model's dictionaries."""
        if self._extractor is None:
            self._extractor = Extractor(self.config, dictionary_table(self.pattern_hashes),
                                        dictionary_table(self.broad_keys))
        return self._extractor

    def pattern_table(self) -> HashTable:
        """The local-pattern dictionary as a kernel table."""
        return self.extractor.patterns

    def gammas(self, group: str) -> np.ndarray:
        """``exp(theta)`` of one group's values.

        Raises
        ------
        ValueError
            If the group is not enabled.
        """
        if group not in self.config.groups:
            raise ValueError(f"group {group!r} is not part of this model")
        i = GROUPS.index(group)
        o = int(self.offsets()[i])
        return np.exp(self.theta[o:o + self.sizes[group]])

    def scores(self, board: Board, color: Color | None = None,
               cache: PatternCache | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Padded points of the legal moves of ``color`` (default ``board.to_play``)
        and their scores ``log gamma`` (one feature kernel call and one scoring kernel
        call; for search). Previous moves are taken from the board history. A
        ``cache`` kept by the caller across the moves of a game saves recomputing the
        patterns that did not change (:class:`~igo.features.pattern_cache.PatternCache`;
        the same scores)."""
        feats = self.extractor.position(board, color, cache)
        w = board.size + 2
        hist = board.history
        prev = np.zeros(2, np.int64)
        for k in (1, 2):
            if len(hist) >= k:
                p = hist[-k].point
                if p is not None:
                    prev[k - 1] = (p[0] + 1) * w + p[1] + 1
        n = len(feats.pt)
        sc = np.empty(board.size * board.size)
        if n:
            cell_of, nred = self.extractor.cells(board.size)
            K.position_scores(0, np.array([0, n], np.int64), feats.pt, feats.tac, feats.pat,
                              prev[:1], prev[1:], feats.broad.reshape(1, -1), board.size,
                              cell_of, nred, self.theta, self._offs,
                              np.empty(K.N_GROUPS, np.int64), sc)
        return feats.pt, sc[:n].copy()

    def probabilities(self, board: Board, color: Color | None = None
                      ) -> tuple[list[Point], np.ndarray]:
        """Legal moves of ``color`` (default ``board.to_play``) and their model
        probabilities (summing to 1), previous moves taken from the board history.
        """
        pts, sc = self.scores(board, color)
        if len(pts) == 0:
            return [], np.zeros(0)
        w = board.size + 2
        p = np.exp(sc - sc.max())
        return [Point(int(q) // w - 1, int(q) % w - 1) for q in pts], p / p.sum()
