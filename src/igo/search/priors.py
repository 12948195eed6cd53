"""Move-model priors for the search: a :class:`~igo.movepred.model.MoveModel` packed
into the arrays its numba kernel reads (:mod:`igo.search._prior_kernels`)."""

from __future__ import annotations

import numpy as np

from igo.features._kernels import pattern_points
from igo.movepred.model import MoveModel
from igo.search._prior_kernels import PriorScratch, PriorTables, new_scratch


def prior_tables(model: MoveModel, size: int) -> PriorTables:
    """The kernel tables of ``model`` for positions of ``size``."""
    ex = model.extractor
    t = ex.tables
    cell_of, nred = ex.cells(size)
    bc = model.config.broad
    bparams = np.array([bc.a, bc.metric_code, bc.b, bc.c], np.float64)
    return PriorTables(t.off_r, t.off_c, t.symkeys, t.size_end, t.size_keys,
                       ex.patterns.keys, ex.patterns.vals, ex.broad.keys, ex.broad.vals,
                       ex._sym3, cell_of, np.ascontiguousarray(model.theta, np.float64),
                       model.offsets(), pattern_points(size, t.off_r, t.off_c), bparams,
                       int(nred), bool(model.config.uses_broad))


def prior_scratch(tables: PriorTables, size: int) -> PriorScratch:
    """Scratch arrays of the prior kernel for ``size``."""
    return new_scratch(tables, size)
