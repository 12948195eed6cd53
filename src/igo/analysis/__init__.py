"""The evaluation of a position for people: one service that the GTP analysis
commands and the game review (:mod:`igo.review`) both call.

- :mod:`igo.analysis.position`: what the search says of a position (win rate and
  score for the player to move and for Black, the moves with their statistics and
  principal variations, the ownership), read from a running search
  (:func:`read_search`, the GTP analysis lines) or from a search made for it
  (:func:`evaluate_position`, the review);
- :mod:`igo.analysis.expected`: what a move model (Honda et al.'s, or the policy net)
  expects there, and how it ranks a given move.
"""

from igo.analysis.expected import ModelView, model_view, net_view
from igo.analysis.position import Budget, PositionEval, evaluate_position, read_search

__all__ = ["Budget", "ModelView", "PositionEval", "evaluate_position", "model_view",
           "net_view", "read_search"]
