"""Influence maps: a position mapped to a float map, black positive, white negative."""

from igo.influence.distance import distance_influence

__all__ = ["distance_influence"]
