"""Reading SGF game records into :class:`~igo.core.record.GameRecord`.

The SGF grammar is sgfmill's (:mod:`sgfmill.sgf_grammar`: its tokeniser and its
text-value rules); what the properties mean for a Go record is decided here, more
tolerantly than sgfmill's higher layers, because real files are messy:

- ``FF`` and ``GM`` may be missing (``GM`` other than 1 is rejected);
- the encoding comes from ``CA`` or is sniffed (:mod:`igo.sgf.encoding`);
- Fox writes komi ×100 (``KM[650]`` = 6.5, ``KM[375]`` = 3.75): a komi whose
  magnitude is at least :data:`FOX_KOMI_THRESHOLD` is divided by 100;
- setup stones (``AB``/``AW``/``AE``) may sit in any node before the first move
  (Fox puts handicap stones in the second node); compressed point lists
  (``AB[aa:cc]``) are expanded and repeated points dropped;
- variations are allowed; the main line (the first variation at every branch) is read;
- a game whose closing parentheses are missing (a truncated download) is read as far
  as it goes;
- passes are ``B[]``, and ``B[tt]`` on boards up to 19x19.

Field mapping: ``SZ`` → size (default 19), ``KM`` → komi (default 0), ``RU`` → rules
via :meth:`Ruleset.named` (no ``RU``: simple ko, name ``"unknown"`` — Japanese and
Korean records legally repeat positions, so superko applies only where ``RU`` says
so), ``HA`` → handicap, ``AB``/``AW`` → setup stones, ``B``/``W`` → moves, ``RE`` →
result, ``PB``/``PW``/``BR``/``WR``/``DT`` → players, ranks, date, ``PL`` →
first_player; every other root property is kept in ``properties`` (``FF``, ``GM`` and
``CA`` describe the file, not the game, and are dropped).

Records of the simple one-line form that Go servers export (root properties without
escapes, then ``;B[..]``/``;W[..]`` nodes only) take a regular-expression fast path
that gives the same nodes as the tokeniser, about five times faster.
"""

from __future__ import annotations

import re
from functools import lru_cache
from os import PathLike
from pathlib import Path

from sgfmill import sgf_grammar

from igo.core.color import Color
from igo.core.coords import MAX_SIZE, MIN_SIZE, Point
from igo.core.errors import CoordinateError
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.rules import Ruleset
from igo.sgf.encoding import decode_sgf
from igo.sgf.errors import SgfError

Node = dict[str, list[str]]

#: ``KM`` values at least this large (in magnitude) are Fox's ×100 komi.
FOX_KOMI_THRESHOLD = 100.0

#: Root properties that become fields of the record (or describe the file).
MAPPED = frozenset({"FF", "GM", "CA", "SZ", "KM", "RU", "HA", "AB", "AW", "AE", "PB", "PW",
                    "BR", "WR", "DT", "RE", "PL", "B", "W"})
_TEXT_PROPS = frozenset({"C", "GC"})  # SGF Text (line breaks kept); others SimpleText

_FAST_RE = re.compile(
    r"\s*\(;((?:\s*[A-Z]+(?:\s*\[[^\]\\]*\])+)*)\s*((?:;\s*[BW]\s*\[[a-zA-Z]{0,2}\]\s*)*)\)\s*\Z",
    re.ASCII)  # ASCII: \s as sgfmill's tokeniser (bytes) sees white space
_FAST_PROP_RE = re.compile(r"([A-Z]+)((?:\s*\[[^\]\\]*\])+)", re.ASCII)
_FAST_VALUE_RE = re.compile(r"\[([^\]\\]*)\]")
_FAST_MOVE_RE = re.compile(r";\s*([BW])\s*\[([a-zA-Z]{0,2})\]", re.ASCII)
# Results written in words by Chinese, Japanese and Korean servers.
_RESULT_WORDS = (
    (re.compile(r"^(黑|黒|흑)\s*(中盘胜|中盤勝|中押し?勝ち?|불계승)"), "{}+R"),
    (re.compile(r"^(黑|黒|흑)\s*(超时胜|時間勝ち?|시간승)"), "{}+T"),
    (re.compile(r"^(黑|黒|흑)\s*(胜|勝ち?|승)\s*(\d+(?:\.\d+)?)\s*(目|집)?$"), "{}+{}"),
)
_COLOR_WORDS = {"黑": "B", "黒": "B", "흑": "B", "白": "W", "백": "W"}
_NUMBER_RE = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))")


