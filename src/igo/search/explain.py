"""The engine a user gets: every option of a search on a board size, the group that
holds it and what set it (``igo gtp --show-config``, GTP ``igo-search_params``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, fields
from typing import Any

from igo.search.config import SearchConfig
from igo.search.size_defaults import SizeGroup


@dataclass(frozen=True)
class Setting:
    """One option of a search on one board size."""

    name: str
    group: str
    value: Any
    #: the row of the board-size defaults that set the value (``None``: not one)
    size_default: SizeGroup | None

    def text(self) -> str:
        """The value as an option takes it (``1``/``0`` for a bool)."""
        return format_value(self.value)


def format_value(value: Any) -> str:
    """An option's value as text that :meth:`SearchConfig.with_options` reads back."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def settings(config: SearchConfig, size: int) -> list[Setting]:
    """Every option of ``config`` on a board of ``size`` (its board-size defaults
    applied), by group, each with the size default that set it."""
    by_name = {name: g for g in config.applied_groups(size) for name in g.values}
    effective = config.for_size(size)
    return [Setting(f.name, group_name, getattr(group, f.name), by_name.get(f.name))
            for group_name, group in effective.groups() for f in fields(group)]


def source(s: Setting, options: Collection[str], preset: str | None) -> str:
    """What set an option: its board-size default, an option given, or the preset."""
    if s.size_default is not None:
        return f"{s.size_default.label()} default: {s.size_default.name}"
    if s.name in options:
        return "option"
    return f"preset {preset}" if preset else "default"


def show(config: SearchConfig, size: int, options: Collection[str] = (),
         preset: str | None = None) -> str:
    """A table of :func:`settings`: group, option, value and what set it."""
    rows = [(s.group, s.name, s.text() or '""', source(s, options, preset))
            for s in settings(config, size)]
    head = ("group", "option", "value", "set by")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(3)]
    lines = [f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c:<{widths[2]}}  {d}"
             for a, b, c, d in [head, *rows]]
    partial = config.partial_groups(size)
    return "\n".join(lines + [f"note: {words}" for words in partial])


__all__ = ["Setting", "format_value", "settings", "show", "source"]
