"""GoGui views of the search, live graphics, and the analysis commands of an engine
with a search (:func:`install_search_commands`).

======================================  =========  ==================================
command (as announced)                  type       reply
======================================  =========  ==================================
``igo-search_visits %m [PLAYOUTS]``     ``gfx``    squares sized by visits, visit
                                                   counts as labels, the PV as
                                                   ``VAR``, a summary as ``TEXT``
``igo-search_winrates %m [PLAYOUTS]``   ``gfx``    win rates (%) as labels
``igo-search_ownership %m [PLAYOUTS]``  ``dboard`` the search's ownership, +1 Black
``igo-search_pv %m [PLAYOUTS]``         ``var``    the principal variation
``igo-search_params``                   ``param``  ``[bool] live_gfx 0|1``,
                                                   ``[string] max_tree_mb N``,
                                                   every search option on the
                                                   board size, by group
``igo-search_stats``                    ``string`` the last search: playouts, time,
                                                   the tree's memory and reclaims,
                                                   the time manager (its spend and
                                                   the lag it measured), the ponder
======================================  =========  ==================================

GoGui replaces ``%m`` by the colour to move. Each view searches the current position
for that colour within the engine's move limits (or ``PLAYOUTS``), on the
generator's tree (kept between commands and moves).

**Live graphics** (GoGui manual, "Live Graphics"): with ``live_gfx`` on, while the
engine searches (``genmove``, the views) it writes to **standard error** a block
``gogui-gfx:`` / draw commands / empty line every :data:`LIVE_EVERY` seconds, and
``gogui-gfx: CLEAR`` when the search ends; standard output carries only GTP.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from igo.core.coords import format_vertex
from igo.engine.analysis_lines import cfloat
from igo.engine.analyze import AnalyzeCommand
from igo.engine.analyze_stream import SearchingGenerator, install_analyze_commands
from igo.engine.influence_views import format_dboard
from igo.engine.protocol import Engine
from igo.gtp.args import MAX_PLAYOUTS, expect_args, parse_color, parse_int
from igo.gtp.errors import GtpError
from igo.players.base import tell_context
from igo.search.analysis import MoveAnalysis, analyze_moves
from igo.search.config import SearchConfig
from igo.search.explain import settings
from igo.search.options import CHOICES, GROUP_OF
from igo.search.search import Search, SearchResult

#: The largest tree budget ``igo-search_params max_tree_mb`` accepts (MB).
MAX_TREE_MB = 1 << 20

#: Seconds between two live graphics blocks.
LIVE_EVERY = 0.5

#: Moves with fewer visits than this share of the best get no label.
LABEL_SHARE = 0.02


def _labelled(moves: Sequence[MoveAnalysis]) -> list[MoveAnalysis]:
    top = max((m.visits for m in moves), default=0)
    return [m for m in moves if m.move is not None and m.visits > 0
            and m.visits >= LABEL_SHARE * top]


def var_line(search: Search, moves: Sequence[MoveAnalysis]) -> str:
    """``VAR b D4 w Q16 ...``: the best move's PV with colours (``""`` if none)."""
    if not moves:
        return ""
    color = search.color()
    words = []
    for m in moves[0].pv:
        words.append(f"{color.letter.lower()} {format_vertex(m, search.size)}")
        color = color.opponent
    return "VAR " + " ".join(words)


def summary_text(search: Search, result: SearchResult, moves: Sequence[MoveAnalysis]) -> str:
    """``TEXT`` line: root visits, best move, its win rate and the PV."""
    if not moves:
        return "TEXT no move searched yet"
    best = moves[0]
    visits = sum(m.visits for m in result.moves)
    pv = " ".join(format_vertex(p, search.size) for p in best.pv)
    return (f"TEXT {search.color().name.lower()} {format_vertex(best.move, search.size)} "
            f"{100 * best.winrate:.1f}% ({visits} visits); PV {pv}")


def count_label(n: int) -> str:
    """A visit count short enough for a GoGui label (GoGui clips labels to the width
    of a point, about three characters): ``284``, ``9k``, ``22k``."""
    return str(n) if n < 1000 else f"{n / 1000:.0f}k"


def visits_gfx(search: Search, result: SearchResult) -> str:
    """Visits as ``INFLUENCE`` squares and ``LABEL`` counts, the PV, a summary."""
    moves = analyze_moves(search, result)
    shown = _labelled(moves)
    lines = []
    if shown:
        top = shown[0].visits
        size = search.size
        lines.append("INFLUENCE " + " ".join(
            f"{format_vertex(m.move, size)} {cfloat(round(m.visits / top, 3))}" for m in shown))
        lines.append("LABEL " + " ".join(f"{format_vertex(m.move, size)} {count_label(m.visits)}"
                                         for m in shown))
    var = var_line(search, moves)
    return "\n".join([*lines, *([var] if var else []), summary_text(search, result, moves)])


