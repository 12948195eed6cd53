"""Numba kernels of Fukui et al.'s model (private; see :mod:`igo.influence.eyes` and
:mod:`igo.influence.fukui` for the definitions and every constant).

Stones are a signed ``(size, size)`` int8 array (+1 black, -1 white, 0 empty).
Directions are indexed 0 = north (up, row - 1), 1 = east, 2 = south, 3 = west.
"""

from __future__ import annotations

import numpy as np

from igo._jit import njit

_DR4 = (-1, 0, 1, 0)
_DC4 = (0, 1, 0, -1)


@njit
def group_labels(stones: np.ndarray, labels: np.ndarray) -> int:
    """Label the groups (8-connected stones of one colour) in ``labels`` (-1 for
    empty points); returns the number of groups."""
    size = stones.shape[0]
    labels[:, :] = -1
    stack = np.empty(size * size, dtype=np.int64)
    n = 0
    for r0 in range(size):
        for c0 in range(size):
            if stones[r0, c0] == 0 or labels[r0, c0] >= 0:
                continue
            g = stones[r0, c0]
            labels[r0, c0] = n
            top = 0
            stack[top] = r0 * size + c0
            top += 1
            while top > 0:
                top -= 1
                r = stack[top] // size
                c = stack[top] % size
                for dr in range(-1, 2):
                    for dc in range(-1, 2):
                        rr = r + dr
                        cc = c + dc
                        if rr < 0 or rr >= size or cc < 0 or cc >= size:
                            continue
                        if stones[rr, cc] == g and labels[rr, cc] < 0:
                            labels[rr, cc] = n
                            stack[top] = rr * size + cc
                            top += 1
            n += 1
    return n


@njit
def false_eye_point(stones: np.ndarray, r: int, c: int, colour: int) -> bool:
    """A one-point eye of ``colour`` at (r, c) is false if the opponent holds two of
    its diagonal points (one on the edge or in the corner)."""
    size = stones.shape[0]
    on_board = 0
    enemy = 0
    for dr in (-1, 1):
        for dc in (-1, 1):
            rr = r + dr
            cc = c + dc
            if 0 <= rr < size and 0 <= cc < size:
                on_board += 1
                if stones[rr, cc] == -colour:
                    enemy += 1
    return enemy >= (2 if on_board == 4 else 1)


@njit
def eye_degree_map(stones: np.ndarray, eye_weight: float, lib_weight: float,
                   lib_cap: float, region_max: int, out: np.ndarray) -> None:
    """Eye-shape degree ``e`` of every stone's group (0 on empty points) into ``out``.

    ``e = min(1, eye_weight * eyes + lib_weight * min(libs, lib_cap) / lib_cap)``
    where ``eyes`` counts the empty regions of at most ``region_max`` points bordered
    only by the group's colour and touching the group (a false one-point eye counts 0)
    and ``libs`` the distinct empty points next to the group.
    """
    size = stones.shape[0]
    labels = np.empty((size, size), dtype=np.int64)
    ng = group_labels(stones, labels)
    libs = np.zeros(max(ng, 1), dtype=np.float64)
    eyes = np.zeros(max(ng, 1), dtype=np.float64)
    seen = np.full(max(ng, 1), -1, dtype=np.int64)
    stamp = 0
    for r in range(size):
        for c in range(size):
            if stones[r, c] != 0:
                continue
            stamp += 1
            for k in range(4):
                rr = r + _DR4[k]
                cc = c + _DC4[k]
                if 0 <= rr < size and 0 <= cc < size and labels[rr, cc] >= 0:
                    g = labels[rr, cc]
                    if seen[g] != stamp:
                        seen[g] = stamp
                        libs[g] += 1.0
    region = np.full((size, size), -1, dtype=np.int64)
    stack = np.empty(size * size, dtype=np.int64)
    members = np.empty(size * size, dtype=np.int64)
    nreg = 0
    for r0 in range(size):
        for c0 in range(size):
            if stones[r0, c0] != 0 or region[r0, c0] >= 0:
                continue
            region[r0, c0] = nreg
            top = 0
            stack[0] = r0 * size + c0
            top = 1
            count = 0
            border = 0
            while top > 0:
                top -= 1
                idx = stack[top]
                members[count] = idx
                count += 1
                r = idx // size
                c = idx % size
                for k in range(4):
                    rr = r + _DR4[k]
                    cc = c + _DC4[k]
                    if rr < 0 or rr >= size or cc < 0 or cc >= size:
                        continue
                    v = stones[rr, cc]
                    if v == 0:
                        if region[rr, cc] < 0:
                            region[rr, cc] = nreg
                            stack[top] = rr * size + cc
                            top += 1
                    elif v > 0:
                        border |= 1
                    else:
                        border |= 2
            nreg += 1
            if count > region_max or (border != 1 and border != 2):
                continue
            colour = 1 if border == 1 else -1
            value = 1.0
            if count == 1 and false_eye_point(stones, members[0] // size,
                                              members[0] % size, colour):
                value = 0.0
            stamp += 1
            for m in range(count):
                r = members[m] // size
                c = members[m] % size
                for k in range(4):
                    rr = r + _DR4[k]
                    cc = c + _DC4[k]
                    if 0 <= rr < size and 0 <= cc < size and labels[rr, cc] >= 0:
                        g = labels[rr, cc]
                        if seen[g] != stamp:
                            seen[g] = stamp
                            eyes[g] += value
    for r in range(size):
        for c in range(size):
            g = labels[r, c]
            if g < 0:
                out[r, c] = 0.0
            else:
                e = eye_weight * eyes[g] + lib_weight * min(libs[g], lib_cap) / lib_cap
                out[r, c] = min(1.0, e)