# ------------------------------------------------------------------------ SGF → nodes
def fast_nodes(text: str) -> tuple[Node, list[tuple[str, str]]] | None:
    """The root node and the ``(colour letter, value)`` moves of a simple one-line
    record, or ``None`` if ``text`` is not of that form (the tokeniser then reads it).

    Together they are the nodes the tokeniser gives: ``[root, {"B": [v]}, …]``."""
    m = _FAST_RE.match(text)
    if m is None:
        return None
    root: Node = {}
    for ident, values in _FAST_PROP_RE.findall(m.group(1)):
        vals = _FAST_VALUE_RE.findall(values)
        if ident in root:
            root[ident] += vals
        else:
            root[ident] = vals
    return root, _FAST_MOVE_RE.findall(m.group(2))


def _describe(ident: str | None) -> str:
    # The tokeniser drops lower-case letters from identifiers: "" was plain text.
    return f"property {ident}" if ident else "stray lower-case text"


def _main_line(tokens: list[tuple[str, bytes]], source: str) -> list[Node]:
    """The main line of one tokenised game: every node before the first ``)``.

    Before the first ``)`` every ``(`` opens the first variation of the current
    node, so the main line is simply the nodes up to there."""
    nodes: list[Node] = []
    props: Node | None = None
    ident: str | None = None
    pending = False  # an identifier still waiting for its first value
    for kind, tok in tokens:
        if kind == "V":
            if props is None or ident is None:
                raise SgfError("parse_error", "property value without a property", source)
            props[ident].append(tok.decode("utf-8", errors="replace"))
            pending = False
            continue
        if pending:
            raise SgfError("parse_error", f"{_describe(ident)} has no value", source)
        if kind == "I":
            if props is None:
                raise SgfError("parse_error", "property outside a node", source)
            ident = tok.decode("ascii")
            props.setdefault(ident, [])
            pending = True
        elif tok == b";":
            props = {}
            nodes.append(props)
            ident = None
        elif tok == b"(":
            props, ident = None, None
        else:
            break
    if pending:
        raise SgfError("parse_error", f"{_describe(ident)} has no value", source)
    for node in nodes:
        node.pop("", None)  # all-lower-case identifiers (tokeniser strips lower case)
    return nodes


def _tokens(bb: bytes, start: int,
            source: str) -> tuple[list[tuple[str, bytes]], int, SgfError | None]:
    """Tokens of the game starting at or after ``start``, where they ended, and the
    error that stopped them early (``None`` if the game is complete).

    A game that stops before its closing parenthesis is accepted only if nothing but
    white space follows (a truncated file); other stray text is a parse error."""
    tokens, end = sgf_grammar.tokenise(bb, start)
    depth = 0
    for kind, tok in tokens:
        if kind == "D" and tok in (b"(", b")"):
            depth += 1 if tok == b"(" else -1
    if tokens and depth > 0 and bb[end:].strip():
        snippet = bb[end:end + 20].decode("utf-8", errors="replace")
        return tokens, end, SgfError("parse_error",
                                     f"unexpected text at byte {end}: {snippet!r}", source)
    return tokens, end, None


def grammar_nodes(text: str, source: str = "") -> list[Node]:
    """The main-line nodes of the first game in ``text``, by sgfmill's tokeniser.

    Raises
    ------
    SgfError
        ``empty`` if there is no game, ``parse_error`` if the grammar is broken.
    """
    bb = text.encode("utf-8", errors="surrogateescape")
    tokens, _, error = _tokens(bb, 0, source)
    if error is not None:
        raise error
    if not tokens:
        if text.strip():
            raise SgfError("parse_error", "no SGF game found ('(;' missing)", source)
        raise SgfError("empty", "no SGF data", source)
    return _main_line(tokens, source)


