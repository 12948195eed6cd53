"""Numba kernels of the rules engine (see :mod:`igo.core.board` for the public API).

Board state lives in a :class:`BoardState` named tuple of arrays over the *padded*
board: ``W = size + 2`` columns, ``A = W * W`` points, the frame holding ``BORDER``.
Strings are kept incrementally, as in Pachi and GNU Go:

- ``head[p]``: representative stone of the string at ``p`` (0 where empty);
- ``nxt[p]``: next stone of the same string (a circular list);
- ``libs[h]``: *pseudo-liberties* of the string with head ``h`` — the number of
  (stone, empty neighbour) pairs. It is 0 exactly when the string has no liberty,
  which is all capture and suicide need; real liberties are counted on demand;
- ``lsq[h]``: over those pairs, the sum of the points (low 32 bits) and of their
  squares (high bits) in one integer, so that one addition updates both. A string is
  in atari exactly when ``libs * sum_of_squares == sum ** 2`` (all its
  pseudo-liberties are one point, by Cauchy-Schwarz), and that point is
  ``sum // libs``: :func:`atari_point` answers in O(1) what would otherwise walk the
  string (a known trick of fast Go boards);
- ``gsize[h]``: number of stones of the string;
- ``empties[:meta[N_EMPTY]]`` and ``epos``: the empty points, with O(1) removal;
- ``meta``: the scalars (see the ``M_*`` indices), ``hashv[0]`` the Zobrist hash of
  the stones (positional: the side to move is not part of it).

Kernels return status codes (``OK``, ``OCCUPIED``, ``SUICIDE``, ``KO``) and never raise;
``igo.core.board.Board`` turns codes into exceptions.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from igo._jit import njit, njit_inline, njit_noalloc

EMPTY = 0
BLACK = 1
WHITE = 2
BORDER = 3

OK = 0
OCCUPIED = 1
SUICIDE = 2
KO = 3

M_SIZE = 0
M_N_EMPTY = 1
M_KO_POINT = 2  # padded index of the point the opponent may not retake, 0 if none
M_KO_COLOR = 3  # colour forbidden to play at the ko point
M_CAPS_BLACK = 4  # stones captured by Black so far
M_CAPS_WHITE = 5
M_LAST_CAPTURED = 6  # stones removed by the last move (own stones for a suicide)
META_LEN = 8


class BoardState(NamedTuple):
    """Arrays of one position; see the module docstring."""

    color: np.ndarray  # int8[A]
    head: np.ndarray  # int32[A]
    nxt: np.ndarray  # int32[A]
    libs: np.ndarray  # int32[A]
    lsq: np.ndarray  # int64[A]: sums < 2 ** 32 and sums of squares < 2 ** 31 (25x25)
    gsize: np.ndarray  # int32[A]
    empties: np.ndarray  # int32[A]
    epos: np.ndarray  # int32[A]
    meta: np.ndarray  # int64[META_LEN]
    hashv: np.ndarray  # uint64[1]
    zob: np.ndarray  # uint64[3, A] (row 0 unused), shared, never copied


def new_state(size: int, zob: np.ndarray) -> BoardState:
    """An empty board of ``size`` (already validated) using Zobrist table ``zob``."""
    w = size + 2
    a = w * w
    color = np.full(a, BORDER, dtype=np.int8)
    empties = np.zeros(a, dtype=np.int32)
    epos = np.zeros(a, dtype=np.int32)
    n = 0
    for r in range(size):
        for c in range(size):
            p = (r + 1) * w + c + 1
            color[p] = EMPTY
            empties[n] = p
            epos[p] = n
            n += 1
    meta = np.zeros(META_LEN, dtype=np.int64)
    meta[M_SIZE] = size
    meta[M_N_EMPTY] = n
    return BoardState(color, np.zeros(a, np.int32), np.zeros(a, np.int32),
                      np.zeros(a, np.int32), np.zeros(a, np.int64), np.zeros(a, np.int32),
                      empties, epos, meta, np.zeros(1, np.uint64), zob)


def copy_state(s: BoardState) -> BoardState:
    """A deep copy (the Zobrist table is shared)."""
    return BoardState(s.color.copy(), s.head.copy(), s.nxt.copy(), s.libs.copy(),
                      s.lsq.copy(), s.gsize.copy(), s.empties.copy(), s.epos.copy(), s.meta.copy(),
                      s.hashv.copy(), s.zob)


@njit_noalloc
def restore_state(dst: BoardState, src: BoardState) -> None:
    """Copy ``src`` into the arrays of ``dst`` (same size): no allocation, for
    search loops that play many playouts from one root. (Element loops: numba's
    slice assignment costs several times more on arrays this small.)"""
    for i in range(src.color.shape[0]):
        dst.color[i] = src.color[i]
        dst.head[i] = src.head[i]
        dst.nxt[i] = src.nxt[i]
        dst.libs[i] = src.libs[i]
        dst.lsq[i] = src.lsq[i]
        dst.gsize[i] = src.gsize[i]
        dst.empties[i] = src.empties[i]
        dst.epos[i] = src.epos[i]
    for i in range(src.meta.shape[0]):
        dst.meta[i] = src.meta[i]
    dst.hashv[0] = src.hashv[0]


def zobrist_table(size: int, seed: int = 0x1F0) -> np.ndarray:
    """Deterministic random 64-bit keys, one per (colour, padded point)."""
    a = (size + 2) ** 2
    rng = np.random.default_rng([seed, size])
    return rng.integers(0, np.iinfo(np.uint64).max, size=(3, a), dtype=np.uint64,
                        endpoint=True)


# --------------------------------------------------------------------------------------
# small helpers


@njit_inline
def _remove_empty(s: BoardState, p: int) -> None:
    n = s.meta[M_N_EMPTY] - 1
    i = s.epos[p]
    last = s.empties[n]
    s.empties[i] = last
    s.epos[last] = i
    s.meta[M_N_EMPTY] = n


@njit_inline
def _add_empty(s: BoardState, p: int) -> None:
    n = s.meta[M_N_EMPTY]
    s.empties[n] = p
    s.epos[p] = n
    s.meta[M_N_EMPTY] = n + 1


@njit_inline
def _adjacency(s: BoardState, p: int, h: int) -> int:
    """Number of neighbours of ``p`` that belong to the string with head ``h``."""
    w = s.meta[M_SIZE] + 2
    k = 0
    if s.head[p - w] == h and s.color[p - w] < BORDER and s.color[p - w] != EMPTY:
        k += 1
    if s.head[p - 1] == h and s.color[p - 1] < BORDER and s.color[p - 1] != EMPTY:
        k += 1
    if s.head[p + 1] == h and s.color[p + 1] < BORDER and s.color[p + 1] != EMPTY:
        k += 1
    if s.head[p + w] == h and s.color[p + w] < BORDER and s.color[p + w] != EMPTY:
        k += 1
    return k


@njit_inline
def _sq(p: int) -> int:
    """The packed (point, square) term of one pseudo-liberty at ``p``."""
    q = np.int64(p)  # points may come as int32 (plain Python: no promotion)
    return int(q + ((q * q) << 32))


@njit_inline
def atari_point(s: BoardState, h: int) -> int:
    """The only liberty of the string with head ``h``, or 0 when it has none or more
    than one (O(1), from the pseudo-liberty sums)."""
    n = np.int64(s.libs[h])
    if n == 0:
        return 0
    v = s.lsq[h]
    m = v & 0xFFFFFFFF
    if n * (v >> 32) != m * m:
        return 0
    return m // n


@njit_inline
def check_move(s: BoardState, p: int, c: int, suicide_ok: bool) -> int:
    """Status of playing colour ``c`` at padded point ``p`` (simple ko included,
    superko not); the state is not changed."""
    color = s.color
    if color[p] != EMPTY:
        return OCCUPIED
    if s.meta[M_KO_POINT] == p and s.meta[M_KO_COLOR] == c:
        return KO
    if suicide_ok:
        return OK
    w = s.meta[M_SIZE] + 2
    opp = 3 - c
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        cq = color[q]
        if cq == EMPTY:
            return OK
        if cq == c:
            if s.libs[s.head[q]] > _adjacency(s, p, s.head[q]):
                return OK
        elif cq == opp:
            if s.libs[s.head[q]] == _adjacency(s, p, s.head[q]):
                return OK
    return SUICIDE


@njit_noalloc
def _merge(s: BoardState, a: int, b: int) -> int:
    """Merge the strings with heads ``a`` and ``b``; returns the surviving head."""
    if s.gsize[a] < s.gsize[b]:
        a, b = b, a
    q = b
    while True:
        s.head[q] = a
        q = s.nxt[q]
        if q == b:
            break
    na = s.nxt[a]
    s.nxt[a] = s.nxt[b]
    s.nxt[b] = na
    s.libs[a] += s.libs[b]
    s.lsq[a] += s.lsq[b]
    s.gsize[a] += s.gsize[b]
    return a


@njit_noalloc
def _remove_string(s: BoardState, h: int) -> int:
    """Take the string with head ``h`` off the board; returns its size."""
    w = s.meta[M_SIZE] + 2
    c = s.color[h]
    n = 0
    q = h
    while True:
        s.color[q] = EMPTY
        s.hashv[0] ^= s.zob[c, q]
        _add_empty(s, q)
        n += 1
        q = s.nxt[q]
        if q == h:
            break
    # Give back the liberties to the neighbouring strings (edge-based pseudo-liberties).
    q = h
    while True:
        for k in range(4):
            r = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
            cr = s.color[r]
            if cr == BLACK or cr == WHITE:
                hr = s.head[r]
                s.libs[hr] += 1
                s.lsq[hr] += _sq(q)
        nq = s.nxt[q]
        s.head[q] = 0
        s.nxt[q] = 0
        q = nq
        if q == h:
            break
    return n


@njit_noalloc
def play(s: BoardState, p: int, c: int, suicide_ok: bool) -> int:
    """Play colour ``c`` at padded point ``p``; returns a status code and changes the
    state only when it is ``OK``. Captures, merges, hash, ko point and capture counts
    are updated; ``meta[M_LAST_CAPTURED]`` says how many stones were removed."""
    status = check_move(s, p, c, suicide_ok)
    if status != OK:
        return status
    place_checked(s, p, c)
    return OK


@njit_inline
def place_checked(s: BoardState, p: int, c: int) -> None:
    """The state change of :func:`play` for a move already known to be legal."""
    w = s.meta[M_SIZE] + 2
    opp = 3 - c
    color = s.color
    color[p] = c
    s.hashv[0] ^= s.zob[c, p]
    _remove_empty(s, p)
    s.head[p] = p
    s.nxt[p] = p
    s.gsize[p] = 1
    nlib = 0
    lsq = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if color[q] == EMPTY:
            nlib += 1
            lsq += _sq(q)
    s.libs[p] = nlib
    s.lsq[p] = lsq
    h = p
    pp = _sq(p)
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        cq = color[q]
        if cq == c:
            hq = s.head[q]
            s.libs[hq] -= 1
            s.lsq[hq] -= pp
            if hq != h:
                h = _merge(s, h, hq)
        elif cq == opp:
            hq = s.head[q]
            s.libs[hq] -= 1
            s.lsq[hq] -= pp
    captured = 0
    ko = 0
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if color[q] == opp and s.libs[s.head[q]] == 0:
            captured += _remove_string(s, s.head[q])
            ko = q
    if captured > 0:
        s.meta[M_CAPS_BLACK if c == BLACK else M_CAPS_WHITE] += captured
    s.meta[M_KO_POINT] = 0
    s.meta[M_LAST_CAPTURED] = captured
    if s.libs[h] == 0:  # suicide (only reachable when allowed)
        lost = _remove_string(s, h)
        s.meta[M_CAPS_WHITE if c == BLACK else M_CAPS_BLACK] += lost
        s.meta[M_LAST_CAPTURED] = lost
    elif captured == 1 and s.gsize[h] == 1 and s.libs[h] == 1:
        s.meta[M_KO_POINT] = ko
        s.meta[M_KO_COLOR] = opp


@njit_inline
def pass_move(s: BoardState) -> None:
    """A pass: only clears the ko point."""
    s.meta[M_KO_POINT] = 0
    s.meta[M_LAST_CAPTURED] = 0


@njit_noalloc
def place_stone(s: BoardState, p: int, c: int) -> int:
    """Put a setup stone (handicap, ``AB``/``AW``) at an empty point. A setup that
    leaves strings without liberties is allowed by SGF; such strings are removed
    (opponent strings first, as if the stone had been played). Returns a status."""
    if s.color[p] != EMPTY:
        return OCCUPIED
    s.meta[M_KO_POINT] = 0  # a ko left by the last move must not block a setup stone
    status = play(s, p, c, True)
    s.meta[M_KO_POINT] = 0
    return status


@njit_noalloc
def _string_hash(s: BoardState, h: int, c: int) -> np.uint64:
    """XOR of the Zobrist keys of the stones (colour ``c``) of the string with head ``h``."""
    hv = np.uint64(0)
    r = h
    while True:
        hv ^= s.zob[c, r]
        r = s.nxt[r]
        if r == h:
            return hv


@njit_noalloc
def _neighbour_strings_hash(s: BoardState, p: int, c: int,
                            only_captured: bool) -> tuple[np.uint64, int]:
    """XOR of the keys of the distinct strings of colour ``c`` next to ``p`` — all of
    them, or (``only_captured``) those whose last liberty is ``p`` — and their number."""
    w = s.meta[M_SIZE] + 2
    hv = np.uint64(0)
    n = 0
    h0 = h1 = h2 = -1  # heads already counted (a fourth neighbour is never new twice)
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if s.color[q] != c:
            continue
        hq = s.head[q]
        if hq == h0 or hq == h1 or hq == h2:
            continue
        if h0 < 0:
            h0 = hq
        elif h1 < 0:
            h1 = hq
        else:
            h2 = hq
        if not only_captured or s.libs[hq] == _adjacency(s, p, hq):
            hv ^= _string_hash(s, hq, c)
            n += 1
    return hv, n


@njit_noalloc
def hash_after(s: BoardState, p: int, c: int) -> np.uint64:
    """The Zobrist hash after ``c`` plays at ``p`` (assumed legal but for superko):
    the new stone in, captured strings out; for a suicide (when allowed) the new
    string — the stone and the friendly strings it joins — out."""
    captured, n = _neighbour_strings_hash(s, p, 3 - c, True)
    if n > 0 or check_move(s, p, c, False) != SUICIDE:
        return s.hashv[0] ^ s.zob[c, p] ^ captured
    own, _ = _neighbour_strings_hash(s, p, c, False)
    return s.hashv[0] ^ own


@njit_inline
def is_eye(s: BoardState, p: int, c: int) -> bool:
    """True if empty ``p`` is an eye of colour ``c`` that a playout should not fill:
    all four neighbours are ``c`` (or off-board), and the opponent holds at most one
    diagonal in the centre and none on the edge or in the corner."""
    color = s.color
    if color[p] != EMPTY:
        return False
    w = s.meta[M_SIZE] + 2
    for k in range(4):
        q = p + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
        if color[q] != c and color[q] != BORDER:
            return False
    bad = 0
    edge = 0
    for k in range(4):
        q = p + (-w - 1 if k == 0 else (-w + 1 if k == 1 else (w - 1 if k == 2 else w + 1)))
        if color[q] == BORDER:
            edge = 1
        elif color[q] == 3 - c:
            bad += 1
    return bad + edge < 2


@njit
def legal_mask(s: BoardState, c: int, suicide_ok: bool, history: np.ndarray,
               out: np.ndarray) -> None:
    """``out[p] = True`` for each padded point where ``c`` may play. ``history`` is a
    sorted array of earlier position hashes (empty for no superko check)."""
    out[:] = False
    n = s.meta[M_N_EMPTY]
    for i in range(n):
        p = s.empties[i]
        if check_move(s, p, c, suicide_ok) != OK:
            continue
        if history.shape[0] > 0:
            hv = hash_after(s, p, c)
            j = np.searchsorted(history, hv)
            if j < history.shape[0] and history[j] == hv:
                continue
        out[p] = True


@njit
def sensible_mask(s: BoardState, c: int, suicide_ok: bool, history: np.ndarray,
                  out: np.ndarray) -> None:
    """:func:`legal_mask` without the points that fill one of ``c``'s own eyes
    (:func:`is_eye`): the moves a playout or a policy player considers."""
    legal_mask(s, c, suicide_ok, history, out)
    n = s.meta[M_N_EMPTY]
    for i in range(n):
        p = s.empties[i]
        if out[p] and is_eye(s, p, c):
            out[p] = False


@njit
def sensible_among(s: BoardState, c: int, pts: np.ndarray, history: np.ndarray,
                   keep: np.ndarray) -> None:
    """``keep[i]``: :func:`sensible_mask` at ``pts[i]``, for points already known to pass
    :func:`check_move` (a feature kernel's candidates): not one of ``c``'s own eyes and
    not a repeat of an earlier position (``history`` as for :func:`legal_mask`). Skips
    the legality test, most of :func:`sensible_mask`'s time."""
    for i in range(pts.shape[0]):
        p = pts[i]
        keep[i] = not is_eye(s, p, c)
        if keep[i] and history.shape[0] > 0:
            hv = hash_after(s, p, c)
            j = np.searchsorted(history, hv)
            keep[i] = not (j < history.shape[0] and history[j] == hv)


@njit
def liberties(s: BoardState, p: int) -> int:
    """Real number of liberties of the string at ``p`` (0 for an empty point)."""
    if s.color[p] != BLACK and s.color[p] != WHITE:
        return 0
    w = s.meta[M_SIZE] + 2
    mark = np.zeros(s.color.shape[0], np.bool_)
    n = 0
    h = s.head[p]
    q = h
    while True:
        for k in range(4):
            r = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
            if s.color[r] == EMPTY and not mark[r]:
                mark[r] = True
                n += 1
        q = s.nxt[q]
        if q == h:
            break
    return n


# --------------------------------------------------------------------------------------
# random numbers: xorshift64*, state in a uint64[1] array passed explicitly


@njit_inline
def rand_below(rng: np.ndarray, n: int) -> int:
    """A pseudo-random integer in ``[0, n)`` from the xorshift64* state ``rng[0]``."""
    x = rng[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[0] = x
    r = x * np.uint64(2685821657736338717)
    # Lemire's multiply-shift instead of a 64-bit modulo (a division costs tens of
    # cycles, as much as the rest of a light playout move); n < 2 ** 32
    return int(((r >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit_inline
def set_aside(s: BoardState, i: int, tried: int) -> None:
    """Swap the empty point at ``empties[i]`` with the one at ``empties[tried]``, so that
    a random draw over ``empties[:tried]`` no longer meets it (the loops that draw
    random moves and reject some keep the untried points in front)."""
    empties = s.empties
    p = empties[i]
    last = empties[tried]
    empties[i] = last
    s.epos[last] = i
    empties[tried] = p
    s.epos[p] = tried


@njit_noalloc
def random_sensible_move(s: BoardState, c: int, suicide_ok: bool, rng: np.ndarray) -> int:
    """A uniformly random legal move of ``c`` that does not fill its own eye (padded
    index), or 0 if there is none. Simple ko is respected, superko is not."""
    tried = s.meta[M_N_EMPTY]
    while tried > 0:
        i = rand_below(rng, tried)
        p = s.empties[i]
        if not is_eye(s, p, c) and check_move(s, p, c, suicide_ok) == OK:
            return p
        tried -= 1
        set_aside(s, i, tried)
    return 0


@njit_noalloc
def playout(s: BoardState, c: int, suicide_ok: bool, rng: np.ndarray, max_moves: int,
            moves_out: np.ndarray) -> int:
    """Play random sensible moves from colour ``c`` until both sides pass or
    ``max_moves`` moves were made. Writes the padded points played (0 = pass) into
    ``moves_out`` (length >= ``max_moves``) and returns the number of moves."""
    passes = 0
    n = 0
    while n < max_moves and passes < 2:
        p = random_sensible_move(s, c, suicide_ok, rng)
        if p == 0:
            pass_move(s)
            passes += 1
        else:
            place_checked(s, p, c)
            passes = 0
        moves_out[n] = p
        n += 1
        c = 3 - c
    return n


# --------------------------------------------------------------------------------------
# scoring


@njit_noalloc
def area_owner_into(color: np.ndarray, size: int, out: np.ndarray, stack: np.ndarray,
                    members: np.ndarray) -> None:
    """Tromp-Taylor area ownership over a padded colour array: ``out[p]`` is the
    colour of a stone, or of the only colour an empty region reaches, else ``EMPTY``
    (dame, and regions touching both colours). Frame points get ``BORDER``.
    ``stack`` and ``members`` are int32 scratch arrays of the padded length."""
    w = size + 2
    for i in range(w * w):
        out[i] = BORDER
    for r in range(size):
        for cc in range(size):
            p = (r + 1) * w + cc + 1
            cp = color[p]
            if cp != EMPTY:
                out[p] = cp
                continue
            if out[p] != BORDER:  # already filled with its region's owner
                continue
            # flood fill one empty region (marked with -1), noting the colours it reaches
            reach = 0
            top = 1
            stack[0] = p
            out[p] = -1
            cnt = 0
            while top > 0:
                top -= 1
                q = stack[top]
                members[cnt] = q
                cnt += 1
                for k in range(4):
                    x = q + (-w if k == 0 else (-1 if k == 1 else (1 if k == 2 else w)))
                    cx = color[x]
                    if cx == EMPTY:
                        if out[x] == BORDER:
                            out[x] = -1
                            stack[top] = x
                            top += 1
                    elif cx == BLACK:
                        reach |= 1
                    elif cx == WHITE:
                        reach |= 2
            owner = BLACK if reach == 1 else (WHITE if reach == 2 else EMPTY)
            for i in range(cnt):
                out[members[i]] = owner


@njit
def area_owner(color: np.ndarray, size: int, out: np.ndarray) -> None:
    """:func:`area_owner_into` with its scratch arrays allocated here."""
    a = (size + 2) * (size + 2)
    area_owner_into(color, size, out, np.empty(a, np.int32), np.empty(a, np.int32))


@njit_noalloc
def area_difference(color: np.ndarray, size: int, out: np.ndarray, stack: np.ndarray,
                    members: np.ndarray) -> int:
    """Black's area minus White's (Tromp-Taylor), using the scratch arrays."""
    area_owner_into(color, size, out, stack, members)
    d = 0
    for i in range(out.shape[0]):
        if out[i] == BLACK:
            d += 1
        elif out[i] == WHITE:
            d -= 1
    return d


@njit_noalloc
def run_playouts(root: BoardState, work: BoardState, c: int, suicide_ok: bool, komi: float,
                 n: int, rng: np.ndarray, max_moves: int, moves: np.ndarray,
                 owner: np.ndarray, stack: np.ndarray, members: np.ndarray) -> int:
    """Play ``n`` light playouts from ``root`` (``c`` to move) in the scratch state
    ``work``, score each by area with ``komi``; returns how many Black won."""
    wins = 0
    size = root.meta[M_SIZE]
    for _ in range(n):
        restore_state(work, root)
        playout(work, c, suicide_ok, rng, max_moves, moves)
        if area_difference(work.color, size, owner, stack, members) - komi > 0:
            wins += 1
    return wins
