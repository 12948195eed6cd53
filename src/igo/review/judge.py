"""How strong the judge of a review is: igo's MCTS engine as we measured it
(``experiments/tabu_mcts/README.md``), the budget the review gave it, and the net
whose heads judged with it where one did (:mod:`igo.review.net_judge`). A review
says this on its page, so that a player stronger than the engine reads its verdicts
for what they are: :func:`judge_summary`, a line or two at the top (which judge, what
its verdict was measured to be worth), and :func:`match_lines`, the match figures and
the caveat, in a section at the end; :func:`judge_lines` has all of it in one list
(``--json``, ``--sgf``).
"""

from __future__ import annotations

from dataclasses import dataclass

from igo.analysis.position import Budget
from igo.review.net_judge import NetJudge


@dataclass(frozen=True)
class Measurement:
    """One measured match of the engine."""

    board: int
    opponent: str
    conditions: str
    games: int
    score: float
    interval: tuple[float, float] | None
    #: the sentence, when the score does not say it well
    said: str = ""

    def text(self) -> str:
        """One sentence."""
        if self.said:
            return self.said
        ci = "" if self.interval is None else \
            f" [95 %: {self.interval[0]:.3f}, {self.interval[1]:.3f}]"
        return (f"{self.board}x{self.board}, {self.conditions}: scored {self.score:.3f} over "
                f"{self.games} games against {self.opponent}{ci}")


#: The engine's measured strength (``docs/strength.md``; every match there).
# The rows are counted from the match databases by experiments/figures.py; edit its
# FIGURES, not these lines.
# BEGIN GENERATED measured: python experiments/figures.py
MEASURED: tuple[Measurement, ...] = (
    Measurement(9, 'Pachi 12.90 (no neural network)',
                'one 2-minute sudden-death clock each, each engine managing its own time '
                '(igo 3.37 s a move, Pachi 2.09 s by their logs), engine 3728c71 '
                '(2026-12-02), 63-6-33',
                102, 0.647, (0.551, 0.733)),
    Measurement(9, 'Pachi 12.90 (no neural network)',
                '1 s a move each, one core for both (igo 1.02 s a move, Pachi 1.00 s by '
                'their logs), engine 8c2e7f7 (2026-11-30), 55-3-42',
                100, 0.565, (0.467, 0.658)),
    Measurement(9, "KataGo 1.18.1's raw policy (its b10c384 net, one visit a move)",
                'igo 1 s a move, one core for both (igo 1.00 s a move by its log), engine'
                ' b913008 (2026-12-07), 0-1-19',
                20, 0.025, (0.003, 0.200)),
    Measurement(19, "KataGo 1.18.1's raw policy (its b10c384 net, one visit a move)",
                'igo 5 s a move, one core for both (igo 5.00 s a move by its log), engine'
                ' b913008 (2026-12-07), 0-0-14',
                14, 0.000, (0.000, 0.215)),
    Measurement(9, 'Pachi 12.90 (no neural network)',
                '4 s a move each, one thread (igo 4.00 s a move, Pachi 3.38 s by their '
                'logs, logs of 34 of its games), engine 941d07e (2026-11-30, '
                'rave_equiv=1000,rave_distance=3: the 9x9 default since e02a450), 53-6-41',
                100, 0.560, (0.462, 0.653)),
    Measurement(9, 'Pachi 12.90 (no neural network)',
                '20,000 playouts a move each, engine 8c2e7f7 (2026-11-30), 55-4-41',
                100, 0.570, (0.472, 0.663)),
    Measurement(19, 'Pachi 12.90 (no neural network)',
                '5 s a move each, one thread (igo 5.00 s a move, Pachi 4.48 s by their '
                'logs), engine b913008 (2026-12-07), 10-0-10',
                20, 0.500, (0.299, 0.701)),
    Measurement(13, 'Pachi 12.90 (no neural network)',
                '2 s a move each, one thread (igo 2.00 s a move, Pachi 1.73 s by their '
                'logs), engine b913008 (2026-12-07), 16-0-24',
                40, 0.400, (0.263, 0.554)),
    Measurement(19, 'Pachi 12.90 (no neural network)',
                '2,000 playouts a move each, engine working tree of 2026-11-30, '
                'prior_sharpness=0,prior_wins=300,net=default,net_visits=1000000 (the '
                '19x19 default since ec5b677), 20-0-2',
                22, 0.909, (0.722, 0.975)),
    Measurement(9, 'GNU Go 3.8 level 10',
                '1 s a move, both cores, engine d2061e8 (2026-11-25), 187-5-8',
                200, 0.948, (0.907, 0.971)),
    Measurement(9, 'GNU Go 3.8 level 10',
                '0.3 s a move, one thread (about 2,500 playouts), engine fb4ceb3 '
                '(2026-11-24), 82-10-8',
                100, 0.870, (0.790, 0.922)),
    Measurement(19, 'GNU Go 3.8 level 10',
                '5 s a move, engine 06a2000 (2026-11-24; games 0-28), 39ad924 '
                '(2026-11-24; games 29-49), without the policy net, 39-0-11',
                50, 0.780, (0.648, 0.872)),
)
# END GENERATED measured

