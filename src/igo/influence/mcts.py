"""The MCTS engine's ownership as an influence model (issue 8, part 6).

The map of a position is the mean final owner of every point over the playouts of
a search from it (:func:`igo.search.ownership.position_ownership`: one search with
Black to move and one with White to move, half the budget each), in [-1, 1], Black
positive. Unlike the other models it reads the position: a group that the
playouts keep capturing counts for the other side.

``igo.influence`` sits below ``igo.search`` in the layers, so nothing of the search
is imported before a map is asked for (the model is registered in
:data:`igo.influence.MODELS` by a factory that imports this module when called).

The map is random (the playouts) but reproducible: the search of a position is
seeded by ``seed`` and the position's stones.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.core.board import Board
from igo.core.coords import Point
from igo.influence.distance import check_stones

if TYPE_CHECKING:
    from igo.movepred.model import MoveModel
    from igo.search.config import SearchConfig

#: Playouts per position unless told (half with each colour to move); chosen by the
#: accuracy/time measurement of ``experiments/influence/README.md`` ("MCTS ownership"):
#: with the strong preset, 200 playouts are as accurate as 1000 at every stage (within
#: 0.002 on 150 held-out 9-dan games) for a quarter of the time; 100 lose 0.004 at move 20.
DEFAULT_PLAYOUTS = 200
#: Komi used when the caller does not know the game's (Tygem's 6.5).
DEFAULT_KOMI = 6.5


def board_from_stones(stones: np.ndarray) -> Board:
    """A :class:`~igo.core.board.Board` holding ``stones`` (signed or board-encoded)."""
    arr = check_stones(stones)
    board = Board(arr.shape[0])
    black = [Point(int(r), int(c)) for r, c in zip(*np.nonzero(arr > 0), strict=True)]
    white = [Point(int(r), int(c)) for r, c in zip(*np.nonzero(arr < 0), strict=True)]
    board.setup(black=black, white=white)
    return board


class MCTSModel:
    """Ownership by MCTS as an :class:`~igo.influence.InfluenceModel`.

    Parameters
    ----------
    playouts
        Playouts per position, both searches together (``None``: only ``seconds``).
    seconds
        Time per position, both searches together (``None``: only ``playouts``);
        with both, the first limit reached ends each search.
    komi
        Komi of the searches when a call does not give one.
    preset
        Search preset (:func:`igo.search.preset`): ``strong`` (heavy playouts,
        move-model priors, RAVE) or ``paper`` (plain UCT, light playouts).
    options
        Search fields changed from the preset (e.g. ``{"policy": "light"}``).
    seed
        Seeds the searches together with the position.

    Raises
    ------
    ValueError
        Without any budget, with a non-positive one, or with a bad preset or option.
    """

    name = "mcts"
    #: :func:`igo.influence.evaluate.model_fn` passes the game's komi to such models.
    uses_komi = True

    def __init__(self, playouts: int | None = DEFAULT_PLAYOUTS, seconds: float | None = None,
                 komi: float = DEFAULT_KOMI, preset: str = "strong",
                 options: dict[str, Any] | None = None, seed: int = 0) -> None:
        if playouts is None and seconds is None:
            raise ValueError("the mcts model needs playouts or seconds per position")
        if (playouts is not None and playouts < 2) or (seconds is not None and seconds <= 0):
            raise ValueError(f"need playouts >= 2 and seconds > 0, got {playouts}, {seconds}")
        from igo.search import preset as search_preset

        self.playouts = playouts
        self.seconds = seconds
        self.komi = float(komi)
        self.config: SearchConfig = search_preset(preset).with_options(**(options or {}))
        self.seed = int(seed)
        self._models: dict[int, MoveModel] = {}

    def _move_model(self, size: int) -> MoveModel | None:
        if not self.config.prior.use_priors:
            return None
        if size not in self._models:
            from igo.search.search import nearest_default_model

            self._models[size] = nearest_default_model(size)
        return self._models[size]

    def __call__(self, stones: np.ndarray, komi: float | None = None) -> np.ndarray:
        """The ownership map of ``stones`` (float64 in [-1, 1], Black positive)."""
        from igo.search.ownership import position_ownership

        board = board_from_stones(stones)
        key = zlib.crc32(check_stones(stones).tobytes())
        rng = np.random.default_rng([self.seed, key])
        return position_ownership(board, self.komi if komi is None else float(komi),
                                  self.config, self._move_model(board.size),
                                  playouts=self.playouts, seconds=self.seconds, rng=rng)