# ------------------------------------------------------------------------ nodes → record
def _text(ident: str, raw: str) -> str:
    if "\\" not in raw and "\n" not in raw and "\r" not in raw and "\t" not in raw:
        return raw
    bb = raw.encode("utf-8", errors="surrogateescape")
    conv = sgf_grammar.text_value if ident in _TEXT_PROPS else sgf_grammar.simpletext_value
    return conv(bb).decode("utf-8", errors="replace")


def _first(root: Node, ident: str) -> str | None:
    vals = root.get(ident)
    return _text(ident, vals[0]).strip() if vals else None


def parse_result(text: str | None) -> GameResult:
    """``RE`` as :meth:`GameResult.parse` reads it, after turning the commonest
    Chinese/Japanese/Korean wordings (``黑中盘胜``, ``白中押し勝``, ``흑 불계승``,
    ``白胜3.5目`` …) into ``B+R``/``W+3.5`` form. Never raises."""
    if text:
        t = text.strip()
        for color_word in ("白", "백"):
            if t.startswith(color_word):
                t = "黑" + t[len(color_word):]
                letter = "W"
                break
        else:
            letter = "B" if t[:1] in _COLOR_WORDS else ""
        if letter:
            for pattern, form in _RESULT_WORDS:
                m = pattern.match(t)
                if m:
                    extra = m.group(3) if m.lastindex and m.lastindex >= 3 else ""
                    return GameResult.parse(form.format(letter, extra))
    return GameResult.parse(text)


def parse_size(text: str | None, source: str = "") -> int:
    """Board size from ``SZ`` text (``"19"`` or ``"19:19"``; missing = 19)."""
    if text is None or text == "":
        return 19
    parts = text.split(":")
    try:
        dims = {int(p) for p in parts}
    except ValueError:
        raise SgfError("bad_size", f"unreadable board size SZ[{text}]", source) from None
    if len(parts) > 2 or len(dims) != 1:
        raise SgfError("bad_size", f"board is not square: SZ[{text}]", source)
    size = dims.pop()
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError("bad_size", f"board size {size} outside {MIN_SIZE}-{MAX_SIZE}", source)
    return size


def parse_komi(text: str | None, source: str = "") -> float:
    """Komi from ``KM`` text; missing or empty = 0; Fox's ×100 values are divided."""
    if text is None or text == "":
        return 0.0
    m = _NUMBER_RE.match(text.replace(",", "."))
    if m is None:
        raise SgfError("bad_value", f"unreadable komi KM[{text}]", source)
    komi = float(m.group(1))
    if abs(komi) >= FOX_KOMI_THRESHOLD:
        komi /= 100.0
    return komi


def _parse_handicap(text: str | None, source: str) -> int:
    if text is None or text == "":
        return 0
    try:
        ha = int(float(text))
    except ValueError:
        raise SgfError("bad_value", f"unreadable handicap HA[{text}]", source) from None
    if ha < 0 or ha > MAX_SIZE * MAX_SIZE:
        raise SgfError("bad_value", f"impossible handicap HA[{text}]", source)
    return ha


def _parse_player(text: str | None, source: str) -> Color | None:
    if text is None or text == "":
        return None
    try:
        return Color.from_str(text)
    except ValueError:
        raise SgfError("bad_value", f"unreadable PL[{text}]", source) from None


def _point(value: str, size: int, what: str, source: str) -> Point | None:
    """A point, or ``None`` for a pass (``""``; ``"tt"`` up to 19x19)."""
    v = value.strip()
    if v == "" or (v == "tt" and size <= 19):
        return None
    try:
        return Point.from_sgf(v, size)
    except CoordinateError as exc:
        raise SgfError("bad_coordinate", f"{what}: {exc}", source) from None


