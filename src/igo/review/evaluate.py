"""Evaluating every position of a game: the searches of a review, in parallel, once.

Each position (:mod:`igo.review.positions`) is searched by
:func:`igo.analysis.position.evaluate_position`, the service the GTP analysis
commands read through, with the review's budget, one search thread, a seed drawn
from the position's key (the same position gives the same search; the review's
``seed``, ``igo review --seed N``, is part of the key when given, so that another seed
gives other searches, cached apart), on the
caller's :class:`~igo.arena.executor.Executor` (worker processes: one position a
task, which gets its board from the game's one replay,
:class:`~igo.core.replay.ReplayedGame`). What the cache holds is not searched again;
what is searched is stored at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from igo.analysis.position import Budget, PositionEval, evaluate_position
from igo.arena.executor import Executor, SequentialExecutor
from igo.core.board import Board
from igo.core.record import GameRecord
from igo.core.replay import ReplayedGame, replay_positions
from igo.review.cache import EvalCache
from igo.review.positions import position_key, seed_of
from igo.search.config import STRONG, SearchConfig

#: Playouts a position by default: 4,000 on 9x9 down to 2,500 on 19x19 (150 fewer a
#: line), so that a 9x9 game reviews in well under 30 s and a 250-move 19x19 game in
#: under 3 minutes on two cores: on this 2-core machine, shared with other jobs (load
#: 6), a 9x9 position took 0.21 s and a 19x19 one 0.47 s at 2,000 playouts (one core).
DEFAULT_PLAYOUTS_9 = 4000
DEFAULT_PLAYOUTS_19 = 2500


def default_budget(size: int) -> Budget:
    """The default budget of a position on a ``size`` board (see above)."""
    step = (DEFAULT_PLAYOUTS_9 - DEFAULT_PLAYOUTS_19) / 10
    playouts = round(DEFAULT_PLAYOUTS_9 - step * (min(max(size, 9), 19) - 9))
    return Budget(playouts=playouts)


@dataclass(frozen=True)
class EvalSettings:
    """How positions are searched: the budget (``None``: :func:`default_budget` of
    the board), the search configuration (one thread: the parallelism is the
    workers'), the root moves kept per position, and the review's seed (``None``: each
    search's seed is drawn from its position's key alone; an integer is mixed into
    that key, :func:`~igo.review.positions.position_key`)."""

    budget: Budget | None = None
    config: SearchConfig = field(default_factory=lambda: STRONG.with_options(threads=1))
    max_moves: int = 8
    seed: int | None = None

    def budget_for(self, size: int) -> Budget:
        """The budget on a ``size`` board."""
        return self.budget if self.budget is not None else default_budget(size)


def evaluate_one(board: Board, komi: float, budget: Budget, config: SearchConfig,
                 max_moves: int, key: str) -> PositionEval:
    """Search a position from ``board`` (its search board,
    :meth:`~igo.core.replay.ReplayedGame.search_board`; a task of a worker process)."""
    ev = evaluate_position(board, komi, budget, config=config, seed=seed_of(key),
                           max_moves=max_moves)
    return PositionEval.from_dict(ev.to_dict())  # as the cache returns it


@dataclass
class EvalCounts:
    """What a review's evaluation did: positions found in the cache, searched."""

    cached: int = 0
    searched: int = 0


def evaluate_game(record: GameRecord, settings: EvalSettings, *,
                  executor: Executor | None = None, cache: EvalCache | None = None,
                  on_done: Callable[[int], None] | None = None,
                  counts: EvalCounts | None = None,
                  game: ReplayedGame | None = None) -> list[PositionEval]:
    """The evaluation of every position ``0 … len(record.moves)`` of ``record``.

    ``executor`` runs the searches (default: one after another here); ``cache``
    gives what was evaluated before and keeps what is searched now; ``on_done(n)``
    is called as ``n`` more positions are ready (a progress bar); ``game`` is the
    record's replay when the caller has it (else it is replayed here).

    Raises
    ------
    IllegalMoveError
        If the record has an illegal move.
    Exception
        What a search raised.
    """
    budget = settings.budget_for(record.size)
    n = len(record.moves) + 1
    if game is None:
        game = replay_positions(record)  # an illegal move fails here, before any search
    elif game.record is not record:
        raise ValueError("evaluate_game: the replayed game is not the record's")
    keys = [position_key(record, k, budget, settings.config, settings.seed)
            for k in range(n)]
    evals: list[PositionEval | None] = [None] * n
    todo = []
    for k, key in enumerate(keys):
        found = cache.get(key) if cache is not None else None
        if found is not None:
            evals[k] = found
        else:
            todo.append(k)
    counts = counts if counts is not None else EvalCounts()
    counts.cached += n - len(todo)
    if on_done is not None and n > len(todo):
        on_done(n - len(todo))
    own = executor is None
    ex = executor if executor is not None else SequentialExecutor()
    error: BaseException | None = None
    try:
        for k in todo:
            ex.submit(k, evaluate_one, game.search_board(k), record.komi, budget,
                      settings.config, settings.max_moves, keys[k])
        for _ in todo:  # every task is collected, so a shared executor is left empty
            done = ex.next_done()
            if done.error is not None or error is not None:
                error = error or done.error
                continue
            k = int(done.key)  # type: ignore[call-overload]
            evals[k] = done.value
            if cache is not None:
                cache.put(keys[k], done.value)
            counts.searched += 1
            if on_done is not None:
                on_done(1)
    finally:
        if own:
            ex.close()
    if error is not None:
        raise error
    return [e for e in evals if e is not None]


__all__ = [
    "DEFAULT_PLAYOUTS_9",
    "DEFAULT_PLAYOUTS_19",
    "EvalCounts",
    "EvalSettings",
    "default_budget",
    "evaluate_game",
    "evaluate_one",
]
