"""Which examples train, validate and test (Araki et al., section 3: player folds).

The test fold is the fold table's ``test``. For honest model selection, a share of the
*training players* (drawn with an explicit generator) is held out as a validation split:
the paper picked its iteration on the test fold; we report that and the iteration picked
on validation.
"""

from __future__ import annotations

import numpy as np

from igo.strength.cache import StrengthCache


def colour_rows(cache: StrengthCache, colour: int) -> np.ndarray:
    """Example rows of one colour (1 black, 2 white)."""
    return np.flatnonzero(cache.examples[:, 1] == colour)


def split_rows(cache: StrengthCache, colour: int, val_share: float = 0.1,
               seed: int = 0) -> dict[str, np.ndarray]:
    """Rows of ``train`` (training fold minus validation players), ``val``, ``test`` and
    ``train_all`` (the whole training fold) for one colour (0 for both colours)."""
    rows = np.arange(cache.n_examples) if colour == 0 else colour_rows(cache, colour)
    fold = cache.examples[rows, 3]
    train_all, test = rows[fold == 0], rows[fold == 1]
    players = sorted({cache.players[r] for r in train_all})
    rng = np.random.default_rng(seed)
    held = set(rng.choice(len(players), size=round(val_share * len(players)),
                          replace=False).tolist())
    val_players = {players[i] for i in held}
    is_val = np.array([cache.players[r] in val_players for r in train_all], bool)
    return {"train": train_all[~is_val], "val": train_all[is_val], "test": test,
            "train_all": train_all}
