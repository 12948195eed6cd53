"""Reference of :mod:`igo.tactics._reading_kernels`: the same minimax, written as
two plain recursive functions over :class:`~igo.core.board.Board` copies.

The rules it implements (so the kernel's result must equal it whenever both
searches finish within their budgets; the order of the candidates, which only
changes the move picked and the time spent, is not part of them):

- attacker to move: a captured string is a ``WIN`` (for the defender to move after
  it, a ``KO_B`` when it was a single stone taken by a ko capture and nobody is
  komaster: GNU Go's convention); a string with more than
  ``max_libs(depth)`` liberties (4 before ``depth4``, 3 before ``depth3``, else 2),
  or more than one at the last ply, is a ``LOSE``; the candidates are the liberties
  (in atari, the capture), the liberty of each attacker
  string next to the target in atari and the liberty of each defender string in
  atari next to such a string, and (two liberties or fewer, ``depth <
  second_order``) the empty neighbours of the liberties, and (``depth <
  attack_backfill``) for each liberty that would be a self-atari for the attacker
  (one liberty or none, capturing nothing) its empty neighbours and the other
  liberties of the attacker's strings next to it;
- defender to move: a string with more than ``max_libs(depth + 1)`` liberties, or
  the last ply, is a ``WIN``; candidates: captures of attacker strings next to the
  target in atari, the liberties, the liberties of attacker neighbours with exactly
  two (target of at most ``chain2_libs`` liberties, ``depth < chain2``) or three
  (also two liberties or fewer and ``depth < chain3``), the empty neighbours of
  the liberties (two liberties or fewer: ``depth < backfill``; three: ``depth <
  backfill3``; four: ``depth < backfill4``), the liberties of the own strings of
  at most three liberties that touch a liberty (target of two liberties or fewer:
  ``depth < ally_defend``; three: ``depth < ally_defend3``), the liberties of
  attacker strings of at most two liberties that touch a liberty (``depth <
  lib_chain``), captures of attacker strings in atari next to the own strings that
  touch a liberty (``depth < ally_capture``), for a target of two or three
  liberties (``depth < rescue5``) the liberties off the target's, not
  self-ataris, of the attacker strings touching a liberty with at most one
  liberty more than the target and two or more in common with it, for a target of
  three liberties or fewer (``depth < chain2_backfill``), for each opponent
  neighbour of two liberties, both self-ataris for the defender, the liberties (not
  self-ataris) of the opponent's stone played on one of them when it would have
  exactly two, and below the
  root a pass (with ``no_pass_ko``, not while a ko point is set: the attacker
  has just taken a ko, which a pass would leave open);
- a single stone taken (it was one stone when the attacker moved) where the
  defender may retake at once with a stone of two liberties or more (not a ko
  capture) is a snapback (``depth < snapback``): the defender's one move is
  that retake;
- a move forbidden by the simple ko rule may be played as a conditional ko capture
  when nobody is komaster; it makes the mover komaster below, and its line is worth
  at most ``KO_B``; results back up by ``negate``; with ``ko_cap``, a ``WIN`` that
  starts with a legal ko capture (a ko point is set), nobody komaster, is a
  ``KO_A``.
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


@dataclass
class Limits:
    """The limits of :class:`igo.tactics.reading.ReadingConfig`."""

    budget: int
    max_depth: int
    depth3: int
    depth4: int
    second_order: int
    chain2: int
    backfill: int
    second_order3: int = 0
    chain2_libs: int = 2
    ally_attack: int = 0
    ally_defend: int = 0
    ko_cap: bool = False
    attack_chain2: int = 0
    chain3: int = 0
    backfill3: int = 0
    attack_backfill: int = 0
    ally_capture: int = 0
    backfill4: int = 0
    ally_attack3: int = 0
    lib_chain: int = 0
    ally_defend3: int = 0
    rescue5: int = 0
    snapback: int = 0
    no_pass_ko: bool = False
    chain2_backfill: int = 0
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


def _backfill(board: Board, lib_set: set[Point], att: int) -> set[Point]:
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


def _ally_captures(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
    """Liberties of the opponent strings in atari next to the other strings of the
    target's colour that touch its liberties."""
    out: set[Point] = set()
    for q in _friends(board, tgt, lib_set):
        for g in neighbour_strings(board, q):
            gl = libs(board, next(iter(g)))
            if len(gl) == 1:
                out |= gl
    return out


def _lib_chain(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
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


def _rescue5(board: Board, tgt: Point, lib_set: set[Point]) -> set[Point]:
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


def _chain2_backfill(board: Board, tgt: Point) -> set[Point]:
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


def attack_candidates(board: Board, tgt: Point, lim: Limits, depth: int) -> set[Point]:
    ls = libs(board, tgt)
    out = set(ls)
    for g in neighbour_strings(board, tgt):
        stone = next(iter(g))
        gl = libs(board, stone)
        if len(gl) == 2 and depth < lim.attack_chain2:
            out |= gl
        if len(gl) == 1:
            out |= gl
            for o in neighbour_strings(board, stone):
                ol = libs(board, next(iter(o)))
                if len(ol) == 1:
                    out |= ol
    if (len(ls) <= 2 and depth < lim.second_order) or (
            len(ls) == 3 and depth < lim.second_order3):
        out |= _second_order(board, ls)
    if (len(ls) == 1 or (len(ls) == 2 and depth < lim.ally_attack)
            or (len(ls) == 3 and depth < lim.ally_attack3)):
        out |= _ally_libs(board, tgt, ls, 2)
    if depth < lim.attack_backfill:
        out |= _backfill(board, ls, 3 - int(board[tgt]))
    return out


def defend_candidates(board: Board, tgt: Point, lim: Limits, depth: int) -> set[Point]:
    ls = libs(board, tgt)
    out = set(ls)
    for g in neighbour_strings(board, tgt):
        gl = libs(board, next(iter(g)))
        chain = len(ls) <= lim.chain2_libs and depth < lim.chain2
        two = len(gl) == 2 and chain
        three = len(gl) == 3 and chain and len(ls) <= 2 and depth < lim.chain3
        if len(gl) == 1 or two or three:
            out |= gl
    if ((len(ls) <= 2 and depth < lim.backfill) or (len(ls) == 3 and depth < lim.backfill3)
            or (len(ls) == 4 and depth < lim.backfill4)):
        out |= _second_order(board, ls)
    if (len(ls) <= 2 and depth < lim.ally_defend) or (len(ls) == 3 and depth < lim.ally_defend3):
        out |= _ally_libs(board, tgt, ls, 3)
    if depth < lim.lib_chain:
        out |= _lib_chain(board, tgt, ls)
    if depth < lim.ally_capture:
        out |= _ally_captures(board, tgt, ls)
    if len(ls) in (2, 3) and depth < lim.rescue5:
        out |= _rescue5(board, tgt, ls)
    if len(ls) <= 3 and depth < lim.chain2_backfill:
        out |= _chain2_backfill(board, tgt)
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
        if lim.nodes > lim.budget:
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
            if depth > 0 and not (lim.no_pass_ko and board.ko_point is not None):
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
        r = NEGATE[solve(after, tgt, att, not attacking, lim, depth + 1,
                         mover if cond else komaster, single)]
        if cond and r in (WIN, KO_A):
            r = KO_B
        elif (not cond and m is not None and r == WIN and lim.ko_cap and komaster == 0
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
