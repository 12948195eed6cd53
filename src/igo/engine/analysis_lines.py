"""The lines of live analysis in the dialects GUIs parse (pure formatting).

One report is **one line** holding every move, each starting with ``info``, as
Leela Zero and KataGo write them (KataGo's ``docs/GTP_Extensions.md``, Leela Zero's
``UCTSearch::output_analysis``, Sabaki's ``docs/guides/engine-analysis-integration.md``):

``lz`` (``lz-analyze``; Lizzie, Sabaki)
    ``info move D4 visits 120 winrate 5234 prior 1532 lcb 5012 order 0 pv D4 Q16``:
    win rate, prior and LCB times 10000, rounded to integers.
``sabaki`` (``analyze``)
    the ``lz`` fields, then ``scoreLead``; Sabaki reads an integer win rate as
    ten-thousandths (and recent versions read every ``analyze`` win rate so).
``kata`` (``kata-analyze``; Lizzie, KataGo tools)
    ``info move D4 visits 120 edgeVisits 120 utility 0.0468 winrate 0.5234 scoreMean
    1.5 scoreLead 1.5 prior 0.1532 lcb 0.5012 utilityLcb 0.0024 order 0 pv D4 Q16``,
    floats as C++ streams print them (6 significant digits), ``pvVisits`` after the
    PV when asked, then ``rootInfo ...`` and ``ownership`` with size² floats (top-left
    first, row by row) at the end of the same line.

Every value is for the player to move. igo's search has no per-move score: the
``scoreLead`` and ``scoreMean`` of every move are the mean playout score of the
position (:func:`igo.search.analysis.score_lead`); ``utility`` is the win/loss
utility ``2 * winrate - 1``. When the search's net has value heads, the score and
the ownership come from the heads instead (:mod:`igo.engine.analyze_net`): the
position's score, and for each move the net has judged the score after it
(:attr:`Report.move_scores`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from igo.core.coords import Point, format_vertex
from igo.search.analysis import MoveAnalysis

DIALECTS = ("lz", "kata", "sabaki")


@dataclass(frozen=True, slots=True)
class Report:
    """What one line reports: the moves and the position's figures.

    Attributes
    ----------
    size
        Board size.
    moves
        The moves, best first.
    score_lead
        Mean playout score for the player to move.
    visits, winrate
        Root visits and win rate (for ``rootInfo``).
    ownership
        ``(size, size)`` ownership, +1 for the player to move, or ``None``.
    move_scores
        The score of each of :attr:`moves` (``None``: every move has
        :attr:`score_lead`).
    """

    size: int
    moves: Sequence[MoveAnalysis]
    score_lead: float
    visits: int
    winrate: float
    ownership: np.ndarray | None = None
    move_scores: Sequence[float] | None = None

    def scores(self) -> list[float]:
        """The score reported for each move."""
        if self.move_scores is None:
            return [self.score_lead] * len(self.moves)
        if len(self.move_scores) != len(self.moves):
            raise ValueError(f"{len(self.move_scores)} move scores for "
                             f"{len(self.moves)} moves")
        return [float(v) for v in self.move_scores]


def ten_thousandths(x: float) -> int:
    """``x`` in [0, 1] as Leela Zero's integer (``0.52344 -> 5234``)."""
    return round(min(max(x, 0.0), 1.0) * 10000)


def cfloat(x: float) -> str:
    """A float as a C++ ``ostream`` prints it by default (``%g``, 6 digits), never
    ``-0``."""
    text = f"{x:.6g}"
    return "0" if text in ("-0", "0", "-0.0") else text


def _vertices(moves: Sequence[Point | None], size: int) -> str:
    return " ".join(format_vertex(m, size) for m in moves)


def lz_info(m: MoveAnalysis, size: int, score_lead: float | None = None) -> str:
    """One move in the ``lz`` dialect (``sabaki`` when ``score_lead`` is given)."""
    score = "" if score_lead is None else f" scoreLead {cfloat(score_lead)}"
    return (f"info move {format_vertex(m.move, size)} visits {m.visits} "
            f"winrate {ten_thousandths(m.winrate)} prior {ten_thousandths(m.prior)} "
            f"lcb {ten_thousandths(m.lcb)}{score} order {m.order} pv {_vertices(m.pv, size)}")


def kata_info(m: MoveAnalysis, size: int, score_lead: float, pv_visits: bool = False) -> str:
    """One move in the ``kata`` dialect."""
    text = (f"info move {format_vertex(m.move, size)} visits {m.visits} edgeVisits {m.visits} "
            f"utility {cfloat(2 * m.winrate - 1)} winrate {cfloat(m.winrate)} "
            f"scoreMean {cfloat(score_lead)} scoreLead {cfloat(score_lead)} "
            f"prior {cfloat(m.prior)} lcb {cfloat(m.lcb)} utilityLcb {cfloat(2 * m.lcb - 1)} "
            f"order {m.order} pv {_vertices(m.pv, size)}")
    if pv_visits:
        text += " pvVisits " + " ".join(str(v) for v in m.pv_visits)
    return text


def root_info(report: Report) -> str:
    """KataGo's ``rootInfo`` group."""
    lead = cfloat(report.score_lead)
    return (f"rootInfo visits {report.visits} utility {cfloat(2 * report.winrate - 1)} "
            f"winrate {cfloat(report.winrate)} scoreMean {lead} scoreLead {lead}")


def ownership_field(ownership: np.ndarray) -> str:
    """``ownership`` and the values row by row from the top-left point."""
    return "ownership " + " ".join(cfloat(float(v)) for v in np.asarray(ownership).ravel())


def format_report(dialect: str, report: Report, *, pv_visits: bool = False,
                  with_root: bool = False) -> str:
    """The line of ``report`` in ``dialect`` (``""`` when there is no move to report:
    GUIs must never get an empty line, which would end the response).

    Raises
    ------
    ValueError
        For an unknown dialect.
    """
    if dialect not in DIALECTS:
        raise ValueError(f"unknown analysis dialect {dialect!r} (expected one of {DIALECTS})")
    if not report.moves:
        return ""
    size = report.size
    if dialect == "lz":
        return " ".join(lz_info(m, size) for m in report.moves)
    scores = report.scores()
    if dialect == "sabaki":
        return " ".join(lz_info(m, size, v) for m, v in zip(report.moves, scores, strict=True))
    parts = [kata_info(m, size, v, pv_visits)
             for m, v in zip(report.moves, scores, strict=True)]
    if with_root:
        parts.append(root_info(report))
    if report.ownership is not None:
        parts.append(ownership_field(report.ownership))
    return " ".join(parts)


__all__ = [
    "DIALECTS",
    "Report",
    "cfloat",
    "format_report",
    "kata_info",
    "lz_info",
    "ownership_field",
    "root_info",
    "ten_thousandths",
]
