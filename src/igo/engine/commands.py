"""The GTP commands of igo's engine: one function per command.

Each handler is ``handler(engine, args) -> str`` and raises
:class:`~igo.gtp.errors.GtpError` for anything the controller got wrong; the engine
turns that into ``? message``. Game state lives in ``engine.state``
(:class:`~igo.engine.state.GameState`), move choice in ``engine.generator``.

Error messages start with the words GTP v2 standardises (``unacceptable size``,
``illegal move``, ``cannot undo``, ``board not empty``, ``invalid number of
stones``, ``bad vertex list``, ``cannot load file``) and then say exactly what was
wrong, e.g. ``illegal move: B D4 (occupied)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from igo.core.color import Color
from igo.core.coords import Point, format_vertex
from igo.core.errors import (
    BoardSizeError,
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
)
from igo.core.handicap import fixed_handicap, max_fixed_handicap
from igo.core.rules import Ruleset
from igo.core.scoring import final_score as score_text
from igo.engine.protocol import Engine, Handler
from igo.engine.state import TimeLeft, TimeSettings
from igo.gtp.args import (
    MAX_CLOCK_SECONDS,
    expect_args,
    parse_color,
    parse_float,
    parse_int,
    parse_point,
)
from igo.gtp.errors import GtpError

_ILLEGAL_REASON: tuple[tuple[type[IllegalMoveError], str], ...] = (
    (OccupiedError, "occupied"),
    (SuperkoError, "superko: repeats an earlier position"),
    (KoError, "ko: retakes the ko at once"),
    (SuicideError, "suicide"),
)


def illegal_move_message(color: Color, point: Point | None, size: int,
                         exc: IllegalMoveError) -> str:
    """``illegal move: B D4 (occupied)``: which move, and which rule forbids it."""
    reason = next((text for cls, text in _ILLEGAL_REASON if isinstance(exc, cls)), str(exc))
    return f"illegal move: {color.letter} {format_vertex(point, size)} ({reason})"


# ---------------------------------------------------------------------- administrative
def cmd_protocol_version(eng: Engine, args: Sequence[str]) -> str:
    """``protocol_version``: ``2``."""
    expect_args(args, 0)
    return "2"


def cmd_name(eng: Engine, args: Sequence[str]) -> str:
    """``name``: the engine's name."""
    expect_args(args, 0)
    return eng.name


def cmd_version(eng: Engine, args: Sequence[str]) -> str:
    """``version``: igo's version and the generator's name."""
    expect_args(args, 0)
    return eng.version


def cmd_known_command(eng: Engine, args: Sequence[str]) -> str:
    """``known_command NAME``: ``true`` or ``false``."""
    expect_args(args, 1)
    return "true" if eng.knows(args[0]) else "false"


def cmd_list_commands(eng: Engine, args: Sequence[str]) -> str:
    """``list_commands``: every command, one per line, sorted."""
    expect_args(args, 0)
    return "\n".join(eng.command_names())


def cmd_gogui_interrupt(eng: Engine, args: Sequence[str]) -> str:
    """``gogui-interrupt``: announces that a ``# interrupt`` line stops the running
    command (GoGui's manual, "Interrupting commands"); does nothing itself."""
    expect_args(args, 0)
    return ""


def cmd_quit(eng: Engine, args: Sequence[str]) -> str:
    """``quit``: answer, then stop reading input."""
    eng.stop()
    return ""


# ---------------------------------------------------------------------- board set-up
def cmd_boardsize(eng: Engine, args: Sequence[str]) -> str:
    """``boardsize N``: a new empty board of N x N (2 to 25)."""
    expect_args(args, 1)
    try:
        size = int(args[0])
    except ValueError:
        raise GtpError(f"unacceptable size: {args[0]!r} is not an integer") from None
    try:
        eng.state.set_size(size)
    except BoardSizeError:
        raise GtpError(f"unacceptable size: {size} (igo plays sizes 2 to 25)") from None
    return ""


def cmd_clear_board(eng: Engine, args: Sequence[str]) -> str:
    """``clear_board``: empty the board; komi, rules and clock stay."""
    expect_args(args, 0)
    eng.state.clear()
    return ""


