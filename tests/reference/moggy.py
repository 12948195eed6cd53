"""Reference of :mod:`igo.search._moggy_kernels` and
:mod:`igo.search._tactic_prior_kernels`: the candidate sets of the ``MOGGY`` policy's
steps and the ladder moves whose priors change, written from their docstrings with
:class:`Board` copies (simple ko, no suicide: boards made with
``reference.tactics_board.SIMPLE``).

Colours are ints (1 Black, 2 White); points are :class:`Point`. The "last move" is a
point holding the stone just played; "around the last move" means that point and its
four neighbours.

- :func:`libs_after`: liberties, up to ``cap``, of the string a move makes; a move
  that captures counts as ``cap`` (not a self-atari, whatever is left).
- :func:`bad_self_atari`: the self-atari test with ``p_reject = 1``: a move that does
  not capture, leaves its string one liberty and that
  :func:`reference.tactics_shapes.classify` calls ``BAD``.
- :func:`lone_stone_qualifies`: the moves :func:`_lone_stone_kind` is asked about.
- :func:`step1`: strings in atari around the last move: the opponent's are captured;
  an own one is saved by counter-capturing a string that holds it (then, when
  ``ccap_only``, nothing else) or else by extending at its liberty, unless the
  extension leaves it in atari or (no counter-capture, ``ladder_budget > 0``, the
  extension gives fewer than 3 liberties) the string is caught in a ladder.
- :func:`step2`: strings of two liberties around the last move: the opponent's are put
  in atari at a liberty that is not a bad self-atari unless the string has miai; own
  ones without miai extend to three liberties, capture a neighbour in atari or put in atari (same
  rule) a neighbour of two liberties.
- :func:`nakade`: the vital point of the eye space of the first empty neighbour of the
  last move (up, left, right, down) that has no stone of the mover beside it and
  fewer than three empty points beside it.
- :func:`ladder_prior_kind`: ``"escape"`` / ``"atari"`` / ``None`` for a move's prior.

Ladder readings use :mod:`reference.tactics_ladder` and raise its ``Exhausted`` when
they pass their budget (the kernels then say "not caught"; callers skip the case).
"""

from __future__ import annotations

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from reference import tactics_ladder as ladder
from reference.tactics_board import libs, neighbours, string_key
from reference.tactics_shapes import BAD, classify, vital_point


def legal(board: Board, color: int, p: Point) -> bool:
    """``color`` may play at ``p`` (simple ko, no suicide)."""
    return board[p] == 0 and board.is_legal(Color(color), p)


def captures(board: Board, color: int, p: Point) -> bool:
    """``color`` at empty ``p`` takes the last liberty of an opponent string."""
    return any(board[q] == 3 - color and libs(board, q) == {p} for q in neighbours(board, p))


def libs_after(board: Board, p: Point, color: int, cap: int) -> int:
    """Liberties, counted up to ``cap``, of the string ``color`` makes at empty ``p``
    (without removing anything); a capture counts as ``cap``."""
    if captures(board, color, p):
        return cap
    out = {q for q in neighbours(board, p) if board[q] == 0}
    for q in neighbours(board, p):
        if board[q] == color:
            out |= libs(board, q)
    out.discard(p)
    return min(len(out), cap)


def bad_self_atari(board: Board, color: int, p: Point) -> bool:
    """The self-atari test of ``color``'s legal move at ``p`` with ``p_reject = 1``."""
    if libs_after(board, p, color, 2) >= 2:
        return False
    return classify(board, color, p) == BAD


def lone_stone_qualifies(board: Board, color: int, p: Point) -> bool:
    """A legal move that touches no own stone, captures nothing and leaves its stone
    one liberty: what ``_lone_stone_kind`` is written for."""
    return (legal(board, color, p)
            and all(board[q] != color for q in neighbours(board, p))
            and not captures(board, color, p)
            and libs_after(board, p, color, 2) == 1)


def around(board: Board, last: Point) -> list[Point]:
    """One stone of each distinct string at ``last`` or next to it."""
    seen: list[frozenset[Point]] = []
    out = []
    for q in [*neighbours(board, last), last]:
        if board[q] == 0:
            continue
        k = string_key(board, q)
        if k not in seen:
            seen.append(k)
            out.append(q)
    return out


def _neighbour_strings(board: Board, q: Point) -> list[Point]:
    """One stone of each opponent string touching the string at ``q``."""
    other = 3 - int(board[q])
    seen: list[frozenset[Point]] = []
    out = []
    for s in board.string_at(q):
        for r in neighbours(board, s):
            if board[r] == other:
                k = string_key(board, r)
                if k not in seen:
                    seen.append(k)
                    out.append(r)
    return out


