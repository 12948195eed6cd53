"""Encoding many games: at once (:func:`encode_games`), or in the background while the
net already trains.

:class:`StreamEncoder` splits the games into chunks that worker threads encode
(:mod:`igo.nets.encode`; the kernels release the GIL) into one preallocated
:class:`igo.nets.encode.Encoded`, in order; :meth:`StreamEncoder.ready` is the number
of leading rows whose chunks are all done, which a trainer samples from. Rows of a
game cut short by an illegal move are marked ``to_move == 0`` and ``target == -100``
(PyTorch's ignored class), so that a sampler may draw them and the loss skips them.
"""

from __future__ import annotations

import threading

import numpy as np

from igo.core import _kernels as CK
from igo.nets import _encode_kernels as K
from igo.nets.encode import HISTORY, Encoded, _scratch
from igo.nets.games import GameArrays

#: Target of a row that holds no position (a game cut short): PyTorch's ignore_index.
NO_TARGET = -100


def row_plan(games: GameArrays, moves: tuple[int, int]) -> np.ndarray:
    """First row of each game (``len(games) + 1`` entries) for the moves numbered
    ``moves[0] .. moves[1]`` (1-based, inclusive)."""
    lo, hi = moves[0] - 1, moves[1]
    if lo < 0 or hi <= lo:
        raise ValueError(f"bad move range {moves}")
    per_game = np.clip(np.minimum(np.diff(games.offsets), hi) - lo, 0, None)
    start = np.zeros(len(games) + 1, np.int64)
    np.cumsum(per_game, out=start[1:])
    return start


def allocate(size: int, n: int) -> Encoded:
    """Zeroed outputs for ``n`` positions."""
    n2 = size * size
    return Encoded(size, np.zeros((n, n2), np.uint8), np.zeros((n, n2), np.uint8),
                   np.full((n, HISTORY), -1, np.int16), np.full(n, NO_TARGET, np.int16),
                   np.zeros(n, np.int8), np.zeros(n, np.int16), np.zeros(n, np.int32))


class StreamEncoder:
    """Encode ``games`` in ``threads`` background threads, ``chunk`` games at a time."""

    def __init__(self, games: GameArrays, moves: tuple[int, int] = (1, 10**6),
                 threads: int = 1, chunk: int = 256, suicide_ok: bool = False) -> None:
        self.games = games
        self.start = row_plan(games, moves)
        self.out = allocate(games.size, int(self.start[-1]))
        self._lo, self._hi = moves[0] - 1, moves[1]
        self._suicide_ok = suicide_ok
        self._bounds = [*range(0, len(games), chunk), len(games)]
        self._done = np.zeros(len(self._bounds) - 1, bool)
        self._next = 0
        self._lock = threading.Lock()
        self.errors: list[BaseException] = []
        self._threads = [threading.Thread(target=self._work, daemon=True)
                         for _ in range(max(1, threads))]
        for t in self._threads:
            t.start()

    def __len__(self) -> int:
        return len(self.out)

    def _work(self) -> None:
        try:
            state, libs, mark, stamp, scr = _scratch(self.games.size)
            empty = CK.copy_state(state)
            while True:
                with self._lock:
                    k = self._next
                    self._next += 1
                if k >= len(self._done):
                    return
                self._encode_chunk(k, state, empty, libs, mark, stamp, scr)
        except BaseException as exc:  # reported by wait()/ready()
            self.errors.append(exc)

    def _encode_chunk(self, k: int, state: CK.BoardState, empty: CK.BoardState, libs: np.ndarray,
                      mark: np.ndarray, stamp: np.ndarray, scr: np.ndarray) -> None:
        o = self.out
        for g in range(self._bounds[k], self._bounds[k + 1]):
            CK.restore_state(state, empty)
            pts, cols = self.games.game(g)
            a = int(self.start[g])
            n = K.encode_game(state, pts, cols, self._suicide_ok, self._lo, self._hi,
                              o.stones, o.moves, o.hist, o.target, o.to_move, o.number, a,
                              libs, mark, stamp, scr)
            o.game[a:int(self.start[g + 1])] = g
            o.target[a + n:int(self.start[g + 1])] = NO_TARGET
            o.to_move[a + n:int(self.start[g + 1])] = 0
        with self._lock:
            self._done[k] = True

    def ready(self) -> int:
        """Rows ready to sample: those of the leading run of finished chunks."""
        if self.errors:
            raise RuntimeError(f"encoding failed: {self.errors[0]!r}") from self.errors[0]
        with self._lock:
            not_done = np.flatnonzero(~self._done)
        first = int(not_done[0]) if len(not_done) else len(self._done)
        return int(self.start[self._bounds[first]])

    def wait(self) -> Encoded:
        """Block until every chunk is encoded; the outputs."""
        for t in self._threads:
            t.join()
        self.ready()
        return self.out


def encode_games(games: GameArrays, moves: tuple[int, int] = (1, 10**6), threads: int = 1,
                 suicide_ok: bool = False) -> Encoded:
    """Every position before the moves numbered ``moves[0] .. moves[1]`` (1-based,
    inclusive) of every game, encoded; a game with an illegal move keeps the positions
    before it."""
    out = StreamEncoder(games, moves, threads, suicide_ok=suicide_ok).wait()
    kept = out.to_move != 0
    return out if kept.all() else out.rows(np.flatnonzero(kept))