def cmd_komi(eng: Engine, args: Sequence[str]) -> str:
    """``komi K``: a finite real number of points given to White."""
    expect_args(args, 1)
    eng.state.komi = parse_float(args[0], "komi")
    return ""


def cmd_kgs_rules(eng: Engine, args: Sequence[str]) -> str:
    """``kgs-rules NAME``: the rule set of :meth:`Ruleset.named` (unknown names:
    simple ko, no suicide)."""
    expect_args(args, 1)
    eng.state.set_rules(Ruleset.named(args[0]))
    return ""


# ---------------------------------------------------------------------- moves
def cmd_play(eng: Engine, args: Sequence[str]) -> str:
    """``play COLOR VERTEX``: play a move (``pass`` included); the reply names the
    rule that forbids an illegal one."""
    expect_args(args, 2)
    color = parse_color(args[0])
    board = eng.state.board
    point = parse_point(args[1], board.size)
    try:
        board.play(color, point)
    except IllegalMoveError as exc:
        raise GtpError(illegal_move_message(color, point, board.size, exc)) from None
    return ""


def cmd_genmove(eng: Engine, args: Sequence[str]) -> str:
    """``genmove COLOR``: the generator's move, played (``pass``/``resign`` too)."""
    expect_args(args, 1)
    return eng.generate(parse_color(args[0]), play=True)


def cmd_reg_genmove(eng: Engine, args: Sequence[str]) -> str:
    """``reg_genmove COLOR``: the move ``genmove`` would choose, not played."""
    expect_args(args, 1)
    return eng.generate(parse_color(args[0]), play=False)


def cmd_genmove_cleanup(eng: Engine, args: Sequence[str]) -> str:
    """``kgs-genmove_cleanup COLOR``: like ``genmove``, but never passes while
    opponent stones that playouts judge dead are left (see
    :meth:`~igo.engine.engine.GtpEngine.cleanup_move`)."""
    expect_args(args, 1)
    return eng.generate(parse_color(args[0]), play=True, cleanup=True)


def cmd_undo(eng: Engine, args: Sequence[str]) -> str:
    """``undo``: take back the latest move (not handicap or SGF setup stones)."""
    expect_args(args, 0)
    if eng.state.board.move_number == 0:
        raise GtpError("cannot undo: no move to take back")
    eng.state.board.undo()
    return ""


def cmd_showboard(eng: Engine, args: Sequence[str]) -> str:
    """``showboard``: the diagram, captures, komi, side to play, move number."""
    expect_args(args, 0)
    state = eng.state
    return (f"\n{state.board}\n"
            f"komi {state.komi:g}, {state.board.to_play.name.lower()} to play, "
            f"move {state.board.move_number}")


# ---------------------------------------------------------------------- handicap
def free_handicap_points(size: int, stones: int) -> list[Point]:
    """Where igo puts ``stones`` free handicap stones: the fixed-handicap points
    first, then one by one the point farthest (Manhattan) from the stones placed,
    preferring the 2nd line below 7x7, the 3rd up to 12x12 and the 4th above (score:
    distance minus twice the distance from that line; ties go to the point nearer
    that line, then to the first in row-major order)."""
    limit = max_fixed_handicap(size)
    points = fixed_handicap(size, min(stones, limit)) if limit >= 2 and stones >= 2 else []
    edge = 1 if size < 7 else 2 if size <= 12 else 3
    free = [Point(r, c) for r in range(size) for c in range(size)]
    line = {p: min(p.row, p.col, size - 1 - p.row, size - 1 - p.col) for p in free}
    while len(points) < stones:
        taken = set(points)

        def score(p: Point) -> tuple[int, int]:
            near = min((abs(p.row - q.row) + abs(p.col - q.col) for q in points),
                       default=2 * size)
            off = abs(line[p] - edge)
            return near - 2 * off, -off

        points.append(max((p for p in free if p not in taken), key=score))
    return points


def _handicap_count(eng: Engine, text: str) -> int:
    stones = parse_int(text, "number of stones")
    if not eng.state.is_empty():
        raise GtpError("board not empty")
    return stones


