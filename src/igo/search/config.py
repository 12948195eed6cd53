"""Search parameters: :class:`SearchConfig`, five groups of options, two presets.

- ``paper``: the plain MCTS of Ohta and Itoh (2013), section 2: UCB1
  ``mean + sqrt(2 ln N / n)`` (``c_ucb = sqrt(2)``), a leaf expanded after 100
  playouts, light playouts, no priors and no AMAF.
- ``strong``: the strongest engine measured on this machine: move-model priors given
  as equivalent experience (``prior_eqex`` pseudo-visits at a pseudo win rate
  sharpened by ``prior_sharpness``; the PUCT term ``c_puct`` is off), RAVE, heavy
  playouts, early expansion, and the board-size defaults of
  :mod:`igo.search.size_defaults`.

Tabu (Ohta and Itoh 2013, section 3) is an option of both: ``tabu=L`` lists of length
``L``, tenure ``L`` unless given.

The options are grouped by concern (:mod:`igo.search.options`: selection, prior,
playouts, resources, netprior) and named by their flat names everywhere a user gives
them (``with_options(rave_equiv=1000)``, ``igo:mcts:rave_equiv=1000``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np

from igo.search import _kernels as K
from igo.search import size_defaults
from igo.search.options import (
    DEFAULT_TREE_MB_CAP,
    GROUP_OF,
    GROUPS,
    MB,
    POLICIES,
    NetPrior,
    Playouts,
    Prior,
    Resources,
    Selection,
    default_tree_mb,
    kernel_value,
)
from igo.search.size_defaults import SizeGroup
from igo.search.tree import CRIT_BYTES, NODE_BYTES


@dataclass(frozen=True)
class SearchConfig:
    """Every constant of the search, by concern (see :mod:`igo.search.options` for
    each option, :mod:`igo.search._kernels` for their roles).

    Build one from a preset and flat option names (:func:`preset`,
    :meth:`with_options`) or from flat values (:meth:`from_values`); read an option
    through its group (``config.selection.rave_equiv``) or by its flat name
    (:meth:`value`).
    """

    selection: Selection = field(default_factory=Selection)
    prior: Prior = field(default_factory=Prior)
    playouts: Playouts = field(default_factory=Playouts)
    resources: Resources = field(default_factory=Resources)
    netprior: NetPrior = field(default_factory=NetPrior)
    #: options set by :meth:`with_options` (kept from :meth:`for_size`'s board-size defaults)
    fixed: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    # ------------------------------------------------------------------ flat names

    def groups(self) -> Iterator[tuple[str, Any]]:
        """``(group name, group)`` pairs, in the order of :data:`~igo.search.options.GROUPS`."""
        for name in GROUPS:
            yield name, getattr(self, name)

    def value(self, name: str) -> Any:
        """The option called ``name`` (a flat name such as ``rave_equiv``).

        Raises
        ------
        ValueError
            For an unknown name.
        """
        return getattr(getattr(self, _group_of(name)), name)

    def values(self) -> dict[str, Any]:
        """Every option by its flat name (without the record of what options set)."""
        return {f.name: getattr(group, f.name)
                for _, group in self.groups() for f in fields(group)}

    @classmethod
    def from_values(cls, values: Mapping[str, Any], fixed: frozenset[str] = frozenset()
                    ) -> SearchConfig:
        """The configuration with these flat options (the rest: the class defaults)."""
        by_group: dict[str, dict[str, Any]] = {}
        for name, v in values.items():
            by_group.setdefault(_group_of(name), {})[name] = v
        return cls(**{g: GROUPS[g](**kw) for g, kw in by_group.items()}, fixed=fixed)

    def _replace(self, changes: Mapping[str, Any], fixed: frozenset[str]) -> SearchConfig:
        by_group: dict[str, dict[str, Any]] = {}
        for name, v in changes.items():
            by_group.setdefault(_group_of(name), {})[name] = v
        return replace(self, fixed=fixed,
                       **{g: replace(getattr(self, g), **kw) for g, kw in by_group.items()})

    def with_options(self, **options: Any) -> SearchConfig:
        """A copy with some options changed, by their flat names (values converted to
        the options' types).

        Raises
        ------
        ValueError
            For an unknown option or a value of the wrong type.
        """
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in _TYPES:
                raise ValueError(f"unknown search option {key!r} (known: {', '.join(_TYPES)})")
            changes[key] = _convert(key, _TYPES[key], value)
        return self._replace(changes, self.fixed | frozenset(changes))

    def as_set(self) -> SearchConfig:
        """This configuration with every option counted as set, so that
        :meth:`for_size` changes nothing (a search whose figures were measured with
        these very values, such as ``igo tsumego``'s on its 19x19 frames)."""
        return replace(self, fixed=frozenset(DEFAULTS))

    # ------------------------------------------------------------------ board size

    def applied_groups(self, size: int) -> list[SizeGroup]:
        """The rows of :data:`~igo.search.size_defaults.SIZE_DEFAULTS` that
        :meth:`for_size` applies on a board of ``size``: those of the size whose every
        option still has its class default and was set by no option."""
        return [g for g in size_defaults.SIZE_DEFAULTS
                if size in g.sizes and all(name not in self.fixed
                                            and self.value(name) == DEFAULTS[name]
                                            for name in g.values)]

    def for_size(self, size: int) -> SearchConfig:
        """This configuration on a board of ``size``: each group of
        :data:`~igo.search.size_defaults.SIZE_DEFAULTS` that applies to the size
        replaces its options' values, as a whole, when each of them still has its class
        default and no :meth:`with_options` set any of them (``prior_wins=0`` keeps the
        small-board prior whole on 19x19)."""
        changes: dict[str, Any] = {}
        for g in self.applied_groups(size):
            changes.update(g.values)
        return self._replace(changes, self.fixed) if changes else self

    def partial_groups(self, size: int) -> list[str]:
        """The groups of :data:`~igo.search.size_defaults.SIZE_DEFAULTS` for ``size``
        that :meth:`for_size` leaves out because an option set some, not all, of their
        fields, each described in words (setting ``prior_wins`` alone on 9x9 also
        leaves out the net's priors)."""
        out = []
        for g in size_defaults.SIZE_DEFAULTS:
            set_ = [name for name in g.values if name in self.fixed]
            if size in g.sizes and set_ and len(set_) < len(g.values):
                rest = ", ".join(f"{k}={v}" for k, v in g.values.items() if k not in self.fixed)
                out.append(f"{', '.join(set_)} set, so the {size}x{size} defaults of the "
                           f"same group are left out too ({rest}); give them as options "
                           f"to keep them")
        return out

    # ------------------------------------------------------------------ memory, threads

    @property
    def shared_tree(self) -> bool:
        """Whether the threads search one tree (see ``parallel``)."""
        r = self.resources
        return r.threads > 1 and r.parallel == "tree" and self.playouts.tabu == 0

    def capacity(self, trees: int = 1) -> int:
        """Nodes of one pool when the search holds ``trees`` trees (a pool and its
        spare each; see ``max_tree_mb`` and ``tree_capacity``)."""
        if self.resources.tree_capacity:
            return self.resources.tree_capacity
        return max(1000, self.resources.tree_mb * MB // (2 * trees * self.node_bytes))

    @property
    def node_bytes(self) -> int:
        """Bytes of one node: 69, and 16 more for the counts of ``crit_rave``."""
        return NODE_BYTES + (CRIT_BYTES if self.selection.crit_rave > 0.0 else 0)

    def tree_count(self) -> int:
        """Trees a search holds: one shared by the threads, or one per thread."""
        return 1 if self.shared_tree or self.resources.threads == 1 else self.resources.threads

    # ------------------------------------------------------------------ the kernels

    def params(self, komi: float, size: int, suicide: bool) -> np.ndarray:
        """The kernel parameter array (:mod:`igo.search._kernels`): each option's slot
        as its field's metadata names it, then the slots of
        :data:`~igo.search.options.DERIVED_SLOTS`."""
        prm = np.zeros(K.N_PARAMS)
        for _, group in self.groups():
            for f in fields(group):
                if "slot" in f.metadata:
                    prm[f.metadata["slot"]] = kernel_value(f, getattr(group, f.name))
        prm[K.P_KOMI] = komi
        prm[K.P_MAX_MOVES] = 3 * size * size + 20
        prm[K.P_SUICIDE] = 1.0 if suicide else 0.0
        prm[K.P_TABU_TENURE] = self.playouts.tenure
        prm[K.P_VLOSS] = self.resources.virtual_loss if self.shared_tree else 0.0
        prm[K.P_NAKADE] = self.playouts.nakade
        return prm


def _group_of(name: str) -> str:
    try:
        return GROUP_OF[name]
    except KeyError:
        raise ValueError(f"unknown search option {name!r} "
                         f"(known: {', '.join(GROUP_OF)})") from None


def _convert(key: str, type_name: str, value: Any) -> Any:
    try:
        if type_name == "bool":
            if isinstance(value, str):
                if value.lower() not in ("1", "0", "true", "false", "yes", "no"):
                    raise ValueError(value)
                return value.lower() in ("1", "true", "yes")
            return bool(value)
        if type_name == "int":
            return int(value)
        if type_name == "float":
            return float(value)
    except ValueError:
        raise ValueError(f"search option {key}={value!r}: expected {type_name}") from None
    return str(value)


#: Each option's type name (``float``, ``int``, ``bool``, ``str``), by flat name.
_TYPES: dict[str, str] = {f.name: str(f.type) for cls in GROUPS.values() for f in fields(cls)}

#: Each option's class default, by flat name.
DEFAULTS: dict[str, Any] = SearchConfig().values()

#: The plain MCTS of Ohta and Itoh (2013), section 2.
PAPER = SearchConfig.from_values(
    {"c_ucb": math.sqrt(2.0), "c_puct": 0.0, "rave_equiv": 0.0, "fpu": 0.5,
     "expand_threshold": 100, "use_priors": False, "prior_eqex": 0.0, "pass_prior": 1.0,
     "policy": "light"}, fixed=frozenset(DEFAULTS))

#: The strongest settings measured (the defaults of :class:`SearchConfig`).
STRONG = SearchConfig()

PRESETS: dict[str, SearchConfig] = {"paper": PAPER, "strong": STRONG}


def preset(name: str) -> SearchConfig:
    """The preset called ``name``.

    Raises
    ------
    ValueError
        For an unknown name.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown search preset {name!r} (known: {', '.join(PRESETS)})")
    return PRESETS[name]


__all__ = [
    "DEFAULTS",
    "DEFAULT_TREE_MB_CAP",
    "MB",
    "PAPER",
    "POLICIES",
    "PRESETS",
    "STRONG",
    "NetPrior",
    "Playouts",
    "Prior",
    "Resources",
    "SearchConfig",
    "Selection",
    "default_tree_mb",
    "preset",
]
