"""Analysis commands for GoGui: a registry of ``(type, label, command, handler)``.

GoGui asks ``gogui-analyze_commands`` and shows one menu entry per line
``type/label/command``; choosing one sends ``command`` with GoGui's placeholders
replaced (``%m`` by the colour to move, ``%c`` by a colour chosen in the analyze
window, ``%p`` by a **point** the user clicks, ``%s`` by text the user types) and
draws the reply according to ``type``: ``dboard`` (one number per point, top row
first), ``gfx`` (``MARK``/``TRIANGLE``/``INFLUENCE``/
``LABEL``... lines), ``string``, ``sboard``, ``plist`` and the other GoGui types.

The engine never lists analysis commands itself: it registers the handler of every
:class:`AnalyzeCommand` it is given and answers ``gogui-analyze_commands`` from the
same registry. **Adding an analysis view** (influence maps, move probabilities,
ownership of a network...) is therefore done without touching the engine:

1. write a handler ``handler(state: GameState, args: Sequence[str]) -> str`` that
   raises :class:`~igo.gtp.errors.GtpError` for bad input (use the helpers of
   :mod:`igo.gtp.args`), e.g. ``influence_dboard`` in the new module;
2. either add ``AnalyzeCommand("dboard", "Influence/Bouzy", "igo-influence_bouzy",
   influence_dboard)`` to
   :func:`~igo.engine.standard_views.standard_analyze_commands` (views every engine
   offers), or let the move generator offer it: a generator with a method
   ``analyze_commands() -> Iterable[AnalyzeCommand]`` gets those entries registered
   by :class:`~igo.engine.engine.GtpEngine` (views tied to one engine, e.g. its move
   probabilities), or pass ``analyze=[...]`` to the engine.

A ``handler`` of ``None`` names a command the engine already has (``final_score``).

This module is the registry only: the views themselves live in the modules above it
(:mod:`~igo.engine.standard_views`, :mod:`~igo.engine.influence_views`,
:mod:`~igo.engine.movepred_views`, :mod:`~igo.engine.search_views`), which import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igo.engine.state import GameState

AnalyzeHandler = Callable[["GameState", Sequence[str]], str]

#: Response types GoGui understands (GoGui manual, "Analyze commands").
GOGUI_TYPES = frozenset({
    "none", "string", "dboard", "sboard", "cboard", "pspairs", "plist", "gfx", "hstring",
    "hpstring", "param", "bwboard", "var", "varb", "varc", "varw", "varp", "varpo",
})


class AnalyzeRegistryError(ValueError):
    """An analysis command that cannot be registered (bad type, label or duplicate)."""


@dataclass(frozen=True, slots=True)
class AnalyzeCommand:
    """One GoGui analysis entry.

    Attributes
    ----------
    type
        GoGui response type (one of :data:`GOGUI_TYPES`).
    label
        Menu text (no ``/``).
    command
        Command line GoGui sends; its first word is the GTP command name, the rest
        are GoGui placeholders (``%m`` colour to move, ``%c`` a chosen colour, ``%p``
        a clicked point, ``%s`` typed text…).
    handler
        ``handler(state, args) -> str``, or ``None`` for an existing engine command.
    """

    type: str
    label: str
    command: str
    handler: AnalyzeHandler | None = None

    @property
    def name(self) -> str:
        """The GTP command name (first word of :attr:`command`)."""
        return self.command.split()[0]

    def gogui_line(self) -> str:
        """``type/label/command`` as ``gogui-analyze_commands`` lists it."""
        return f"{self.type}/{self.label}/{self.command}"


class AnalyzeRegistry:
    """An ordered set of :class:`AnalyzeCommand`, one per command name."""

    def __init__(self, entries: Iterable[AnalyzeCommand] = ()) -> None:
        self._entries: dict[str, AnalyzeCommand] = {}
        for entry in entries:
            self.register(entry)

    def register(self, entry: AnalyzeCommand) -> None:
        """Add ``entry``.

        Raises
        ------
        AnalyzeRegistryError
            Unknown GoGui type, a label with ``/`` or a newline, an empty command or a
            command name registered already.
        """
        if entry.type not in GOGUI_TYPES:
            raise AnalyzeRegistryError(f"unknown GoGui analyze type {entry.type!r}")
        if not entry.command.split() or "/" in entry.label or "\n" in entry.label + entry.command:
            raise AnalyzeRegistryError(f"bad analyze entry {entry.gogui_line()!r}")
        if entry.name in self._entries:
            raise AnalyzeRegistryError(f"analyze command {entry.name!r} registered twice")
        self._entries[entry.name] = entry

    def __iter__(self) -> Iterator[AnalyzeCommand]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def gogui_lines(self) -> str:
        """The reply to ``gogui-analyze_commands``."""
        return "\n".join(e.gogui_line() for e in self)


__all__ = [
    "GOGUI_TYPES",
    "AnalyzeCommand",
    "AnalyzeHandler",
    "AnalyzeRegistry",
    "AnalyzeRegistryError",
]
