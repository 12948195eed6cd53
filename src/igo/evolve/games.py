"""Games between individuals, as executor tasks, and the pairings that plan them.

:func:`play_individual_game` plays one game from plain arguments (the two player specs,
the seed, the board settings), so it runs anywhere the model files can be read: in the
driver, in a worker process, or as a Ray task. The two games of a pairing share their
seed, so they start from the same random opening with colours swapped (Sato & Takahashi, §4.2);
each player's randomness is seeded from it too, so a game replayed after a crash is the
same game.

Pairings: the initial population is rated with Sato & Takahashi's ``result+ranking+random``
matchmaking (:func:`igo.arena.matchmaking.choose_pairing`); a new individual plays
opponents drawn uniformly from the rest of the population (the paper's ``random`` for
step 6, where one player is fixed).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from igo.arena.matchmaking import (
    NOT_PLAYED,
    MatchmakingConfig,
    choose_pairing,
    pair_result,
)
from igo.arena.runner import PlayedGame, play_game
from igo.evolve.config import PlaySettings

BOARD_SIZE = 19


@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything a worker needs to play one game."""

    black: str
    white: str
    seed: int
    komi: float
    max_moves: int
    random_opening: int
    dead_stones: str


def game_task(black: str, white: str, seed: int, play: PlaySettings) -> GameTask:
    """The task of one game between two player specs."""
    dead = "tromp-taylor" if play.player == "policy" else "auto"
    return GameTask(black, white, seed, play.komi, play.max_moves, play.random_opening, dead)


def play_individual_game(task: GameTask) -> PlayedGame:
    """Play one 19x19 game (a worker task); returns the SGF text and the result."""
    from igo.arena.config import MatchConfig, default_gnugo

    config = MatchConfig.from_json(json.dumps({
        "black": task.black, "white": task.white, "name": "evolve", "games": 1,
        "size": BOARD_SIZE, "komi": task.komi, "max_moves": task.max_moves,
        "seed": task.seed, "random_opening": task.random_opening,
        "dead_stones": task.dead_stones,
        "gnugo": None if task.dead_stones == "tromp-taylor" else default_gnugo()}))
    return play_game(config.to_json(), 0)


def black_score(winner: str | None) -> float:
    """Black's score of a finished game: 1, 1/2 (draw) or 0."""
    return 0.5 if winner is None else (1.0 if winner == "B" else 0.0)


def last_pair_points(games: Sequence[tuple[int, int, int, float]], players: Sequence[int]
                     ) -> list[int]:
    """Each player's points (0, 1, 2) in its last complete pairing, or
    :data:`~igo.arena.matchmaking.NOT_PLAYED`.

    ``games`` are ``(black, white, seed, black_score)`` of finished games in the order
    they were planned; the two games of a pairing share the seed.
    """
    index = {p: i for i, p in enumerate(players)}
    last = [NOT_PLAYED] * len(players)
    first_game: dict[tuple[int, int, int], float] = {}
    for black, white, seed, score in games:
        back = first_game.pop((white, black, seed), None)
        if back is None:
            first_game[(black, white, seed)] = score
            continue
        # the first game had white as Black: white is the pairing's first player
        points = pair_result((back, score))
        if white in index:
            last[index[white]] = points
        if black in index:
            last[index[black]] = 2 - points
    return last


def initial_pairings(players: Sequence[int], ranking: Sequence[int], last: Sequence[int],
                     pairs: int, rng: np.random.Generator
                     ) -> list[tuple[int, int, int]]:
    """``pairs`` pairings of the initial population by ``result+ranking+random``, as
    planned games ``(black, white, seed)`` (two per pairing, colours swapped).

    ``ranking`` lists the players best first; ``last`` is in ``players`` order.
    """
    index = {p: i for i, p in enumerate(players)}
    order = [index[p] for p in ranking]
    config = MatchmakingConfig()
    games = []
    for _ in range(pairs):
        pairing = choose_pairing(config, order, list(last), rng)
        a, b = players[pairing.first], players[pairing.second]
        games += [(a, b, pairing.opening), (b, a, pairing.opening)]
    return games


def new_individual_pairings(new: int, others: Sequence[int], pairs: int,
                            rng: np.random.Generator) -> list[tuple[int, int, int]]:
    """``pairs`` pairings of ``new`` against opponents drawn uniformly from ``others``."""
    games = []
    for _ in range(pairs):
        opponent = int(others[int(rng.integers(len(others)))])
        seed = int(rng.integers(2**31))
        games += [(new, opponent, seed), (opponent, new, seed)]
    return games
