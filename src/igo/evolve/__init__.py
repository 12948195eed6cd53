"""Learning the importance of training records by evolution, after Sato and Takahashi,
"Learning Weights of Training Data by Large Game Results" (c. 2013; "Sato & Takahashi"
in docstrings), applied to Go's move model.

:mod:`igo.evolve.pbilc` holds PBILc, the estimation-of-distribution algorithm that proposes
weight vectors (one weight per game-progress bucket or per record) and moves its Gaussian
towards the best-rated individuals. Fitness comes from :mod:`igo.arena.ratings`.

The loop (``igo evolve run``): :mod:`~igo.evolve.config` (the run's TOML file),
:mod:`~igo.evolve.subset` (the fixed training positions and their weights),
:mod:`~igo.evolve.individual` (training one individual, a task),
:mod:`~igo.evolve.games` (games between individuals, a task, and their pairings),
:mod:`~igo.evolve.store` (the run in SQLite), :mod:`~igo.evolve.loop` (the driver) and
:mod:`~igo.evolve.status` (``igo evolve status``). They are imported from their modules
(not re-exported here), so importing PBILc stays light.
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
