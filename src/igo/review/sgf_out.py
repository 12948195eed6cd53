"""``igo review --sgf``: the record with the engine's evaluations, as SGF editors
show them.

- Every node (the root for the position before the first move) has ``SBKV``, the
  win rate **for Black, in percent** (0–100, two decimals) of the position it leads
  to: the property Sabaki writes for its own analysis and draws as its win-rate graph.
- Every move has a comment ``C``: Black's win rate and score before and after it,
  the points and win rate its player lost and the class of the loss, the engine's
  move and its continuation, and the move model's probability and rank of the move
  played. The root's comment says who judged, with what budget.
- Where the engine preferred another move, the engine's move and its continuation
  are a variation beside the move played (the main line stays the game).
"""

from __future__ import annotations

from dataclasses import replace

from igo.core.color import Color
from igo.core.coords import Point, format_vertex
from igo.review.figures import MoveFigures
from igo.review.game import GameReview
from igo.review.judge import judge_lines
from igo.sgf.write import escape, to_sgf


def sbkv(winrate_black: float) -> str:
    """An ``SBKV`` value: Black's win rate in percent (``"55.25"``)."""
    return f"{100 * min(max(winrate_black, 0.0), 1.0):.2f}"


def _lead(score_black: float) -> str:
    return f"B+{score_black:.1f}" if score_black >= 0 else f"W+{-score_black:.1f}"


def move_comment(m: MoveFigures, size: int) -> str:
    """The comment of one move (see the module docstring)."""
    who = "Black" if m.color is Color.BLACK else "White"
    lines = [f"Move {m.number}: {who} {format_vertex(m.move, size)}",
             f"Black's win rate {m.winrate_before:.1%} -> {m.winrate_after:.1%}, "
             f"score {_lead(m.score_before)} -> {_lead(m.score_after)}",
             f"{who} lost {max(m.points_loss, 0):.1f} points and "
             f"{max(m.winrate_loss, 0):.1%} of win rate: {m.category}"]
    if m.net_score_after is not None and m.net_winrate_after is not None:
        lines.append(f"The net alone after the move: Black's win rate "
                     f"{m.net_winrate_after:.1%}, score {_lead(m.net_score_after)}")
    if m.best_pv:
        pv = " ".join(format_vertex(p, size) for p in m.best_pv)
        agree = " (as played)" if m.engine_agrees else ""
        lines.append(f"igo's move: {format_vertex(m.best, size)}{agree}; continuation {pv}")
    if m.model_rank is not None and m.model_probability is not None:
        top = format_vertex(m.model_top, size) if m.model_top is not None else "-"
        lines.append(f"Move model: rank {m.model_rank}, {m.model_probability:.1%} "
                     f"(its first choice {top})")
    return "\n".join(lines)


def _node(color: Color, point: Point | None, props: str = "") -> str:
    return f";{color.letter}[{'' if point is None else point.to_sgf()}]{props}"


def _variation(m: MoveFigures) -> str:
    colour = m.color
    parts = []
    for i, p in enumerate(m.best_pv):
        props = ""
        if i == 0 and m.best_winrate is not None:
            text = (f"igo prefers this move (win rate {m.best_winrate:.1%} for its player); "
                    "its continuation follows")
            props = f"C[{escape(text)}]"
        parts.append(_node(colour, p, props))
        colour = colour.opponent
    return "".join(parts)


def annotated_sgf(review: GameReview) -> str:
    """The record of ``review`` with its evaluations (see the module docstring)."""
    rec = review.record
    size = rec.size
    props = {k: v for k, v in rec.properties.items() if k != "C"}
    root = to_sgf(replace(rec, moves=[], properties=props)).removesuffix(")")
    note = "\n".join(["Reviewed by igo review.", *judge_lines(review.budget, size,
                                                              review.net)])
    old = rec.properties.get("C")
    if old:
        note = "\n".join(old) + "\n\n" + note
    root += f"SBKV[{sbkv(review.evals[0].winrate_black)}]C[{escape(note)}]"
    tail = ""
    for m in reversed(review.moves):
        comment = escape(move_comment(m, size))
        node = _node(m.color, m.move,
                     f"SBKV[{sbkv(review.evals[m.number].winrate_black)}]C[{comment}]")
        seq = node + tail
        tail = f"({seq})({_variation(m)})" if m.best_pv and not m.engine_agrees else seq
    return root + tail + ")"


__all__ = ["annotated_sgf", "move_comment", "sbkv"]
