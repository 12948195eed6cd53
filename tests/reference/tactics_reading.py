"""Reference of :mod:`igo.tactics._reading_kernels`: the same minimax, written as
two plain recursive functions over :class:`~igo.core.board.Board` copies.

The rules it implements (so the kernel's result must equal it whenever both searches
finish within their budgets; the order of the candidates — generated, or sorted by GNU
Go's ``order_moves`` scores with ``def_order`` — which only changes the move picked and
the time spent, is not part of them):

- attacker to move: a captured string is a ``WIN`` (for the defender to move after it, a
  ``KO_B`` when it was a single stone taken by a ko capture and nobody is komaster: GNU
  Go's convention); a string with more than ``max_libs(depth)`` liberties (4 before
  ``depth4``, 3 before ``depth3``, else 2), or more than one at the last ply, is a
  ``LOSE``; the candidates are the liberties (in atari, the capture), the liberty of
  each attacker string next to the target in atari and the liberty of each defender
  string in atari next to such a string, and (two liberties or fewer, ``depth <
  att_second_order``) the empty neighbours of the liberties, and (``depth <
  att_backfill``) for each liberty that would be a self-atari for the attacker (one
  liberty or none, capturing nothing) its empty neighbours and the other liberties of
  the attacker's strings next to it, and (two or three liberties, ``depth <
  att_superstring``; two, ``depth < att_superstring_2libs``) the superstring moves
  (``_superstring``), (two, ``depth < att_back_capture``) ``_back_capture``'s, (in
  atari, ``depth < att_backfill_atari``) ``_backfill_atari``'s;
- defender to move: a string with more than ``max_libs(depth + 1)`` liberties, or the
  last ply, is a ``WIN``; candidates: captures of attacker strings next to the target in
  atari, the liberties, the liberties of attacker neighbours with exactly two (target of
  at most ``def_break_chain2_max_libs`` liberties, ``depth < def_break_chain2``, and for
  a target in atari ``depth < def_break_chain_in_atari``) or three (also two liberties
  or fewer and ``depth < def_break_chain3``), the empty neighbours of the liberties (two
  liberties or fewer: ``depth < def_second_order``; three: ``depth <
  def_second_order_3libs``; four: ``depth < def_second_order_4libs``), the liberties of
  the own strings of at most three liberties that touch a liberty (target of two
  liberties or fewer: ``depth < def_ally_libs``; three: ``depth <
  def_ally_libs_3libs``), the liberties of attacker strings of at most two liberties
  that touch a liberty (``depth < def_attack_blockers``), captures of attacker strings
  in atari next to the own strings that touch a liberty (``depth <
  def_capture_near_allies``), for a target of two or three liberties (``depth <
  def_attack_sharing``) the liberties off the target's, not self-ataris, of the attacker
  strings touching a liberty with at most one liberty more than the target and two or
  more in common with it, for a target of three liberties or fewer (``depth <
  def_break_chain2_backfill``), for each opponent neighbour of two liberties, both
  self-ataris for the defender, the liberties (not self-ataris) of the opponent's stone
  played on one of them when it would have exactly two, for a target of two liberties or
  more (``depth < def_superstring``) the superstring moves (see ``_superstring``), for
  two liberties (``depth < def_backfill``) ``_def_backfill``'s, for three or more
  (``depth < def_edge_clamp``) ``_edge_clamp``'s, for two or more (``depth <
  def_superstring_break``) ``_superstring_break``'s, and below the root a pass (with
  ``no_pass_at_ko``, not while a ko point is set: the attacker has just taken a ko,
  which a pass would leave open; with ``no_pass_in_atari``, not for a target in atari);
- a single stone taken (it was one stone when the attacker moved) where the defender may
  retake at once with a stone of two liberties or more (not a ko capture) is a snapback
  (``depth < snapback``): the defender's one move is that retake;
- a move forbidden by the simple ko rule may be played as a conditional ko capture when
  nobody is komaster; it makes the mover komaster below, and its line is worth at most
  ``KO_B``; results back up by ``negate``; with ``ko_capture_is_ko``, a ``WIN`` that
  starts with a legal ko capture (a ko point is set), nobody komaster, is a ``KO_A``;
  with ``gray_ko`` (GNU Go's gray komaster), a legal ko capture by the komaster's
  opponent makes the komaster gray (``komaster + 2``) below, where no ko capture at all
  may be played (with bit 2, the komaster's own legal ko captures are not played
  either).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igo.core.board import Board
from igo.core.coords import Point
from reference.tactics_board import (
    is_ko_forbidden,
    libs,
    neighbour_strings,
    neighbours,
    try_move,
)

LOSE, WIN, KO_A, KO_B = 0, 1, 2, 3
RANK = {LOSE: 0, KO_B: 1, KO_A: 2, WIN: 3}
NEGATE = {LOSE: WIN, WIN: LOSE, KO_A: KO_B, KO_B: KO_A}


class Exhausted(Exception):
    """The reference ran out of its node budget."""


@dataclass(kw_only=True)
class Limits:
    """The limits of :class:`igo.tactics.reading_config.ReadingConfig`, of the same
    names, in its order (all but ``def_order`` and ``budget_root_loses``)."""

    # the limits
    node_budget: int
    max_depth: int
    depth3: int
    depth4: int
    # the attacker's moves
    att_second_order: int
    att_second_order_3libs: int = 0
    att_cut_off: int = 0
    att_cut_off_3libs: int = 0
    att_reinforce: int = 0
    att_backfill: int = 0
    att_superstring: int = 0
    att_superstring_2libs: int = 0
    att_back_capture: int = 0
    att_backfill_atari: int = 0
    # the defender's moves
    def_break_chain2: int
    def_break_chain2_max_libs: int = 2
    def_break_chain3: int = 0
    def_break_chain_in_atari: int = 200
    def_break_chain2_backfill: int = 0
    def_second_order: int
    def_second_order_3libs: int = 0
    def_second_order_4libs: int = 0
    def_ally_libs: int = 0
    def_ally_libs_3libs: int = 0
    def_attack_blockers: int = 0
    def_capture_near_allies: int = 0
    def_attack_sharing: int = 0
    def_superstring: int = 0
    def_superstring_break: int = 0
    def_backfill: int = 0
    def_edge_clamp: int = 0
    # the rules
    snapback: int = 0
    no_pass_at_ko: bool = False
    no_pass_in_atari: bool = False
    ko_capture_is_ko: bool = False
    gray_ko: int = 0
    nodes: int = field(default=0)

    def max_libs(self, depth: int) -> int:
        return 4 if depth < self.depth4 else (3 if depth < self.depth3 else 2)


def _second_order(board: Board, lib_set: set[Point]) -> set[Point]:
    return {q for p in lib_set for q in neighbours(board, p) if board[q] == 0}


def _friends(board: Board, tgt: Point, lib_set: set[Point]) -> list[Point]:
    """A stone of each touch of the target colour's other strings on its liberties."""
    own = board[tgt]
    mine = set(board.string_at(tgt))
    return [q for p in lib_set for q in neighbours(board, p)
            if board[q] == own and q not in mine]


