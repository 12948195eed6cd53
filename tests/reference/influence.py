"""Plain-Python references of the influence kernels (``igo.influence._kernels``).

Each function is written for clarity, not speed, straight from the paper's
formula, and returns a list of lists of floats.
"""

from __future__ import annotations

import math

import numpy as np


def random_stones(rng: np.random.Generator, size: int, density: float) -> np.ndarray:
    """A random signed stone array (no legality: the influence models do not care)."""
    u = rng.random((size, size))
    stones = np.zeros((size, size), dtype=np.int8)
    stones[u < density / 2] = 1
    stones[(u >= density / 2) & (u < density)] = -1
    return stones


def ref_distance(x: int, y: int, metric: str) -> float:
    """Distance of the offset (x, y) under metric ``"d"``, ``"manhattan"`` or ``"euclidean"``."""
    x, y = abs(x), abs(y)
    if metric == "d":
        return float(x + y + max(x, y))
    if metric == "manhattan":
        return float(x + y)
    if metric == "euclidean":
        return math.sqrt(x * x + y * y)
    raise ValueError(metric)


def ref_distance_map(stones: list[list[int]], a: float, metric: str) -> list[list[float]]:
    """Paper 000 section 4.1: f(p) = sum over stones s with d(p, s) <= a of g(s) / max(d, 1).

    For every point p, every stone of the board is examined (no neighbourhood cut-off).
    """
    size = len(stones)
    out = [[0.0] * size for _ in range(size)]
    for pr in range(size):
        for pc in range(size):
            total = 0.0
            for sr in range(size):
                for sc in range(size):
                    g = stones[sr][sc]
                    if g == 0:
                        continue
                    d = ref_distance(pr - sr, pc - sc, metric)
                    if d <= a:
                        total += g / max(d, 1.0)
            out[pr][pc] = total
    return out