def winrates_gfx(search: Search, result: SearchResult) -> str:
    """Win rates (percent, for the colour searched) as ``LABEL`` s and a summary."""
    moves = analyze_moves(search, result)
    shown = _labelled(moves)
    lines = []
    if shown:
        lines.append("LABEL " + " ".join(
            f"{format_vertex(m.move, search.size)} {100 * m.winrate:.0f}" for m in shown))
    return "\n".join([*lines, summary_text(search, result, moves)])


class SearchViews:
    """The GoGui view commands of one engine and its live-graphics switch."""

    def __init__(self, engine: Engine, generator: SearchingGenerator) -> None:
        self.engine = engine
        self.generator = generator
        self.live = False

    # ------------------------------------------------------------------ live gfx
    def live_block(self, search: Search, result: SearchResult) -> None:
        """Write one ``gogui-gfx:`` block of the search's state to standard error."""
        out = self.engine.stderr
        out.write("gogui-gfx:\nCLEAR\n" + visits_gfx(search, result) + "\n\n")
        out.flush()

    def _live_during_moves(self, result: SearchResult) -> None:
        if self.generator.search is not None:
            self.live_block(self.generator.search, result)

    def set_live(self, on: bool) -> None:
        """Turn live graphics on or off (also while ``genmove`` searches)."""
        self.live = on
        self.generator.watcher = (self._live_during_moves, LIVE_EVERY) if on else None

    def clear_live(self) -> None:
        """``gogui-gfx: CLEAR`` (written when a search ends, as GoGui advises)."""
        if self.live:
            self.engine.stderr.write("gogui-gfx: CLEAR\n")
            self.engine.stderr.flush()

    # ------------------------------------------------------------------ views
    def searched(self, args: Sequence[str]) -> tuple[Search, SearchResult]:
        """Search for ``COLOR [PLAYOUTS]`` and return the search and its result."""
        expect_args(args, 1, 2)
        color = parse_color(args[0])
        limits = self.generator.limits
        playouts, seconds = limits.playouts, limits.seconds
        if len(args) == 2:
            playouts = parse_int(args[1], "number of playouts", minimum=1,
                                 maximum=MAX_PLAYOUTS)
            seconds = None
        state = self.engine.state
        tell_context(self.engine.generator, state.komi)
        search = self.generator.search_for(state.board, color)
        watch = (lambda r: self.live_block(search, r)) if self.live else None
        result = search.run(playouts=playouts, seconds=seconds, on_progress=watch,
                            progress_every=LIVE_EVERY, stop=self.engine.interrupt)
        self.clear_live()
        return search, result

    def view(self, draw: Callable[[Search, SearchResult], str]
             ) -> Callable[[Engine, Sequence[str]], str]:
        """An engine command searching, then drawing with ``draw``."""

        def handler(engine: Engine, args: Sequence[str]) -> str:
            return draw(*self.searched(args))

        return handler

    def params(self, engine: Engine, args: Sequence[str]) -> str:
        """``igo-search_params [live_gfx 0|1 | max_tree_mb N | OPTION VALUE]``: GoGui's
        ``param`` protocol. Without arguments, ``live_gfx`` and ``max_tree_mb``, then
        every other search option on the current board size (:func:`search_param_lines`).
        A search option set (``max_tree_mb``, ``rave_equiv``...) takes effect at the
        next search (on a new tree)."""
        config = getattr(self.generator, "config", None)
        mb = config.resources.tree_mb if isinstance(config, SearchConfig) else 0
        if not args:
            head = f"[bool] live_gfx {int(self.live)}\n[string] max_tree_mb {mb}"
            if not isinstance(config, SearchConfig):
                return head
            return "\n".join([head, *search_param_lines(config, engine.state.board.size)])
        expect_args(args, 2)
        if args[0] == "max_tree_mb" and isinstance(config, SearchConfig):
            value = parse_int(args[1], "max_tree_mb", minimum=4, maximum=MAX_TREE_MB)
            self.generator.config = config.with_options(max_tree_mb=value)  # type: ignore[attr-defined]
            self.generator.search = None  # the next search builds its tree anew
            return ""
        if args[0] in GROUP_OF and isinstance(config, SearchConfig):
            text = "" if args[1] == '""' else args[1]  # GoGui quotes an empty value
            try:
                changed = config.with_options(**{args[0]: text})
            except ValueError as exc:
                raise GtpError(str(exc)) from None
            self.generator.config = changed  # type: ignore[attr-defined]
            self.generator.search = None
            return ""
        if args[0] != "live_gfx" or args[1].lower() not in ("0", "1", "true", "false"):
            raise GtpError(f"unknown parameter setting {' '.join(args)!r} "
                           "(expected live_gfx 0 or 1, or max_tree_mb N)")
        self.set_live(args[1].lower() in ("1", "true"))
        return ""

    def stats(self, engine: Engine, args: Sequence[str]) -> str:
        """``igo-search_stats``: the last search's counters, ``key value`` a line."""
        expect_args(args, 0)
        result = self.generator.last_result
        search = self.generator.search
        lines = []
        if result is not None:
            lines += [f"playouts {result.playouts}", f"seconds {result.seconds:.3f}"]
            lines += [f"{k} {v}" for k, v in result.stats.items()]
        elif search is not None:
            lines += [f"{k} {v}" for k, v in search.tree_stats().items()]
        spend = getattr(self.generator, "spend", None)
        if isinstance(spend, float):  # the time manager (igo.search.timecontrol)
            lag = getattr(self.generator, "lag", None)
            lines += [f"time_spend {spend:.3f}",
                      f"time_lag {'unmeasured' if lag is None else f'{lag:.3f}'}"]
        ponder = getattr(self.generator, "ponder_result", None)
        if isinstance(ponder, SearchResult):
            lines += [f"ponder_playouts {ponder.playouts}",
                      f"ponder_seconds {ponder.seconds:.3f}"]
        return "\n".join(lines) if lines else "no search yet"