def _ally_libs(board: Board, tgt: Point, lib_set: set[Point], most: int) -> set[Point]:
    """Liberties of the other strings of the target's colour touching its liberties,
    for those with at most ``most`` liberties."""
    out: set[Point] = set()
    for q in _friends(board, tgt, lib_set):
        ql = libs(board, q)
        if len(ql) <= most:
            out |= ql
    return out


def _self_atari(board: Board, p: Point, c: int) -> bool:
    """Would ``c``'s stone at the empty ``p`` have one liberty or none, capturing
    nothing?"""
    near = neighbours(board, p)
    if any(board[q] == 3 - c and len(libs(board, q)) == 1 for q in near):
        return False
    lib = {q for q in near if board[q] == 0}
    for q in near:
        if board[q] == c:
            lib |= libs(board, q)
    lib.discard(p)
    return len(lib) < 2


def _att_backfill(board: Board, lib_set: set[Point], att: int) -> set[Point]:
    """For each liberty that is a self-atari for the attacker: its empty
    neighbours and the other liberties of the attacker's strings next to it."""
    out: set[Point] = set()
    for p in lib_set:
        if not _self_atari(board, p, att):
            continue
        for q in neighbours(board, p):
            if board[q] == 0:
                out.add(q)
            elif board[q] == att:
                out |= libs(board, q) - {p}
    return out


