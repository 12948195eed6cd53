"""Plain-Python oracles of :mod:`igo.features` (paper 000), written to be obviously
correct, not fast: the kernels of :mod:`igo.features._kernels` must agree with them.

Boards are ``(size, size)`` arrays, 0 empty, 1 black, 2 white, row 0 at the top.
"""

from __future__ import annotations

import numpy as np

from igo.core.coords import Point
from igo.core.symmetry import apply_array, apply_point


def neighbours(p: tuple[int, int], size: int) -> list[tuple[int, int]]:
    r, c = p
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def string_and_liberties(stones: np.ndarray, p: tuple[int, int]
                         ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Flood fill: the string at ``p`` and its liberties."""
    size = stones.shape[0]
    col = stones[p]
    string, libs, todo = {p}, set(), [p]
    while todo:
        q = todo.pop()
        for n in neighbours(q, size):
            if stones[n] == 0:
                libs.add(n)
            elif stones[n] == col and n not in string:
                string.add(n)
                todo.append(n)
    return string, libs


def play(stones: np.ndarray, p: tuple[int, int], color: int) -> tuple[np.ndarray, int]:
    """Stones after ``color`` plays at ``p`` (captures done), and stones captured."""
    out = stones.copy()
    out[p] = color
    captured = 0
    for n in neighbours(p, stones.shape[0]):
        if out[n] == 3 - color:
            string, libs = string_and_liberties(out, n)
            if not libs:
                for q in string:
                    out[q] = 0
                captured += len(string)
    return out, captured


def legal_moves(stones: np.ndarray, color: int, ko: tuple[int, int] | None
                ) -> list[tuple[int, int]]:
    """Empty points where ``color`` may play: not the ko point, not suicide."""
    size = stones.shape[0]
    out = []
    for r in range(size):
        for c in range(size):
            if stones[r, c] != 0 or (r, c) == ko:
                continue
            after, _ = play(stones, (r, c), color)
            if string_and_liberties(after, (r, c))[1]:
                out.append((r, c))
    return out


def tactical(stones: np.ndarray, p: tuple[int, int], color: int) -> tuple[int, int, int, int]:
    """(liberties after, weakest own neighbour's liberties before or 0, stones captured,
    opponent strings left in atari) of ``color`` playing at ``p``."""
    size = stones.shape[0]
    before = [len(string_and_liberties(stones, n)[1]) for n in neighbours(p, size)
              if stones[n] == color]
    after, captured = play(stones, p, color)
    libs_after = len(string_and_liberties(after, p)[1])
    heads = set()
    for n in neighbours(p, size):
        if after[n] == 3 - color:
            string, libs = string_and_liberties(after, n)
            if len(libs) == 1:
                heads.add(min(string))
    return libs_after, min(before) if before else 0, captured, len(heads)


def pattern_value(stones: np.ndarray, r: int, c: int, color: int) -> int:
    """0 empty, 1 own, 2 opponent, 3 off the board."""
    size = stones.shape[0]
    if not (0 <= r < size and 0 <= c < size):
        return 3
    v = int(stones[r, c])
    return 0 if v == 0 else (1 if v == color else 2)


def pattern_hashes(stones: np.ndarray, p: tuple[int, int], color: int, nmax: int,
                   zkeys: np.ndarray, size_keys: np.ndarray,
                   offsets: list[tuple[int, int]]) -> list[int]:
    """Canonical hash of ``R2 .. R{nmax}``: for each symmetry, the pattern is turned
    (point at offset o gets the key of the offset it is sent to), hashed by XOR of
    ``zkeys[index of offset, value]``; the minimum over symmetries, XOR the size key.
    ``offsets`` lists the pattern offsets in key order."""
    index = {o: i for i, o in enumerate(offsets)}
    reach = nmax
    out = []
    for k, n in enumerate(range(2, nmax + 1)):
        best = None
        for s in range(8):
            h = 0
            for dr, dc in offsets:
                x, y = abs(dr), abs(dc)
                if x + y + max(x, y) > n:
                    continue
                moved = apply_point(Point(reach + dr, reach + dc), s, 2 * reach + 1)
                j = index[(moved[0] - reach, moved[1] - reach)]
                h ^= int(zkeys[j, pattern_value(stones, p[0] + dr, p[1] + dc, color)])
            best = h if best is None else min(best, h)
        assert best is not None
        out.append(best ^ int(size_keys[k]))
    return out


def influence(stones: np.ndarray, a: float) -> np.ndarray:
    """Paper 000 section 4.1 with the d metric, by the definition."""
    size = stones.shape[0]
    f = np.zeros((size, size))
    for r in range(size):
        for c in range(size):
            for sr in range(size):
                for sc in range(size):
                    if stones[sr, sc] == 0:
                        continue
                    x, y = abs(r - sr), abs(c - sc)
                    d = x + y + max(x, y)
                    if d <= a:
                        f[r, c] += (1 if stones[sr, sc] == 1 else -1) / max(d, 1)
    return f


def reduced_board(stones: np.ndarray, split: tuple[int, ...], a: float, b: float,
                  cmin: int) -> np.ndarray:
    """Table 1 of paper 000 on the cells of ``split``."""
    f = influence(stones, a)
    edges = np.concatenate([[0], np.cumsum(split)])
    n = len(split)
    out = np.zeros((n, n), dtype=np.int64)
    for i in range(n):
        for j in range(n):
            cell = (slice(edges[i], edges[i + 1]), slice(edges[j], edges[j + 1]))
            q = f[cell].mean()
            count = int(np.count_nonzero(stones[cell]))
            out[i, j] = 0 if q < -b else (3 if q >= b else (1 if count < cmin else 2))
    return out


def broad_key(red: np.ndarray, i: int, j: int, color: int) -> int:
    """Canonical key of the 3x3 reduced pattern at ``(i, j)`` (see the kernel)."""
    n = red.shape[0]
    a = np.full((3, 3), 4, dtype=np.int64)
    for di in range(3):
        for dj in range(3):
            ii, jj = i + di - 1, j + dj - 1
            if 0 <= ii < n and 0 <= jj < n:
                v = int(red[ii, jj])
                a[di, dj] = 3 - v if color == 2 and v in (0, 3) else v
    best = min(sum(int(x) * 5 ** k for k, x in enumerate(apply_array(a, s).ravel()))
               for s in range(8))
    lo = min(min(i, n - 1 - i), min(j, n - 1 - j))
    hi = max(min(i, n - 1 - i), min(j, n - 1 - j))
    return (best * n + lo) * n + hi + 1
