"""One game as arrays: the boards of its first moves, and the move model's view of
every move (Araki et al., section 4 for the boards; its future work (4) for the rest).

Per game:

- ``boards``: ``(max_boards, size*size)`` int8, the stones (0 empty, 1 black, 2 white)
  *before* each of the first ``max_boards`` moves; past the end of the game, the final
  position (the paper's "missing moves are passes");
- ``points``: ``(n_moves,)`` int16, the flat point of each move, -1 for a pass;
- ``mp``: ``(n_moves, N_MP)`` float32, per move under the default move model
  (:mod:`igo.movepred`): log-probability of the played move, its rank among the legal
  moves (ties at random, in expectation), P(top 1), P(top 20), the packed tactical code
  of the played move (atari, capture, liberties: :mod:`igo.features.tactical`), the
  number of legal moves, and the local-pattern id of the played move (0 = rare). Passes
  (and moves after an illegal one) are NaN.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from igo.core.board import Board
from igo.core.errors import IllegalMoveError
from igo.core.replay import ReplayedGame
from igo.movepred.dataset import collect_positions
from igo.movepred.evaluate import per_position
from igo.movepred.model import MoveModel
from igo.strength.data import GameView

MP_COLUMNS = ("logp", "rank", "match", "top20", "tac", "legal", "pattern")
N_MP = len(MP_COLUMNS)


def game_boards(view: GameView, max_boards: int) -> np.ndarray:
    """Stones before each of the first ``max_boards`` moves (final position after the
    end of the game, or after an illegal move)."""
    n2 = view.size * view.size
    out = np.zeros((max_boards, n2), np.int8)
    board = Board(view.size, view.record.rules)
    cur = board.to_array().reshape(n2)
    for k, mv in enumerate(view.record.moves[:max_boards]):
        out[k] = cur
        try:
            board.play(mv.color, mv.point)
        except IllegalMoveError:
            out[k + 1:] = cur
            return out
        cur = board.to_array().reshape(n2)
    out[len(view.record.moves):] = cur
    return out


def game_points(view: GameView) -> np.ndarray:
    """Flat point of each move (-1 = pass)."""
    return np.array([p for _, p in view.moves], np.int16)


def move_model_rows(views: Sequence[GameView], model: MoveModel,
                    games: Sequence[ReplayedGame | None] | None = None) -> list[np.ndarray]:
    """The ``mp`` array (see the module docstring) of each game, in one extraction.

    ``games[i]``, when given and not ``None``, is the one replay of game ``i``
    (:func:`igo.core.replay.replay_positions`): its positions are read
    (:meth:`~igo.features.extract.Extractor.extract_replayed`) instead of replaying
    the record again.
    """
    if not views:
        return []
    size = views[0].size
    if any(v.size != size for v in views):
        raise ValueError("move_model_rows: games of one board size only")
    given = [None] * len(views) if games is None else list(games)
    if len(given) != len(views):
        raise ValueError(f"move_model_rows: {len(given)} replays for {len(views)} games")
    ex = model.extractor
    data = collect_positions((ex.extract_game(v.record, 0, 10**6) if g is None
                              else ex.extract_replayed(g, 0, 10**6)
                              for v, g in zip(views, given, strict=True)), ex, size)
    rows = per_position(model, data)
    out = [np.full((len(v.moves), N_MP), np.nan, np.float32) for v in views]
    played = data.start[:-1] + data.target
    tac = np.asarray(data.tac)[played]
    pat = np.asarray(data.pat)[played]
    legal = np.diff(data.start)
    game = np.asarray(data.game)
    mn = np.asarray(data.move_number, np.int64) - 1
    for i in range(len(data)):
        out[game[i]][mn[i]] = (rows[i, 3], rows[i, 1], rows[i, 0], rows[i, 2], tac[i],
                               legal[i], pat[i])
    return out
