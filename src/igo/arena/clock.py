"""Game clocks kept by the referee, and the GTP commands that tell engines about them.

A :class:`TimeControl` is the time system of a match: main time, then overtime of
either kind,

- Canadian (GTP ``time_settings M B S``): ``stones`` moves in each period of
  ``byo_yomi`` seconds; ``--time-per-move S`` is Canadian with no main time and one
  stone per period of S seconds;
- Japanese byo-yomi (``kgs-time_settings byoyomi M B P``): ``periods`` periods of
  ``byo_yomi`` seconds; a move that ends inside a period keeps it;
- absolute (no overtime).

A :class:`GameClock` holds one player's time during a game: the referee charges the
wall time of each ``genmove`` to it, tells the player what is left before each of its
moves (``time_left``), and the player who runs out (beyond ``lag`` seconds of grace
for process and protocol overhead) loses on time. ``net_lag`` seconds are added to
every move's charge, as a network between a server's clock and the engine adds them.
"""

from __future__ import annotations

from dataclasses import dataclass

from igo.search.timecontrol import Clock


class TimeControlError(ValueError):
    """A time control that makes no sense (negative times, overtime of zero length)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match's time system (seconds); see the module docstring."""

    main_time: float = 0.0
    byo_yomi: float = 0.0
    stones: int = 0
    periods: int = 0

    def __post_init__(self) -> None:
        if self.main_time < 0 or self.byo_yomi < 0 or self.stones < 0 or self.periods < 0:
            raise TimeControlError("time control values must be >= 0")
        if self.stones and self.periods:
            raise TimeControlError("give byo-yomi stones (Canadian) or periods (Japanese), "
                                   "not both")
        if self.byo_yomi > 0 and not (self.stones or self.periods):
            raise TimeControlError("byo-yomi needs stones per period (Canadian) or a number "
                                   "of periods (Japanese)")
        if self.main_time == 0 and self.byo_yomi == 0:
            raise TimeControlError("a time control needs main time or byo-yomi")

    @classmethod
    def per_move(cls, seconds: float) -> TimeControl:
        """``seconds`` for every move: Canadian overtime of one stone, no main time."""
        if seconds <= 0:
            raise TimeControlError(f"time per move must be positive, got {seconds}")
        return cls(0.0, seconds, stones=1)

    @property
    def system(self) -> str:
        """``absolute``, ``canadian`` or ``byoyomi``."""
        if self.byo_yomi == 0:
            return "absolute"
        return "canadian" if self.stones else "byoyomi"

    def gtp_commands(self) -> list[str]:
        """What the referee sends each engine: the standard ``time_settings`` for
        absolute and Canadian time, ``kgs-time_settings byoyomi`` for Japanese."""
        m, b = _int(self.main_time), _int(self.byo_yomi)
        if self.system == "byoyomi":
            return [f"kgs-time_settings byoyomi {m} {b} {self.periods}"]
        return [f"time_settings {m} {b} {self.stones}"]

    def describe(self) -> str:
        """Short text, e.g. ``0+1x1`` (Canadian) or ``300+30x5p`` (Japanese)."""
        if self.system == "absolute":
            return f"{self.main_time:g}s absolute"
        unit = f"{self.stones}st" if self.stones else f"{self.periods}p"
        return f"{self.main_time:g}+{self.byo_yomi:g}s/{unit}"


def _int(x: float) -> int:
    """GTP times are integers: round up so an engine never thinks it has less."""
    return int(x) if float(x).is_integer() else int(x) + 1


class GameClock:
    """One player's clock during a game (see the module docstring)."""

    def __init__(self, control: TimeControl, lag: float = 0.5, net_lag: float = 0.0) -> None:
        self.control = control
        self.lag = lag
        self.net_lag = net_lag
        self.main = control.main_time
        self.periods = control.periods
        self.period = control.byo_yomi
        self.stones = control.stones
        self.flagged = False

    @property
    def in_overtime(self) -> bool:
        """True once main time is spent."""
        return self.main <= 0 and self.control.byo_yomi > 0

    def time_left(self) -> tuple[float, int]:
        """``(seconds, stones)`` as GTP's ``time_left`` says them: in main time the
        main time and 0; in Canadian overtime the period's time and stones; in
        Japanese byo-yomi one period and the periods left."""
        if not self.in_overtime:
            return max(self.main, 0.0), 0
        if self.control.system == "canadian":
            return self.period, self.stones
        return self.control.byo_yomi, self.periods

    def as_clock(self) -> Clock:
        """This clock as the time manager sees it."""
        seconds, stones = self.time_left()
        c = self.control
        return Clock(c.system, c.main_time, c.byo_yomi, c.stones, c.periods, seconds, stones)

    def charge(self, seconds: float) -> bool:
        """Charge one move's thinking time; False when the player ran out of time."""
        t = max(seconds + self.net_lag - self.lag, 0.0)
        if self.main > 0:
            used = min(t, self.main)
            self.main -= used
            t -= used
            if self.main > 0 or self.control.byo_yomi == 0:
                self.flagged = self.main <= 0 and t > 0
                return not self.flagged
        if self.control.byo_yomi == 0:
            self.flagged = t > 0 or self.main < 0
            return not self.flagged
        if self.control.system == "canadian":
            self.period -= t
            self.stones -= 1
            if self.period < 0:
                self.flagged = True
                return False
            if self.stones == 0:
                self.period = self.control.byo_yomi
                self.stones = self.control.stones
            return True
        lost = int(t // self.control.byo_yomi) if t > 0 else 0
        self.periods -= lost
        self.flagged = self.periods <= 0
        return not self.flagged
