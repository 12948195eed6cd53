"""An external GTP engine as a :class:`~igo.players.base.Player`.

The referee talks to every player through the same interface; this one forwards it to
an engine process through :class:`~igo.gtp.client.GtpClient` (GTP v2 commands
``boardsize``, ``clear_board``, ``komi``, ``kgs-rules`` when the engine knows it,
``fixed_handicap`` / ``set_free_handicap``, ``play``, ``genmove``, and for scoring
``final_status_list dead`` and ``final_score``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from igo.core.color import Color
from igo.core.coords import Point, format_vertex, parse_vertex
from igo.core.errors import CoordinateError
from igo.core.handicap import fixed_handicap, max_fixed_handicap
from igo.core.move import Move
from igo.core.rules import Ruleset
from igo.gtp.client import GtpClient, split_command
from igo.gtp.errors import GtpClientError, GtpEngineError
from igo.players.base import RESIGN, Decision, Player

if TYPE_CHECKING:
    from igo.arena.clock import TimeControl

log = logging.getLogger(__name__)


class GtpPlayer(Player):
    """A player backed by an external GTP engine process.

    Parameters
    ----------
    command
        Engine command line (string, split with shlex, or argument list).
    timeout
        Seconds allowed for each reply (``genmove`` included).
    name
        Display name; default: the engine's ``name`` and ``version`` replies.

    Raises
    ------
    GtpClientError
        If the engine cannot be started or does not answer ``name``.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float | None = 60.0,
        name: str | None = None,
    ) -> None:
        self.command = split_command(command)
        self.client = GtpClient(self.command, timeout=timeout)
        self.size = 19
        try:
            self.name = name or f"{self.client.name} {self.client.version}".strip()
            self._kgs_rules = self.client.known_command("kgs-rules")
        except GtpClientError:
            self.client.close()
            raise

    # ---------------------------------------------------------------- game set-up
    def new_game(self, size: int, komi: float, rules: Ruleset) -> None:
        """``boardsize``, ``clear_board``, ``komi`` and (if known) ``kgs-rules``."""
        self.size = size
        self.client.send(f"boardsize {size}")
        self.client.send("clear_board")
        self.client.send(f"komi {komi:g}")
        if self._kgs_rules:
            kgs = {"japanese": "japanese", "korean": "japanese", "aga": "aga",
                   "new-zealand": "new_zealand"}.get(rules.name, "chinese")
            try:
                self.client.send(f"kgs-rules {kgs}")
            except GtpEngineError:
                self._kgs_rules = False

    def setup(self, color: Color, points: list[Point]) -> None:
        """Handicap stones for Black: ``fixed_handicap`` when the points are GTP's
        fixed placement and the engine gives the same points, else
        ``set_free_handicap``.

        Raises
        ------
        GtpClientError
            For White setup stones (GTP has no command to place them), or if the
            engine places different stones.
        """
        if not points:
            return
        if color != Color.BLACK:
            raise GtpClientError("GTP can place setup stones for Black only (handicap)")
        n = len(points)
        want = sorted(Point(*p) for p in points)
        if 2 <= n <= max_fixed_handicap(self.size) and want == sorted(
            fixed_handicap(self.size, n)
        ):
            try:
                got = self._vertices(self.client.send(f"fixed_handicap {n}"))
            except GtpEngineError:
                got = None
            if got is not None:
                if sorted(got) != want:
                    raise GtpClientError(
                        f"engine placed handicap stones {got} instead of {want}")
                return
        vertices = " ".join(p.to_gtp(self.size) for p in want)
        self.client.send(f"set_free_handicap {vertices}")

    def _vertices(self, text: str) -> list[Point]:
        try:
            return [Point.from_gtp(v, self.size) for v in text.split()]
        except CoordinateError as exc:
            raise GtpClientError(f"engine sent unreadable vertices {text!r}: {exc}") from exc

    # ---------------------------------------------------------------- clock
    def set_time_control(self, control: TimeControl) -> None:
        """Send the time system (``time_settings`` or ``kgs-time_settings``); an
        engine that refuses it plays without a clock (its replies still count)."""
        for command in control.gtp_commands():
            try:
                self.client.send(command)
            except GtpEngineError:
                log.info("%s refused %r", self.name, command)

    def time_left(self, color: Color, seconds: float, stones: int) -> None:
        """``time_left COLOR SECONDS STONES`` (ignored if the engine refuses it)."""
        try:
            self.client.send(f"time_left {color.letter} {int(seconds)} {stones}")
        except GtpEngineError:
            log.info("%s refused time_left", self.name)

    # ---------------------------------------------------------------- moves
    def play(self, move: Move) -> None:
        """Tell the engine a move (``play <color> <vertex>``)."""
        self.client.send(f"play {move.color.letter} {format_vertex(move.point, self.size)}")

    def genmove(self, color: Color) -> Decision:
        """Ask the engine for a move: a :class:`Point`, ``None`` (pass) or ``"resign"``.

        Raises
        ------
        GtpClientError
            If the reply is not a vertex, ``pass`` or ``resign``.
        """
        reply = self.client.send(f"genmove {color.letter}").strip()
        if reply.lower() == RESIGN:
            return RESIGN
        try:
            return parse_vertex(reply, self.size)
        except CoordinateError as exc:
            raise GtpClientError(
                f"engine {self.name!r} answered genmove with {reply!r}: {exc}") from exc

    # ---------------------------------------------------------------- scoring
    def dead_stones(self) -> list[Point] | None:
        """The engine's ``final_status_list dead``, or ``None`` if it cannot say."""
        try:
            text = self.client.send("final_status_list dead")
        except GtpEngineError:
            return None
        try:
            return sorted({Point.from_gtp(v, self.size) for v in text.split()})
        except CoordinateError:
            return None

    def final_score(self) -> str | None:
        """The engine's ``final_score`` (``B+3.5``, ``W+R``, ``0``), or ``None``."""
        try:
            return self.client.send("final_score").strip() or None
        except GtpEngineError:
            return None

    def close(self) -> None:
        """Send ``quit`` and end the engine process."""
        self.client.close()

    def __repr__(self) -> str:
        return f"GtpPlayer({self.command!r})"
