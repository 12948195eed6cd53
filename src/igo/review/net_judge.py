"""The review's learned judge: a network's value and score heads, refined by the search.

After the searches (:mod:`igo.review.evaluate`), in the review's own process, the net
judges in batches (:meth:`igo.nets.policy.NetPolicy.judge_encoded`) every position of
the game and, where the search's best move is not the move played, the position after
the search's best move (the *best line*). Then, for position ``P`` with ``m`` to move
(KaTrain's quantities, from the heads instead of KataGo's):

- ``score(P)``, the graph's: the mean of the net's score of ``P`` itself (``m`` to
  move) and of the position after the search's best move (the opponent to move), so
  that each point of the graph has one judgement with each player to move: the head's
  score depends a little on who is to move, and the best line's score alone zigzagged
  from move to move (on 40 9-dan games, median step 1.11 points from one position to the
  next, 0.33 with the mean; ``experiments/value_net/score_graph.py``);
- ``win rate(P)``: ``weight`` × the mean of the net's win rates of ``P`` and of that
  child for ``m`` (one with each player to move, as the score) + (1 − ``weight``) × the
  search's root win rate for ``m`` (AlphaGo's mixing, at the root; :data:`NET_WEIGHT`);
- the points lost by the move played at ``P``: ``m``'s score after the best move less
  ``m``'s score after the move played (the net's scores of two positions with the
  opponent to move, so that no bias for the side to move enters): exactly 0 when the
  move played is the search's best move (the same position, judged once).

Scores are at the game's komi (:meth:`igo.nets.judgement.Judgement.score_at`). Every
figure here is Black's, as the graphs draw them; :mod:`igo.review.figures` turns them
into the mover's losses.

Which net (:func:`resolve_net`, ``igo review --judge-net SPEC``): ``auto`` (the
default) is igo's default net where it has heads, on the board sizes of
:data:`DEFAULT_NET_SIZES`, else no net (the search alone, as before); ``none`` is the
search alone; ``default`` is igo's default net on any size; anything else is a model
file. A net named explicitly must have heads.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from igo.analysis.position import PositionEval
from igo.core.board import Board
from igo.core.replay import ReplayedGame
from igo.nets.encode import Encoded, encode_board
from igo.nets.judgement import Judgement

#: The net's share of a position's win rate (AlphaGo's λ, mixed at the root: the rest is
#: the search's root win rate; the net's part is the mean of the position's value and its
#: best line's): the weight that predicted the winner best on the even games of 501
#: positions of 9-dan test games with the default net's heads (run 3, step 1500; on the
#: odd games log-loss 0.6202 with it, 0.6148 for that mean alone and 0.6323 for the search
#: alone; run 1's heads had chosen 0.15; `python experiments/value_net/judge_eval.py
#: report --net src/igo/models/policy-19.pt`, experiments/value_net/README.md).
NET_WEIGHT = 0.3

#: Positions a call of the net (bounds the memory of a 19x19 batch).
JUDGE_BATCH = 256

#: ``--judge-net`` values that are not files.
AUTO, NONE, DEFAULT = "auto", "none", "default"

#: Board sizes on which ``auto`` uses igo's default net when it has heads: where the
#: review loads that net already (its 19x19 move view), and what it learned from. On
#: other sizes, loading the net would cost a small review seconds for a
#: judge not measured there; ``--judge-net default`` asks for it on any size.
DEFAULT_NET_SIZES = (19,)


class NetJudgeError(ValueError):
    """A net asked for as the judge cannot judge (it has no value heads)."""


class HeadsNet(Protocol):
    """What the judge needs of a net (:class:`igo.nets.policy.NetPolicy`)."""

    path: Path

    @property
    def name(self) -> str: ...

    def judge_encoded(self, positions: Sequence[Encoded]) -> list[Judgement]: ...


@dataclass(frozen=True)
class NetJudgeSettings:
    """Which net judges (``auto``, ``none``, ``default`` or a model file: the module
    docstring) and the net's share of a position's win rate (:data:`NET_WEIGHT`).

    Raises
    ------
    ValueError
        If ``weight`` is not in [0, 1].
    """

    net: str = AUTO
    weight: float = NET_WEIGHT

    def __post_init__(self) -> None:
        if not 0.0 <= self.weight <= 1.0:
            raise ValueError(f"the net's weight must be in [0, 1], got {self.weight}")


@dataclass(frozen=True)
class PositionJudgement:
    """One position judged, every figure Black's (win rates in [0, 1], scores in
    points at the game's komi).

    ``net_winrate``/``net_score``: the net's judgement of the position itself;
    ``best_winrate``/``best_score``: the net's judgement of the position after the
    search's best move (of the position itself where the search had no move);
    ``winrate``: the position's win rate, the mean of the position's and the best
    line's mixed with the search's;
    :attr:`score`: the graph's, the mean of the position's own and the best line's.
    """

    net_winrate: float
    net_score: float
    best_winrate: float
    best_score: float
    winrate: float

    @property
    def score(self) -> float:
        """The position's score, the graph's: the mean of the net's scores of the
        position itself and of the best line (one with each player to move)."""
        return 0.5 * (self.net_score + self.best_score)


@dataclass(frozen=True)
class NetJudge:
    """A game's positions ``0 … moves`` judged by ``name`` (the file ``file``), with
    ``evaluations`` positions through the net in ``seconds``."""

    name: str
    file: str
    weight: float
    positions: tuple[PositionJudgement, ...]
    evaluations: int
    seconds: float


def resolve_net(settings: NetJudgeSettings, size: int) -> HeadsNet | None:
    """The net that judges a ``size`` review (``None``: the search alone).

    Raises
    ------
    ImportError
        If a net is named and ``IGO_NET_ENGINE`` asks for PyTorch where it is missing.
    igo.nets.model_file.NetFileError
        If a named net's file is missing or not a policy net.
    NetJudgeError
        If a named net has no heads.
    """
    from igo.nets.policy import load_default_net, load_net_policy

    spec = settings.net
    if spec == NONE:
        return None
    if spec == AUTO:
        if size not in DEFAULT_NET_SIZES:
            return None
        net = load_default_net()
        return net if net is not None and net.judges(size) else None
    named = load_net_policy(spec)
    if not named.has_heads:
        raise NetJudgeError(f"the net {named.path.name} ({named.name}) has no value heads: "
                            "it cannot judge a review (--judge-net none for the search alone)")
    return named


def _after_best(game: ReplayedGame, k: int, ev: PositionEval) -> Board | None:
    """The board after the search's best move in position ``k`` (``None`` where the
    search had no move, or where that move is the move played: position ``k + 1``)."""
    best = ev.best
    if best is None:
        return None
    if k < len(game.moves) and best.move == game.moves[k].point:
        return None
    board = game.search_board(k)  # the search's own board: its move is legal there
    board.play(board.to_play, best.move)
    return board


def judge_game(game: ReplayedGame, evals: Sequence[PositionEval], net: HeadsNet,
               settings: NetJudgeSettings | None = None,
               encoded: Sequence[Encoded] | None = None) -> NetJudge:
    """Judge every position of ``game`` (see the module docstring); ``evals`` are the
    searches of positions ``0 … moves``, ``encoded`` the net's input of positions
    ``0 … moves - 1`` when the caller has them (the review's move view on 19x19).

    Raises
    ------
    ValueError
        If ``evals`` does not hold one evaluation a position.
    """
    settings = settings if settings is not None else NetJudgeSettings()
    n = len(game)
    if len(evals) != n:
        raise ValueError(f"{len(evals)} evaluations for {n} positions")
    start = time.perf_counter()
    rows: list[Encoded] = [encoded[k] if encoded is not None and k < len(encoded)
                           else encode_board(game.boards[k], game.to_play(k))
                           for k in range(n)]
    child_row: list[int | None] = []
    for k in range(n):
        board = _after_best(game, k, evals[k])
        if board is None:
            child_row.append(None)
        else:
            child_row.append(len(rows))
            rows.append(encode_board(board, board.to_play))
    judged: list[Judgement] = []
    for i in range(0, len(rows), JUDGE_BATCH):
        judged += net.judge_encoded(rows[i:i + JUDGE_BATCH])
    komi = game.record.komi
    w = settings.weight
    out = []
    for k in range(n):
        own = judged[k]
        row = child_row[k]
        if row is not None:
            child = judged[row]
        elif evals[k].best is not None and k + 1 < n:
            child = judged[k + 1]  # the move played is the best move
        else:
            child = own  # no move to judge after: the position's own judgement
        out.append(PositionJudgement(
            own.black_win, own.score_at(komi), child.black_win, child.score_at(komi),
            w * 0.5 * (own.black_win + child.black_win)
            + (1.0 - w) * evals[k].winrate_black))
    return NetJudge(net.name, net.path.name, w, tuple(out), len(rows),
                    time.perf_counter() - start)


__all__ = ["AUTO", "DEFAULT", "DEFAULT_NET_SIZES", "JUDGE_BATCH", "NET_WEIGHT", "NONE",
           "HeadsNet", "NetJudge", "NetJudgeError", "NetJudgeSettings", "PositionJudgement",
           "judge_game", "resolve_net"]
