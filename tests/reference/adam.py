"""The numpy Adam step that :func:`igo.movepred._kernels.adam_step` replaces (what
``igo.movepred.train`` ran before 2026-11-27): the kernel must give the same bits."""

from __future__ import annotations

import numpy as np


def adam_step(theta: np.ndarray, m: np.ndarray, v: np.ndarray, t: int, g: np.ndarray,
              lr: float, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> None:
    """Step ``t`` (from 1) of Adam ascent along ``g``, on ``theta``, ``m`` and ``v`` in
    place."""
    m[:] = b1 * m + (1 - b1) * g
    v[:] = b2 * v + (1 - b2) * g * g
    mh = m / (1 - b1 ** t)
    vh = v / (1 - b2 ** t)
    theta += lr * mh / (np.sqrt(vh) + eps)
