"""What the search says of a position: one :class:`PositionEval`.

The same reading serves a search that is running (GTP's ``lz-analyze`` and
``kata-analyze`` lines, :func:`read_search`, called from the search's progress
callback) and a search made for one position (``igo review``,
:func:`evaluate_position`). The figures, from :mod:`igo.search.analysis`:

- ``winrate``: the root's win rate for the player to move, the visit-weighted mean
  of its moves (:func:`~igo.search.analysis.root_winrate`);
- ``score_lead``: the mean area score of the playouts for the player to move, komi
  included (:func:`~igo.search.analysis.score_lead`);
- ``moves``: the root moves, most visited first, each with its win rate, lower
  confidence bound, prior and principal variation
  (:func:`~igo.search.analysis.analyze_moves`);
- ``ownership``: the mean final owner of every point in the playouts, +1 Black.

``winrate_black`` and ``score_black`` give the first two from Black's side, as game
reviews and graphs show them.

>>> from igo.core import Board
>>> from igo.search import preset
>>> ev = evaluate_position(Board(5), 0.5, Budget(playouts=200), config=preset("paper"),
...                        seed=3)
>>> ev.best is not None and ev.best.pv[0] == ev.best.move
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.movepred.model import MoveModel
from igo.search.analysis import PV_LENGTH, MoveAnalysis, analyze_moves, root_winrate, score_lead
from igo.search.config import STRONG, SearchConfig
from igo.search.search import Search, SearchResult


@dataclass(frozen=True)
class Budget:
    """How long one position is searched: playouts, seconds, or both (the first
    reached).

    Raises
    ------
    ValueError
        If neither is given, or one is not positive.
    """

    playouts: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.playouts is None and self.seconds is None:
            raise ValueError("a budget needs playouts or seconds")
        if self.playouts is not None and self.playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {self.playouts}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, got {self.seconds}")

    def describe(self) -> str:
        """``2,000 playouts``, ``1 s`` or ``2,000 playouts or 1 s``."""
        parts = []
        if self.playouts is not None:
            parts.append(f"{self.playouts:,} playouts")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)


@dataclass(frozen=True)
class PositionEval:
    """The search's view of one position.

    Attributes
    ----------
    size, to_play
        Board size and the player to move at the root.
    playouts, visits
        Playouts the search ran, and the root's visits (summed over its moves).
    winrate, score_lead
        Win rate and mean score for the player to move.
    moves
        The root moves, most visited first (:class:`~igo.search.analysis.MoveAnalysis`;
        their win rates are for the player to move).
    ownership
        ``(size, size)`` mean final owner, +1 Black (``None`` when not read).
    """

    size: int
    to_play: Color
    playouts: int
    visits: int
    winrate: float
    score_lead: float
    moves: tuple[MoveAnalysis, ...]
    ownership: np.ndarray | None = None

    @property
    def sign(self) -> float:
        """+1 when Black is to move, -1 when White is."""
        return 1.0 if self.to_play is Color.BLACK else -1.0

    @property
    def winrate_black(self) -> float:
        """The win rate for Black."""
        return self.winrate if self.to_play is Color.BLACK else 1.0 - self.winrate

    @property
    def score_black(self) -> float:
        """The mean score from Black's side (points ahead, komi included)."""
        return self.sign * self.score_lead

    @property
    def best(self) -> MoveAnalysis | None:
        """The most visited move (``None`` before any visit)."""
        return self.moves[0] if self.moves else None

    def ownership_to_play(self) -> np.ndarray | None:
        """The ownership with +1 for the player to move (as GTP's ``kata-analyze``
        reports it)."""
        return None if self.ownership is None else self.ownership * self.sign

    # ------------------------------------------------------------------ storage
    def to_dict(self) -> dict[str, Any]:
        """Plain values (JSON): moves as ``[row, col]`` or ``None`` for a pass."""
        def pt(p: Point | None) -> list[int] | None:
            return None if p is None else [int(p[0]), int(p[1])]

        return {
            "size": self.size, "to_play": int(self.to_play), "playouts": self.playouts,
            "visits": self.visits, "winrate": self.winrate, "score_lead": self.score_lead,
            "moves": [{"move": pt(m.move), "visits": m.visits, "winrate": m.winrate,
                       "lcb": m.lcb, "prior": m.prior, "order": m.order,
                       "pv": [pt(p) for p in m.pv], "pv_visits": list(m.pv_visits)}
                      for m in self.moves],
            "ownership": None if self.ownership is None
            else np.round(self.ownership, 4).tolist(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PositionEval:
        """The inverse of :meth:`to_dict`.

        Raises
        ------
        KeyError, TypeError, ValueError
            If ``d`` is not what :meth:`to_dict` writes.
        """
        def pt(p: list[int] | None) -> Point | None:
            return None if p is None else Point(int(p[0]), int(p[1]))

        moves = tuple(MoveAnalysis(pt(m["move"]), int(m["visits"]), float(m["winrate"]),
                                   float(m["lcb"]), float(m["prior"]), int(m["order"]),
                                   tuple(pt(p) for p in m["pv"]),
                                   tuple(int(v) for v in m["pv_visits"]))
                      for m in d["moves"])
        own = d.get("ownership")
        return cls(int(d["size"]), Color(int(d["to_play"])), int(d["playouts"]),
                   int(d["visits"]), float(d["winrate"]), float(d["score_lead"]), moves,
                   None if own is None else np.asarray(own, dtype=np.float64))


def read_search(search: Search, result: SearchResult, *, min_moves: int = 0,
                max_moves: int | None = None, pv_length: int = PV_LENGTH,
                ownership: bool = False) -> PositionEval:
    """The view of ``search`` as ``result`` left it (the search may still be running).

    ``min_moves``/``max_moves``: as :func:`~igo.search.analysis.analyze_moves`;
    ``ownership``: also read the ownership (a pass over the playout statistics).
    """
    moves = analyze_moves(search, result, min_moves=min_moves, max_moves=max_moves,
                          pv_length=pv_length)
    own = search.ownership() if ownership else None
    lead = score_lead(search)
    visits = sum(m.visits for m in result.moves)
    return PositionEval(search.size, search.color(), result.playouts, visits,
                        root_winrate(result), lead, tuple(moves), own)


def evaluate_position(board: Board, komi: float, budget: Budget, *,
                      config: SearchConfig = STRONG, model: MoveModel | None = None,
                      seed: int | None = None, max_moves: int | None = 10,
                      pv_length: int = PV_LENGTH) -> PositionEval:
    """Search ``board`` (``board.to_play`` to move) within ``budget`` and read it,
    ownership included: Ohta & Itoh's MCTS (``config``; default the ``strong``
    preset, whose priors come from ``model`` or igo's default move model).

    A game's closing passes are the caller's to take back (a search whose root
    follows a pass ends its playouts with the next pass).
    """
    search = Search(board, komi, config, model, seed=seed)
    result = search.run(playouts=budget.playouts, seconds=budget.seconds)
    return read_search(search, result, max_moves=max_moves, pv_length=pv_length,
                       ownership=True)


__all__ = ["Budget", "PositionEval", "evaluate_position", "read_search"]
