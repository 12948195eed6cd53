"""``igo review``'s page: one self-contained HTML file.

Inline SVG and CSS and a few lines of inline script to move through the game
(:mod:`igo.review.page_assets`); nothing is loaded from anywhere (no link, no font,
no image file: the page makes no request). It reads on a phone (the pictures scale,
the tables scroll) and prints (``@media print`` drops the controls).

Sections: the game; the judge in a line or two (the search alone, or a net's heads
refined by the search, with the net's name and the budget; what its verdict was
measured to be worth: :mod:`igo.review.judge`); each player's figures
(:mod:`igo.review.figures`) and rank from the game (:mod:`igo.review.strength`); the
win-rate and score graphs, one point per move coloured by the class of its loss; the
game move by move; each player's
biggest mistakes, drawn with the move played (red ring), the engine's move and its
continuation (numbered, the engine's move ringed in blue), the influence (Fukui et al.,
``fukui``) and the engine's ownership there; the final position's influence and
ownership; last, folded, how strong the engine was measured to be (its match figures
and the caveat), linked from the judge's lines.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import numpy as np

from igo.core.color import Color
from igo.core.coords import format_vertex
from igo.report.board_map import influence_svg
from igo.report.board_svg import Marker, board_extent, board_svg
from igo.report.graph_svg import series_svg
from igo.review.figures import (
    CLASS_COLOURS,
    CLASSES,
    MISTAKE_MIN_POINTS,
    ROSE_CAP,
    MoveFigures,
)
from igo.review.game import GameReview, Moment
from igo.review.json_out import move_dict
from igo.review.judge import judge_summary, match_lines
from igo.review.page_assets import CSS, SCRIPT

PV_SHOWN = 10  # moves of a continuation drawn on a mistake's board

_SVG_HEAD = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" width="\d+" height="\d+" ')


def inline_map(svg: str, css_class: str) -> str:
    """An :func:`~igo.report.board_map.influence_svg` picture made fit to inline: no
    XML namespace, no fixed size, a class."""
    return _SVG_HEAD.sub(f'<svg class="{css_class}" ', svg, count=1)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _lead(s: float) -> str:
    return f"B+{s:.1f}" if s >= 0 else f"W+{-s:.1f}"


def _who(review: GameReview, c: Color) -> str:
    rec = review.record
    name = (rec.black if c is Color.BLACK else rec.white) or ("Black" if c is Color.BLACK
                                                               else "White")
    rank = rec.black_rank if c is Color.BLACK else rec.white_rank
    return f"{name} ({c.letter}{', ' + rank if rank else ''})"


def _header(review: GameReview) -> str:
    rec = review.record
    hc = f", handicap {rec.handicap}" if rec.handicap else ""
    setup = len(rec.setup_black) + len(rec.setup_white)
    st = f", {setup} setup stones" if setup and not rec.handicap else ""
    return (f"<h1>Game review: {escape(_who(review, Color.BLACK))} vs "
            f"{escape(_who(review, Color.WHITE))}</h1>\n"
            f'<p class="meta">{rec.size}x{rec.size}, komi {rec.komi:g}{hc}{st}, rules '
            f"{escape(rec.rules.name)}, {len(rec.moves)} moves, result "
            f"{escape(rec.result.to_sgf())} &middot; {escape(rec.source)}</p>")


def _judge(review: GameReview) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in
                    judge_summary(review.budget, review.record.size, review.net))
    c = review.counts
    net = "" if review.net is None else \
        f", {review.net.evaluations} positions through the net in {review.net.seconds:.1f} s"
    return (f'<section class="judge"><b>Who judged this game</b><ul>{items}</ul>'
            f'<span class="note">{c.searched} positions searched, {c.cached} from the '
            f"cache{net}, in {review.seconds:.1f} s in all. "
            '<a href="#judge-figures">How strong the engine was measured to be</a>.'
            "</span></section>")


def _judge_figures(review: GameReview) -> str:
    """The engine's match figures and the caveat, folded, at the end of the page."""
    items = "".join(f"<li>{escape(line)}</li>" for line in match_lines(review.record.size))
    return ('<details id="judge-figures" class="judge-figures"><summary>How strong the '
            "engine was measured to be: its matches, and what that means for its verdicts"
            f"</summary><ul>{items}</ul></details>")


def _model(review: GameReview) -> str:
    """The move model whose expected moves the page shows."""
    return review.views[0].model if review.views else "move model"


