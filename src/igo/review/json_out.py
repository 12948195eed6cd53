"""``igo review --json``: every figure of the page as JSON (schema ``igo-review/1``).

::

    {"schema": "igo-review/1", "source": str, "size": int, "komi": float,
     "rules": str, "handicap": int, "result": str,
     "players": {"B": PLAYER, "W": PLAYER},
     "judge": {"engine": str, "playouts": int|null, "seconds": float|null,
               "lines": [str], "measured": [{"board", "opponent", "conditions", "games",
               "score", "interval"}],
               "net": {"name", "file", "weight", "evaluations", "seconds"}},
     "thresholds": {"classes": [[name, lowest points lost]], "mistake_min_points": float,
                    "reference": "KaTrain eval_thresholds"},
     "moves": [MOVE], "positions": [POSITION],
     "mistakes": {"B": [MISTAKE], "W": [MISTAKE]},
     "end": {"influence": [[float]], "ownership": [[float]]|null},
     "evaluation": {"positions": int, "cached": int, "searched": int, "seconds": float}}

    PLAYER = {"name", "rank_label", "moves", "mean_points_loss", "mean_winrate_loss",
              "engine_agreement", "model_agreement", "mean_model_probability",
              "classes": {name: count},
              "strength": {"available": bool, "reason", "rank", "interval_ranks": [lo, hi],
                           "rating", "sd", "classes": {name: p}}}
    MOVE = {"number", "color", "move" (GTP vertex or "pass"), "winrate_before",
            "winrate_after", "score_before", "score_after" (Black's),
            "winrate_loss", "points_loss" (the mover's), "class", "best", "best_pv",
            "best_winrate" (the mover's), "engine_agrees", "model_probability",
            "model_rank", "model_top", "model_agrees",
            "net_winrate_after", "net_score_after" (Black's)}
    POSITION = {"number" (moves played), "to_play", "winrate_black", "score_black",
                "playouts", "visits", "moves": [{"move", "visits", "winrate" (to_play's),
                "lcb", "prior", "pv"}],
                "net": {"winrate_black", "score_black", "best_winrate_black",
                        "best_score_black", "judged_winrate_black"}}
    MISTAKE = {"number", "move", "best", "best_pv", "points_loss", "winrate_loss",
               "class", "influence": [[float]], "ownership": [[float]]|null}

Win rates are in [0, 1], scores in points (komi included), maps ``(size, size)``
row by row from the top-left point, +Black, rounded to 3 decimals.

The ``net`` keys (``judge.net``, each move's ``net_*``, each position's ``net``, each
player's ``trimmed_points_loss``: the 10 % trimmed mean of the points lost a move, the
statistic chosen against rank for the net's judge) are there only where a net's heads
judged (:mod:`igo.review.net_judge`): then the moves' win rates, scores and losses are
the net judge's, and a position's ``net`` has the net's judgement of the position
itself, of the position after the search's best move (``best_*``) and the win rate mixed
with the search's (``judged_winrate_black``); its ``winrate_black``/``score_black`` stay
the search's. Without a net the output is what it was before the net judge.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from igo.core.color import Color
from igo.core.coords import Point, format_vertex
from igo.review.figures import CLASSES, MISTAKE_MIN_POINTS, MoveFigures
from igo.review.game import GameReview
from igo.review.judge import ENGINE, MEASURED, judge_lines
from igo.review.net_judge import PositionJudgement
from igo.review.strength import RankEstimate

SCHEMA = "igo-review/1"


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(float(x), digits)


def _map(a: np.ndarray | None) -> list[list[float]] | None:
    return None if a is None else np.round(np.asarray(a, dtype=float), 3).tolist()


def _v(p: Point | None, size: int) -> str:
    return format_vertex(p, size)


def _strength(e: RankEstimate) -> dict[str, Any]:
    if not e.available:
        return {"available": False, "reason": e.reason}
    return {"available": True, "rank": e.rank, "interval_ranks": [e.low_rank, e.high_rank],
            "rating": round(e.rating, 1), "sd": round(e.sd, 1),
            "classes": {n: round(p, 3) for n, p in e.classes}}


def _judged(p: PositionJudgement) -> dict[str, Any]:
    """A position's ``net`` (see the module docstring)."""
    return {"winrate_black": _r(p.net_winrate), "score_black": _r(p.net_score, 2),
            "best_winrate_black": _r(p.best_winrate), "best_score_black": _r(p.best_score, 2),
            "judged_winrate_black": _r(p.winrate)}


