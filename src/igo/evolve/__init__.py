"""Learning the importance of training records by evolution (paper 004).

:mod:`igo.evolve.pbilc` holds PBILc, the estimation-of-distribution algorithm that proposes
weight vectors (one weight per game-progress bucket or per record) and moves its Gaussian
towards the best-rated individuals. Fitness comes from :mod:`igo.arena.ratings`.
"""

from igo.evolve.pbilc import (
    PbilcConfig,
    PbilcError,
    PbilcState,
    add_individual,
    load_state,
    normalise,
    sample,
    save_state,
    start,
    update,
)

__all__ = [
    "PbilcConfig",
    "PbilcError",
    "PbilcState",
    "add_individual",
    "load_state",
    "normalise",
    "sample",
    "save_state",
    "start",
    "update",
]
