"""The one table of the search's board-size defaults.

Each row is a group of options that a search on a board of the row's sizes takes as a
whole (:meth:`igo.search.config.SearchConfig.for_size`; every search does), unless an
option set one of the group's fields: then the whole group is left out, and the search
logs which defaults that leaves out (:meth:`~igo.search.config.SearchConfig.partial_groups`).
``igo gtp --show-config`` prints the engine they make on each board size.

Why each row is what it is, with the matches, their dates, commits and databases:
``docs/engine-defaults.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SizeGroup:
    """Options taken together on boards of ``sizes``; ``name`` says what they are."""

    name: str
    sizes: range
    values: dict[str, Any]

    def label(self) -> str:
        """``9x9-14x14`` (or ``9x9``): the sizes the group applies to."""
        first, last = self.sizes[0], self.sizes[-1]
        return f"{first}x{first}" + ("" if first == last else f"-{last}x{last}")


SIZE_DEFAULTS: tuple[SizeGroup, ...] = (
    SizeGroup("Pachi's prior form with the net at the root", range(9, 15),
              {"prior_sharpness": 0.0, "prior_wins": 300.0, "net": "default",
               "net_visits": 0}),
    SizeGroup("Pachi's prior form", range(15, 26),
              {"prior_sharpness": 0.0, "prior_wins": 300.0}),
    SizeGroup("the net at the root", range(15, 26), {"net": "default", "net_visits": 0}),
    SizeGroup("AMAF yields sooner", range(9, 10), {"rave_equiv": 1000.0}),
    SizeGroup("AMAF weighs early moves more", range(9, 10), {"rave_distance": 3}),
)
