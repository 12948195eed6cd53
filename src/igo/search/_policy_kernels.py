"""Playout policies: the move a playout plays next.

- ``LIGHT``: a uniformly random legal move that does not fill one's own eye
  (:func:`igo.core._kernels.random_sensible_move`), the playouts of Ohta & Itoh.
- ``HEAVY``: a policy that knows some Go, in the spirit of MoGo's and Pachi's
  ("moggy") and michi's playouts. Near the last move, in this order, each tried with
  its probability:

  1. *captures and escapes*: capture an opponent string left in atari next to the
     last move; save an own string put in atari by extending (when that gives it two
     liberties) or by capturing one of the strings that hold it;
  2. *nakade* (``heavy_nakade`` of the search's config, off by default: it cost a
     fifth of the playouts and gained nothing against Pachi): the vital point of an
     enclosed eye space of 3-6 points next to the last move (:func:`nakade_move`, the
     ``MOGGY`` policy's step 3);
  3. *3x3 patterns*: an empty neighbour of the last move whose 3x3 surroundings
     match one of MoGo's shapes (hane, cut, side moves; table
     :func:`igo.search.patterns3.pattern3_table`), unless it is a self-atari;
  4. otherwise a random sensible move, rejecting self-ataris of strings (with a
     probability) so that playouts do not throw groups away.

All kernels here allocate nothing: candidate lists live in a scratch array.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit_inline, njit_noalloc
from igo.core._kernels import (
    BLACK,
    EMPTY,
    OK,
    WHITE,
    BoardState,
    atari_point,
    check_move,
    is_eye,
    rand_below,
    set_aside,
)
from igo.tactics._nakade_kernels import MAX_SPACE, eye_space
from igo.tactics._shape_kernels import in_set, vital_point
from igo.tactics._string_kernels import liberties_after

LIGHT = 0
HEAVY = 1


@njit_noalloc
def _nb(p: int, k: int, w: int) -> int:
    return p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))


@njit_noalloc
def _nb8(p: int, k: int, w: int) -> int:
    if k < 4:
        return _nb(p, k, w)
    return p + (-w - 1 if k == 4 else (-w + 1 if k == 5 else (w - 1 if k == 6 else w + 1)))


@njit_noalloc
def _self_atari(s: BoardState, p: int, c: int) -> bool:
    return liberties_after(s, p, c) < 2


@njit_noalloc
def _add(cand: np.ndarray, n: int, p: int) -> int:
    """Append ``p`` to the candidates unless the array is full; the new count."""
    if n < cand.shape[0]:
        cand[n] = p
        return n + 1
    return n


@njit_inline
def _capture_escape(s: BoardState, c: int, last: int, cand: np.ndarray) -> int:
    """Candidates of step 1 around ``last``; returns their number (at most the
    length of ``cand``). Each string next to ``last`` is looked at once."""
    w = s.meta[0] + 2
    n = 0
    for k in range(9):
        q = last if k == 8 else _nb8(last, k, w)
        cq = s.color[q]
        if cq != BLACK and cq != WHITE:
            continue
        h = s.head[q]
        lib = atari_point(s, h)  # O(1), so before the rarer duplicate test
        if lib == 0:
            continue
        dup = False
        for j in range(k):
            r = _nb8(last, j, w)
            if (s.color[r] == BLACK or s.color[r] == WHITE) and s.head[r] == h:
                dup = True
                break
        if dup:
            continue
        if cq != c:
            n = _add(cand, n, lib)
            continue
        if liberties_after(s, lib, c) >= 2:  # extend out of atari
            n = _add(cand, n, lib)
        x = h  # capture a string that holds ours in atari
        while True:
            for j in range(4):
                r = _nb(x, j, w)
                if s.color[r] == 3 - c:
                    lr = atari_point(s, s.head[r])
                    if lr != 0:
                        n = _add(cand, n, lr)
            x = s.nxt[x]
            if x == h:
                break
    return n


@njit_noalloc
def pattern3_code(s: BoardState, p: int) -> int:
    """Code of the 8 neighbours of ``p`` (2 bits each: empty, black, white, off-board)."""
    w = s.meta[0] + 2
    code = 0
    for k in range(8):
        code |= int(s.color[_nb8(p, k, w)]) << (2 * k)
    return code


@njit_inline
def _patterns(s: BoardState, last: int, pat3: np.ndarray, cand: np.ndarray) -> int:
    w = s.meta[0] + 2
    n = 0
    for k in range(8):
        q = _nb8(last, k, w)
        if s.color[q] == EMPTY and pat3[pattern3_code(s, q)]:
            n = _add(cand, n, q)
    return n


@njit_inline
def _pick_legal(s: BoardState, c: int, cand: np.ndarray, n: int, suicide_ok: bool,
                rng: np.ndarray, avoid_self_atari: bool) -> int:
    """A random legal candidate (not a self-atari if asked), 0 if none."""
    while n > 0:
        i = rand_below(rng, n)
        p = cand[i]
        if check_move(s, p, c, suicide_ok) == OK and not (
                avoid_self_atari and _self_atari(s, p, c)):
            return p
        n -= 1
        cand[i] = cand[n]
    return 0


@njit_inline
def _random_move(s: BoardState, c: int, suicide_ok: bool, rng: np.ndarray,
                 p_reject: float) -> int:
    """Random sensible move; a self-atari of a string (two or more stones after the
    move) is rejected with probability ``p_reject`` (then the next candidate)."""
    tried = s.meta[1]
    w = s.meta[0] + 2
    while tried > 0:
        i = rand_below(rng, tried)
        p = s.empties[i]
        ok = not is_eye(s, p, c) and check_move(s, p, c, suicide_ok) == OK
        if ok and p_reject > 0.0:
            big = False  # the move joins a string: only then can it be rejected
            for k in range(4):
                if s.color[_nb(p, k, w)] == c:
                    big = True
            if big and liberties_after(s, p, c) < 2 and rand_below(rng, 1000) < p_reject * 1000:
                ok = False
        if ok:
            return p
        tried -= 1
        set_aside(s, i, tried)
    return 0


@njit_inline
def _legal(s: BoardState, p: int, c: int, suicide_ok: bool) -> bool:
    return p > 0 and s.color[p] == EMPTY and check_move(s, p, c, suicide_ok) == OK


@njit_inline
def nakade_move(s: BoardState, pts: np.ndarray, c: int, last: int, suicide_ok: bool) -> int:
    """The vital point of an eye space of the last mover's that touches its move (an
    empty neighbour of the last move with none of ``c``'s stones beside it;
    :func:`igo.tactics._nakade_kernels.nakade_point`, each region flooded once), 0 if
    none. A neighbour with three empty neighbours is taken for open ground and not
    flooded: a third fewer floods on 9x9, half on 19x19, and the same vital point
    found in 99 % of heavy playouts' positions (2,000 9x9 playouts, 300 19x19;
    ``experiments/tabu_mcts/nakade_floods.py``); Pachi's test, two empty points on
    opposite sides of the last move, misses 30-40 % of them. ``pts`` (int32, longer
    than ``MAX_SPACE``) holds the flood. The nakade step of the ``HEAVY`` and ``MOGGY``
    policies."""
    w = s.meta[0] + 2
    seen = 0  # points of the region flooded last (still in ``pts``)
    for k in range(4):
        q = _nb(last, k, w)
        if s.color[q] != EMPTY or in_set(pts, seen, q):
            continue
        mine = False
        empty = 0
        for j in range(4):
            cj = s.color[_nb(q, j, w)]
            mine = mine or cj == c
            empty += cj == EMPTY
        if mine or empty >= 3:  # three empty neighbours: open ground, not flooded
            continue
        n, owner = eye_space(s, q, pts, True)
        seen = n
        if owner == 0 or n < 3 or n > MAX_SPACE:
            continue
        v = vital_point(pts, n, w)
        if v != 0 and _legal(s, v, c, suicide_ok):
            return v
    return 0


@njit_inline
def heavy_move(s: BoardState, c: int, last: int, suicide_ok: bool, rng: np.ndarray,
               pat3: np.ndarray, cand: np.ndarray, pts: np.ndarray, p_capture: float,
               p_nakade: float, p_pattern: float, p_reject: float, reply: int = 0) -> int:
    """The ``HEAVY`` policy's move for ``c`` (padded point, 0 = pass); ``pts`` is the
    nakade step's work array (int32, longer than ``MAX_SPACE``). ``reply``, when not 0,
    is played if the captures and escapes step plays nothing (a last good reply of the
    search's ``lgrf``, already found sensible)."""
    if last > 0:
        if rand_below(rng, 1000) < p_capture * 1000:
            n = _capture_escape(s, c, last, cand)
            p = _pick_legal(s, c, cand, n, suicide_ok, rng, False)
            if p != 0:
                return p
        if reply > 0:
            return reply
        if p_nakade > 0.0 and rand_below(rng, 1000) < p_nakade * 1000:
            p = nakade_move(s, pts, c, last, suicide_ok)
            if p != 0:
                return p
        if rand_below(rng, 1000) < p_pattern * 1000:
            n = _patterns(s, last, pat3, cand)
            p = _pick_legal(s, c, cand, n, suicide_ok, rng, True)
            if p != 0:
                return p
    return _random_move(s, c, suicide_ok, rng, p_reject)
