"""Writing a :class:`~igo.core.record.GameRecord` as SGF (FF[4], UTF-8).

The root node holds, in this order: ``FF[4] GM[1] CA[UTF-8] SZ KM``, then ``RU`` (left
out when the rules are ``"unknown"``, i.e. the record had no ``RU``), ``HA`` (when
non-zero), ``AB``/``AW``, ``PB PW BR WR DT`` (when not empty), ``RE`` (left out when
the result is entirely unknown), ``PL`` (when set), then the record's other
properties. Moves follow one per node; a pass is ``B[]``.

Reading the output back with :func:`igo.sgf.parse_sgf` (same ``source``) gives a
record equal to the one written, for records whose rules are one of the named
presets of :meth:`~igo.core.rules.Ruleset.named`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from igo.core.color import Color
from igo.core.record import GameRecord, GameResult
from igo.sgf.read import MAPPED

_UNKNOWN = GameResult(None, "unknown")


def escape(text: str) -> str:
    """An SGF property value for ``text`` (backslash and ``]`` escaped)."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def format_komi(komi: float) -> str:
    """Shortest text that reads back as the same float (``6.5``, ``0``, ``3.75``)."""
    short = f"{komi:g}"
    return short if float(short) == komi else repr(float(komi))


def _prop(ident: str, values: list[str]) -> str:
    return ident + "".join(f"[{escape(v)}]" for v in values)


def to_sgf(record: GameRecord, comments: Mapping[int, str] | None = None,
           properties: Mapping[int, Mapping[str, Sequence[str]]] | None = None) -> str:
    """The record as one SGF game: text ending in ``)``, on one line unless a property
    value (a comment, say) holds a line break. ``comments[i]`` becomes the ``C``
    property of move ``i``'s node (0-based), e.g. an engine's win rate, and
    ``properties[i]`` that node's other properties (e.g. ``BL``, the time left).

    Raises
    ------
    CoordinateError
        If a setup stone or move lies off the record's board.
    """
    size = record.size
    parts = ["(;FF[4]GM[1]CA[UTF-8]", f"SZ[{size}]", f"KM[{format_komi(record.komi)}]"]
    if record.rules.name != "unknown":
        parts.append(_prop("RU", [record.rules.name]))
    if record.handicap:
        parts.append(f"HA[{record.handicap}]")
    for ident, stones in (("AB", record.setup_black), ("AW", record.setup_white)):
        if stones:
            parts.append(ident + "".join(f"[{p.check(size).to_sgf()}]" for p in stones))
    for ident, value in (("PB", record.black), ("PW", record.white),
                         ("BR", record.black_rank), ("WR", record.white_rank),
                         ("DT", record.date)):
        if value:
            parts.append(_prop(ident, [value]))
    if record.result != _UNKNOWN:
        parts.append(_prop("RE", [record.result.to_sgf()]))
    if record.first_player is not None:
        parts.append(f"PL[{Color(record.first_player).letter}]")
    for ident, values in record.properties.items():
        if ident not in MAPPED and values:
            parts.append(_prop(ident, values))
    notes = comments or {}
    extra = properties or {}
    for i, move in enumerate(record.moves):
        vertex = "" if move.point is None else move.point.check(size).to_sgf()
        parts.append(f";{move.color.letter}[{vertex}]")
        for key, vals in extra.get(i, {}).items():
            parts.append(_prop(key, list(vals)))
        if i in notes:
            parts.append(_prop("C", [notes[i]]))
    parts.append(")")
    return "".join(parts)
