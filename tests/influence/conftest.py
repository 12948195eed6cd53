"""Fixtures of the influence tests: three counted Tygem games (and one resigned game)
with a label cache filled by hand, so no test needs GNU Go unless marked."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.core.coords import Point
from igo.influence.labels import LabelCache, iter_counted, record_key

DATA = Path(__file__).resolve().parent / "data"
COUNTED = DATA / "counted.sgfs"

# GNU Go 3.8's ``final_status_list dead`` on the final positions of the three games
DEAD = {
    "GN:75908513": [Point(2, 17), Point(11, 7), Point(11, 8)],
    "GN:75984102": [Point(8, 8), Point(9, 5), Point(9, 7), Point(15, 12), Point(17, 18)],
    "GN:76718770": [Point(2, 6), Point(11, 15), Point(15, 8), Point(17, 4)],
}


@pytest.fixture()
def counted_path() -> Path:
    """The fixture games (.sgfs: one game a line)."""
    return COUNTED


@pytest.fixture()
def dead_stones() -> dict[str, list[Point]]:
    """GNU Go's dead stones of the fixture games, by record key."""
    return DEAD


@pytest.fixture()
def filled_cache(tmp_path: Path) -> LabelCache:
    """A cache with the dead stones of the fixture games and made-up GNU Go regions
    (+1 on the left half, -1 on the right) at every stage."""
    cache = LabelCache(tmp_path / "labels.sqlite")
    regions = np.zeros((19, 19), dtype=np.int8)
    regions[:, :9] = 1
    regions[:, 10:] = -1
    for record in iter_counted(COUNTED):
        key = record_key(record)
        cache.put_dead(key, 19, DEAD[key])
        for m in (20, 50, 100, 150, 200, 250):
            if m <= len(record.moves):
                cache.put_regions(key, m, regions)
    return cache