def step1(board: Board, color: int, last: Point, ccap_only: bool,
          ladder_budget: int, ladder_middle: bool = True,
          ladder_shape: bool = False) -> tuple[set[Point], bool]:
    """Step 1's candidates and whether an own string of 3+ stones in atari is among
    the strings looked at."""
    cand: set[Point] = set()
    force = False
    for q in around(board, last):
        ls = libs(board, q)
        if len(ls) != 1:
            continue
        (lib,) = ls
        if board[q] != color:
            if legal(board, color, lib):
                cand.add(lib)
            continue
        if len(board.string_at(q)) >= 3:
            force = True
        ccs = set()
        for g in _neighbour_strings(board, q):
            gl = libs(board, g)
            if len(gl) == 1 and legal(board, color, next(iter(gl))):
                ccs |= gl
        cand |= ccs
        if ccs and ccap_only:
            continue
        if not legal(board, color, lib) or libs_after(board, lib, color, 2) < 2:
            continue
        on_edge = min(lib.row, lib.col) == 0 or max(lib.row, lib.col) == board.size - 1
        if not ccs and ladder_budget > 0 and libs_after(board, lib, color, 3) < 3:
            if ladder_shape and on_edge:  # first-line ladders by the shape test only
                if (ladder.border_applies(board, lib, color)
                        and ladder.border_ladder(board, q)):
                    continue
            elif (ladder_middle or on_edge) and ladder.caught(board, q, ladder_budget):
                continue
        cand.add(lib)
    return cand, force


def miai(board: Board, q: Point, l0: Point, l1: Point) -> bool:
    """The string at ``q`` (liberties ``l0``, ``l1``) connects to another string of its
    colour with 2+ liberties at one liberty and connects or runs out (an empty
    neighbour besides the other liberty) at the other."""
    owner = board[q]
    key = string_key(board, q)

    def con(lib: Point) -> bool:
        return any(board[r] == owner and string_key(board, r) != key
                   and len(libs(board, r)) >= 2 for r in neighbours(board, lib))

    def out(lib: Point, other: Point) -> bool:
        return any(board[r] == 0 and r != other for r in neighbours(board, lib))

    c0, c1 = con(l0), con(l1)
    return (c0 and (c1 or out(l1, l0))) or (c1 and out(l0, l1))


def ataris_on(board: Board, color: int, q: Point) -> set[Point]:
    """``color``'s ataris of the opponent string at ``q`` when it has two liberties:
    none if it has miai, else its liberties that are legal and not bad self-ataris."""
    ls = libs(board, q)
    if len(ls) != 2:
        return set()
    l0, l1 = sorted(ls)
    if miai(board, q, l0, l1):
        return set()
    return {lib for lib in ls if legal(board, color, lib) and not bad_self_atari(board, color, lib)}


def step2(board: Board, color: int, last: Point) -> set[Point]:
    """Step 2's candidates."""
    cand: set[Point] = set()
    for q in around(board, last):
        ls = libs(board, q)
        if len(ls) != 2:
            continue
        if board[q] != color:
            cand |= ataris_on(board, color, q)
            continue
        if miai(board, q, *sorted(ls)):  # an atari cannot harm it: nothing to do
            continue
        cand |= {lib for lib in ls
                 if legal(board, color, lib) and libs_after(board, lib, color, 3) >= 3}
        for g in _neighbour_strings(board, q):
            gl = libs(board, g)
            if len(gl) == 1:
                cand |= {x for x in gl if legal(board, color, x)}
            else:
                cand |= ataris_on(board, color, g)
    return cand


def nakade(board: Board, color: int, last: Point) -> Point | None:
    """Step 3's move: the vital point of an eye space next to the last move, looked
    for from its empty neighbours with no stone of ``color`` and fewer than three
    empty points beside them."""
    for q in neighbours(board, last):
        near = [board[r] for r in neighbours(board, q)]
        if board[q] != 0 or color in near or near.count(0) >= 3:
            continue
        v = vital_point(board, q)
        if v is not None and legal(board, color, v):
            return v
    return None


def ladder_prior_kind(board: Board, color: int, p: Point, budget: int,
                      ataris: bool = True) -> str | None:
    """``"escape"`` when ``color`` at ``p`` extends an own string in atari, to fewer
    than three liberties, and such a string is caught in a ladder; else ``"atari"``
    (when ``ataris``) when it puts an opponent string of two liberties in atari and
    that string is then caught; else ``None`` (also for an illegal move)."""
    if not legal(board, color, p):
        return None
    own = [q for q in neighbours(board, p) if board[q] == color and libs(board, q) == {p}]
    if (own and libs_after(board, p, color, 3) < 3
            and any(ladder.caught(board, q, budget) for q in own)):
        return "escape"
    if ataris:
        for q in neighbours(board, p):
            if (board[q] == 3 - color and len(libs(board, q)) == 2
                    and ladder.atari_caught(board, p, q, budget)):
                return "atari"
    return None