def _captures_near_allies(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
    """Liberties of the opponent strings in atari next to the other strings of the
    target's colour that touch its liberties."""
    out: set[Point] = set()
    for q in _friends(board, tgt, lib_set):
        for g in neighbour_strings(board, q):
            gl = libs(board, next(iter(g)))
            if len(gl) == 1:
                out |= gl
    return out


def _attack_blockers(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
    """Liberties of the opponent strings of at most two liberties that touch one of
    the target's liberties."""
    opp = 3 - int(board[tgt])
    out: set[Point] = set()
    for p in lib_set:
        for q in neighbours(board, p):
            if board[q] == opp:
                ql = libs(board, q)
                if len(ql) <= 2:
                    out |= ql
    return out


def _attack_sharing(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
    """The liberties, off the target's and not self-ataris for it, of the opponent
    strings touching its liberties that have at most one liberty more than the target
    and two or more in common with it."""
    own = int(board[tgt])
    out: set[Point] = set()
    for p in lib_set:
        for q in neighbours(board, p):
            if board[q] == 3 - own:
                ql = libs(board, q)
                if len(ql) <= len(lib_set) + 1 and len(ql & lib_set) >= 2:
                    out |= {x for x in ql - lib_set if not _self_atari(board, x, own)}
    return out


def _libs_at(board: Board, p: Point, c: int) -> set[Point]:
    """The liberties of ``c``'s string after playing at the empty ``p``, captures
    ignored."""
    out = {q for q in neighbours(board, p) if board[q] == 0}
    for q in neighbours(board, p):
        if board[q] == c:
            out |= libs(board, q)
    out.discard(p)
    return out


def _break_chain2_backfill(board: Board, tgt: Point) -> set[Point]:
    """For each opponent neighbour of two liberties, both self-ataris for the
    target's colour: where the opponent, playing one of them, would have exactly two
    liberties, those of them that are not self-ataris for the target's colour."""
    own = int(board[tgt])
    out: set[Point] = set()
    for g in neighbour_strings(board, tgt):
        gl = libs(board, next(iter(g)))
        if len(gl) != 2 or not all(_self_atari(board, q, own) for q in gl):
            continue
        for q in gl:
            la = _libs_at(board, q, 3 - own)
            if len(la) == 2:
                out |= {x for x in la if not _self_atari(board, x, own)}
    return out


def _color(board: Board, p: Point) -> int:
    """The colour at ``p``, 3 off the board."""
    return int(board[p]) if p.on_board(board.size) else 3


def _add(p: Point, d: tuple[int, int], k: int = 1) -> Point:
    return Point(p.row + k * d[0], p.col + k * d[1])


#: the four directions, each a quarter turn from the one before
TURNS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _capped_libs(board: Board, p: Point, c: int, cap: int) -> int:
    """``len(_libs_at(board, p, c))`` counted up to ``cap``."""
    return min(len(_libs_at(board, p, c)), cap)


def _superstring_libs(board: Board, tgt: Point, cap: int) -> set[Point] | None:
    """The liberties of the target's superstring (the target and the strings of
    :func:`_superstring_members`); ``None`` when the target has more than ``cap``."""
    if len(libs(board, tgt)) > cap:
        return None
    out = set(libs(board, tgt))
    for g in _superstring_members(board, tgt, cap):
        out |= libs(board, next(iter(g)))
    return out


def _superstring_members(board: Board, tgt: Point, cap: int) -> list[frozenset[Point]]:
    """The other strings of the target's superstring: its colour's strings joined to
    it through an empty point that is a self-atari for the opponent, by a bamboo
    joint, or diagonally with both points between empty, each counted (and followed)
    only with at most ``cap`` liberties."""
    c = int(board[tgt])
    first = frozenset(board.string_at(tgt))
    seen = {first}
    todo = [first]
    out: list[frozenset[Point]] = []
    while todo:
        g = todo.pop()
        for pos in g:
            for k in range(4):
                right, up = TURNS[k], TURNS[(k + 1) % 4]
                ap = _add(pos, right)
                if not ap.on_board(board.size):
                    continue
                bp = _add(ap, up)
                found: list[Point] = []
                if board[ap] == 0:
                    if _self_atari(board, ap, 3 - c):
                        found = [bp, _add(ap, right), _add(ap, up, -1)]
                    elif _color(board, bp) == c and _color(board, _add(pos, up)) == 0:
                        found = [bp]
                elif (board[ap] == c and _color(board, bp) == 0
                      and _color(board, _add(pos, up)) == 0
                      and _color(board, _add(bp, up)) == c
                      and _color(board, _add(pos, up, 2)) == c):
                    found = [_add(pos, up, 2)]
                for x in found:
                    if _color(board, x) != c:
                        continue
                    key = frozenset(board.string_at(x))
                    if key in seen:
                        continue
                    seen.add(key)
                    if len(libs(board, x)) <= cap:
                        out.append(key)
                        todo.append(key)
    return out


def _superstring_break(board: Board, tgt: Point) -> set[Point]:
    """GNU Go's ``superstring_break_chain_moves``: for the attacker strings next to
    the other strings of the superstring (of at most 4 liberties), the capture of
    those in atari, the liberties (not self-ataris) of those of 2 or 3."""
    dfn = int(board[tgt])
    out: set[Point] = set()
    for g in _superstring_members(board, tgt, 4):
        for link in neighbour_strings(board, next(iter(g))):
            ll = libs(board, next(iter(link)))
            if len(ll) == 1:
                out |= ll
            elif len(ll) <= 3:
                out |= {q for q in ll if not _self_atari(board, q, dfn)}
    return out


def _special_rescue_at(board: Board, lib: Point, dfn: int, nl: int) -> set[Point]:
    """GNU Go's ``special_rescue_moves`` at ``lib``: when the attacker's stone there
    would have at most 2 liberties (captures ignored), its empty neighbours, not
    self-ataris for the defender unless that stone would have one; for 4 liberties,
    only those with two empty neighbours where the attacker would have fewer than 3."""
    att = 3 - dfn
    ol = _capped_libs(board, lib, att, 3)
    if ol > 2:
        return set()
    out: set[Point] = set()
    for r in neighbours(board, lib):
        if board[r] != 0 or (ol > 1 and _self_atari(board, r, dfn)):
            continue
        if nl > 3 and sum(1 for t in neighbours(board, r)
                          if board[t] == 0 and _capped_libs(board, t, att, 3) < 3) < 2:
            continue
        out.add(r)
    return out


def _superstring(board: Board, tgt: Point, attacking: bool) -> set[Point]:
    """GNU Go's ``superstring_moves``: when the superstring (strings of at most 3
    liberties, 4 for a target of 4) has at most 5 liberties, those off the target
    where the attacker would have 2 liberties or more (not a self-atari); the
    attacker's backfill where its stone would have exactly one liberty (the point
    of that liberty, when its stone there would have 3 or more); the defender's
    special rescues at each."""
    c = int(board[tgt])
    att = 3 - c
    ls = libs(board, tgt)
    ss = _superstring_libs(board, tgt, 4 if len(ls) >= 4 else 3)
    if ss is None or len(ss) > 5:
        return set()
    out: set[Point] = set()
    for q in ss - ls:
        if not _self_atari(board, q, att):
            out.add(q)
        elif attacking and not _captures(board, q, att):
            la = _libs_at(board, q, att)
            if len(la) == 1:
                x = next(iter(la))
                if _capped_libs(board, x, att, 3) >= 3:
                    out.add(x)
        if not attacking:
            out |= _special_rescue_at(board, q, c, len(ls))
    return out


def _captures(board: Board, p: Point, c: int) -> bool:
    """Would ``c``'s stone at ``p`` capture something?"""
    return any(board[q] == 3 - c and len(libs(board, q)) == 1 for q in neighbours(board, p))


def _def_backfill(board: Board, tgt: Point) -> set[Point]:
    """GNU Go's ``defend2`` backfilling: for a liberty that is a self-atari for the
    attacker, the liberties (at most 5 of them) the defender's stone there would
    have, not self-ataris, next to a defender stone; for a liberty where the
    attacker's stone would have at most 2, those, not self-ataris for the defender."""
    dfn = int(board[tgt])
    out: set[Point] = set()
    for a in libs(board, tgt):
        if _self_atari(board, a, 3 - dfn):
            la = _libs_at(board, a, dfn)
            if len(la) <= 5:
                out |= {x for x in la if not _self_atari(board, x, dfn)
                        and any(board[q] == dfn for q in neighbours(board, x))}
        lb = _libs_at(board, a, 3 - dfn)
        if len(lb) <= 2:
            out |= {x for x in lb if not _self_atari(board, x, dfn)}
    return out


def _back_capture(board: Board, tgt: Point) -> set[Point]:
    """For a liberty where the attacker's stone would have one liberty (captures
    ignored), the liberties of the target colour's strings in atari next to the
    attacker's strings beside that liberty (GNU Go's back-capture)."""
    att = 3 - int(board[tgt])
    out: set[Point] = set()
    for a in libs(board, tgt):
        la = _libs_at(board, a, att)
        if len(la) != 1:
            continue
        for b in neighbours(board, next(iter(la))):
            if board[b] == att:
                for g in neighbour_strings(board, b):
                    gl = libs(board, next(iter(g)))
                    if len(gl) == 1:
                        out |= gl
    return out


def _backfill_atari(board: Board, tgt: Point) -> set[Point]:
    """GNU Go's ``attack1`` backfilling: the liberties (at most 5) the defender's
    stone on the last liberty would have, not self-ataris for the attacker."""
    dfn = int(board[tgt])
    (lib,) = libs(board, tgt)
    la = _libs_at(board, lib, dfn)
    if len(la) > 5:
        return set()
    return {x for x in la if not _self_atari(board, x, 3 - dfn)}


def _edge_clamp(board: Board, tgt: Point) -> set[Point]:
    """GNU Go's ``special_rescue6``: a liberty ``a`` on the edge beside a target stone
    ``b``, an attacker stone ``c`` beside ``b``, ``a``'s neighbour that way and the
    point beside ``c`` across from ``b`` empty: that point (not a self-atari, ``c`` of
    3 liberties or fewer, the point beyond ``b`` empty or an attacker string of 4 or
    fewer), or with the points beyond ``a`` and ``c`` empty and a defender stone
    beyond ``c`` diagonally, both that point and the one beyond ``c``."""
    dfn = int(board[tgt])
    att = 3 - dfn
    mine = set(board.string_at(tgt))
    out: set[Point] = set()
    for a in libs(board, tgt):
        for k in range(4):
            right = TURNS[k]
            if _add(a, right, -1).on_board(board.size):
                continue
            b = _add(a, right)
            if b not in mine:
                continue
            for sgn in (1, -1):
                up = (TURNS[(k + 1) % 4][0] * sgn, TURNS[(k + 1) % 4][1] * sgn)
                c = _add(b, up)
                cr = _add(c, right)
                if _color(board, c) != att or _color(board, _add(a, up)) != 0:
                    continue
                if _color(board, cr) != 0:
                    continue
                if (_color(board, _add(a, up, 2)) == 0 and _color(board, _add(c, up)) == 0
                        and _color(board, _add(cr, up)) == dfn):
                    out |= {cr, _add(c, up)}
                elif (len(libs(board, c)) <= 3
                      and (_color(board, _add(b, right)) == 0
                           or (_color(board, _add(b, right)) == att
                               and len(libs(board, _add(b, right))) <= 4))
                      and not _self_atari(board, cr, dfn)):
                    out.add(cr)
    return out


def attack_candidates(board: Board, tgt: Point, lim: Limits, depth: int) -> set[Point]:
    ls = libs(board, tgt)
    out = set(ls)
    for g in neighbour_strings(board, tgt):
        stone = next(iter(g))
        gl = libs(board, stone)
        if len(gl) == 2 and depth < lim.att_reinforce:
            out |= gl
        if len(gl) == 1:
            out |= gl
            for o in neighbour_strings(board, stone):
                ol = libs(board, next(iter(o)))
                if len(ol) == 1:
                    out |= ol
    if (len(ls) <= 2 and depth < lim.att_second_order) or (
            len(ls) == 3 and depth < lim.att_second_order_3libs):
        out |= _second_order(board, ls)
    if (len(ls) == 1 or (len(ls) == 2 and depth < lim.att_cut_off)
            or (len(ls) == 3 and depth < lim.att_cut_off_3libs)):
        out |= _ally_libs(board, tgt, ls, 2)
    if depth < lim.att_backfill:
        out |= _att_backfill(board, ls, 3 - int(board[tgt]))
    if ((len(ls) in (2, 3) and depth < lim.att_superstring)
            or (len(ls) == 2 and depth < lim.att_superstring_2libs)):
        out |= _superstring(board, tgt, True)
    if len(ls) == 2 and depth < lim.att_back_capture:
        out |= _back_capture(board, tgt)
    if len(ls) == 1 and depth < lim.att_backfill_atari:
        out |= _backfill_atari(board, tgt)
    return out


def defend_candidates(board: Board, tgt: Point, lim: Limits, depth: int) -> set[Point]:
    ls = libs(board, tgt)
    out = set(ls)
    for g in neighbour_strings(board, tgt):
        gl = libs(board, next(iter(g)))
        chain = (len(ls) <= lim.def_break_chain2_max_libs and depth < lim.def_break_chain2
                 and (len(ls) > 1 or depth < lim.def_break_chain_in_atari))
        two = len(gl) == 2 and chain
        three = len(gl) == 3 and chain and len(ls) <= 2 and depth < lim.def_break_chain3
        if len(gl) == 1 or two or three:
            out |= gl
    if ((len(ls) <= 2 and depth < lim.def_second_order)
            or (len(ls) == 3 and depth < lim.def_second_order_3libs)
            or (len(ls) == 4 and depth < lim.def_second_order_4libs)):
        out |= _second_order(board, ls)
    if ((len(ls) <= 2 and depth < lim.def_ally_libs)
            or (len(ls) == 3 and depth < lim.def_ally_libs_3libs)):
        out |= _ally_libs(board, tgt, ls, 3)
    if depth < lim.def_attack_blockers:
        out |= _attack_blockers(board, tgt, ls)
    if depth < lim.def_capture_near_allies:
        out |= _captures_near_allies(board, tgt, ls)
    if len(ls) in (2, 3) and depth < lim.def_attack_sharing:
        out |= _attack_sharing(board, tgt, ls)
    if len(ls) <= 3 and depth < lim.def_break_chain2_backfill:
        out |= _break_chain2_backfill(board, tgt)
    if len(ls) >= 2 and depth < lim.def_superstring:
        out |= _superstring(board, tgt, False)
    if len(ls) == 2 and depth < lim.def_backfill:
        out |= _def_backfill(board, tgt)
    if len(ls) >= 3 and depth < lim.def_edge_clamp:
        out |= _edge_clamp(board, tgt)
    if len(ls) >= 2 and depth < lim.def_superstring_break:
        out |= _superstring_break(board, tgt)
    return out


def _snapback(board: Board, tgt: Point, dfn: int) -> bool:
    """May ``dfn`` retake at the empty ``tgt`` (legally, not by a ko capture) with a
    stone of two liberties or more?"""
    if is_ko_forbidden(board, dfn, tgt):
        return False
    after = try_move(board, dfn, tgt)
    return after is not None and len(libs(after, tgt)) >= 2


def solve(board: Board, tgt: Point, att: int, attacking: bool, lim: Limits, depth: int,
          komaster: int, single: bool = False) -> int:
    """Result for the side to move (GNU Go's codes). ``single``: the target was one
    stone when the attacker last moved."""
    lim.nodes += 1
    moves: list[Point | None]
    if board[tgt] != 3 - att:
        if not attacking and board.ko_point == tgt and komaster == 0:
            return KO_B  # taken by a ko capture: the defender may retake after a threat
        if not (not attacking and 0 < depth < lim.snapback and single
                and _snapback(board, tgt, 3 - att)):
            return WIN if attacking else LOSE
        moves = [tgt]  # a snapback: the defender retakes
    else:
        if lim.nodes > lim.node_budget:
            raise Exhausted
        nl = len(libs(board, tgt))
        last = depth + 1 >= lim.max_depth
        if attacking:
            if nl > lim.max_libs(depth) or (last and nl > 1):
                return LOSE
            single = len(board.string_at(tgt)) == 1
            moves = list(attack_candidates(board, tgt, lim, depth))
        else:
            if nl > lim.max_libs(depth + 1) or last:
                return WIN
            moves = list(defend_candidates(board, tgt, lim, depth))
            if (depth > 0 and not (lim.no_pass_at_ko and board.ko_point is not None)
                    and not (lim.no_pass_in_atari and nl == 1)):
                moves.append(None)
    mover = att if attacking else 3 - att
    best = LOSE
    for m in moves:
        cond = m is not None and is_ko_forbidden(board, mover, m)
        if cond and komaster != 0:
            continue
        after = try_move(board, mover, m, force_ko=cond)
        if after is None:
            continue
        below = mover if cond else komaster
        if not cond and m is not None and komaster != 0 and after.ko_point is not None:
            if komaster > 2 or (komaster == mover and lim.gray_ko & 2):
                continue  # gray: no ko capture at all (bit 2: nor the komaster's own)
            if komaster != mover and lim.gray_ko & 1:
                below = komaster + 2  # the komaster's opponent takes another ko: gray
        r = NEGATE[solve(after, tgt, att, not attacking, lim, depth + 1, below, single)]
        if cond and r in (WIN, KO_A):
            r = KO_B
        elif (not cond and m is not None and r == WIN and lim.ko_capture_is_ko and komaster == 0
              and after.ko_point is not None):
            r = KO_A  # won by a ko capture the opponent may retake after a threat
        if RANK[r] > RANK[best]:
            best = r
    return best


def read(board: Board, tgt: Point, attacking: bool, lim: Limits) -> int:
    """Top-level question on the string at ``tgt`` (the attacker is the colour that
    does not own it). Raises :class:`Exhausted` past the budget."""
    att = 3 - int(board[tgt])
    return solve(board, tgt, att, attacking, lim, 0, 0)
