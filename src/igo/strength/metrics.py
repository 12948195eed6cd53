"""Evaluation measures of Araki et al. (sections 6 and 7).

- RMSE ("fitting error", 適合誤差) of the ratings, in points and in ranks;
- Pearson correlation of output and answer (Table 4);
- the 3x3 confusion matrix (rows = true class, columns = output), accuracy, and the
  worst-case ratio = (true 2 → 0 + true 0 → 2) / (outputs 0 + outputs 2) (Table 5).
"""

from __future__ import annotations

import numpy as np


def rmse(pred: np.ndarray, true: np.ndarray) -> float:
    """Root mean squared error (NaN for no examples)."""
    p, t = np.asarray(pred, np.float64), np.asarray(true, np.float64)
    return float(np.sqrt(np.mean((p - t) ** 2))) if len(t) else float("nan")


def correlation(pred: np.ndarray, true: np.ndarray) -> float:
    """Pearson correlation (NaN if either side is constant or empty)."""
    p, t = np.asarray(pred, np.float64), np.asarray(true, np.float64)
    if len(t) < 2 or p.std() == 0 or t.std() == 0:
        return float("nan")
    return float(np.corrcoef(p, t)[0, 1])


def confusion(true_cls: np.ndarray, pred_cls: np.ndarray, k: int = 3) -> np.ndarray:
    """``k x k`` counts, rows = true class, columns = output class."""
    m = np.zeros((k, k), np.int64)
    np.add.at(m, (np.asarray(true_cls, np.int64), np.asarray(pred_cls, np.int64)), 1)
    return m


def accuracy(m: np.ndarray) -> float:
    """Share of the diagonal of a confusion matrix."""
    total = m.sum()
    return float(np.trace(m) / total) if total else float("nan")


def worst_case_ratio(m: np.ndarray) -> float:
    """(true 2 → output 0 + true 0 → output 2) / (outputs 0 + outputs 2) (section 7)."""
    den = m[:, 0].sum() + m[:, 2].sum()
    return float((m[2, 0] + m[0, 2]) / den) if den else float("nan")