@njit
def decay(d: float, source: float, k_scale: float, d_break: float, k_far: float) -> float:
    """Fukui et al., Fig. 7: ``f(d)`` falls from ``source`` with slope ``k = k_scale /
    source`` up to ``d_break``, then with the constant slope ``k_far``."""
    if source <= 0.0:
        return 0.0
    k = k_scale / source
    if d <= d_break:
        return source - k * d
    return source - k * d_break - k_far * (d - d_break)


@njit
def decay_reach(source: float, k_scale: float, d_break: float, k_far: float) -> float:
    """The distance where :func:`decay` reaches 0 (``inf`` if it never does)."""
    if source <= 0.0:
        return 0.0
    k = k_scale / source
    if source - k * d_break <= 0.0:
        return source / k if k > 0.0 else np.inf
    if k_far <= 0.0:
        return np.inf
    return d_break + (source - k * d_break) / k_far


@njit
def stone_sources(stones: np.ndarray, r: int, c: int, p: float,
                  rule_partner: np.ndarray, rule_kizu: np.ndarray,
                  rule_side_pts: np.ndarray, rule_side_dir: np.ndarray,
                  rule_gain: np.ndarray, max_gain: float, src: np.ndarray) -> None:
    """The four sources of the stone at (r, c), strengthened by the rule table.

    For each rule whose partner point holds a friendly stone and none of whose
    cutting points holds an enemy stone, each side whose points are all empty adds
    the rule's gain to the source facing that side; a source is ``p * (1 + gain)``,
    the gain capped at ``max_gain``.
    """
    size = stones.shape[0]
    g = stones[r, c]
    gain = np.zeros(4, dtype=np.float64)
    for i in range(rule_partner.shape[0]):
        pr = r + rule_partner[i, 0]
        pc = c + rule_partner[i, 1]
        if pr < 0 or pr >= size or pc < 0 or pc >= size or stones[pr, pc] != g:
            continue
        cut = False
        for j in range(rule_kizu.shape[1]):
            if rule_kizu[i, j, 0] == -99:
                break
            kr = r + rule_kizu[i, j, 0]
            kc = c + rule_kizu[i, j, 1]
            if 0 <= kr < size and 0 <= kc < size and stones[kr, kc] == -g:
                cut = True
        if cut:
            continue
        for s in range(2):
            d = rule_side_dir[i, s]
            if d < 0:
                continue
            ok = True
            for j in range(rule_side_pts.shape[2]):
                if rule_side_pts[i, s, j, 0] == -99:
                    break
                qr = r + rule_side_pts[i, s, j, 0]
                qc = c + rule_side_pts[i, s, j, 1]
                if qr < 0 or qr >= size or qc < 0 or qc >= size or stones[qr, qc] != 0:
                    ok = False
                    break
            if ok:
                gain[d] += rule_gain[i]
    for d in range(4):
        src[d] = p * (1.0 + min(gain[d], max_gain))


@njit
def fukui_map(stones: np.ndarray, emap: np.ndarray, a: float, a0: float,
              rule_partner: np.ndarray, rule_kizu: np.ndarray, rule_side_pts: np.ndarray,
              rule_side_dir: np.ndarray, rule_gain: np.ndarray, max_gain: float,
              off: np.ndarray, off_w: np.ndarray, lateral: float, k_scale: float,
              d_break: float, k_far: float, pass_friend: float, pass_enemy: float,
              out: np.ndarray) -> None:
    """Fukui et al., section 4: sum over stones of their spread, shielded sources.

    ``off[d, i]`` = (row offset, col offset, parent index or -1, along, sideways)
    of the fan of direction ``d``, parents before children; ``off_w[i]`` the
    weight of fan point ``i`` (1/2 on the fan's diagonal edges, shared by two fans).
    Influence passing a friendly (enemy) stone on its way is multiplied by
    ``pass_friend`` (``pass_enemy``); 0 is the paper's full shielding.
    """
    size = stones.shape[0]
    out[:, :] = 0.0
    src = np.empty(4, dtype=np.float64)
    n_off = off.shape[1]
    att = np.zeros(n_off, dtype=np.float64)
    for r in range(size):
        for c in range(size):
            g = stones[r, c]
            if g == 0:
                continue
            p = a * emap[r, c] + a0
            stone_sources(stones, r, c, p, rule_partner, rule_kizu, rule_side_pts,
                          rule_side_dir, rule_gain, max_gain, src)
            out[r, c] += g * 0.25 * (src[0] + src[1] + src[2] + src[3])
            for d in range(4):
                source = src[d]
                reach = decay_reach(source, k_scale, d_break, k_far)
                for i in range(n_off):
                    if off[d, i, 3] >= reach:
                        break  # fan points are in order of distance along the fan
                    att[i] = 0.0
                    rr = r + off[d, i, 0]
                    cc = c + off[d, i, 1]
                    if rr < 0 or rr >= size or cc < 0 or cc >= size:
                        continue
                    par = off[d, i, 2]
                    factor = 1.0
                    if par >= 0:
                        factor = att[par]
                        on_path = stones[r + off[d, par, 0], c + off[d, par, 1]]
                        if on_path == g:
                            factor *= pass_friend
                        elif on_path != 0:
                            factor *= pass_enemy
                    if factor <= 0.0:
                        continue
                    dist = off[d, i, 3] + lateral * off[d, i, 4]
                    val = decay(dist, source, k_scale, d_break, k_far)
                    if val <= 0.0:
                        continue
                    att[i] = factor
                    out[rr, cc] += g * off_w[i] * val * factor
