"""A net's judgement of a position (value, score, ownership), Black's view, and what a
model file says of its heads: the value types :mod:`igo.nets.policy` and both engines'
forward passes (:mod:`igo.nets.torch_forward`, :mod:`igo.nets.numpy_forward`) share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from igo.core.color import Color

#: Komi of the games the default heads learned from (the 9-dan corpus).
HEADS_KOMI = 6.5


@dataclass(frozen=True)
class Judgement:
    """A net's judgement of a position (:meth:`igo.nets.policy.NetPolicy.judge`), from
    **Black's** view.

    ``black_win``: the probability that Black wins; ``black_score``: Black's expected
    final margin, komi taken off; both at the komi the heads learned (``komi``, from the
    model file's meta; 6.5 on the 9-dan games): :meth:`score_at` moves the score to
    another komi. ``ownership``: ``(size, size)``, +1 Black's. ``policy``: the move
    probabilities of :meth:`igo.nets.policy.NetPolicy.probabilities` for the player to
    move.
    """

    black_win: float
    black_score: float
    ownership: np.ndarray
    policy: np.ndarray
    komi: float = HEADS_KOMI

    def score_at(self, komi: float) -> float:
        """Black's expected margin at ``komi`` (the score the heads learned, moved by the
        difference of komi)."""
        return self.black_score + self.komi - komi

    def win_for(self, color: Color) -> float:
        """Probability that ``color`` wins."""
        return self.black_win if color == Color.BLACK else 1.0 - self.black_win


#: Board sizes the heads learned on when a model file does not say (the 9-dan games).
HEADS_SIZES = (19,)


def heads_sizes(meta: dict[str, Any]) -> tuple[int, ...]:
    """The board sizes a model file's heads learned on (``meta["heads"]["sizes"]``, else
    :data:`HEADS_SIZES`): a net's judgement of another size is not measured, so the
    review, the analysis lines and the influence maps do not use it there."""
    heads = meta.get("heads", {})
    sizes = heads.get("sizes") if isinstance(heads, dict) else None
    return tuple(int(x) for x in sizes) if sizes else HEADS_SIZES


def komi_of_heads(meta: dict[str, Any]) -> float:
    """The komi of the games a model file's heads learned from (its meta, else 6.5)."""
    heads = meta.get("heads", {})
    return float(heads.get("komi", HEADS_KOMI)) if isinstance(heads, dict) else HEADS_KOMI


def judgements(probs: np.ndarray, win: np.ndarray, score: np.ndarray, own: np.ndarray,
               to_move: np.ndarray, size: int, komi: float) -> list[Judgement]:
    """:class:`Judgement` s (Black's view) of the heads' outputs (the player to move's
    view): one body for every engine that runs a net."""
    out = []
    for i in range(len(win)):
        black = int(to_move[i]) == int(Color.BLACK)
        sign = 1.0 if black else -1.0
        out.append(Judgement(float(win[i]) if black else 1.0 - float(win[i]),
                             sign * float(score[i]), sign * own[i].reshape(size, size),
                             probs[i], komi))
    return out