def _point_list(values: list[str], size: int, what: str, source: str) -> list[Point]:
    """Expand a list of points and ``aa:cc`` rectangles (passes are dropped)."""
    out: list[Point] = []
    for value in values:
        if ":" in value:
            a, _, b = value.partition(":")
            p, q = _point(a, size, what, source), _point(b, size, what, source)
            if p is None or q is None:
                raise SgfError("bad_coordinate", f"{what}: bad rectangle {value!r}", source)
            for r in range(min(p.row, q.row), max(p.row, q.row) + 1):
                out.extend(Point(r, c) for c in range(min(p.col, q.col), max(p.col, q.col) + 1))
        else:
            pt = _point(value, size, what, source)
            if pt is not None:
                out.append(pt)
    return out


def _setup(nodes: list[Node], first_move: int, size: int,
           source: str) -> tuple[list[Point], list[Point]]:
    """Setup stones of the nodes up to the first move (``AB``, ``AW``, ``AE`` in order)."""
    stones: dict[Point, Color] = {}
    for k, node in enumerate(nodes[:first_move + 1]):
        for ident, color in (("AE", None), ("AB", Color.BLACK), ("AW", Color.WHITE)):
            if ident not in node:
                continue
            for pt in _point_list(node[ident], size, f"{ident} in node {k}", source):
                if color is None:
                    stones.pop(pt, None)
                elif stones.get(pt, color) != color:
                    raise SgfError("bad_setup", f"{pt.to_sgf()} set to both colours", source)
                else:
                    stones[pt] = color
    black = [p for p, c in stones.items() if c == Color.BLACK]
    white = [p for p, c in stones.items() if c == Color.WHITE]
    return black, white


@lru_cache(maxsize=32)
def _move_table(size: int) -> dict[tuple[str, str], Move]:
    """Every well-formed move of a ``size`` board by ``(colour letter, SGF value)``
    (moves are immutable, so one shared object per move)."""
    table: dict[tuple[str, str], Move] = {}
    passes = ["", "tt"] if size <= 19 else [""]
    for color in (Color.BLACK, Color.WHITE):
        for v in passes:
            table[(color.letter, v)] = Move(color, None)
        for r in range(size):
            for c in range(size):
                pt = Point(r, c)
                table[(color.letter, pt.to_sgf())] = Move(color, pt)
    return table


def _moves(nodes: list[Node], first_move: int, size: int, source: str) -> list[Move]:
    table = _move_table(size)
    moves: list[Move] = []
    for k in range(first_move, len(nodes)):
        node = nodes[k]
        if k > first_move and ("AB" in node or "AW" in node or "AE" in node):
            raise SgfError("bad_setup", f"setup stones after the first move (node {k})",
                           source)
        b, w = node.get("B"), node.get("W")
        if b is None and w is None:
            continue
        if b is not None and w is not None:
            raise SgfError("bad_move", f"node {k} has both B and W", source)
        color, values = (Color.BLACK, b) if b is not None else (Color.WHITE, w)
        assert values is not None
        if len(values) != 1:
            raise SgfError("bad_move", f"node {k} has {len(values)} values for one move",
                           source)
        move = table.get((color.letter, values[0]))
        if move is None:
            move = Move(color, _point(values[0], size, f"move {len(moves) + 1}", source))
        moves.append(move)
    return moves


