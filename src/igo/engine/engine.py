"""igo's GTP engine: a function from a command line to a response (gomill style).

>>> from igo.players.random import RandomGenerator
>>> import numpy as np
>>> engine = GtpEngine(RandomGenerator(np.random.default_rng(1)), size=9)
>>> engine.handle_line("1 play b E5")
'=1\\n\\n'
>>> engine.handle_line("2 play w E5")
'?2 illegal move: W E5 (occupied)\\n\\n'

The engine keeps the game in a :class:`~igo.engine.state.GameState` and asks a
:class:`~igo.players.base.MoveGenerator` only for moves. Commands are the table
:data:`~igo.engine.commands.CORE_COMMANDS` plus the analysis commands of an
:class:`~igo.engine.analyze.AnalyzeRegistry` (see :mod:`igo.engine.analyze` for how to
add one). A :class:`~igo.gtp.errors.GtpError` becomes ``? message``; any other exception
becomes ``? internal error: ...`` (logged with its traceback) and the engine goes on.

Streaming commands (``lz-analyze``, ``kata-analyze``…; :mod:`igo.engine.streaming`)
are registered with :meth:`GtpEngine.register_streaming`. :meth:`GtpEngine.run`
lets them stream until the next line of input arrives; :meth:`GtpEngine.handle_line`
runs them until they end by themselves and returns the whole response.

Under :meth:`GtpEngine.run` every command can be stopped: GoGui's ``# interrupt``
line (the engine announces ``gogui-interrupt``) and the end of input set
:attr:`GtpEngine.interrupt`, which the generator's search watches (a ``genmove`` then
plays the best move found so far); at the end of input, or when the output is gone,
the engine stops and :meth:`~GtpEngine.run` returns. A generator that ponders is
stopped before every command. A generator
with a search (``search_for``, e.g. :class:`~igo.players.mcts.MCTSGenerator`) gets
the analysis commands of :mod:`igo.engine.search_views`.

This module is the top of :mod:`igo.engine`: the engine is a table of handlers
(gomill style) that the handler modules fill (:mod:`~igo.engine.commands`,
:mod:`~igo.engine.search_views`, :mod:`~igo.engine.analyze_stream`, the views); they
type against the protocol :class:`~igo.engine.protocol.Engine`, and this module imports
them, never the other way round.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import IO

import numpy as np

from igo import __version__
from igo.core.color import Color
from igo.core.coords import Point, format_vertex
from igo.core.errors import IllegalMoveError
from igo.core.rules import Ruleset
from igo.core.scoring import DEFAULT_PLAYOUTS
from igo.engine.analyze import (
    AnalyzeCommand,
    AnalyzeHandler,
    AnalyzeRegistry,
    AnalyzeRegistryError,
)
from igo.engine.commands import CORE_COMMANDS
from igo.engine.protocol import Engine, Handler, StreamHandler
from igo.engine.search_views import install_search_commands
from igo.engine.standard_views import standard_analyze_commands
from igo.engine.state import GameState
from igo.engine.streaming import LineReader, stream_head, stream_line, stream_tail
from igo.gtp.errors import GtpError
from igo.gtp.protocol import Command, format_failure, format_success, parse_command
from igo.players.base import RESIGN, Decision, MoveGenerator, tell_context

log = logging.getLogger(__name__)


def _neighbours(p: Point, size: int) -> list[Point]:
    r, c = p
    return [Point(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= a < size and 0 <= b < size]


class GtpEngine:
    """A GTP v2 engine around a move generator.

    Parameters
    ----------
    generator
        Chooses moves (``select_move(board, color)``); may offer analysis views via
        an ``analyze_commands()`` method returning :class:`AnalyzeCommand` entries.
    size, komi, rules
        The game before the controller sets them (``boardsize``, ``komi``,
        ``kgs-rules``).
    rng
        Randomness of the engine itself (dead-stone playouts, clean-up moves); seed
        it for reproducible ``final_score``.
    analyze
        Analysis commands to offer (default
        :func:`~igo.engine.standard_views.standard_analyze_commands`).
    scoring_playouts
        Light playouts per dead-stone estimate.
    name, version
        Replies to ``name`` and ``version`` (default ``igo`` and
        ``<igo version> (<generator name>)``).
    stderr
        Where GoGui's live graphics (``gogui-gfx:`` lines) go (default: the
        process's standard error at the time of writing).
    """

    def __init__(self, generator: MoveGenerator, *, size: int = 19, komi: float = 7.5,
                 rules: Ruleset | None = None, rng: np.random.Generator | None = None,
                 analyze: Iterable[AnalyzeCommand] | None = None,
                 scoring_playouts: int = DEFAULT_PLAYOUTS, name: str = "igo",
                 version: str | None = None, stderr: IO[str] | None = None) -> None:
        self.generator = generator
        self.rng = rng if rng is not None else np.random.default_rng()
        self.state = GameState(size, float(komi), rules if rules is not None else Ruleset(),
                               rng=self.rng, scoring_playouts=scoring_playouts)
        source = getattr(generator, "final_ownership", None)
        if callable(source):
            self.state.ownership_source = source
        self.name = name
        self.version = version or f"{__version__} ({getattr(generator, 'name', 'engine')})"
        self._stderr = stderr
        #: called after every generated move (the live graphics' closing CLEAR)
        self.after_generate: list[Callable[[], None]] = []
        self._commands: dict[str, Handler] = dict(CORE_COMMANDS)
        self._streaming: dict[str, StreamHandler] = {}
        self._input_stops: set[str] = set()
        #: set while :meth:`run` answers a command and the controller interrupts it
        #: (``# interrupt``), or its input ends; ``None`` between commands
        self.interrupt: threading.Event | None = None
        self.analyze = AnalyzeRegistry(
            analyze if analyze is not None else standard_analyze_commands())
        offered = getattr(generator, "analyze_commands", None)
        if callable(offered):
            for entry in offered():
                self.analyze.register(entry)
        if callable(getattr(generator, "search_for", None)):
            install_search_commands(self)
        for entry in self.analyze:
            if entry.handler is not None:
                self.register(entry.name, _state_handler(entry.handler))
            elif entry.name not in self._commands:
                raise AnalyzeRegistryError(
                    f"analyze command {entry.name!r} has no handler and is no engine command")
        self._stopped = False

    # ------------------------------------------------------------------ commands
    def register(self, name: str, handler: Handler) -> None:
        """Add command ``name`` (``handler(engine, args) -> str``).

        Raises
        ------
        ValueError
            If the name is empty, has spaces, or is taken.
        """
        self._check_new_name(name)
        self._commands[name] = handler

    def register_streaming(self, name: str, handler: StreamHandler, *,
                           stops_on_input: bool = True) -> None:
        """Add streaming command ``name`` (see :mod:`igo.engine.streaming`); it streams
        until the next line of input when ``stops_on_input`` (analysis), else until it
        ends (``*-genmove_analyze``: only an interrupt or the end of input stops it).

        Raises
        ------
        ValueError
            If the name is empty, has spaces, or is taken.
        """
        self._check_new_name(name)
        self._streaming[name] = handler
        if stops_on_input:
            self._input_stops.add(name)

    def _check_new_name(self, name: str) -> None:
        if not name or name.split() != [name] or self.knows(name):
            raise ValueError(f"cannot register GTP command {name!r}")

    def knows(self, name: str) -> bool:
        """True if ``name`` is a command of this engine."""
        return name in self._commands or name in self._streaming

    def command_names(self) -> list[str]:
        """All command names, sorted."""
        return sorted([*self._commands, *self._streaming])

    @property
    def stderr(self) -> IO[str]:
        """The stream for GoGui's live graphics."""
        return self._stderr if self._stderr is not None else sys.stderr

    def stop(self) -> None:
        """Make :meth:`run` return after the current response (``quit``)."""
        self._stopped = True

    @property
    def stopped(self) -> bool:
        """True once ``quit`` was received."""
        return self._stopped

    # ------------------------------------------------------------------ protocol
    def handle_line(self, line: str) -> str | None:
        """The full response to one input line (ending with the empty line), or
        ``None`` for an empty or comment-only line."""
        command = parse_command(line)
        if command is None:
            return None
        response = self.handle(command)
        log.debug("%r -> %r", line.strip(), response)
        return response

    def _before_command(self) -> None:
        """Stop the generator's ponder (every command has the machine to itself) and
        give it the command's interrupt event."""
        stop = getattr(self.generator, "stop_pondering", None)
        if callable(stop):
            stop()
        if hasattr(self.generator, "interrupt"):
            self.generator.interrupt = self.interrupt

    def handle(self, command: Command) -> str:
        """The response to a parsed command; never raises."""
        if not command.name:
            return format_failure(command.id, "missing command name after the id")
        self._before_command()
        if command.name in self._streaming:
            out: list[str] = []
            self.stream(command, out.append, None)
            return "".join(out)
        handler = self._commands.get(command.name)
        if handler is None:
            return format_failure(command.id, f"unknown command: {command.name}")
        try:
            return format_success(command.id, handler(self, command.args))
        except GtpError as exc:
            return format_failure(command.id, str(exc))
        except Exception as exc:
            log.exception("internal error in %r", " ".join([command.name, *command.args]))
            return format_failure(command.id, f"internal error: {type(exc).__name__}: {exc}")

    def stream(self, command: Command, write: Callable[[str], None],
               stop: threading.Event | None) -> None:
        """Answer streaming ``command`` through ``write`` (called with each piece of
        the response as it is ready) until it ends or ``stop`` is set; never raises
        (but for ``write``'s own errors)."""
        self._before_command()
        try:
            job = self._streaming[command.name](self, command.args)
        except GtpError as exc:
            write(format_failure(command.id, str(exc)))
            return
        except Exception as exc:
            log.exception("internal error in %r", " ".join([command.name, *command.args]))
            write(format_failure(command.id, f"internal error: {type(exc).__name__}: {exc}"))
            return
        write(stream_head(command.id))

        def emit(text: str) -> None:
            line = stream_line(text)
            if line:
                write(line)

        last = ""
        try:
            last = job(emit, stop)
        except Exception:  # the response has begun: end it cleanly, keep serving
            log.exception("internal error in %r", " ".join([command.name, *command.args]))
        write(stream_tail(last))

    def run(self, stdin: IO[str], stdout: IO[str]) -> None:
        """Answer commands from ``stdin`` on ``stdout`` until ``quit``, the end of input
        or a failed write (the controller is gone); a streaming analysis streams until
        the next line of input arrives, and any command stops at an interrupt line or
        the end of input (see the module docstring)."""

        def write(text: str) -> None:
            stdout.write(text)
            stdout.flush()

        reader = LineReader(stdin)
        try:
            while not self._stopped:
                line = reader.get()
                if not line:
                    return
                command = parse_command(line)
                if command is None:
                    continue
                self._answer(command, reader, write)
        except (OSError, ValueError) as exc:  # stdout closed: nobody is listening
            log.warning("cannot write GTP output (%s): stopping", exc)
        finally:
            self.interrupt = None
            self._before_command()  # no ponder outlives the engine

    def _answer(self, command: Command, reader: LineReader,
                write: Callable[[str], None]) -> None:
        if command.name == "quit":
            write(self.handle(command))
            return
        streaming = command.name in self._streaming
        self.interrupt = reader.watch(any_line=command.name in self._input_stops)
        try:
            if streaming:
                self.stream(command, write, self.interrupt)
            else:
                write(self.handle(command))
        finally:
            self.interrupt = None
            reader.unwatch()
            if hasattr(self.generator, "interrupt"):
                self.generator.interrupt = None

    # ------------------------------------------------------------------ moves
    def generate(self, color: Color, *, play: bool, cleanup: bool = False) -> str:
        """Ask the generator for a move of ``color``; play it when ``play``.

        With ``cleanup`` (``kgs-genmove_cleanup``) a pass is replaced by a move that
        attacks the opponent's dead stones while any remain. Returns the GTP vertex,
        ``pass`` or ``resign``.

        Raises
        ------
        RuntimeError
            If the generator returns an illegal move (a bug, reported as an
            internal error).
        """
        board = self.state.board
        tell_context(self.generator, self.state.komi, self.state.clock(color))
        try:
            decision: Decision = self.generator.select_move(board, color)
        finally:
            for hook in self.after_generate:
                hook()
        if cleanup and decision is None:
            decision = self.cleanup_move(color)
        if decision == RESIGN:
            return "resign"
        point = None if decision is None else Point(*decision)
        try:
            board.check(color, point)
        except (IllegalMoveError, ValueError) as exc:
            raise RuntimeError(f"generator {self.version!r} chose an illegal move "
                               f"{decision!r}: {exc}") from None
        if play:
            board.play(color, point)
        return format_vertex(point, board.size)

    def cleanup_move(self, color: Color) -> Point | None:
        """A move that removes dead opponent stones: a sensible liberty of a dead
        opponent string if there is one, else any sensible move; ``None`` (pass)
        when no opponent stone is dead or nothing sensible is left."""
        board = self.state.board
        dead = [s for s in self.state.stone_status().dead if board[s[0]] == color.opponent]
        if not dead:
            return None
        sensible = board.sensible_mask(color)
        targets = sorted({q for s in dead for p in s for q in _neighbours(p, board.size)
                          if sensible[q]})
        if not targets:
            rows, cols = np.nonzero(sensible)
            targets = [Point(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
        if not targets:
            return None
        return targets[int(self.rng.integers(len(targets)))]


def _state_handler(handler: AnalyzeHandler) -> Handler:
    def run(engine: Engine, args: Sequence[str]) -> str:
        return handler(engine.state, args)

    return run


__all__ = ["GtpEngine"]