ENGINE = "igo's MCTS engine (paper 001, the strong preset: move-model priors, with the " \
         "policy network's at the root from 9x9 up, RAVE, heavy playouts)"

CAVEAT = ("GNU Go plays at an amateur kyu level, so a judge that beats it is a strong "
          "club player at best, not a professional, and on 9x9 it is a little ahead of "
          "Pachi, a classical engine of the same kind, at an equal time a move, at "
          "equal playouts and under one clock: its verdicts on a strong player's moves "
          "are a second opinion, not the truth. Its score is the mean "
          "area score of its playouts, which swings by a few points from one position to "
          "the next; single losses below 1.5 points are mostly that noise.")


#: What the verdict of a 19x19 review was measured to be worth
#: (``experiments/review/README.md``, "All 14 ranks at the default budget", issue 37).
VERDICT_19 = ("What the verdict is worth on 19x19: with the judge of 2026-11-30 (the "
              "policy network at the root) and this review's default budget, over 116 Fox "
              "players of 14 ranks, stronger players lost less a move, but only kyu against "
              "dan (Spearman rho -0.23, p = 0.013; 9d 1.94 points a move against 2.66 for "
              "4-5k, p = 0.036; from 1k up no trend): the mean loss does not tell a 3d from "
              "a 7d. How often a player chose igo's move ranked them better (rho +0.41), "
              "and the rank estimated from this game (paper 002) best (rho +0.76): read the "
              "loss beside that estimate.")


#: What the verdict of a 19x19 review by the search alone was measured to be worth, in
#: one sentence (:data:`VERDICT_19` says it in full).
VERDICT_19_SHORT = ("Its verdict was measured on 19x19 (116 Fox players of 14 ranks, issue 37): "
                    "the points lost a move tell a kyu player from a dan player, not one dan "
                    "rank from another (Spearman rho -0.23); read them beside the rank "
                    "estimated from the game (rho +0.76).")

#: What the verdict of a review by the search alone on another size is worth.
VERDICT_OTHER = ("Its verdict was not measured against players' ranks on this board size; "
                 "its score is the mean of its playouts, which swings by a few points from "
                 "one position to the next: single losses below 1.5 points are mostly noise.")

#: What the verdict of a review judged by a net's heads was measured to be worth
#: (experiments/value_net/README.md, experiments/review/README.md).
VERDICT_NET = ("Measured on 19x19 (issue 63): its score does not move with the search's seed "
               "(median 0.0 points against the search's 1.3), 9-dan players lose 0.28 points a "
               "move by it, and over 197 Fox players of 14 ranks their points lost a move (10 % "
               "trimmed mean) follow rank better than the search's (Spearman rho -0.33 "
               "against -0.23; 1-3d against 7-9d p = 0.035) but do not tell neighbouring dan "
               "ranks apart; read them beside the rank estimated from the game (rho +0.76). "
               "The search's figures are in the section at the end.")


def engine_line(budget: Budget) -> str:
    """The search: what engine, what budget."""
    return f"Judge: {ENGINE}, {budget.describe()} a position, one search thread."


def net_line(net: NetJudge, budget: Budget) -> str:
    """The net judge: which net, and how its figures mix with the search's."""
    w = net.weight
    return (f"Judge: the value and score heads of the network {net.name} ({net.file}) with "
            f"igo's search ({budget.describe()} a position): a position's score is the "
            f"net's, the mean of its judgements before and after igo's best move, its win "
            f"rate {w:.0%} the net's and {1 - w:.0%} the search's.")


def judge_summary(budget: Budget, size: int, net: NetJudge | None = None) -> list[str]:
    """A line or two: which judge, and what its verdict was measured to be worth."""
    if net is not None:
        return [net_line(net, budget), VERDICT_NET]
    return [f"Judge: the search alone, {ENGINE}, {budget.describe()} a position.",
            VERDICT_19_SHORT if size == 19 else VERDICT_OTHER]


def match_lines(size: int) -> list[str]:
    """The engine's match figures, this size first, then the caveat (and on 19x19 the
    verdict in full)."""
    lines = [*("Measured: " + m.text() for m in MEASURED if m.board == size or size not in
               (9, 19)),
             *("Measured: " + m.text() for m in MEASURED if m.board != size and size in
               (9, 19)),
             CAVEAT]
    if size == 19:
        lines.append(VERDICT_19)
    return lines


def judge_lines(budget: Budget, size: int, net: NetJudge | None = None) -> list[str]:
    """The judge's description: what it is (the net first, where one judged), the
    budget it had, what we measured."""
    head = [] if net is None else [net_line(net, budget), VERDICT_NET]
    return [*head, engine_line(budget), *match_lines(size)]


__all__ = ["CAVEAT", "ENGINE", "MEASURED", "VERDICT_19", "VERDICT_19_SHORT", "VERDICT_NET",
           "VERDICT_OTHER", "Measurement", "engine_line", "judge_lines", "judge_summary",
           "match_lines", "net_line"]
