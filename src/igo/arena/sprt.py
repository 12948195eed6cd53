"""Sequential probability ratio test for engine matches (SPRT, as in cutechess-cli and
fishtest): play until the games decide between two Elo hypotheses, not a fixed count.

H0: the first player is ``elo0`` Elo stronger than the second; H1: ``elo1`` stronger
(``elo0 < elo1``; typically ``0`` and the gain worth having, e.g. ``0, 30`` to ask "is
this change an improvement?"). After each game the log-likelihood ratio (LLR) of the
results is compared with Wald's bounds ``log(beta / (1 - alpha))`` and
``log((1 - beta) / alpha)``: below the lower one H0 is accepted, above the upper one H1;
in between, play on. ``alpha`` and ``beta`` are the error rates of the two decisions.

The LLR is the generalized SPRT of the trinomial (win, draw, loss) model (Van den Bergh,
"A practical introduction to the GSPRT"): under each hypothesis the result frequencies
are the most likely ones whose mean score (draws 1/2) is that hypothesis's expected score
``s0`` or ``s1``, and ``LLR = sum over outcomes of count * log(p1 / p0)``. Without draws
this is exactly the LLR of the binomial test of ``s1`` against ``s0``. (Its normal
approximation, ``n (s1 - s0) (2 x - s0 - s1) / (2 v)``, which fishtest uses at thousands
of games, decides far too early on a handful of one-sided results.) The frequencies are
estimated with half a win and half a loss added (``PRIOR``), so that a match whose
results are all alike still has a distribution to fit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, Literal

#: Pseudo-games (half a win, half a loss) added before the variance is estimated.
PRIOR = 0.5

Decision = Literal["H0", "H1"]


def expected_score(elo: float) -> float:
    """The score of a player ``elo`` points stronger (logistic Elo).

    >>> round(expected_score(100), 4)
    0.6401
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


@dataclass(frozen=True, slots=True)
class SprtConfig:
    """The hypotheses and error rates of a test (see the module docstring)."""

    elo0: float = 0.0
    elo1: float = 30.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT needs elo0 < elo1, got {self.elo0}, {self.elo1}")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0.0 < value < 0.5:
                raise ValueError(f"SPRT {name} must be in (0, 0.5), got {value}")

    @property
    def lower(self) -> float:
        """The LLR below which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    @classmethod
    def parse(cls, text: str, alpha: float = 0.05, beta: float = 0.05) -> SprtConfig:
        """``"ELO0,ELO1"`` as given on a command line.

        >>> SprtConfig.parse("0,30").elo1
        30.0
        """
        parts = text.split(",")
        if len(parts) != 2:
            raise ValueError(f"SPRT bounds are ELO0,ELO1 (two numbers), got {text!r}")
        try:
            elo0, elo1 = (float(p) for p in parts)
        except ValueError:
            raise ValueError(f"SPRT bounds are ELO0,ELO1 (two numbers), got {text!r}") from None
        return cls(elo0, elo1, alpha, beta)


#: Scores of a win, a draw and a loss.
SCORES = (1.0, 0.5, 0.0)


def constrained_frequencies(freqs: tuple[float, float, float],
                            score: float) -> tuple[float, float, float]:
    """The (win, draw, loss) distribution of mean ``score`` closest to ``freqs`` in the
    likelihood sense (the maximum of ``sum f_i log p_i`` under the constraint), for
    ``freqs`` with a positive win and loss frequency and ``0 < score < 1``.

    >>> tuple(round(p, 3) for p in constrained_frequencies((0.6, 0.0, 0.4), 0.5))
    (0.5, 0.0, 0.5)
    """
    from scipy.optimize import brentq

    dev = [x - score for x in SCORES]

    def slope(lam: float) -> float:
        return sum(f * d / (1.0 + lam * d) for f, d in zip(freqs, dev, strict=True))

    # p_i = f_i / (1 + lam d_i) with 1 + lam d_i > 0 for the win (d > 0) and loss (d < 0)
    eps = 1e-12
    lo, hi = -1.0 / dev[0] + eps, -1.0 / dev[2] - eps
    lam = brentq(slope, lo, hi, xtol=1e-15, maxiter=500)
    p = [f / (1.0 + lam * d) for f, d in zip(freqs, dev, strict=True)]
    total = sum(p)
    return p[0] / total, p[1] / total, p[2] / total


def llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) after these
    results of the first player (see the module docstring); 0 before any game.

    >>> llr(0, 0, 0, 0, 30)
    0.0
    >>> llr(60, 0, 40, 0, 30) > 0 > llr(40, 0, 60, 0, 30)
    True
    """
    if min(wins, draws, losses) < 0:
        raise ValueError(f"negative counts: {wins}, {draws}, {losses}")
    counts = (wins, draws, losses)
    n = sum(counts) + 2 * PRIOR
    if n == 2 * PRIOR:
        return 0.0
    freqs = ((wins + PRIOR) / n, draws / n, (losses + PRIOR) / n)
    p0 = constrained_frequencies(freqs, expected_score(elo0))
    p1 = constrained_frequencies(freqs, expected_score(elo1))
    return sum(c * math.log(a / b) for c, a, b in zip(counts, p1, p0, strict=True) if c)