def move_dict(m: MoveFigures, size: int) -> dict[str, Any]:
    """One move's figures."""
    return {
        "number": m.number, "color": m.color.letter, "move": _v(m.move, size),
        "winrate_before": _r(m.winrate_before), "winrate_after": _r(m.winrate_after),
        "score_before": _r(m.score_before, 2), "score_after": _r(m.score_after, 2),
        "winrate_loss": _r(m.winrate_loss), "points_loss": _r(m.points_loss, 2),
        "class": m.category, "best": None if m.best is None and not m.best_pv
        else _v(m.best, size),
        "best_pv": [_v(p, size) for p in m.best_pv], "best_winrate": _r(m.best_winrate),
        "engine_agrees": m.engine_agrees, "model_probability": _r(m.model_probability),
        "model_rank": m.model_rank,
        "model_top": None if m.model_top is None else _v(m.model_top, size),
        "model_agrees": m.model_agrees,
    } | ({} if m.net_score_after is None else {
        "net_winrate_after": _r(m.net_winrate_after), "net_score_after":
        _r(m.net_score_after, 2)})


def review_dict(review: GameReview) -> dict[str, Any]:
    """The review as plain values (the module docstring gives the schema)."""
    rec = review.record
    size = rec.size
    players = {}
    for c in (Color.BLACK, Color.WHITE):
        pf = review.players[c]
        players[c.letter] = {
            "name": rec.black if c is Color.BLACK else rec.white,
            "rank_label": (rec.black_rank if c is Color.BLACK else rec.white_rank) or None,
            "moves": pf.moves, "mean_points_loss": _r(pf.mean_points_loss, 3),
            "mean_winrate_loss": _r(pf.mean_winrate_loss), "engine_agreement":
            _r(pf.engine_agreement), "model_agreement": _r(pf.model_agreement),
            "mean_model_probability": _r(pf.mean_model_probability),
            "classes": dict(pf.classes), "strength": _strength(review.ranks[c]),
        } | ({} if review.net is None else {
            "trimmed_points_loss": _r(pf.trimmed_points_loss, 3)})
    net = review.net
    positions = [{
        "number": k, "to_play": ev.to_play.letter, "winrate_black": _r(ev.winrate_black),
        "score_black": _r(ev.score_black, 2), "playouts": ev.playouts, "visits": ev.visits,
        "moves": [{"move": _v(m.move, size), "visits": m.visits, "winrate": _r(m.winrate),
                   "lcb": _r(m.lcb), "prior": _r(m.prior), "pv": [_v(p, size) for p in m.pv]}
                  for m in ev.moves],
    } | ({} if net is None else {"net": _judged(net.positions[k])})
        for k, ev in enumerate(review.evals)]
    mistakes = {c.letter: [{
        "number": m.number, "move": _v(m.move, size), "best": _v(m.best, size),
        "best_pv": [_v(p, size) for p in m.best_pv], "points_loss": _r(m.points_loss, 2),
        "winrate_loss": _r(m.winrate_loss), "class": m.category,
        "influence": _map(mo.influence), "ownership": _map(mo.ownership),
    } for m, mo in review.mistakes[c]] for c in (Color.BLACK, Color.WHITE)}
    b = review.budget
    return {
        "schema": SCHEMA, "source": rec.source, "size": size, "komi": rec.komi,
        "rules": rec.rules.name, "handicap": rec.handicap, "result": rec.result.to_sgf(),
        "players": players,
        "judge": {"engine": ENGINE, "playouts": b.playouts, "seconds": b.seconds,
                  "lines": judge_lines(b, size, net),
                  "measured": [{"board": m.board, "opponent": m.opponent,
                                "conditions": m.conditions, "games": m.games,
                                "score": m.score,
                                "interval": None if m.interval is None else list(m.interval)}
                               for m in MEASURED]}
        | ({} if net is None else {"net": {
            "name": net.name, "file": net.file, "weight": net.weight,
            "evaluations": net.evaluations, "seconds": round(net.seconds, 2)}}),
        "thresholds": {"classes": [[n, t] for n, t in CLASSES],
                       "mistake_min_points": MISTAKE_MIN_POINTS,
                       "reference": "KaTrain eval_thresholds (12, 6, 3, 1.5, 0.5 points)"},
        "moves": [move_dict(m, size) for m in review.moves],
        "positions": positions,
        "mistakes": mistakes,
        "end": {"influence": _map(review.end.influence),
                "ownership": _map(review.end.ownership)},
        "evaluation": {"positions": len(review.evals), "cached": review.counts.cached,
                       "searched": review.counts.searched,
                       "seconds": round(review.seconds, 2)},
    }


__all__ = ["SCHEMA", "move_dict", "review_dict"]