def record_from_nodes(nodes: list[Node], source: str = "",
                      moves: list[Move] | None = None) -> GameRecord:
    """Build a :class:`GameRecord` from main-line nodes (raw property values).

    ``moves``, if given, are the moves already read from nodes after ``nodes``
    (which then hold only the setup part).

    Raises
    ------
    SgfError
        With reason ``not_go``, ``bad_size``, ``bad_value``, ``bad_coordinate``,
        ``bad_move`` or ``bad_setup``.
    """
    root = nodes[0]
    gm = _first(root, "GM")
    if gm not in (None, "", "1"):
        raise SgfError("not_go", f"not a Go record: GM[{gm}]", source)
    size = parse_size(_first(root, "SZ"), source)
    first_move = next((k for k, n in enumerate(nodes) if "B" in n or "W" in n), len(nodes))
    if moves is None:
        moves = _moves(nodes, first_move, size, source)
    black, white = _setup(nodes, first_move, size, source)
    ru = _first(root, "RU")
    return GameRecord(
        size=size,
        komi=parse_komi(_first(root, "KM"), source),
        rules=Ruleset.named(ru or ""),
        handicap=_parse_handicap(_first(root, "HA"), source),
        setup_black=black,
        setup_white=white,
        moves=moves,
        result=parse_result(_first(root, "RE")),
        black=_first(root, "PB") or "",
        white=_first(root, "PW") or "",
        black_rank=_first(root, "BR") or "",
        white_rank=_first(root, "WR") or "",
        date=_first(root, "DT") or "",
        source=source,
        first_player=_parse_player(_first(root, "PL"), source),
        properties={k: [_text(k, v) for v in vals] for k, vals in root.items()
                    if k not in MAPPED},
    )


# ------------------------------------------------------------------------ public API
def _to_text(data: str | bytes) -> str:
    return decode_sgf(bytes(data))[0] if isinstance(data, bytes | bytearray) else data


def parse_sgf(data: str | bytes, source: str = "") -> GameRecord:
    """Read the first game of SGF ``data`` (text, or bytes in any encoding).

    Parameters
    ----------
    data
        The SGF text, or the raw bytes of a file (the encoding is found from ``CA``
        or sniffed, see :mod:`igo.sgf.encoding`).
    source
        Where the data came from; kept in ``record.source`` and in error messages.

    Raises
    ------
    SgfError
        If the data holds no readable Go game; ``reason`` says why.
    """
    text = _to_text(data)
    fast = fast_nodes(text)
    if fast is not None:
        root, pairs = fast
        if "B" not in root and "W" not in root:
            table = _move_table(parse_size(_first(root, "SZ"), source))
            try:
                moves = [table[pair] for pair in pairs]
            except KeyError:
                pass  # an odd point: let the general path explain it
            else:
                return record_from_nodes([root], source, moves)
        nodes = [root, *({c: [v]} for c, v in pairs)]
    else:
        nodes = grammar_nodes(text, source)
    return record_from_nodes(nodes, source)


def parse_sgf_collection(data: str | bytes, source: str = "") -> list[GameRecord | SgfError]:
    """Every game of an SGF collection, each a record or the error that stopped it.

    A file with one game gives one entry whose source is ``source``; with several
    games the sources are ``source#1``, ``source#2`` … A broken game does not stop
    the games after it. No game at all gives ``[SgfError("empty", …)]``.
    """
    text = _to_text(data)
    if _FAST_RE.match(text) is not None:
        try:
            return [parse_sgf(text, source)]
        except SgfError as exc:
            return [exc]
    bb = text.encode("utf-8", errors="surrogateescape")
    games: list[list[tuple[str, bytes]] | SgfError] = []
    pos = 0
    while True:
        tokens, pos, error = _tokens(bb, pos, source)
        if not tokens:
            break
        games.append(error if error is not None else tokens)
    if not games:
        reason = "parse_error" if text.strip() else "empty"
        return [SgfError(reason, "no SGF game found", source)]
    out: list[GameRecord | SgfError] = []
    for k, item in enumerate(games):
        src = source if len(games) == 1 else f"{source}#{k + 1}"
        if isinstance(item, SgfError):
            out.append(SgfError(item.reason, item.message, src))
            continue
        try:
            out.append(record_from_nodes(_main_line(item, src), src))
        except SgfError as exc:
            out.append(exc)
    return out


def read_sgf_file(path: str | PathLike[str]) -> GameRecord:
    """Read the first game of an SGF file (``record.source`` is the path).

    Raises
    ------
    SgfError
        If the file holds no readable Go game.
    OSError
        If the file cannot be read.
    """
    p = Path(path)
    return parse_sgf(p.read_bytes(), str(p))
