"""How long to think: a time manager apart from the search (as KataGo's
``timecontrols.cpp`` and Pachi's ``timeinfo.c``).

A :class:`Clock` is what GTP tells an engine: the system (``time_settings``,
``kgs-time_settings``) and what is left (``time_left``). :func:`move_budget` turns it
into seconds for the next move:

- *main time*: the time left (less ``RESERVE_SHARE`` of the main time, kept for a game
  that runs long) over the moves the player still expects to play, weighted by the phase
  of the game: less in the opening (the tree of the previous move is reused), more in
  the middle game (``MIDDLE_WEIGHT`` between 10 % and 60 % of the expected game), as is
  usual in Go programs. The moves left are read off the board when it is given, as Pachi
  does (half the empty points beyond the ``FINAL_EMPTY`` share that a finished game
  still has empty), else ``EXPECTED_SHARE`` of the board's points less the moves played;
  never fewer than a fifth of ``EXPECTED_SHARE`` of the points. Where searches stop
  early (the tree-aware manager below), the share is divided by ``spend``, the share of
  their budgets that the player's searches have been using (:func:`next_spend`), so that
  the time they save goes to later moves and is not left on the clock. Once the
  ``lag`` a move costs on the clock beyond the engine's thinking is measured (the
  network, the controller, GTP: :func:`average_lag`), main time keeps that much for each
  move still to play (at least for ``LAG_MOVES_SHARE`` of a game's moves, the reserve
  of a game that runs long), and a move keeps back only ``MEASURED_SAFETY`` besides;
- *byo-yomi* (Japanese): a period less a safety margin once the main time is
  spent, and the same period as a floor while main time runs;
- *Canadian*: the time left in the period over the stones left to play;
- always ``SAFETY_SHARE`` of the move's time, and ``SAFETY`` seconds (GTP round trip,
  process scheduling) until the lag is measured, are kept back, and in overtime the
  measured lag too, so the engine never loses on time.
"""

from __future__ import annotations

from dataclasses import dataclass

EXPECTED_SHARE = 0.45  # own moves in a game, as a share of the board's points
FINAL_EMPTY = 0.2  # empty points left at the end of a game, as a share (Pachi's value)
RESERVE_SHARE = 0.05  # of the main time, kept for a game that runs long
MIDDLE_WEIGHT = 1.5
OPENING_WEIGHT = 0.7
SAFETY = 0.25  # seconds, while the lag is not measured
MEASURED_SAFETY = 0.05  # seconds, in main time once it is
LAG_MOVES_SHARE = 0.5  # of EXPECTED_SHARE's moves: the least main time keeps lag for
SAFETY_SHARE = 0.1
MIN_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class Clock:
    """A player's clock as GTP describes it (seconds).

    ``system``: ``none``, ``absolute``, ``canadian`` (``stones`` per ``byo_yomi``) or
    ``byoyomi`` (``periods`` of ``byo_yomi``). ``left``: seconds left now (``None``:
    not told, the full main time is assumed); ``stones_left``: in Canadian overtime
    the stones to play in the current period, in Japanese byo-yomi the periods left
    (0 while in main time, as GTP's ``time_left`` says).
    """

    system: str = "none"
    main_time: float = 0.0
    byo_yomi: float = 0.0
    stones: int = 0
    periods: int = 0
    left: float | None = None
    stones_left: int = 0

    @property
    def in_overtime(self) -> bool:
        """True once the main time is spent (GTP reports stones > 0 then)."""
        return self.stones_left > 0 or (self.left is not None and self.left <= 0
                                        and self.byo_yomi > 0)


def _phase_weight(own_moves: int, expected: float) -> float:
    x = own_moves / max(expected, 1.0)
    if x < 0.1:
        return OPENING_WEIGHT
    if x < 0.6:
        return MIDDLE_WEIGHT
    return 1.0


def _keep_back(seconds: float, safety: float = SAFETY) -> float:
    return max(MIN_SECONDS, seconds * (1.0 - SAFETY_SHARE) - safety)


def moves_left(size: int, move_number: int, empty: int | None = None) -> float:
    """The moves the player to move still expects to play: half the ``empty`` points
    beyond the :data:`FINAL_EMPTY` share when they are known (the board gives them),
    else :data:`EXPECTED_SHARE` of the points less its moves so far; never fewer than a
    fifth of ``EXPECTED_SHARE`` of the points (the reserve of a game that goes on)."""
    points = size * size
    expected = EXPECTED_SHARE * points
    left = (expected - move_number // 2 if empty is None
            else (empty - FINAL_EMPTY * points) / 2)
    return max(left, 0.2 * expected)


