"""``string_libs`` (:mod:`igo.tactics._string_kernels`), which stops its walk of a
string at the first liberty and reads the rest from the pseudo-liberty sums: the
same points in the same order as the plain walk, and the string's liberties of the
reference board, on every string of random games (9x9, 13x13, 19x19; ataris, two
liberties and more)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.tactics._string_kernels import string_libs
from reference.tactics_board import libs
from tactics.positions import count, random_game


def pad(p: Point, size: int) -> int:
    return (p.row + 1) * (size + 2) + p.col + 1


def plain_walk(s: CK.BoardState, h: int, cap: int) -> list[int]:
    """The liberties met walking the whole string from its head (first met first),
    up to ``cap``: the algorithm ``string_libs`` had before it read the sums."""
    w = int(s.meta[0]) + 2
    out: list[int] = []
    q = h
    while True:
        for d in (-w, -1, 1, w):
            r = q + d
            if s.color[r] == CK.EMPTY and r not in out:
                out.append(r)
                if len(out) >= cap:
                    return out
        q = int(s.nxt[q])
        if q == h:
            return out


def test_string_libs_is_the_plain_walk() -> None:
    rng = np.random.default_rng(36)
    seen = Counter[int]()
    out = np.zeros(8, np.int32)
    for i in range(60):
        size = (9, 13, 19)[i % 3]
        board: Board = random_game(size, int(rng.integers(10, int(1.2 * size * size))), rng)
        s = CK.copy_state(board.state)
        heads: set[int] = set()
        for color in (Color.BLACK, Color.WHITE):
            for p in board.stones(color):
                h = int(s.head[pad(p, size)])
                if h in heads:
                    continue
                heads.add(h)
                want_set = {pad(q, size) for q in libs(board, p)}
                for cap in range(1, 7):
                    n = string_libs(s, h, out, cap)
                    got = [int(x) for x in out[:n]]
                    assert got == plain_walk(s, h, cap), (str(board), p, cap)
                    assert n == min(len(want_set), cap)
                    assert set(got) <= want_set
                seen[min(len(want_set), 3)] += 1
    count("string_libs", sum(seen.values()))
    assert all(seen[k] > 100 for k in (1, 2, 3)), seen
