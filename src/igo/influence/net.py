"""The policy net's ownership head as an influence model (issue 63, point 4).

The map of a position is the ownership the net's heads predict for every point
(:meth:`igo.nets.policy.NetPolicy.judge`), in [-1, 1], Black positive, as the ``mcts``
model's (:mod:`igo.influence.mcts`) is the playouts' mean final owner. A model's input
is the stones only (:class:`~igo.influence.InfluenceModel`): the position is set up
without history, and since the net's answer depends on the player to move, the map is
the mean of its two answers, Black to move and White to move (``to_move="both"``, one
batch of two), as the ``mcts`` model searches with each colour to move; ``black`` or
``white`` takes one. :meth:`NetModel.board_map` judges a game position as it stands (its
last moves, its ko and its player to move). The ownership head takes no komi (only the
score head's answer depends on it).

``igo.influence`` sits below the nets in the layers: nothing of :mod:`igo.nets` (nor
PyTorch) is imported before a model is made (:data:`igo.influence.MODELS` registers a
factory that imports this module when called).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.influence.mcts import board_from_stones

if TYPE_CHECKING:
    from igo.nets.policy import NetPolicy

TO_MOVE = ("both", "black", "white")


class NoHeadsError(ValueError):
    """A net without the ownership head (:attr:`igo.nets.policy.NetPolicy.has_heads`)."""


class NetModel:
    """The heads' ownership as an :class:`~igo.influence.InfluenceModel`.

    Parameters
    ----------
    net
        The net: ``default`` (igo's) or a model file (as the search's ``net=`` option,
        :func:`igo.nets.policy.net_path`).
    to_move
        ``both`` (the mean of the maps with each colour to move), ``black`` or ``white``.
    policy
        A loaded net (then ``net`` is not read).

    Raises
    ------
    NoHeadsError
        If the net has no heads.
    ImportError
        Without PyTorch.
    igo.nets.model_file.NetFileError
        If the file is missing or not a net.
    ValueError
        For another ``to_move``.
    """

    name = "net"

    def __init__(self, net: str = "default", to_move: str = "both",
                 policy: NetPolicy | None = None) -> None:
        if to_move not in TO_MOVE:
            raise ValueError(f"to_move must be one of {TO_MOVE}, got {to_move!r}")
        if policy is None:
            from igo.nets.policy import load_net_policy

            policy = load_net_policy(net)
        if not policy.has_heads:
            raise NoHeadsError(f"the net {policy.path.name} has no ownership head "
                               "(a net with value heads is needed)")
        self.policy = policy
        self.to_move = to_move

    def __call__(self, stones: np.ndarray) -> np.ndarray:
        """The ownership map of ``stones`` (float64 in [-1, 1], Black positive)."""
        board = board_from_stones(stones)
        if self.to_move != "both":
            color = Color.BLACK if self.to_move == "black" else Color.WHITE
            return self.board_map(board, color)
        from igo.nets.encode import encode_board

        both = self.policy.judge_encoded([encode_board(board, Color.BLACK),
                                          encode_board(board, Color.WHITE)])
        return np.asarray((both[0].ownership + both[1].ownership) / 2.0, dtype=np.float64)

    def board_map(self, board: Board, color: Color | None = None) -> np.ndarray:
        """The ownership map of a game position with ``color`` to move (default: the
        board's player to move); its history counts (cached by position)."""
        judged = self.policy.judge(board, board.to_play if color is None else color)
        return np.asarray(judged.ownership, dtype=np.float64)


__all__ = ["TO_MOVE", "NetModel", "NoHeadsError"]
