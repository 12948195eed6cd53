"""Examples for strength estimation, as in Araki et al., section 3.

A game gives up to two examples: one for its black player, one for its white player
(separate systems per colour). With a fold table (``player<TAB>fold``), the example of
a colour belongs to that player's fold. Dropped, and counted by reason:

- games: ``handicap`` (``HA`` > 0 or setup stones), ``ai_account`` (a player is a
  known AI account), ``board_size`` (not the size asked for), ``illegal_move`` and the
  reader's own reasons (``parse_error`` …, counted by :mod:`igo.sgf.corpus`);
- examples (one colour of a kept game): ``no_rank`` (no readable ``BR``/``WR``),
  ``no_fold`` (a fold table is given and the player is not in it).

Read the game, not the label on it (SPEC section 002): :class:`GameView` keeps only
the moves, board size, komi, handicap and result. Time settings, names, dates and game
ids stay out; the estimate of one player never reads the other's rank.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from igo.core.color import Color
from igo.core.record import GameRecord, GameResult
from igo.strength.scale import RankScale

FOLDS = ("train", "test")
#: fold code of an example without a fold table
NO_FOLD = 2

#: Lower-case names (hex-decoded where the server wrote them hex-encoded) of AI
#: accounts of Fox and other servers, matched exactly.
AI_ACCOUNTS = frozenset({
    "绝艺", "jueyi", "fineart", "星阵", "星阵围棋", "golaxy", "alphago", "master",
    "magister", "deepzen", "zen", "骊龙", "天壤", "刑天", "天顶", "rayai", "gnugo", "pachi",
})
#: Names of programs whose accounts carry a number (``leelazero8``): matched with or
#: without trailing digits. (``master222`` or ``AlphaGo211`` are people.)
AI_PREFIXES = frozenset({"leela", "leelazero", "elfopengo", "katago", "golaxy"})
_HEX_RE = re.compile(r"^(?:[0-9A-F]{2}|\?)+$")


def decode_name(name: str) -> str:
    """A player name as text: Fox's hex-encoded UTF-8 names decoded (``?`` = damaged)."""
    if len(name) >= 4 and _HEX_RE.match(name):
        try:
            return bytes.fromhex(name.replace("?", "")).decode("utf-8", "replace")
        except ValueError:
            return name
    return name


def is_ai_account(name: str) -> bool:
    """Whether a player name is a known AI account (case-insensitive)."""
    text = decode_name(name).strip().lower()
    return text in AI_ACCOUNTS or text.rstrip("0123456789_- ") in AI_PREFIXES


def read_folds(path: str | Path) -> dict[str, str]:
    """``player → fold`` from a ``player<TAB>fold`` table (header line optional).

    Raises
    ------
    ValueError
        If a line is not two tab-separated fields or names an unknown fold.
    """
    folds: dict[str, str] = {}
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or (n == 1 and line.startswith("player\t")):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or parts[1] not in FOLDS:
            raise ValueError(f"{path}:{n}: expected 'player<TAB>train|test', got {line!r}")
        folds[parts[0]] = parts[1]
    return folds


@dataclass(frozen=True)
class GameView:
    """What a strength model may see of a record (SPEC section 002)."""

    size: int
    komi: float
    handicap: int
    moves: tuple[tuple[int, int], ...]  # (colour, flat point or -1 for a pass)
    result: GameResult
    record: GameRecord = field(repr=False, compare=False)
    #: (PB, PW, BR, WR) for display only: no model reads them
    who: tuple[str, str, str, str] = field(default=("", "", "", ""), compare=False)

    @classmethod
    def of(cls, rec: GameRecord) -> GameView:
        """The view of a record (the record itself is kept for replaying only)."""
        s = rec.size
        mv = tuple((int(m.color), -1 if m.point is None else m.point[0] * s + m.point[1])
                   for m in rec.moves)
        clean = GameRecord(size=s, komi=rec.komi, rules=rec.rules, handicap=rec.handicap,
                           setup_black=list(rec.setup_black), setup_white=list(rec.setup_white),
                           moves=list(rec.moves), result=rec.result, source=rec.source,
                           first_player=rec.first_player)
        return cls(s, rec.komi, rec.handicap, mv, rec.result, clean,
                   (rec.black, rec.white, rec.black_rank, rec.white_rank))


@dataclass(frozen=True)
class Example:
    """One player of one game: the colour estimated, the label, the fold."""

    colour: Color
    player: str
    rating: float
    fold: int  # 0 train, 1 test, NO_FOLD without a fold table


def game_drop_reason(rec: GameRecord, size: int,
                     is_ai: Callable[[str], bool] = is_ai_account) -> str | None:
    """Why a whole game is dropped, or ``None`` (``is_ai`` tells AI accounts)."""
    if rec.size != size:
        return "board_size"
    if rec.handicap > 0 or rec.setup_black or rec.setup_white:
        return "handicap"
    if is_ai(rec.black) or is_ai(rec.white):
        return "ai_account"
    return None


def examples_of(rec: GameRecord, scale: RankScale, folds: dict[str, str] | None,
                drops: Counter[str]) -> list[Example]:
    """The examples of a kept game (0, 1 or 2), counting dropped colours in ``drops``."""
    out = []
    for colour, name, rank in ((Color.BLACK, rec.black, rec.black_rank),
                               (Color.WHITE, rec.white, rec.white_rank)):
        rating = scale.rating(rank)
        if rating is None:
            drops[f"no_rank_{colour.letter}"] += 1
            continue
        if folds is None:
            fold = NO_FOLD
        elif name in folds:
            fold = FOLDS.index(folds[name])
        else:
            drops[f"no_fold_{colour.letter}"] += 1
            continue
        out.append(Example(colour, name, rating, fold))
    return out


def iter_examples(records: Iterable[GameRecord], scale: RankScale,
                  folds: dict[str, str] | None, drops: Counter[str], size: int = 19,
                  is_ai: Callable[[str], bool] = is_ai_account
                  ) -> Iterator[tuple[GameView, list[Example]]]:
    """Kept games with their examples; games without an example are dropped too."""
    for rec in records:
        reason = game_drop_reason(rec, size, is_ai)
        if reason is not None:
            drops[reason] += 1
            continue
        exs = examples_of(rec, scale, folds, drops)
        if not exs:
            drops["no_example"] += 1
            continue
        yield GameView.of(rec), exs