def _neighbours(r: int, c: int, size: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def ref_bouzy(stones: list[list[int]], dilations: int, erosions: int,
              init: int) -> list[list[float]]:
    """Bouzy's algorithm as the GNU Go manual states it, one point at a time."""
    size = len(stones)
    v = [[stones[r][c] * init for c in range(size)] for r in range(size)]
    for _ in range(dilations):
        new = [row[:] for row in v]
        for r in range(size):
            for c in range(size):
                nb = [v[rr][cc] for rr, cc in _neighbours(r, c, size)]
                x = v[r][c]
                if x >= 0 and not any(n < 0 for n in nb):
                    x += sum(1 for n in nb if n > 0)
                if x <= 0 and not any(n > 0 for n in nb):
                    x -= sum(1 for n in nb if n < 0)
                new[r][c] = x
        v = new
    for _ in range(erosions):
        new = [row[:] for row in v]
        for r in range(size):
            for c in range(size):
                nb = [v[rr][cc] for rr, cc in _neighbours(r, c, size)]
                x = v[r][c]
                if x > 0:
                    new[r][c] = max(0, x - sum(1 for n in nb if n <= 0))
                elif x < 0:
                    new[r][c] = min(0, x + sum(1 for n in nb if n >= 0))
        v = new
    return [[float(x) for x in row] for row in v]


# ------------------------------------------------------------------ paper 003 (Fukui)
def ref_groups(stones: list[list[int]]) -> list[set[tuple[int, int]]]:
    """Groups: stones of one colour connected through their 8 neighbours."""
    size = len(stones)
    seen: set[tuple[int, int]] = set()
    groups = []
    for r in range(size):
        for c in range(size):
            if stones[r][c] == 0 or (r, c) in seen:
                continue
            group = {(r, c)}
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        q = (y + dy, x + dx)
                        if (0 <= q[0] < size and 0 <= q[1] < size and q not in group
                                and stones[q[0]][q[1]] == stones[r][c]):
                            group.add(q)
                            todo.append(q)
            seen |= group
            groups.append(group)
    return groups


def ref_eye_degree(stones: list[list[int]], eye_weight: float, lib_weight: float,
                   lib_cap: float, region_max: int) -> list[list[float]]:
    """Eye-shape degree as :mod:`igo.influence.eyes` defines it."""
    size = len(stones)
    empties = [[0 if v else 1 for v in row] for row in stones]
    regions = [g for g in ref_groups(empties)]  # 8-connected: split again below
    four: list[set[tuple[int, int]]] = []
    for reg in regions:  # split 8-connected empty sets into 4-connected regions
        left = set(reg)
        while left:
            start = left.pop()
            part = {start}
            todo = [start]
            while todo:
                y, x = todo.pop()
                for q in _neighbours(y, x, size):
                    if q in left:
                        left.discard(q)
                        part.add(q)
                        todo.append(q)
            four.append(part)
    out = [[0.0] * size for _ in range(size)]
    for group in ref_groups(stones):
        colour = stones[next(iter(group))[0]][next(iter(group))[1]]
        libs = {q for (y, x) in group for q in _neighbours(y, x, size)
                if stones[q[0]][q[1]] == 0}
        eyes = 0.0
        for reg in four:
            border = {stones[q[0]][q[1]] for (y, x) in reg for q in _neighbours(y, x, size)
                      if stones[q[0]][q[1]] != 0}
            touches = any(q in group for (y, x) in reg for q in _neighbours(y, x, size))
            if border != {colour} or len(reg) > region_max or not touches:
                continue
            value = 1.0
            if len(reg) == 1:
                (y, x), = reg
                diag = [(y + a, x + b) for a in (-1, 1) for b in (-1, 1)
                        if 0 <= y + a < size and 0 <= x + b < size]
                enemy = sum(1 for q in diag if stones[q[0]][q[1]] == -colour)
                if enemy >= (2 if len(diag) == 4 else 1):
                    value = 0.0
            eyes += value
        e = min(1.0, eye_weight * eyes + lib_weight * min(len(libs), lib_cap) / lib_cap)
        for y, x in group:
            out[y][x] = e
    return out


def ref_fukui(stones: list[list[int]], params: object, rules: list[object]) -> list[list[float]]:
    """Paper 003's map, point by point: for every point q and every stone s, find
    the fan of s holding q, walk the straight chain back to s, and add f(d)."""
    size = len(stones)
    p_ = params
    eye = p_.eyes  # type: ignore[attr-defined]
    emap = ref_eye_degree(stones, eye.eye_weight, eye.lib_weight, eye.lib_cap, eye.region_max)
    dirs = ((-1, 0), (0, 1), (1, 0), (0, -1))
    out = [[0.0] * size for _ in range(size)]

    def empty(q: tuple[int, int]) -> bool:
        return 0 <= q[0] < size and 0 <= q[1] < size and stones[q[0]][q[1]] == 0

    for sr in range(size):
        for sc in range(size):
            g = stones[sr][sc]
            if g == 0:
                continue
            p = p_.a * emap[sr][sc] + p_.a0  # type: ignore[attr-defined]
            gain = [0.0] * 4
            for rule in rules:
                tr, tc = sr + rule.partner[0], sc + rule.partner[1]  # type: ignore[attr-defined]
                if not (0 <= tr < size and 0 <= tc < size) or stones[tr][tc] != g:
                    continue
                if any(0 <= sr + a < size and 0 <= sc + b < size
                       and stones[sr + a][sc + b] == -g for a, b in rule.kizu):  # type: ignore[attr-defined]
                    continue
                for pts, d in zip(rule.side_points, rule.side_dirs, strict=True):  # type: ignore[attr-defined]
                    if all(empty((sr + a, sc + b)) for a, b in pts):
                        gain[d] += p_.gain(rule.name)  # type: ignore[attr-defined]
            src = [p * (1.0 + min(x, p_.max_gain)) for x in gain]  # type: ignore[attr-defined]
            out[sr][sc] += g * sum(src) / 4
            for qr in range(size):
                for qc in range(size):
                    for d, (ur, uc) in enumerate(dirs):
                        along = (qr - sr) * ur + (qc - sc) * uc
                        side = (qr - sr) * uc - (qc - sc) * ur  # signed sideways offset
                        if along < 1 or abs(side) > along or along > p_.max_reach:  # type: ignore[attr-defined]
                            continue
                        factor = 1.0
                        x, y = along, side
                        while x > 1:  # the chain of parents back to the stone
                            x, y = x - 1, math.floor(abs(y) * (x - 1) / x + 0.5 - 1e-9) * (
                                1 if y >= 0 else -1)
                            pr, pc = sr + x * ur + y * uc, sc + x * uc - y * ur
                            if not (0 <= pr < size and 0 <= pc < size):
                                factor = 0.0
                            elif stones[pr][pc] == g:
                                factor *= p_.pass_friend  # type: ignore[attr-defined]
                            elif stones[pr][pc] != 0:
                                factor *= p_.pass_enemy  # type: ignore[attr-defined]
                        if factor <= 0:
                            continue
                        dist = along + p_.lateral * abs(side)  # type: ignore[attr-defined]
                        k = p_.k_scale / src[d]  # type: ignore[attr-defined]
                        if dist <= p_.d_break:  # type: ignore[attr-defined]
                            val = src[d] - k * dist
                        else:
                            val = (src[d] - k * p_.d_break  # type: ignore[attr-defined]
                                   - p_.k_far * (dist - p_.d_break))  # type: ignore[attr-defined]
                        if val > 0:
                            out[qr][qc] += g * (0.5 if abs(side) == along else 1.0) * val * factor
    return out
