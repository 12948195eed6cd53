"""Go ranks (kyu, amateur dan, professional dan) and one numeric scale for them.

:func:`parse_rank` reads the ways servers and files write ranks:

=====================  =====================================================
written                examples
=====================  =====================================================
English                ``5k``, ``9d``, ``1p``, ``9P``, ``3 dan``, ``12 kyu``,
                       ``2-dan``, ``9 dan pro``, ``pro 9d``; KGS's ``2d?`` and
                       ``3k*`` (uncertain / unranked marks are ignored)
Chinese / Japanese     ``9段``, ``5级``, ``5級``, ``初段`` (1 dan), ``P9段``
                       (Fox professional), ``职业九段`` / ``職業九段``, ``业余5段``
                       / ``業餘5段`` / ``アマ5段``, ``九段``, ``十级``
Korean                 ``9단``, ``5급``, ``프로9단``, ``아마5단``
=====================  =====================================================

Levels: kyu 1–30, dan 1–9 (amateur), pro 1–9. Anything else (empty text, ``-``,
``?``, ``10d``, ``0k``, ``31k``, text that is not a rank) gives ``None``; parsing never
raises.

The numeric scale (:attr:`Rank.value`) puts adjacent amateur ranks one unit apart,
with no gap between 1 kyu and 1 dan::

    value = 1 - k        for k kyu   (1k = 0, 2k = -1, …, 30k = -29)
    value = d            for d dan   (1d = 1, …, 9d = 9)
    value = 9 + p / 3    for p pro   (1p = 9.33, …, 9p = 12)

Professional ranks sit above 9 dan amateur and are a third of an amateur rank apart
(as in the EGF's rating system, where professional grades are about 30 rating points
apart and amateur grades 100). :attr:`Rank.rating` is ``100 * value``: 100 rating
points a rank, the scale Araki et al. (strength estimation) regress on, with 1 kyu at
0 and 1 dan at 100.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

RankKind = Literal["kyu", "dan", "pro"]

MAX_KYU = 30
MAX_DAN = 9
MAX_PRO = 9

_NUMERALS = {"初": 1, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
             "九": 9, "十": 10}
_KIND_WORDS: dict[str, RankKind] = {
    "k": "kyu", "kyu": "kyu", "级": "kyu", "級": "kyu", "급": "kyu",
    "d": "dan", "dan": "dan", "段": "dan", "단": "dan",
    "p": "pro",
}
_PRO_MARKS = ("职业", "職業", "プロ", "프로", "pro", "p")
_AMATEUR_MARKS = ("业余", "業餘", "業余", "アマ", "아마", "ama")

_BODY_RE = re.compile(r"^(\d{1,2}|[初一二三四五六七八九十]{1,3})-?(kyu|dan|[kdp]|[级級급段단])$")


def _level(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text == "初":
        return 1
    total = 0
    if "十" in text:  # 十 = 10, 十二 = 12, 二十 = 20, 二十五 = 25
        tens, _, ones = text.partition("十")
        total = 10 * (_NUMERALS.get(tens, 0) if tens else 1)
        text = ones
    if text:
        if len(text) != 1 or text not in _NUMERALS or text == "十":
            return None
        total += _NUMERALS[text]
    return total or None


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank: ``kind`` (``"kyu"``, ``"dan"`` or ``"pro"``) and ``level`` (5 for 5k).

    Compare ranks by :attr:`value`.

    >>> Rank.parse("5级")
    Rank('kyu', 5)
    >>> Rank.parse("P9段").value
    12.0
    """

    kind: RankKind
    level: int

    def __post_init__(self) -> None:
        top = {"kyu": MAX_KYU, "dan": MAX_DAN, "pro": MAX_PRO}.get(self.kind)
        if top is None or not isinstance(self.level, int) or not 1 <= self.level <= top:
            raise ValueError(f"no such rank: {self.kind} {self.level!r}")

    @classmethod
    def parse(cls, text: str | None) -> Rank | None:
        """The rank written in ``text``, or ``None`` if it is not one (never raises)."""
        return parse_rank(text)

    @property
    def value(self) -> float:
        """Position on the numeric scale (see the module docstring): 1k = 0, 1d = 1."""
        if self.kind == "kyu":
            return float(1 - self.level)
        if self.kind == "dan":
            return float(self.level)
        return MAX_DAN + self.level / 3.0

    @property
    def rating(self) -> float:
        """``100 * value``: rating points, 100 a rank."""
        return 100.0 * self.value

    def __str__(self) -> str:
        return f"{self.level}{self.kind[0]}"

    def __repr__(self) -> str:
        return f"Rank({self.kind!r}, {self.level})"


def _strip_marks(t: str, marks: tuple[str, ...]) -> tuple[str, bool]:
    for mark in marks:
        if t.startswith(mark) and len(t) > len(mark):
            return t[len(mark):], True
        if t.endswith(mark) and len(t) > len(mark) and mark not in ("p",):
            return t[:-len(mark)], True
    return t, False


def parse_rank(text: str | None) -> Rank | None:
    """Parse a rank as servers write it (see the module docstring); ``None`` if the
    text is not a rank. Never raises."""
    if not text or not isinstance(text, str):
        return None
    t = re.sub(r"[\s_.]+", "", text.strip().lower()).rstrip("?*+")
    if not t:
        return None
    t, pro = _strip_marks(t, _PRO_MARKS)
    if not pro:
        t, _ = _strip_marks(t, _AMATEUR_MARKS)
    elif t.isdigit():  # "9pro", "pro 9"
        t += "d"
    m = _BODY_RE.match(t)
    if m is None:
        return None
    level = _level(m.group(1))
    kind = _KIND_WORDS[m.group(2)]
    if level is None:
        return None
    if pro:
        if kind == "kyu":
            return None
        kind = "pro"
    try:
        return Rank(kind, level)
    except ValueError:
        return None


def rank_value(text: str | None) -> float | None:
    """The numeric scale value of a rank text, or ``None`` if it is not a rank."""
    rank = parse_rank(text)
    return None if rank is None else rank.value