def cmd_fixed_handicap(eng: Engine, args: Sequence[str]) -> str:
    """``fixed_handicap N``: GTP's fixed placement on an empty board."""
    expect_args(args, 1)
    stones = _handicap_count(eng, args[0])
    size = eng.state.board.size
    limit = max_fixed_handicap(size)
    if not 2 <= stones <= limit:
        allowed = f"2 to {limit} on {size}x{size}" if limit else f"none on {size}x{size}"
        raise GtpError(f"invalid number of stones: {stones} (fixed handicap: {allowed})")
    points = fixed_handicap(size, stones)
    eng.state.place_handicap(points)
    return " ".join(format_vertex(p, size) for p in points)


def _check_free_count(stones: int, size: int) -> None:
    if not 2 <= stones <= size * size - 1:
        raise GtpError(f"invalid number of stones: {stones} "
                       f"(2 to {size * size - 1} on {size}x{size})")


def cmd_place_free_handicap(eng: Engine, args: Sequence[str]) -> str:
    """``place_free_handicap N``: igo chooses N points
    (:func:`free_handicap_points`)."""
    expect_args(args, 1)
    stones = _handicap_count(eng, args[0])
    size = eng.state.board.size
    _check_free_count(stones, size)
    points = free_handicap_points(size, stones)
    eng.state.place_handicap(points)
    return " ".join(format_vertex(p, size) for p in points)


def cmd_set_free_handicap(eng: Engine, args: Sequence[str]) -> str:
    """``set_free_handicap VERTEX...``: the controller's 2 or more distinct points."""
    size = eng.state.board.size
    points: list[Point] = []
    for text in args:
        try:
            point = parse_point(text, size, allow_pass=False)
        except GtpError as exc:
            raise GtpError(f"bad vertex list: {exc}") from None
        if point is None or point in points:
            raise GtpError(f"bad vertex list: {text} given twice")
        points.append(point)
    if not eng.state.is_empty():
        raise GtpError("board not empty")
    _check_free_count(len(points), size)
    eng.state.place_handicap(points)
    return ""


# ---------------------------------------------------------------------- time
def cmd_time_settings(eng: Engine, args: Sequence[str]) -> str:
    """``time_settings MAIN BYO_YOMI STONES``: Canadian byo-yomi in seconds."""
    expect_args(args, 3)
    main, byo, stones = (parse_int(a, what, minimum=0, maximum=MAX_CLOCK_SECONDS)
                         for a, what in zip(args, ("main time", "byo-yomi time",
                                                   "byo-yomi stones"), strict=True))
    # GTP: byo-yomi time with 0 stones means no time limit; no byo-yomi: absolute
    system = "none" if byo > 0 and stones == 0 else "absolute" if byo == 0 else "canadian"
    eng.state.time_settings = TimeSettings(system, main, byo, stones)
    return ""


def cmd_kgs_time_settings(eng: Engine, args: Sequence[str]) -> str:
    """``kgs-time_settings none|absolute M|byoyomi M T P|canadian M T S``."""
    if not args:
        raise GtpError("wrong number of arguments: expected a time system "
                       "(none, absolute, byoyomi or canadian)")
    system, rest = args[0].lower(), args[1:]
    counts = {"none": 0, "absolute": 1, "byoyomi": 3, "canadian": 3}
    if system not in counts:
        raise GtpError(f"unknown time system {args[0]!r} "
                       "(expected none, absolute, byoyomi or canadian)")
    expect_args(rest, counts[system])
    values = [parse_int(a, "time setting", minimum=0, maximum=MAX_CLOCK_SECONDS)
              for a in rest]
    if system == "none":
        settings = TimeSettings("none")
    elif system == "absolute":
        settings = TimeSettings("absolute", values[0])
    elif system == "byoyomi":
        settings = TimeSettings("byoyomi", values[0], values[1], periods=values[2])
    else:
        settings = TimeSettings("canadian", values[0], values[1], stones=values[2])
    eng.state.time_settings = settings
    return ""


def cmd_time_left(eng: Engine, args: Sequence[str]) -> str:
    """``time_left COLOR SECONDS STONES``: remembered in the state."""
    expect_args(args, 3)
    color = parse_color(args[0])
    seconds = parse_int(args[1], "time", maximum=MAX_CLOCK_SECONDS)
    stones = parse_int(args[2], "number of stones", minimum=0, maximum=MAX_CLOCK_SECONDS)
    eng.state.time_left[color] = TimeLeft(seconds, stones)
    return ""


