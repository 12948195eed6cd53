"""Deciding dead stones at the end of a refereed game.

Scoring is always by area (Tromp-Taylor) on the final board after removing the dead
stones; the only question is which stones are dead. Modes (:data:`DeadStoneMode`):

``tromp-taylor``
    None: every stone on the board counts (exact when the players played it out).
``players``
    Ask each player that can say (a GTP engine answering ``final_status_list dead``).
    When both give the same list it is used; when they disagree or one cannot say
    (igo's internal players cannot), GNU Go decides if installed, else Tromp-Taylor.
``gnugo``
    GNU Go (``gnugo --mode gtp --chinese-rules``) is loaded with the game and asked
    ``final_status_list dead``.

If GNU Go fails (it refuses a move, e.g. a suicide legal under Tromp-Taylor rules, or
dies), the judge falls back to Tromp-Taylor and says so in the note: a scoring problem
never loses a finished game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.gtp.client import GtpClient
from igo.gtp.errors import GtpClientError


@runtime_checkable
class DeadStoneOracle(Protocol):
    """A player that can name the dead stones of the final position."""

    def dead_stones(self) -> list[Point] | None:
        """The dead stones, or ``None`` if it cannot say."""
        ...


@dataclass(frozen=True, slots=True)
class Judgement:
    """Which stones are dead and who said so.

    ``method`` is ``"tromp-taylor"``, ``"players"`` or ``"gnugo"``; ``note`` explains a
    fallback (empty when the mode's first choice decided).
    """

    dead: tuple[Point, ...]
    method: str
    note: str = ""


def gnugo_dead_stones(
    gnugo: str,
    board: Board,
    komi: float,
    setup_black: Sequence[Point],
    moves: Sequence[Move],
    *,
    timeout: float = 60.0,
) -> list[Point]:
    """Dead stones according to GNU Go, loaded with the game's setup and moves.

    Raises
    ------
    GtpClientError
        If GNU Go cannot be started, refuses a move or gives an unreadable answer.
    """
    size = board.size
    with GtpClient([gnugo, "--mode", "gtp", "--chinese-rules"], timeout=timeout) as engine:
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        engine.send(f"komi {komi:g}")
        if setup_black:
            engine.send("set_free_handicap " + " ".join(p.to_gtp(size) for p in setup_black))
        for move in moves:
            engine.send(f"play {move.to_gtp(size)}")
        text = engine.send("final_status_list dead")
    try:
        dead = sorted({Point.from_gtp(v, size) for v in text.split()})
    except ValueError as exc:
        raise GtpClientError(f"GNU Go sent unreadable dead stones {text!r}") from exc
    stones = {p for c in (Color.BLACK, Color.WHITE) for p in board.stones(c)}
    if not set(dead) <= stones:
        raise GtpClientError(f"GNU Go's dead stones {text!r} are not all on the board")
    return dead


class DeadStoneJudge:
    """Decides the dead stones of finished games under one mode.

    Parameters
    ----------
    mode
        ``"tromp-taylor"``, ``"players"`` or ``"gnugo"`` (``"auto"`` is resolved by
        :attr:`igo.arena.config.MatchConfig.effective_dead_stones`).
    gnugo
        GNU Go executable, or ``None`` if not installed.
    timeout
        Seconds GNU Go may take per reply.
    """

    def __init__(self, mode: str, gnugo: str | None = None, *, timeout: float = 60.0) -> None:
        if mode not in ("tromp-taylor", "players", "gnugo"):
            raise ValueError(f"unknown dead-stone mode {mode!r}")
        if mode == "gnugo" and not gnugo:
            raise ValueError("dead-stone mode 'gnugo' needs GNU Go")
        self.mode = mode
        self.gnugo = gnugo
        self.timeout = timeout

    def judge(
        self,
        board: Board,
        komi: float,
        setup_black: Sequence[Point],
        moves: Sequence[Move],
        black: object,
        white: object,
    ) -> Judgement:
        """The dead stones of ``board`` (the final position of ``moves``)."""
        if self.mode == "tromp-taylor":
            return Judgement((), "tromp-taylor")
        note = ""
        if self.mode == "players":
            answers = [p.dead_stones() if isinstance(p, DeadStoneOracle) else None
                       for p in (black, white)]
            if answers[0] is not None and answers[1] is not None:
                if sorted(answers[0]) == sorted(answers[1]):
                    return Judgement(tuple(sorted(answers[0])), "players")
                note = "players disagree on dead stones"
            else:
                silent = [c for c, a in zip("BW", answers, strict=True) if a is None]
                note = f"{' and '.join(silent)} cannot name dead stones"
        if self.gnugo is None:
            return Judgement((), "tromp-taylor", f"{note}; no GNU Go" if note else "no GNU Go")
        try:
            dead = gnugo_dead_stones(self.gnugo, board, komi, setup_black, moves,
                                     timeout=self.timeout)
        except GtpClientError as exc:
            first = str(exc).splitlines()[0]
            return Judgement((), "tromp-taylor", f"{note}; GNU Go failed: {first}".lstrip("; "))
        return Judgement(tuple(dead), "gnugo", note)
