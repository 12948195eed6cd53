"""Live analysis commands of a searching engine: ``lz-analyze``, ``kata-analyze``,
Sabaki's ``analyze`` and their ``genmove`` variants (streaming, see
:mod:`igo.engine.streaming`; line formats in :mod:`igo.engine.analysis_lines`).

Arguments, as KataGo parses them: ``[COLOR] [INTERVAL] [KEY VALUE]...`` where
``INTERVAL`` is in centiseconds and the keys are

=====================  =================================================  ==========
key                    meaning                                            dialects
=====================  =================================================  ==========
``interval CS``        a line every CS centiseconds (0 or absent: only    all
                       the line when the search reaches its limit)
``minmoves N``         report at least N moves (adding unvisited ones)    all
``maxmoves N``         report at most N moves                             all
``ownership B``        append the search's ownership (the net's, see      kata
                       below)
``pvVisits B``         append the visits of each PV node                  kata
``rootInfo B``         append the root's visits, win rate and score       kata
``playouts N``         igo: stop searching after N playouts (the          all
                       stream goes on until the next command)
=====================  =================================================  ==========

``B`` is ``true``/``false`` (or ``1``/``0``). ``avoid``/``allow`` are refused
(igo's search cannot restrict moves). ``*-analyze`` searches the current position
until the next command (or its ``playouts``) and never changes the game;
``*-genmove_analyze`` thinks as ``genmove`` does, streams meanwhile, reports once
more at the end and answers ``play VERTEX`` as its last line; it is not cut short by
input (but by GoGui's ``# interrupt`` and the end of input, as every command). Run
through :meth:`~igo.engine.engine.GtpEngine.handle_line` (nothing can stop it), an
analysis without ``playouts`` searches as long as one move.

When the search's net has value heads, ``scoreLead``/``scoreMean`` and ``ownership``
are the heads' (:mod:`igo.engine.analyze_net`); without heads the lines are the
playouts' as before.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from igo.analysis.position import read_search
from igo.core.board import Board
from igo.core.color import Color
from igo.engine.analysis_lines import Report, format_report
from igo.engine.analyze_net import HeadsLines
from igo.engine.protocol import Emit, Engine, StreamHandler, StreamJob
from igo.gtp.args import MAX_PLAYOUTS, parse_color, parse_int
from igo.gtp.errors import GtpError
from igo.players.base import tell_context
from igo.search.search import Search, SearchResult

if TYPE_CHECKING:
    from collections.abc import Callable

    from igo.players.mcts import MoveLimits

_BOOL = {"true": True, "1": True, "false": False, "0": False}
_KATA_ONLY = ("ownership", "pvVisits", "rootInfo")
_INT_KEYS = ("minmoves", "maxmoves", "playouts")


class SearchingGenerator(Protocol):
    """What the analysis commands need of a move generator (as
    :class:`~igo.players.mcts.MCTSGenerator` offers it)."""

    limits: MoveLimits
    search: Search | None
    last_result: SearchResult | None
    watcher: tuple[Callable[[SearchResult], None], float] | None

    def search_for(self, board: Board, color: Color) -> Search: ...


@dataclass(frozen=True, slots=True)
class AnalyzeArgs:
    """The parsed arguments of an analysis command (see the module docstring)."""

    color: Color | None = None
    interval: float = 0.0  # seconds; 0 = no periodic lines
    min_moves: int = 0
    max_moves: int | None = None
    ownership: bool = False
    pv_visits: bool = False
    root_info: bool = False
    playouts: int | None = None


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0 <= value < 1e9 else None


def _key_value(key: str, value: str, dialect: str, opts: dict[str, object]) -> None:
    if key in ("avoid", "allow"):
        raise GtpError(f"cannot parse analyze arguments: {key} is not supported by igo")
    if key == "interval":
        cs = _number(value)
        if cs is None:
            raise GtpError(f"cannot parse analyze arguments: bad interval {value!r}")
        opts["interval"] = cs / 100
    elif key in _INT_KEYS:
        field = {"minmoves": "min_moves", "maxmoves": "max_moves"}.get(key, key)
        opts[field] = parse_int(value, key, minimum=1 if key == "playouts" else 0,
                                maximum=MAX_PLAYOUTS)
    elif key in _KATA_ONLY and dialect == "kata":
        if value.lower() not in _BOOL:
            raise GtpError(f"cannot parse analyze arguments: {key} takes true or false, "
                           f"not {value!r}")
        opts[{"pvVisits": "pv_visits", "rootInfo": "root_info"}.get(key, key)] = \
            _BOOL[value.lower()]
    else:
        raise GtpError(f"cannot parse analyze arguments: unknown key {key!r}")


def parse_analyze_args(args: Sequence[str], dialect: str) -> AnalyzeArgs:
    """``[COLOR] [INTERVAL] [KEY VALUE]...`` as KataGo reads them.

    Raises
    ------
    GtpError
        ``cannot parse analyze arguments: ...`` for anything else.
    """
    rest = list(args)
    opts: dict[str, object] = {}
    if rest and rest[0].lower() in ("b", "w", "black", "white"):
        opts["color"] = parse_color(rest.pop(0))
    if rest and _number(rest[0]) is not None:
        opts["interval"] = float(rest.pop(0)) / 100
    if len(rest) % 2:
        raise GtpError(f"cannot parse analyze arguments: {rest[-1]!r} has no value")
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        _key_value(key, value, dialect, opts)
    return AnalyzeArgs(**opts)  # type: ignore[arg-type]


def report_line(dialect: str, search: Search, result: SearchResult, opts: AnalyzeArgs,
                heads: HeadsLines | None = None, *, settle: bool = False) -> str:
    """The analysis line of ``search`` now (``""`` before any visit): the figures of
    :func:`igo.analysis.position.read_search`, the service ``igo review`` uses too;
    with ``heads``, the score and the ownership of the net's heads once it judged the
    root (:mod:`igo.engine.analyze_net`; ``settle``: wait for its judgements, when
    the search is over)."""
    root = None if heads is None else heads.root(search, settle=settle)
    ev = read_search(search, result, min_moves=opts.min_moves, max_moves=opts.max_moves,
                     ownership=opts.ownership and root is None)
    if heads is None or root is None:
        report = Report(ev.size, ev.moves, ev.score_lead, ev.visits, ev.winrate,
                        ev.ownership_to_play())
    else:
        fig = heads.figures(search, root, ev.moves, settle=settle)
        report = Report(ev.size, ev.moves, fig.score_lead, ev.visits, ev.winrate,
                        fig.ownership if opts.ownership else None, fig.move_scores)
    return format_report(dialect, report, pv_visits=opts.pv_visits, with_root=opts.root_info)


def _generator(engine: Engine) -> SearchingGenerator:
    gen = engine.generator
    if not callable(getattr(gen, "search_for", None)):
        raise GtpError(f"engine {engine.version} has no search to analyze with")
    return gen  # type: ignore[return-value]


def analyze_job(engine: Engine, dialect: str, opts: AnalyzeArgs) -> StreamJob:
    """The job of ``*-analyze``: search the current position and report."""
    gen = _generator(engine)

    def job(emit: Emit, stop: threading.Event | None) -> str:
        board = engine.state.board
        tell_context(engine.generator, engine.state.komi)
        search = gen.search_for(board, opts.color or board.to_play)
        playouts, seconds = opts.playouts, None
        if stop is None and playouts is None:
            playouts, seconds = gen.limits.playouts, gen.limits.seconds
        heads = HeadsLines()

        def report(result: SearchResult) -> None:
            emit(report_line(dialect, search, result, opts, heads))

        try:
            heads.prime(search)
            result = search.run(playouts=playouts, seconds=seconds, stop=stop,
                                on_progress=report if opts.interval > 0 else None,
                                progress_every=opts.interval or 1.0)
            if stop is None or not stop.is_set():
                # the search reached its limit: say where it got
                emit(report_line(dialect, search, result, opts, heads, settle=True))
                if stop is not None:
                    stop.wait()
        finally:
            heads.close()
        return ""

    return job


def genmove_analyze_job(engine: Engine, dialect: str, opts: AnalyzeArgs) -> StreamJob:
    """The job of ``*-genmove_analyze``: ``genmove`` with analysis lines."""
    gen = _generator(engine)
    color = opts.color or engine.state.board.to_play

    def job(emit: Emit, stop: threading.Event | None) -> str:
        heads = HeadsLines()

        def report(result: SearchResult) -> None:
            if gen.search is not None:  # never waits for the net: the move is on the clock
                emit(report_line(dialect, gen.search, result, opts, heads))

        previous = gen.watcher
        gen.watcher = (report, opts.interval) if opts.interval > 0 else None
        try:
            vertex = engine.generate(color, play=True)
            if opts.interval > 0 and gen.last_result is not None:
                report(gen.last_result)
        finally:
            gen.watcher = previous
            heads.close()
        return f"play {vertex}"

    return job


def analyze_handler(dialect: str, *, genmove: bool = False) -> StreamHandler:
    """The streaming handler of an analysis command in ``dialect``."""

    def handler(engine: Engine, args: Sequence[str]) -> StreamJob:
        opts = parse_analyze_args(args, dialect)
        if genmove:
            return genmove_analyze_job(engine, dialect, opts)
        return analyze_job(engine, dialect, opts)

    return handler


#: Command name -> (dialect, genmove?).
ANALYZE_COMMANDS: dict[str, tuple[str, bool]] = {
    "lz-analyze": ("lz", False),
    "lz-genmove_analyze": ("lz", True),
    "kata-analyze": ("kata", False),
    "kata-genmove_analyze": ("kata", True),
    "analyze": ("sabaki", False),
    "genmove_analyze": ("sabaki", True),
}


def install_analyze_commands(engine: Engine) -> None:
    """Register every command of :data:`ANALYZE_COMMANDS` on ``engine``."""
    for name, (dialect, genmove) in ANALYZE_COMMANDS.items():
        engine.register_streaming(name, analyze_handler(dialect, genmove=genmove),
                                  stops_on_input=not genmove)


__all__ = [
    "ANALYZE_COMMANDS",
    "AnalyzeArgs",
    "SearchingGenerator",
    "analyze_handler",
    "analyze_job",
    "genmove_analyze_job",
    "install_analyze_commands",
    "parse_analyze_args",
    "report_line",
]
