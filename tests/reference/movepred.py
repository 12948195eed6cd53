"""The move model's batch gradient as it was first written (before 2026-11-27: each
move's group values found twice, for the score and again for the gradient), in plain
Python over the kernels' helpers: ``igo.movepred._kernels.batch_gradient`` must give
the same bits."""

from __future__ import annotations

import math

import numpy as np

from igo.movepred import _kernels as K


def batch_gradient(idx: np.ndarray, weight: np.ndarray, start: np.ndarray, pt: np.ndarray,
                   tac: np.ndarray, pat: np.ndarray, prev1: np.ndarray, prev2: np.ndarray,
                   broad: np.ndarray, target: np.ndarray, size: int, cell_of: np.ndarray,
                   nred: int, theta: np.ndarray, offs: np.ndarray, grad: np.ndarray) -> float:
    """Add the gradient of ``sum_i weight[i] * log P(target_i)`` to ``grad``; returns
    that weighted log-likelihood."""
    vals = np.empty(K.N_GROUPS, np.int64)
    sc = np.empty(size * size, np.float64)
    total = 0.0
    for j in range(idx.shape[0]):
        i = int(idx[j])
        wi = float(weight[j])
        if wi == 0.0:
            continue
        n = K.position_scores(i, start, pt, tac, pat, prev1, prev2, broad, size, cell_of,
                              nred, theta, offs, vals, sc)
        mx = sc[0]
        for m in range(n):
            mx = max(mx, sc[m])
        z = 0.0
        for m in range(n):
            sc[m] = math.exp(sc[m] - mx)
            z += sc[m]
        t = int(target[i])
        total += wi * (math.log(sc[t] / z))
        a = int(start[i])
        for m in range(n):
            K.move_values(pt[a + m], tac[a + m], pat[a + m], prev1[i], prev2[i], broad[i],
                          size, cell_of, nred, vals)
            coef = -wi * sc[m] / z
            if m == t:
                coef += wi
            for g in range(K.N_GROUPS):
                if offs[g] >= 0:
                    grad[offs[g] + vals[g]] += coef
    return total
