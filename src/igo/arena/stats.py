"""Match statistics: wins per colour, the first player's win rate with a 95 % Wilson
score interval, an exact two-sided binomial test against 0.5, and the Elo difference.

Conventions
-----------
- The *first player* is the match's ``black`` spec (Black in even games, White in
  odd ones). Its *score* counts a win as 1 and a draw as 1/2.
- Win-rate interval: the **Wilson score interval** (Wilson 1927) at 95 %, with the
  score (draws as half wins) over all finished games.
- p-value: exact two-sided binomial test (``scipy.stats.binomtest``) of the first
  player's wins among the *decisive* games (draws left out) against p = 0.5.
- Elo difference (first minus second): ``400 log10(s / (1 - s))`` for score ``s``;
  its interval maps the Wilson bounds through the same (monotone) function. A score
  of 0 or 1 gives an infinite difference, written ``None`` in JSON.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from igo.arena.store import GameRow


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``.

    ``successes`` may be fractional (draws counted as half). For ``n == 0`` the
    interval is ``(0, 1)``.

    >>> tuple(round(x, 4) for x in wilson_interval(7, 10))
    (0.3968, 0.8922)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    if n == 0:
        return 0.0, 1.0
    from scipy import stats as sps  # here, not at import: 1-2 s that every igo command paid

    z = float(sps.norm.ppf(0.5 + confidence / 2))
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_p_value(wins: int, n: int) -> float:
    """Exact two-sided binomial test p-value of ``wins`` out of ``n`` against 0.5
    (1.0 when ``n == 0``).

    >>> round(binomial_p_value(7, 10), 5)
    0.34375
    """
    if n == 0:
        return 1.0
    from scipy import stats as sps

    return float(sps.binomtest(wins, n, 0.5, alternative="two-sided").pvalue)


def elo_difference(score: float) -> float:
    """Elo difference implied by an expected score in [0, 1] (±inf at the ends).

    >>> round(elo_difference(0.75), 2)
    190.85
    """
    if not 0 <= score <= 1:
        raise ValueError(f"score must be in [0, 1], got {score}")
    if score == 0:
        return -math.inf
    if score == 1:
        return math.inf
    return 400.0 * math.log10(score / (1 - score))


@dataclass(frozen=True, slots=True)
class MatchStats:
    """The summary of a match (see the module docstring for the conventions).

    ``first``/``second`` are the specs; ``first_as_black_*`` counts the games where
    the first player had Black (the second player had White in those), and so on.
    """

    first: str
    second: str
    games: int
    errors: int
    first_wins: int
    second_wins: int
    draws: int
    black_wins: int
    white_wins: int
    first_as_black_games: int
    first_as_black_wins: int
    first_as_white_games: int
    first_as_white_wins: int
    second_as_black_wins: int
    second_as_white_wins: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    p_value: float
    elo: float
    elo_low: float
    elo_high: float
    mean_moves: float
    mean_seconds: float

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON (infinite Elo becomes ``None``)."""
        out = asdict(self)
        for key in ("elo", "elo_low", "elo_high"):
            if not math.isfinite(out[key]):
                out[key] = None
        return out


def summarize(rows: Sequence[GameRow], first: str, second: str, errors: int = 0) -> MatchStats:
    """Statistics of the stored games ``rows`` of a match between ``first`` (Black in
    even games) and ``second``; ``errors`` counts games that failed and are missing."""
    first_black = [r for r in rows if r.index % 2 == 0]
    first_white = [r for r in rows if r.index % 2 == 1]
    fb_wins = sum(r.winner == "B" for r in first_black)
    fw_wins = sum(r.winner == "W" for r in first_white)
    draws = sum(r.winner is None for r in rows)
    n = len(rows)
    first_wins = fb_wins + fw_wins
    second_wins = n - draws - first_wins
    score = first_wins + draws / 2
    rate = score / n if n else 0.5
    low, high = wilson_interval(score, n)
    return MatchStats(
        first=first, second=second, games=n, errors=errors,
        first_wins=first_wins, second_wins=second_wins, draws=draws,
        black_wins=sum(r.winner == "B" for r in rows),
        white_wins=sum(r.winner == "W" for r in rows),
        first_as_black_games=len(first_black), first_as_black_wins=fb_wins,
        first_as_white_games=len(first_white), first_as_white_wins=fw_wins,
        second_as_black_wins=sum(r.winner == "B" for r in first_white),
        second_as_white_wins=sum(r.winner == "W" for r in first_black),
        win_rate=rate, win_rate_low=low, win_rate_high=high,
        p_value=binomial_p_value(first_wins, first_wins + second_wins),
        elo=elo_difference(rate), elo_low=elo_difference(low), elo_high=elo_difference(high),
        mean_moves=sum(r.moves for r in rows) / n if n else 0.0,
        mean_seconds=sum(r.duration for r in rows) / n if n else 0.0,
    )


def format_table(s: MatchStats) -> str:
    """The summary as a plain-text table."""

    def elo(x: float) -> str:
        return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")

    width = max(len(s.first), len(s.second), len("player"))
    lines = [
        f"{'player':<{width}}  {'wins':>5}  {'as B':>7}  {'as W':>7}",
        f"{s.first:<{width}}  {s.first_wins:>5}  "
        f"{f'{s.first_as_black_wins}/{s.first_as_black_games}':>7}  "
        f"{f'{s.first_as_white_wins}/{s.first_as_white_games}':>7}",
        f"{s.second:<{width}}  {s.second_wins:>5}  "
        f"{f'{s.second_as_black_wins}/{s.first_as_white_games}':>7}  "
        f"{f'{s.second_as_white_wins}/{s.first_as_black_games}':>7}",
        "",
        f"games {s.games} (draws {s.draws}, missing after errors {s.errors}); "
        f"Black won {s.black_wins}, White won {s.white_wins}",
        f"first player's win rate {s.win_rate:.3f}, 95% Wilson interval "
        f"[{s.win_rate_low:.3f}, {s.win_rate_high:.3f}]; binomial test vs 0.5: "
        f"p = {s.p_value:.4g}",
        f"Elo difference {elo(s.elo)} [{elo(s.elo_low)}, {elo(s.elo_high)}]; "
        f"mean {s.mean_moves:.1f} moves, {s.mean_seconds:.2f} s per game",
    ]
    return "\n".join(lines)