def search_param_lines(config: SearchConfig, size: int) -> list[str]:
    """Every search option but ``max_tree_mb`` on a board of ``size``, in GoGui's
    ``param`` form (``[bool] use_priors 1``, ``[list/light/heavy/moggy] policy heavy``,
    ``[string] rave_equiv 1000.0``), each group after a ``[group]`` line that GoGui
    skips; the line names the options that the board-size defaults set
    (``[selection: rave_equiv, rave_distance by the 9x9 defaults]``)."""
    lines: list[str] = []
    group = ""
    items = [s for s in settings(config, size) if s.name != "max_tree_mb"]
    for s in items:
        if s.group != group:
            group = s.group
            by_size = [t.name for t in items if t.group == group and t.size_default]
            lines.append(f"[{group}: {', '.join(by_size)} by the {size}x{size} defaults]"
                         if by_size else f"[{group}]")
        if isinstance(s.value, bool):
            kind = "bool"
        elif s.name in CHOICES:
            kind = "list/" + "/".join(CHOICES[s.name])
        else:
            kind = "string"
        lines.append(f"[{kind}] {s.name} {s.text()}".rstrip())
    return lines


def _ownership(search: Search, result: SearchResult) -> str:
    return format_dboard(search.ownership())


def _pv(search: Search, result: SearchResult) -> str:
    moves = analyze_moves(search, result)
    return " ".join(format_vertex(p, search.size) for p in moves[0].pv) if moves else ""


def search_analyze_commands() -> list[AnalyzeCommand]:
    """The GoGui menu entries of the search views (handlers live on the engine)."""
    return [
        AnalyzeCommand("gfx", "Search: visits", "igo-search_visits %m"),
        AnalyzeCommand("gfx", "Search: win rates", "igo-search_winrates %m"),
        AnalyzeCommand("dboard", "Search: ownership", "igo-search_ownership %m"),
        AnalyzeCommand("var", "Search: principal variation", "igo-search_pv %m"),
        AnalyzeCommand("param", "Search: parameters", "igo-search_params"),
        AnalyzeCommand("string", "Search: statistics", "igo-search_stats"),
    ]


def install_search_commands(engine: Engine) -> SearchViews:
    """Give ``engine`` (whose generator has a search) the streaming analysis commands
    of :mod:`igo.engine.analyze_stream` and the GoGui views above."""
    gen = engine.generator
    if not callable(getattr(gen, "search_for", None)):
        raise GtpError(f"engine {engine.version} has no search to analyze with")
    views = SearchViews(engine, gen)  # type: ignore[arg-type]
    engine.after_generate.append(views.clear_live)
    install_analyze_commands(engine)
    engine.register("igo-search_visits", views.view(visits_gfx))
    engine.register("igo-search_winrates", views.view(winrates_gfx))
    engine.register("igo-search_ownership", views.view(_ownership))
    engine.register("igo-search_pv", views.view(_pv))
    engine.register("igo-search_params", views.params)
    engine.register("igo-search_stats", views.stats)
    for entry in search_analyze_commands():
        engine.analyze.register(entry)
    return views


__all__ = [
    "LABEL_SHARE",
    "LIVE_EVERY",
    "SearchViews",
    "count_label",
    "install_search_commands",
    "search_analyze_commands",
    "search_param_lines",
    "summary_text",
    "var_line",
    "visits_gfx",
    "winrates_gfx",
]
