"""A game reviewed: :func:`review_game` puts together the engine's evaluations of
every position (:mod:`igo.review.evaluate`), the move model's view of every move
(Honda et al., :mod:`igo.analysis.expected`), the figures per move and per player
(:mod:`igo.review.figures`), each player's rank from the game (Araki et al.,
:mod:`igo.review.strength`), and the influence (Fukui et al.'s ``fukui``, tuned
constants) and the engine's ownership at the biggest mistakes and at the end. Where a
net with value and score heads judges (:mod:`igo.review.net_judge`), it judges every
position after the searches, in this process, and the win rates, scores and losses
are its, refined by the search.

The record is replayed once (:func:`igo.core.replay.replay_positions`): every view
reads that one sequence of positions (the searches' boards, the move model's or the
net's view, the net's input planes, which the strength model's net rows read too, the
strength model's move-model rows, the stones drawn).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from igo.analysis.expected import ModelView, model_view, net_view
from igo.analysis.position import Budget, PositionEval
from igo.arena.executor import Executor
from igo.core.color import Color
from igo.core.record import GameRecord
from igo.core.replay import ReplayedGame, replay_positions
from igo.influence import get_model
from igo.nets.encode import Encoded, encode_positions
from igo.nets.policy import NetPolicy, load_default_net
from igo.review.cache import EvalCache
from igo.review.evaluate import EvalCounts, EvalSettings, evaluate_game
from igo.review.figures import (
    MoveFigures,
    PlayerFigures,
    biggest_mistakes,
    move_figures,
    player_figures,
)
from igo.review.net_judge import NetJudge, NetJudgeSettings, judge_game, resolve_net
from igo.review.strength import RankEstimate, rank_estimates
from igo.search.search import nearest_default_model

#: Biggest mistakes shown per player by default.
MISTAKES_PER_PLAYER = 3


@dataclass(frozen=True)
class Moment:
    """A position drawn on the page: the stones, the influence (fukui, +Black) and
    the engine's ownership (+1 Black) there."""

    stones: np.ndarray
    influence: np.ndarray
    ownership: np.ndarray | None


@dataclass
class GameReview:
    """Everything a review's page, JSON and SGF show (see the module docstring).

    ``positions[k]`` are the stones of position ``k`` (0 … moves), ``mistakes`` the
    biggest mistakes of each player with the moment before each, ``end`` the final
    position; ``net`` the net's judgement of every position where a net judged
    (``None``: the search alone).
    """

    record: GameRecord
    budget: Budget
    settings: EvalSettings
    evals: list[PositionEval]
    views: list[ModelView]
    moves: list[MoveFigures]
    players: dict[Color, PlayerFigures]
    ranks: dict[Color, RankEstimate]
    mistakes: dict[Color, list[tuple[MoveFigures, Moment]]]
    end: Moment
    positions: list[np.ndarray]
    counts: EvalCounts = field(default_factory=EvalCounts)
    seconds: float = 0.0
    net: NetJudge | None = None


def _views(game: ReplayedGame, net: NetPolicy | None,
           encoded: list[Encoded] | None) -> list[ModelView]:
    """The expected moves of each position: the policy net's on 19x19, where it was
    measured better than the Bradley-Terry model (0.513 against 0.375 top-1 on the
    9-dan test games), when PyTorch and the net are installed (``net``, its input of
    each position in ``encoded``); else the model's."""
    if net is not None and encoded is not None:
        return [net_view(board, net, move.color, encoded[k])
                for k, (board, move) in enumerate(game.positions())]
    model = nearest_default_model(game.size)
    return [model_view(board, model, move.color) for board, move in game.positions()]


def review_game(record: GameRecord, settings: EvalSettings | None = None, *,
                executor: Executor | None = None, cache: EvalCache | None = None,
                on_done: Callable[[int], None] | None = None,
                mistakes: int = MISTAKES_PER_PLAYER,
                judge: NetJudgeSettings | None = None) -> GameReview:
    """Review ``record`` (see the module docstring); ``executor``, ``cache`` and
    ``on_done`` as :func:`~igo.review.evaluate.evaluate_game`; ``judge``: which net
    judges with the search (default :class:`~igo.review.net_judge.NetJudgeSettings`:
    igo's default net where it has heads).

    Raises
    ------
    IllegalMoveError
        If the record has an illegal move.
    ValueError
        If the record has no move.
    ImportError, igo.nets.model_file.NetFileError, igo.review.net_judge.NetJudgeError
        If the net named by ``judge`` cannot judge (:func:`~igo.review.net_judge.resolve_net`).
    """
    if not record.moves:
        raise ValueError("the record has no move to review")
    start = time.perf_counter()
    settings = settings if settings is not None else EvalSettings()
    counts = EvalCounts()
    game = replay_positions(record)  # the one replay; an illegal move fails here
    evals = evaluate_game(record, settings, executor=executor, cache=cache, on_done=on_done,
                          counts=counts, game=game)
    net = load_default_net() if record.size == 19 else None
    encoded = encode_positions(game) if net is not None else None
    views = _views(game, net, encoded)
    heads = resolve_net(judge if judge is not None else NetJudgeSettings(), record.size)
    judged = None if heads is None else judge_game(game, evals, heads, judge, encoded)
    positions = [game.stones(k) for k in range(len(game))]
    moves = move_figures(record, evals, views, judged)
    fukui = get_model("fukui")

    def moment(k: int) -> Moment:
        return Moment(positions[k], fukui(positions[k]), evals[k].ownership)

    colours = (Color.BLACK, Color.WHITE)
    b_rank, w_rank = rank_estimates(record, game=game, encoded=encoded)
    review = GameReview(
        record, settings.budget_for(record.size), settings, evals, views, moves,
        {c: player_figures(moves, c) for c in colours},
        {Color.BLACK: b_rank, Color.WHITE: w_rank},
        {c: [(m, moment(m.number - 1)) for m in biggest_mistakes(moves, c, mistakes)]
         for c in colours},
        moment(len(record.moves)), positions, counts, net=judged)
    review.seconds = time.perf_counter() - start
    return review


__all__ = ["MISTAKES_PER_PLAYER", "GameReview", "Moment", "review_game"]