def _players(review: GameReview) -> str:
    cols = (Color.BLACK, Color.WHITE)
    head = "".join(f'<th class="num">{escape(_who(review, c))}</th>' for c in cols)
    rows: list[tuple[str, list[str]]] = []
    ranks = []
    for c in cols:
        e = review.ranks[c]
        ranks.append(f"<b>{e.rank}</b> (95 %: {e.low_rank} – {e.high_rank})" if e.available
                     else escape(e.reason))
    rows.append(("Rank from this game (paper 002)", ranks))
    pf = [review.players[c] for c in cols]
    rows += [
        ("Moves", [str(p.moves) for p in pf]),
        ("Mean points lost a move", [f"{p.mean_points_loss:.2f}" for p in pf]),
        *([("Points lost a move, 10 % trimmed mean (the statistic measured against rank)",
            [f"{p.trimmed_points_loss:.2f}" for p in pf])] if review.net is not None else []),
        ("Mean win rate lost a move", [_pct(p.mean_winrate_loss) for p in pf]),
        ("Played igo's first choice", [_pct(p.engine_agreement) for p in pf]),
        (f"Played the {_model(review)}'s first choice",
         [_pct(p.model_agreement) for p in pf]),
        (f"The {_model(review)}'s mean probability of the moves played",
         [_pct(p.mean_model_probability) for p in pf]),
    ]
    bounds = [t for _, t in CLASSES] + [float("inf")]
    for i, (name, low) in enumerate(CLASSES):
        high = bounds[i + 1]
        span = f"{low:g}–{high:g}" if high != float("inf") else f"≥ {low:g}"
        label = (f'<span class="tag" style="background:{CLASS_COLOURS[name]}">{name}</span>'
                 f" ({span} points)")
        rows.append((label, [str(p.classes[name]) for p in pf]))
    body = "".join(f"<tr><th>{label}</th>" + "".join(f'<td class="num">{v}</td>' for v in vals)
                   + "</tr>" for label, vals in rows)
    return (f'<h2>The players</h2><div class="scroll"><table><tr><th></th>{head}</tr>{body}'
            "</table></div>"
            '<p class="note">Classes by points lost, KaTrain\'s thresholds (12, 6, 3, 1.5, '
            f"0.5). {_loss_note(review)}</p>")


def _loss_note(review: GameReview) -> str:
    """How a loss is counted, by the judge the review had."""
    if review.net is None:
        return ("A loss is the mover's win rate or score before the move less the same "
                "after it, by igo's evaluations; a move that raised its player's win rate is "
                f"classed {ROSE_CAP} at most and is not among the biggest mistakes; negative "
                "losses (the engine's noise) count as 0 in the means.")
    return ("A move loses the net's score after igo's best move less the net's score after "
            "the move played (0 when it is igo's move), the mover's; a move that raised its "
            f"player's win rate is classed {ROSE_CAP} at most and is not among the biggest "
            "mistakes; negative losses count as 0 in the means.")


def _by(review: GameReview) -> str:
    if review.net is None:
        return "by igo's evaluation"
    return (f"by the net {escape(review.net.name)}, the mean of its judgements before and "
            "after igo's best move (the win rate mixed with igo's search)")


def _graphs(review: GameReview) -> str:
    mv = review.moves
    colours = [CLASS_COLOURS[m.category] for m in mv]
    wr = series_svg([100 * m.winrate_after for m in mv], low=0, high=100, middle=50,
                    title="Black's win rate after each move", css_class="graph winrate",
                    css_point="pt", colours=colours, label="{:g}%", ticks=(0, 25, 50, 75, 100))
    top = max([10.0] + [abs(m.score_after) for m in mv])
    top = float(np.ceil(top / 10) * 10)
    ticks = (-top, -top / 2, 0, top / 2, top)
    sc = series_svg([m.score_after for m in mv], low=-top, high=top, middle=0,
                    title="Black's score after each move", css_class="graph score",
                    css_point="spt", colours=colours, label="{:+g}", ticks=ticks,
                    height=160)
    legend = "".join(f'<span><i style="background:{CLASS_COLOURS[n]}"></i>{n}</span>'
                     for n, _ in CLASSES)
    return ("<h2>Win rate and score</h2>"
            "<p class=\"note\">Black's win rate (top) and score (bottom, points ahead, "
            f"komi included) after each move, {_by(review)}; a point's colour is the "
            "class of that move's loss. Click a point to see the move.</p>"
            f"{wr}{sc}<p class=\"legend\">{legend}</p>")


def _explorer(review: GameReview) -> str:
    size = review.record.size
    w = board_extent(size)
    return ('<h2 class="noprint">Move by move</h2><div class="explorer noprint">'
            f'<div><svg id="explorer-board" class="board" viewBox="0 0 {w} {w}"></svg>'
            '<div class="controls"><button id="explorer-prev" type="button">&larr;</button>'
            f'<input id="explorer-range" type="range" min="0" max="{len(review.moves)}" '
            f'value="{len(review.moves)}"><button id="explorer-next" type="button">&rarr;'
            '</button><span id="explorer-label"></span></div></div>'
            '<div id="explorer-info"><noscript>Moving through the game needs the page\'s '
            "script; the figures above and below do not.</noscript></div></div>")