def move_budget(clock: Clock, size: int, move_number: int, empty: int | None = None,
                spend: float = 1.0, lag: float | None = None) -> float | None:
    """Seconds to think on the next move, or ``None`` when the clock sets no limit.

    ``empty``: the board's empty points (:func:`moves_left`); ``spend``: the share of
    their budgets that recent searches used (:func:`next_spend`; 1 for a search that
    always runs to its budget): main time's share is divided by it; ``lag``: the seconds
    a move costs on the clock beyond its thinking (:func:`average_lag`; ``None``: not
    measured yet), kept for each move still to play, and in overtime by the move.
    """
    if clock.system == "none":
        return None
    expected = EXPECTED_SHARE * size * size
    own = move_number // 2
    left_moves = moves_left(size, move_number, empty)
    period = clock.byo_yomi
    measured = lag is not None
    lag = max(lag, 0.0) if lag is not None else 0.0
    if clock.system == "canadian" and clock.in_overtime:
        left = clock.left if clock.left is not None else period
        return _keep_back(left / max(clock.stones_left, 1), SAFETY + lag)
    if clock.system == "byoyomi" and clock.in_overtime:
        return _keep_back(period, SAFETY + lag)
    main = clock.left if clock.left is not None else clock.main_time
    spend = min(max(spend, MIN_SPEND), MAX_SPEND)
    usable = max(main - RESERVE_SHARE * max(clock.main_time, 0.0)
                 - lag * max(left_moves, LAG_MOVES_SHARE * expected), 0.0)
    share = usable / left_moves * _phase_weight(own, expected) / spend
    share = min(share, max(main, 0.0) * 0.5)
    floor = 0.0  # the first overtime period (byo-yomi, Canadian) is as good as main time
    if clock.system == "byoyomi" and period > 0:
        floor = _keep_back(period, SAFETY + lag)
    elif clock.system == "canadian" and period > 0 and clock.stones > 0:
        floor = _keep_back(period / clock.stones, SAFETY + lag)
    return max(_keep_back(share, MEASURED_SAFETY if measured else SAFETY), floor)


# ---------------------------------------------------------------------- within a move
#: Seconds between two looks at the tree by the time manager.
CHECK_EVERY = 0.05
#: A search is never stopped early before this share of its time.
EARLY_STOP_AFTER = 0.1
#: The two most visited moves are close when the first has fewer than this many times
#: the second's visits: then a search with room to spare goes on.
CLOSE_RATIO = 1.5
#: Each extension adds this share of the move's time.
EXTEND_STEP = 0.5
#: The longest a move may think, as a multiple of its budget (and within the clock).
MAX_EXTENSION = 2.0


#: The bounds of :func:`next_spend`: budgets grow at most 2.5-fold for searches that stop
#: early, and shrink at most 2-fold for searches that keep extending.
MIN_SPEND = 0.4
MAX_SPEND = MAX_EXTENSION
#: The weight of the last move in :func:`next_spend` (an exponential average).
SPEND_RATE = 0.25


def next_spend(spend: float, used: float, budget: float) -> float:
    """The share of its budget a search uses, averaged over a player's moves: ``spend``
    before, updated with a move that thought ``used`` seconds of ``budget``. Its
    inverse scales the next budgets (:func:`move_budget`), so that a player that stops
    early on clear moves spends what it saved, and one that extends on close moves pays
    for it, within :data:`MIN_SPEND` and :data:`MAX_SPEND`."""
    if budget <= 0:
        return spend
    ratio = min(max(used / budget, MIN_SPEND), MAX_SPEND)
    return (1.0 - SPEND_RATE) * spend + SPEND_RATE * ratio


#: The most seconds a move's lag is taken to be (beyond it, a controller's pause, not
#: lag every move will pay).
MAX_LAG = 5.0
#: A lag estimate is used once the clock's resolution spread over the moves it covers is
#: this fine (GTP's ``time_left`` is whole seconds: ten moves; a finer clock: one).
LAG_RESOLUTION = 0.1


def average_lag(before: float, after: float, thought: float, moves: int,
                main_time: float) -> float | None:
    """The seconds each of ``moves`` moves cost on the clock beyond the engine's own
    ``thought`` (their thinking, summed), while the main time left went from ``before``
    to ``after``; ``None`` while the clock's resolution over so few moves is coarser than
    :data:`LAG_RESOLUTION`.

    A controller that says whole seconds (GTP's ``time_left`` takes an integer, and
    truncates) is read as half a second more than it says, except for the full main
    time; a single move of such a clock tells nothing (a sample of 0 or 1 s)."""
    if moves <= 0:
        return None

    def truncated(x: float) -> bool:
        return float(x).is_integer() and x < main_time

    if LAG_RESOLUTION * moves < (1.0 if truncated(before) or truncated(after) else 0.01):
        return None
    drop = before + 0.5 * truncated(before) - after - 0.5 * truncated(after)
    return min(max((drop - thought) / moves, 0.0), MAX_LAG)


def settled(best: float, second: float, remaining: float) -> bool:
    """True when the most visited move (``best`` visits) cannot be overtaken by the
    second (``second``) with the ``remaining`` iterations the search still expects to
    run (all of them going to the second: the bound is safe)."""
    return best > 0 and best - second > remaining


def unclear(best: float, second: float) -> bool:
    """True when the two most visited moves are close (:data:`CLOSE_RATIO`)."""
    return second > 0 and best < CLOSE_RATIO * second


def banks_time(clock: Clock | None) -> bool:
    """True when time a move does not use is kept for later moves (main time): only then
    does stopping early pay; in byo-yomi or per-move time it is lost, and the longer
    search leaves a larger subtree to the next move."""
    return clock is not None and clock.system != "none" and not clock.in_overtime


def max_budget(clock: Clock, size: int, move_number: int, budget: float) -> float:
    """The most a move whose budget is ``budget`` may think when its two best moves are
    close: :data:`MAX_EXTENSION` times the budget, within main time only (never more
    than a tenth of the main time left); in overtime, the budget itself."""
    if clock.system == "none" or clock.in_overtime:
        return budget
    main = clock.left if clock.left is not None else clock.main_time
    return max(budget, min(MAX_EXTENSION * budget, _keep_back(0.1 * max(main, 0.0))))