# ---------------------------------------------------------------------- records
def cmd_loadsgf(eng: Engine, args: Sequence[str]) -> str:
    """``loadsgf FILE [MOVE_NUMBER]``: the position before move MOVE_NUMBER (all moves
    if omitted), with the record's size, komi, rules and setup stones."""
    from igo.core.replay import replay
    from igo.sgf import read_sgf_file

    expect_args(args, 1, 2)
    move_number = parse_int(args[1], "move number", minimum=1) if len(args) == 2 else None
    try:
        record = read_sgf_file(args[0])
    except (OSError, ValueError) as exc:
        raise GtpError(f"cannot load file: {exc}") from None
    upto = None if move_number is None else min(move_number - 1, len(record.moves))
    try:
        board = replay(record, upto)
    except ValueError as exc:  # IllegalMoveError, BoardSizeError, CoordinateError
        raise GtpError(f"cannot load file: {args[0]}: {exc}") from None
    eng.state.load(record, board)
    return ""


def cmd_printsgf(eng: Engine, args: Sequence[str]) -> str:
    """``printsgf [FILE]``: the game as SGF, in the reply or written to FILE."""
    from igo.sgf import to_sgf

    expect_args(args, 0, 1)
    text = to_sgf(eng.state.to_record())
    if not args:
        return text
    try:
        Path(args[0]).write_text(text if text.endswith("\n") else text + "\n",
                                 encoding="utf-8")
    except OSError as exc:
        raise GtpError(f"cannot write file: {exc}") from None
    return ""


# ---------------------------------------------------------------------- scoring
def cmd_final_score(eng: Engine, args: Sequence[str]) -> str:
    """``final_score``: area score after removing the dead stones (``B+3.5``)."""
    expect_args(args, 0)
    state = eng.state
    return score_text(state.board, state.komi, state.stone_status().dead_stones)


def cmd_final_status_list(eng: Engine, args: Sequence[str]) -> str:
    """``final_status_list alive|dead|seki``: one string per line."""
    expect_args(args, 1)
    status = args[0].lower()
    if status not in ("alive", "dead", "seki"):
        raise GtpError(f"invalid status: {args[0]!r} (expected alive, dead or seki)")
    size = eng.state.board.size
    strings = eng.state.stone_status().strings(status)
    return "\n".join(" ".join(format_vertex(p, size) for p in s) for s in strings)


def cmd_analyze_commands(eng: Engine, args: Sequence[str]) -> str:
    """``gogui-analyze_commands``: the analyze registry, one entry per line."""
    expect_args(args, 0)
    return eng.analyze.gogui_lines()


#: The engine's own commands (analysis commands come from the analyze registry).
CORE_COMMANDS: dict[str, Handler] = {
    "protocol_version": cmd_protocol_version,
    "name": cmd_name,
    "version": cmd_version,
    "known_command": cmd_known_command,
    "list_commands": cmd_list_commands,
    "quit": cmd_quit,
    "gogui-interrupt": cmd_gogui_interrupt,
    "boardsize": cmd_boardsize,
    "clear_board": cmd_clear_board,
    "komi": cmd_komi,
    "kgs-rules": cmd_kgs_rules,
    "play": cmd_play,
    "genmove": cmd_genmove,
    "reg_genmove": cmd_reg_genmove,
    "kgs-genmove_cleanup": cmd_genmove_cleanup,
    "undo": cmd_undo,
    "showboard": cmd_showboard,
    "fixed_handicap": cmd_fixed_handicap,
    "place_free_handicap": cmd_place_free_handicap,
    "set_free_handicap": cmd_set_free_handicap,
    "time_settings": cmd_time_settings,
    "kgs-time_settings": cmd_kgs_time_settings,
    "time_left": cmd_time_left,
    "loadsgf": cmd_loadsgf,
    "printsgf": cmd_printsgf,
    "final_score": cmd_final_score,
    "final_status_list": cmd_final_status_list,
    "gogui-analyze_commands": cmd_analyze_commands,
}