@dataclass(frozen=True, slots=True)
class SprtState:
    """Where a test stands after some games."""

    config: SprtConfig
    wins: int
    draws: int
    losses: int
    llr: float
    crossed: Crossing | None = None  # the first bound crossed, in the order games ended

    @property
    def decision(self) -> Decision | None:
        """``"H1"`` or ``"H0"`` once a bound is crossed, else ``None`` (play on). The
        first crossing decides: games that were already running when it happened and
        ended after it do not undo it."""
        if self.crossed is not None:
            return self.crossed.decision
        return _side(self.config, self.llr)

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON."""
        out = asdict(self.config)
        out.update(wins=self.wins, draws=self.draws, losses=self.losses,
                   llr=self.llr, lower=self.config.lower, upper=self.config.upper,
                   decision=self.decision)
        if self.crossed is not None:
            out.update(decided_after=self.crossed.games, decided_llr=self.crossed.llr)
        return out

    def describe(self) -> str:
        """One line for a terminal."""
        c = self.config
        verdict = {"H1": f"H1 accepted ({c.elo1:+g} rather than {c.elo0:+g} Elo)",
                   "H0": f"H0 accepted ({c.elo0:+g} rather than {c.elo1:+g} Elo)",
                   None: "no decision yet"}[self.decision]
        line = (f"SPRT elo0 {c.elo0:+g}, elo1 {c.elo1:+g}, alpha {c.alpha:g}, beta "
                f"{c.beta:g}: LLR {self.llr:.2f} in [{c.lower:.2f}, {c.upper:.2f}] after "
                f"{self.wins}-{self.draws}-{self.losses} (W-D-L): {verdict}")
        games = self.wins + self.draws + self.losses
        if self.crossed is not None and self.crossed.games < games:
            line += (f" after {self.crossed.games} games (LLR {self.crossed.llr:.2f}); the "
                     f"{games - self.crossed.games} games still running then ended later")
        return line


@dataclass(frozen=True, slots=True)
class Crossing:
    """Where a sequence of games first crossed a bound of the test."""

    decision: Decision
    games: int
    llr: float


def _side(config: SprtConfig, value: float) -> Decision | None:
    if value >= config.upper:
        return "H1"
    if value <= config.lower:
        return "H0"
    return None


def sequential_state(config: SprtConfig, scores: Iterable[float]) -> SprtState:
    """The test after games of the first player scored ``scores`` (1 win, 0.5 draw, 0
    loss) in the order they ended: the totals, and the first bound crossed on the way,
    which decides even if later games move the LLR back (a match stops starting games
    at the crossing; the games already running still end and are stored).

    >>> cfg = SprtConfig(0, 100)
    >>> st = sequential_state(cfg, [0.0] * 9 + [1.0])
    >>> st.decision, st.crossed.games, st.llr > cfg.lower
    ('H0', 9, True)
    """
    wins = draws = losses = 0
    crossed: Crossing | None = None
    for x in scores:
        if x == 1.0:
            wins += 1
        elif x == 0.5:
            draws += 1
        elif x == 0.0:
            losses += 1
        else:
            raise ValueError(f"a score is 1, 0.5 or 0, got {x!r}")
        if crossed is None:
            value = llr(wins, draws, losses, config.elo0, config.elo1)
            side = _side(config, value)
            if side is not None:
                crossed = Crossing(side, wins + draws + losses, value)
    return SprtState(config, wins, draws, losses,
                     llr(wins, draws, losses, config.elo0, config.elo1), crossed)


def sprt_state(config: SprtConfig, wins: int, draws: int, losses: int) -> SprtState:
    """The test after ``wins``/``draws``/``losses`` of the first player."""
    return SprtState(config, wins, draws, losses,
                     llr(wins, draws, losses, config.elo0, config.elo1))
