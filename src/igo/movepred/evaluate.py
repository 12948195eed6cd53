"""Evaluation metrics of Honda et al., section 5: match rate (top-1), mean rank of the
played move, top-20 rate and mean log evidence, overall and by move-number bucket.

Ties between the played move and others are broken at random, in expectation (see
:func:`igo.movepred._kernels.evaluate_positions`); log evidence is the natural log
of the model's probability of the played move, as in Coulom (2007).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.movepred import _kernels as K
from igo.movepred.dataset import PositionSet
from igo.movepred.model import MoveModel


@dataclass(frozen=True)
class Metrics:
    """The four metrics over ``positions`` positions."""

    positions: int
    match_rate: float
    mean_rank: float
    top20: float
    mean_log_evidence: float

    def as_dict(self) -> dict[str, float | int]:
        """The ``--json`` schema of ``igo movepred eval``."""
        return {"positions": self.positions, "match_rate": self.match_rate,
                "mean_rank": self.mean_rank, "top20": self.top20,
                "mean_log_evidence": self.mean_log_evidence}


def per_position(model: MoveModel, data: PositionSet, top: int = 20) -> np.ndarray:
    """``(n, 4)``: expected match, expected rank, P(rank <= top), log-probability."""
    cell_of, nred = model.extractor.cells(data.size)
    out = np.zeros((len(data), 4))
    K.evaluate_positions(np.arange(len(data), dtype=np.int64), data.start, data.pt, data.tac,
                         data.pat, data.prev1, data.prev2, data.broad, data.target,
                         data.size, cell_of, nred, model.theta, model.offsets(), top, out)
    return out


def summarize(rows: np.ndarray) -> Metrics:
    """Mean of :func:`per_position` rows."""
    if len(rows) == 0:
        return Metrics(0, float("nan"), float("nan"), float("nan"), float("nan"))
    m = rows.mean(axis=0)
    return Metrics(len(rows), float(m[0]), float(m[1]), float(m[2]), float(m[3]))


def evaluate(model: MoveModel, data: PositionSet, bucket: int = 10
             ) -> tuple[Metrics, dict[str, Metrics]]:
    """Overall metrics and metrics per bucket of ``bucket`` move numbers
    (``"1-10"``, ``"11-20"`` …)."""
    rows = per_position(model, data)
    by: dict[str, Metrics] = {}
    mn = np.asarray(data.move_number, dtype=np.int64)
    if len(mn):
        keys = (mn - 1) // bucket
        for k in np.unique(keys):
            by[f"{k * bucket + 1}-{(k + 1) * bucket}"] = summarize(rows[keys == k])
    return summarize(rows), by
