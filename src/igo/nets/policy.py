"""A policy network's move probabilities for a :class:`~igo.core.board.Board`, on the CPU.

:class:`NetPolicy` wraps a model file (:mod:`igo.nets.model_file`): the position is
encoded by the numba kernels of :mod:`igo.nets.encode`, the planes go through the net
(PyTorch, inference mode, float32), and the softmax runs over the legal moves and the
pass only, as the Bradley-Terry model's :meth:`~igo.movepred.model.MoveModel.probabilities`.
Results are cached by position (stones, the side to move, the ko point and the last
moves, which are inputs of the net), so that a search or a review that asks twice pays
once. Thread-safe: one lock around the net (PyTorch modules are not re-entrant under
``inference_mode`` across threads for the same module's buffers).

The default net is ``src/igo/models/policy-19.pt`` (:func:`default_net_path`); without
PyTorch or without the file, :func:`load_default_net` returns ``None`` and callers use
the Bradley-Terry model.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.nets.encode import Encoded, encode_board

MODELS_DIR = Path(__file__).resolve().parents[1] / "models"
#: The default net's file: trained on the 19x19 9-dan games, fully convolutional.
DEFAULT_NET = "policy-19.pt"


def default_net_path() -> Path:
    """Path of the committed default net (it may be absent in a stripped install)."""
    return MODELS_DIR / DEFAULT_NET


class NetPolicy:
    """Move probabilities of a policy network (see the module docstring).

    Parameters
    ----------
    path
        A model file.
    cache_size
        Positions kept in the cache.
    threads
        PyTorch threads for this process (``None`` leaves PyTorch's setting alone;
        the search asks for one, so that the net and the search share the cores).
    """

    def __init__(self, path: str | Path, cache_size: int = 8192,
                 threads: int | None = None) -> None:
        import torch

        from igo.nets.model_file import load_net

        if threads is not None:
            torch.set_num_threads(max(1, threads))
        self.path = Path(path)
        net, self.meta = load_net(self.path)
        # channels-last convolutions: ~20 % faster on this machine's CPU (one thread)
        self.net = net.to(memory_format=torch.channels_last)
        self._cache: OrderedDict[tuple[Any, ...], np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.evaluations = 0

    @property
    def name(self) -> str:
        """``b10c128`` and the like."""
        return str(self.net.config.name)

    @staticmethod
    def key(board: Board, color: Color) -> tuple[Any, ...]:
        """What the net's answer depends on: the stones, the side to move, the ko
        point and the last four moves."""
        last = tuple(mv.point for mv in board.history[-4:])
        return (board.size, board.hash, int(color), board.ko_point, last)

    def probabilities(self, board: Board, color: Color) -> np.ndarray:
        """``(size*size + 1,)`` probabilities (row-major points, then pass; 0 on
        illegal points, superko aside)."""
        key = self.key(board, color)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        out = self.evaluate([encode_board(board, color)])[0]
        with self._lock:
            self._cache[key] = out
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return out

    def evaluate(self, positions: Sequence[Encoded]) -> np.ndarray:
        """Probabilities ``(n, size*size + 1)`` of encoded positions of one size."""
        import torch

        from igo.nets.encode import legal_mask, planes
        from igo.nets.model import masked_logits

        size = positions[0].size
        st = torch.from_numpy(np.concatenate([p.stones for p in positions]))
        mv = torch.from_numpy(np.concatenate([p.moves for p in positions]))
        hist = torch.from_numpy(np.concatenate([p.hist for p in positions]))
        tm = torch.from_numpy(np.concatenate([p.to_move for p in positions]))
        with self._lock, torch.inference_mode():
            x = planes(st, mv, hist, tm, size).contiguous(memory_format=torch.channels_last)
            raw = self.net(x)
            self.evaluations += len(positions)
        p = torch.softmax(masked_logits(raw, legal_mask(mv)), dim=1)
        return p.double().numpy()


_DEFAULT: dict[str, NetPolicy | None] = {}
_DEFAULT_LOCK = threading.Lock()


def load_default_net() -> NetPolicy | None:
    """The default net (loaded once per process), or ``None`` when PyTorch or the
    model file is missing (callers then use the Bradley-Terry model)."""
    with _DEFAULT_LOCK:
        if "net" not in _DEFAULT:
            _DEFAULT["net"] = _try_load(default_net_path())
        return _DEFAULT["net"]


def _try_load(path: Path) -> NetPolicy | None:
    if not path.is_file():
        return None
    try:
        return NetPolicy(path)
    except ImportError:
        return None
