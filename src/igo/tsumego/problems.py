"""Life-and-death problems in the JSON-lines format of ``shared/data/tsumego``.

One JSON object a line (Ohta & Itoh, section 4.3, use such problems)::

    {"AB": ["eb", ...], "AW": ["da", ...], "SZ": "19", "C": "Black to play: Elementary",
     "SOL": [["B", "ba", "Correct.", ""]], "source": "book/collection/Prob0001.json"}

``AB``/``AW`` are SGF points of the setup stones, ``C`` starts with ``Black to play``
or ``White to play``, ``SOL`` lists the correct first moves (one entry per move, the
colour first), ``source`` is ``collection/problem`` (the collection is everything
before the last ``/``). Files may be xz-compressed (``.xz``).

Every problem of a file is parsed before anything is solved. Strict loading stops at
the first bad line with :class:`ProblemError` naming the file and line; lenient
loading (an ``errors`` list given) skips bad lines and collects their errors (the
shared file has 3 such lines: a point given to both colours).
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import CoordinateError, IgoError

_TO_PLAY = {"black to play": Color.BLACK, "white to play": Color.WHITE}


class ProblemError(IgoError, ValueError):
    """A problem line that cannot be used (bad JSON, missing key, bad point...)."""


@dataclass(frozen=True)
class Problem:
    """One life-and-death problem.

    Attributes
    ----------
    index : int
        0-based line number in its file (stable whatever the filters: seeds use it).
    black, white : tuple of Point
        Setup stones.
    to_play : Color
        The colour to move.
    solutions : frozenset of Point
        Correct first moves for ``to_play``.
    source : str
        ``collection/problem`` as in the file.
    size : int
        Board size.
    """

    index: int
    black: tuple[Point, ...]
    white: tuple[Point, ...]
    to_play: Color
    solutions: frozenset[Point]
    source: str
    size: int = 19

    @property
    def collection(self) -> str:
        """The book or collection: ``source`` up to its last ``/``."""
        return self.source.rsplit("/", 1)[0] if "/" in self.source else self.source

    @property
    def stones(self) -> tuple[Point, ...]:
        """All setup stones, black then white."""
        return self.black + self.white


def parse_problem(obj: Any, index: int) -> Problem:
    """Build a :class:`Problem` from one decoded JSON line.

    Raises
    ------
    ProblemError
        If a key is missing or has the wrong shape, a point is invalid or doubled,
        the colour to play is unknown, or no solution is for the colour to play.
    """
    if not isinstance(obj, dict):
        raise ProblemError(f"expected a JSON object, got {type(obj).__name__}")
    for key in ("AB", "AW", "SOL", "source"):
        if key not in obj:
            raise ProblemError(f"missing key {key!r}")
    size = _size(obj.get("SZ", 19))
    black = _points(obj["AB"], size, "AB")
    white = _points(obj["AW"], size, "AW")
    if len(set(black + white)) != len(black) + len(white):
        raise ProblemError("a point holds two setup stones")
    if not black and not white:
        raise ProblemError("no stones")
    to_play = _to_play(obj)
    solutions = _solutions(obj["SOL"], size, to_play)
    return Problem(index, black, white, to_play, solutions, str(obj["source"]), size)


def _size(value: Any) -> int:
    try:
        size = int(value)
    except (TypeError, ValueError):
        raise ProblemError(f"SZ must be an integer, got {value!r}") from None
    if not 2 <= size <= 25:
        raise ProblemError(f"SZ must be 2 to 25, got {size}")
    return size


def _points(values: Any, size: int, key: str) -> tuple[Point, ...]:
    if not isinstance(values, list):
        raise ProblemError(f"{key} must be a list of SGF points, got {values!r}")
    try:
        return tuple(Point.from_sgf(str(v), size) for v in values)
    except CoordinateError as exc:
        raise ProblemError(f"{key}: {exc}") from None


def _to_play(obj: dict[str, Any]) -> Color:
    comment = str(obj.get("C", "")).strip().lower()
    for prefix, color in _TO_PLAY.items():
        if comment.startswith(prefix):
            return color
    sol = obj["SOL"]
    if isinstance(sol, list) and sol and isinstance(sol[0], list) and sol[0]:
        try:
            return Color.from_str(str(sol[0][0]))
        except ValueError:
            pass
    raise ProblemError(f"cannot tell the colour to play from C={obj.get('C')!r}")


def _solutions(sol: Any, size: int, to_play: Color) -> frozenset[Point]:
    if not isinstance(sol, list) or not sol:
        raise ProblemError(f"SOL must be a non-empty list, got {sol!r}")
    moves = set()
    for entry in sol:
        if not isinstance(entry, list) or len(entry) < 2:
            raise ProblemError(f"SOL entry must be [colour, move, ...], got {entry!r}")
        try:
            color = Color.from_str(str(entry[0]))
            point = Point.from_sgf(str(entry[1]), size)
        except (ValueError, CoordinateError) as exc:
            raise ProblemError(f"SOL entry {entry!r}: {exc}") from None
        if color is to_play:
            moves.add(point)
    if not moves:
        raise ProblemError(f"no solution for {to_play.name.lower()}, the colour to play")
    return frozenset(moves)


def _open(path: Path) -> TextIO:
    if path.suffix == ".xz":
        return lzma.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def iter_problems(path: str | Path,
                  errors: list[ProblemError] | None = None) -> Iterator[Problem]:
    """Problems of a file in order (blank lines skipped).

    Parameters
    ----------
    path
        A ``.jsonl`` or ``.jsonl.xz`` file.
    errors
        If given, bad lines are skipped and their errors appended here.

    Raises
    ------
    ProblemError
        For the first bad line (strict mode), with the file name and line number, or
        if the file is not text / not xz.
    OSError
        If the file cannot be read (``lzma.LZMAError`` for a corrupt ``.xz``).
    """
    path = Path(path)
    try:
        with _open(path) as fh:
            for i, line in enumerate(fh):
                if not line.strip():
                    continue
                try:
                    yield parse_problem(json.loads(line), i)
                except (ProblemError, json.JSONDecodeError) as exc:
                    error = ProblemError(f"{path}:{i + 1}: {exc}")
                    if errors is None:
                        raise error from None
                    errors.append(error)
    except (lzma.LZMAError, UnicodeDecodeError) as exc:
        raise ProblemError(f"{path}: cannot read: {exc}") from None


def load_problems(path: str | Path, *, limit: int | None = None,
                  collection: str | None = None,
                  errors: list[ProblemError] | None = None) -> list[Problem]:
    """The problems of a file whose collection contains ``collection`` (case-
    insensitive), the first ``limit`` of them, all read before any is solved; bad
    lines (up to the last problem taken) raise :class:`ProblemError`, or are
    collected in ``errors`` if given."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    wanted = collection.lower() if collection else None
    chosen: list[Problem] = []
    for problem in iter_problems(path, errors):
        if limit is not None and len(chosen) >= limit:
            break
        if wanted is None or wanted in problem.collection.lower():
            chosen.append(problem)
    return chosen