def _maps(m: Moment, size: int, what: str) -> str:
    inf = inline_map(influence_svg(m.stones, m.influence), "map influence")
    out = [f'<figure>{inf}<figcaption class="cap">influence {escape(what)} (paper 003, '
           "fukui; blue Black, red White)</figcaption></figure>"]
    if m.ownership is not None:
        own = inline_map(influence_svg(m.stones, m.ownership, scale=1.0), "map ownership")
        out.append(f'<figure>{own}<figcaption class="cap">igo\'s ownership {escape(what)}'
                   "</figcaption></figure>")
    return "".join(out)


def mistake_markers(m: MoveFigures, stones: np.ndarray) -> list[Marker]:
    """The markers of a mistake's board: the engine's move and continuation numbered
    (first occurrences on empty points, at most :data:`PV_SHOWN` moves), then a red
    ring on the move played."""
    out: list[Marker] = []
    used = set()
    colour = m.color
    for n, p in enumerate(m.best_pv[:PV_SHOWN], 1):
        if p is not None and p not in used and stones[p] == 0:
            used.add(p)
            out.append(Marker(p, int(colour), str(n), "#1f4fbf" if n == 1 else ""))
        colour = colour.opponent
    if m.move is not None:
        if m.move in used:
            out.append(Marker(m.move, 0, "", "#d62d20"))
        else:
            out.append(Marker(m.move, int(m.color), "", "#d62d20", faint=True))
    return out


def _mistake(review: GameReview, m: MoveFigures, moment: Moment) -> str:
    size = review.record.size
    who = "Black" if m.color is Color.BLACK else "White"
    pv = " ".join(format_vertex(p, size) for p in m.best_pv)
    board = board_svg(moment.stones, mistake_markers(m, moment.stones),
                      css_class="board mistake-board")
    tag = f'<span class="tag" style="background:{CLASS_COLOURS[m.category]}">{m.category}</span>'
    cap = (f"<b>Move {m.number}</b>: {who} played {format_vertex(m.move, size)} {tag}, "
           f"losing {m.points_loss:.1f} points and {_pct(max(m.winrate_loss, 0))} of win rate "
           f"(Black's win rate {_pct(m.winrate_before)} &rarr; {_pct(m.winrate_after)}). "
           f"igo prefers <b>{format_vertex(m.best, size)}</b>, then {escape(pv)}.")
    if m.model_rank is not None:
        cap += (f" The {_model(review)} ranked the move played {m.model_rank} "
                f"({_pct(m.model_probability)}).")
    return (f'<figure class="mistake" data-move="{m.number}"><figcaption>{cap}</figcaption>'
            f'<div class="maps"><figure>{board}<figcaption class="cap">red ring: played; '
            "1: igo's move, then its continuation</figcaption></figure>"
            f"{_maps(moment, size, f'before move {m.number}')}</div></figure>")


def _mistakes(review: GameReview) -> str:
    out = ["<h2>Biggest mistakes</h2>"]
    for c in (Color.BLACK, Color.WHITE):
        out.append(f"<h3>{escape(_who(review, c))}</h3>")
        items = review.mistakes[c]
        if not items:
            out.append(f'<p class="note">No move lost {MISTAKE_MIN_POINTS:g} points or more '
                       "where igo preferred another.</p>")
        out += [_mistake(review, m, mo) for m, mo in items]
    return "".join(out)


def _end(review: GameReview) -> str:
    size = review.record.size
    last = review.record.moves[-1].point
    marks = [] if last is None else [Marker(last, 0, "", "#d62d20")]
    board = board_svg(review.end.stones, marks, css_class="board final-board")
    return ("<h2>The end of the game</h2>"
            f'<div class="maps"><figure>{board}<figcaption class="cap">final position'
            f"</figcaption></figure>{_maps(review.end, size, 'at the end')}</div>")


def page_data(review: GameReview) -> dict[str, Any]:
    """What the page's script reads: the stones of every position (``X`` black,
    ``O`` white, ``.`` empty) and the figures of every move."""
    chars = np.array([".", "X", "O"])
    return {
        "size": review.record.size,
        "positions": ["".join(chars[np.asarray(s, dtype=np.int64).ravel()])
                      for s in review.positions],
        "moves": [move_dict(m, review.record.size) for m in review.moves],
        "colours": CLASS_COLOURS,
        "positions_note": "the position before the first move",
        "model": _model(review),
    }


def review_html(review: GameReview) -> str:
    """The page of ``review`` (see the module docstring)."""
    data = json.dumps(page_data(review), separators=(",", ":")).replace("</", "<\\/")
    title = f"igo review: {_who(review, Color.BLACK)} vs {_who(review, Color.WHITE)}"
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
        _header(review), _judge(review), _players(review), _graphs(review),
        _explorer(review), _mistakes(review), _end(review), _judge_figures(review),
        '<p class="note">Made by igo review. Everything on this page is in this one file: '
        "it loads nothing from anywhere.</p>",
        f'<script type="application/json" id="review-data">{data}</script>',
        f"<script>{SCRIPT}</script>", "</body>", "</html>", ""])


__all__ = ["PV_SHOWN", "inline_map", "mistake_markers", "page_data", "review_html"]
