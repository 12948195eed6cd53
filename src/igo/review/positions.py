"""The positions of a game record that a review evaluates, and their cache keys.

Position ``k`` (0 … ``len(record.moves)``) is the board after the setup stones and the
first ``k`` moves, with the player of move ``k + 1`` to move (after the last move, the
opponent of its player). The search sees it with the game's *closing passes taken
back* (the player to move kept): a search whose root follows a pass ends its playouts
with the next pass, counting every stone as it stands, dead or not (the reason
:mod:`igo.search.ownership` does the same).

A position's key names everything its evaluation depends on: the board size, the
rules, the komi, the setup stones, the moves that lead to it (not just the stones:
ko and superko depend on the history) and the player to move, the budget, the search
configuration and the move model (igo's default of the size), the review's seed when
one is given (``igo review --seed N``; without one the key is what it always was, so
that old cache rows stay valid), and :data:`EVAL_VERSION`, raised when the evaluation
itself changes. The search's seed is drawn from the key (:func:`seed_of`): the same
position searched with the same seed gives the same search, another seed another one.
"""

from __future__ import annotations

import hashlib
import json

from igo.analysis.position import Budget
from igo.core.board import Board
from igo.core.color import Color
from igo.core.record import GameRecord
from igo.core.replay import replay
from igo.search.config import SearchConfig

#: Raised when what an evaluation holds or how it is made changes (old cache rows
#: are then never read).
EVAL_VERSION = 1


def search_board(record: GameRecord, k: int) -> Board:
    """Position ``k`` as the search sees it (closing passes taken back).

    Raises
    ------
    IllegalMoveError
        If the record has an illegal move before ``k``.
    """
    board = replay(record, k)
    to_play = board.to_play
    while board.consecutive_passes and board.history:
        board.undo()
    board.to_play = to_play
    return board


def to_play_at(record: GameRecord, k: int) -> Color:
    """The player to move in position ``k`` (as :func:`igo.core.replay.replay` sets it)."""
    if k < len(record.moves):
        return record.moves[k].color
    if record.moves:
        return record.moves[-1].color.opponent
    return record.to_play_first()


def position_key(record: GameRecord, k: int, budget: Budget, config: SearchConfig,
                 seed: int | None = None) -> str:
    """The cache key of the evaluation of position ``k`` of ``record`` (hex SHA-256;
    the module docstring says what it names); ``seed``: the review's seed, mixed into
    the key (and so into the search's seed) when given."""
    moves = list(record.moves[:k])
    while moves and moves[-1].point is None:  # the closing passes, as search_board
        moves.pop()
    setup = [(1, int(p[0]), int(p[1])) for p in record.setup_black]
    setup += [(2, int(p[0]), int(p[1])) for p in record.setup_white]
    what = {
        "v": EVAL_VERSION, "size": record.size,
        "rules": [record.rules.ko, record.rules.suicide], "komi": float(record.komi),
        "setup": sorted(setup),
        "moves": [(int(m.color), None if m.point is None else [int(m.point[0]),
                                                                 int(m.point[1])])
                  for m in moves],
        "to_play": int(to_play_at(record, k)), "budget": [budget.playouts, budget.seconds],
        "config": config.for_size(record.size).values(), "model": f"default-{record.size}",
    }
    if seed is not None:
        what["seed"] = int(seed)
    text = json.dumps(what, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def seed_of(key: str) -> int:
    """A search seed drawn from a position's key (the same position, the same
    search)."""
    return int(key[:15], 16) + 1


__all__ = ["EVAL_VERSION", "position_key", "search_board", "seed_of", "to_play_at"]
