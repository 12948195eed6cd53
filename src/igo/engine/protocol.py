"""The engine as its command handlers see it: a :class:`typing.Protocol`.

The handlers (:mod:`~igo.engine.commands`, :mod:`~igo.engine.analyze_stream`,
:mod:`~igo.engine.search_views`) type against :class:`Engine`, and
:class:`~igo.engine.engine.GtpEngine` fills its table of commands with them (gomill
style), so imports point one way: the engine imports the handlers, the handlers import
this module, and nothing here imports the engine.

:data:`Handler` is an ordinary command (``handler(engine, args) -> str``);
:data:`StreamHandler` a streaming one (see :mod:`igo.engine.streaming`), which returns a
:data:`StreamJob` that writes its lines through an :data:`Emit`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import IO, Protocol

from igo.core.color import Color
from igo.engine.analyze import AnalyzeRegistry
from igo.engine.state import GameState
from igo.players.base import MoveGenerator

Emit = Callable[[str], None]
StreamJob = Callable[[Emit, "threading.Event | None"], str]


class Engine(Protocol):
    """What a command handler may use of the engine it answers for."""

    #: chooses moves (``select_move(board, color)``)
    generator: MoveGenerator
    #: the game: board, komi, rules, handicap, clocks
    state: GameState
    #: replies to ``name`` and ``version``
    name: str
    version: str
    #: the analysis views offered (``gogui-analyze_commands``)
    analyze: AnalyzeRegistry
    #: called after every generated move
    after_generate: list[Callable[[], None]]
    #: set when the controller interrupts the running command; ``None`` between commands
    interrupt: threading.Event | None

    @property
    def stderr(self) -> IO[str]:
        """The stream for GoGui's live graphics."""
        ...

    def register(self, name: str, handler: Handler) -> None:
        """Add command ``name``."""
        ...

    def register_streaming(self, name: str, handler: StreamHandler, *,
                           stops_on_input: bool = True) -> None:
        """Add streaming command ``name``."""
        ...

    def knows(self, name: str) -> bool:
        """True if ``name`` is a command of this engine."""
        ...

    def command_names(self) -> list[str]:
        """All command names, sorted."""
        ...

    def stop(self) -> None:
        """End the session after the current response (``quit``)."""
        ...

    def generate(self, color: Color, *, play: bool, cleanup: bool = False) -> str:
        """Ask the generator for a move of ``color`` (played when ``play``); the vertex."""
        ...


Handler = Callable[[Engine, Sequence[str]], str]
StreamHandler = Callable[[Engine, Sequence[str]], StreamJob]

__all__ = ["Emit", "Engine", "Handler", "StreamHandler", "StreamJob"]
