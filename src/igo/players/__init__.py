"""Everything that chooses a move: internal generators and external GTP engines."""

from igo.players.base import RESIGN, Decision, EnginePlayer, MoveGenerator, Player

__all__ = ["RESIGN", "Decision", "EnginePlayer", "MoveGenerator", "Player"]
