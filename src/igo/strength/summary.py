"""Per-example feature vectors: MBN (Araki et al., section 5, after Moudřík et al.) and the
move model's view of the game (the paper's future work (4)), by named group.

========== =================================================================================
group      columns (the estimated player's moves unless said otherwise)
========== =================================================================================
mbn        atari (share of moves putting strings in atari, moves 1–60 / 61–240 / 241+);
           escaping atari × move number (same 3 buckets) × stones captured (0, 1, 2+);
           adjacency to the previous move × move number (1–10, 11–64, 65–240, 241+) × line
           (1, 2, 3, 4, 5+); local patterns (share of each of the ``n_patterns`` commonest
           local-pattern ids of the move model, standing in for Ray's MD4 patterns);
           ω-local sente (share of own moves more than ω = 10 from the opponent's last
           move, and of the opponent's moves more than ω from ours); win/loss
mp_early   moves 1–50 under the default move model: mean log-probability, mean log rank,
           top-1 share, top-20 share, share of moves present
mp_late    the same for moves 51–100, 101–150, 151+, and the 10/25/50/75/90 % quantiles
           of the log-probability over the whole game
mp_opp     the opponent's moves: the same four buckets as mp_early/mp_late
game       number of moves / 100, result (win, loss, by resignation, score, time)
local      per phase (moves 1–50, 51–100, 101–200, 201+): the Manhattan distance of the
           player's moves to the opponent's move before (1, 2, 3–4, 5–8, 9–16, 17+), the
           line of the player's moves (1 … 5+), and the same distances for the opponent
mp_hist    per phase: the rank of the played move under the move model (1, 2–3, 4–10,
           11–30, 31+), the player's moves
net        the policy network's view (:mod:`igo.strength.netview`, issue 37): as
           mp_early/mp_late for moves 1–50, 51–100, 101–150, and the opponent's moves
           1–150 (moves the view does not hold are left out; none held reads 0)
========== =================================================================================

The ``net`` group needs the net's view of the moves (``net`` of :func:`example_features`),
which costs a net evaluation a move: the default model reads it for the first 60 moves
(:data:`DEFAULT_GROUPS`); its fallback where the net's file is missing reads the move
model's view alone (:data:`MM_GROUPS`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.strength.cache import REASONS

GROUPS = ("mbn", "mp_early", "mp_late", "mp_opp", "game", "local", "mp_hist")
#: the groups that read more than the cache's move model rows (``net``: the net's view)
EXTRA_GROUPS = ("net",)
#: the groups of the model of the move model's view alone (``strength-19-mm.npz``, the
#: default until 2026-11-30 and its fallback since), in its column order
MM_GROUPS = ("mp_early", "mp_late", "mp_opp", "game", "mbn", "local", "mp_hist")
#: the groups of the default model (``strength-19.npz``): those and the policy net's view
DEFAULT_GROUPS = (*MM_GROUPS, "net")
OMEGA = 10
_MN3 = (60, 240)
_MN4 = (10, 64, 240)
_MP_BUCKETS = ((0, 50), (50, 100), (100, 150), (150, 10**6))
_NET_BUCKETS = ((0, 50), (50, 100), (100, 150))
_PHASES = (50, 100, 200)
_DIST_CUTS = (1, 2, 4, 8, 16)
_RANK_CUTS = (1, 3, 10, 30)


@dataclass(frozen=True)
class SummaryConfig:
    """Which groups, and the local-pattern vocabulary of the MBN group (pattern ids)."""

    groups: tuple[str, ...] = GROUPS
    patterns: tuple[int, ...] = ()


def fit_patterns(pattern_ids: np.ndarray, n_patterns: int = 100) -> tuple[int, ...]:
    """The ``n_patterns`` commonest nonzero local-pattern ids (the MBN vocabulary)."""
    ids = pattern_ids[np.isfinite(pattern_ids)].astype(np.int64)
    ids = ids[ids > 0]
    vals, counts = np.unique(ids, return_counts=True)
    return tuple(int(v) for v in vals[np.argsort(-counts, kind="stable")[:n_patterns]])


def _bucket(mn: np.ndarray, cuts: tuple[int, ...]) -> np.ndarray:
    return np.searchsorted(np.asarray(cuts), mn, side="left")


def _pattern_counts(ids: np.ndarray, patterns: tuple[int, ...]) -> np.ndarray:
    """How often each vocabulary pattern occurs among ``ids``."""
    if not patterns:
        return np.zeros(0)
    vocab = np.asarray(patterns, np.int64)
    order = np.argsort(vocab)
    ids = ids.astype(np.int64)
    pos = np.clip(np.searchsorted(vocab[order], ids), 0, len(vocab) - 1)
    hit = vocab[order][pos] == ids
    counts = np.zeros(len(vocab))
    np.add.at(counts, order[pos[hit]], 1.0)
    return counts


def _mbn(points: np.ndarray, mp: np.ndarray, own: np.ndarray, size: int, won: float,
         patterns: tuple[int, ...]) -> list[float]:
    mn = np.arange(1, len(points) + 1)
    ok = own & (points >= 0) & np.isfinite(mp[:, 4])
    n = max(int(ok.sum()), 1)
    code = np.where(ok, mp[:, 4], 0).astype(np.int64)
    atari, cap = code % 3, (code // 3) % 6
    lib = code // 18
    escape = ok & (lib % 5 == 1) & (lib // 5 >= 1)
    b3 = _bucket(mn, _MN3)
    f: list[float] = [float(np.sum(ok & (atari > 0) & (b3 == b))) / n for b in range(3)]
    capb = np.minimum(cap, 2)
    f += [float(np.sum(escape & (b3 == b) & (capb == c))) / n for b in range(3) for c in range(3)]
    r, c = points // size, points % size
    prev = np.concatenate([[-1], points[:-1]])
    pr, pc = prev // size, prev % size
    dist = np.where((points >= 0) & (prev >= 0), np.abs(r - pr) + np.abs(c - pc), 99)
    line = np.minimum(np.minimum(np.minimum(r, size - 1 - r), np.minimum(c, size - 1 - c)), 4)
    b4 = _bucket(mn, _MN4)
    adj = ok & (dist == 1)
    f += [float(np.sum(adj & (b4 == b) & (line == li))) / n for b in range(4) for li in range(5)]
    f += (_pattern_counts(mp[ok, 6], patterns) / n).tolist()
    opp = ~own & (points >= 0)
    f += [float(np.sum(ok & (dist > OMEGA) & (dist < 99))) / n,
          float(np.sum(opp & (dist > OMEGA) & (dist < 99))) / max(int(opp.sum()), 1), won]
    return f


def _shares(values: np.ndarray, phase: np.ndarray, sel: np.ndarray, cuts: tuple[int, ...]
            ) -> list[float]:
    """Per phase, the share of the selected moves in each bucket of ``values``."""
    b = np.searchsorted(np.asarray(cuts), values, side="left")
    out: list[float] = []
    for ph in range(len(_PHASES) + 1):
        s = sel & (phase == ph)
        n = max(int(s.sum()), 1)
        out += (np.bincount(b[s], minlength=len(cuts) + 1) / n).tolist()
    return out


def _local(points: np.ndarray, mp: np.ndarray, own: np.ndarray, size: int) -> list[float]:
    phase = _bucket(np.arange(1, len(points) + 1), _PHASES)
    prev = np.concatenate([[-1], points[:-1]])
    ok = (points >= 0) & (prev >= 0)
    r, c, pr, pc = points // size, points % size, prev // size, prev % size
    dist = np.where(ok, np.abs(r - pr) + np.abs(c - pc), 0)
    line = np.minimum(np.minimum(r, size - 1 - r), np.minimum(c, size - 1 - c)) + 1
    return (_shares(dist, phase, own & ok, _DIST_CUTS)
            + _shares(np.where(points >= 0, line, 0), phase, own & (points >= 0), (1, 2, 3, 4))
            + _shares(dist, phase, ~own & ok, _DIST_CUTS))


def _mp_hist(mp: np.ndarray, own: np.ndarray) -> list[float]:
    phase = _bucket(np.arange(1, len(mp) + 1), _PHASES)
    ok = own & np.isfinite(mp[:, 1])
    return _shares(np.where(ok, np.ceil(mp[:, 1]), 0).astype(np.int64), phase, ok, _RANK_CUTS)


def _mp_stats(mp: np.ndarray, sel: np.ndarray) -> list[float]:
    rows = mp[sel & np.isfinite(mp[:, 0])]
    if len(rows) == 0:
        return [0.0, 0.0, 0.0, 0.0, 0.0]
    return [float(rows[:, 0].mean()), float(np.log(rows[:, 1]).mean()),
            float(rows[:, 2].mean()), float(rows[:, 3].mean()), len(rows) / 25.0]


def _buckets(mp: np.ndarray, who: np.ndarray, buckets: tuple[tuple[int, int], ...]
             ) -> list[float]:
    idx = np.arange(len(mp))
    out: list[float] = []
    for a, b in buckets:
        out += _mp_stats(mp, who & (idx >= a) & (idx < b))
    return out


def example_features(points: np.ndarray, mp: np.ndarray, colour: int, game_row: np.ndarray,
                     size: int, cfg: SummaryConfig, net: np.ndarray | None = None
                     ) -> np.ndarray:
    """The feature vector of one example (groups in ``cfg.groups`` order); ``net`` is
    the game's rows of the net's view (:mod:`igo.strength.netview`; the ``net`` group
    reads 0 without it)."""
    own = (np.arange(len(points)) % 2) == (colour - 1)
    winner, reason = int(game_row[1]), int(game_row[2])
    won = 1.0 if winner == colour else (0.0 if winner else 0.5)
    f: list[float] = []
    for g in cfg.groups:
        if g == "mbn":
            f += _mbn(points, mp, own, size, won, cfg.patterns)
        elif g == "mp_early":
            f += _buckets(mp, own, _MP_BUCKETS[:1])
        elif g == "mp_late":
            f += _buckets(mp, own, _MP_BUCKETS[1:])
            lp = mp[own & np.isfinite(mp[:, 0]), 0]
            f += (np.quantile(lp, [0.1, 0.25, 0.5, 0.75, 0.9]).tolist() if len(lp)
                  else [0.0] * 5)
        elif g == "mp_opp":
            f += _buckets(mp, ~own, _MP_BUCKETS)
        elif g == "local":
            f += _local(points, mp, own, size)
        elif g == "mp_hist":
            f += _mp_hist(mp, own)
        elif g == "net":
            # the net's rows have the move model's first four columns (logp, rank,
            # match, top20), which _mp_stats reads; without them, all left out
            rows = net if net is not None else np.full((len(points), 4), np.nan)
            f += _buckets(rows, own, _NET_BUCKETS)
            f += _buckets(rows, ~own, ((0, 150),))
        elif g == "game":
            f += [len(points) / 100.0, won, float(winner not in (0, colour)),
                  *[float(reason == REASONS.index(r)) for r in ("resign", "score", "time")]]
        else:
            raise ValueError(f"unknown feature group {g!r}; groups: "
                             f"{', '.join((*GROUPS, *EXTRA_GROUPS))}")
    return np.array(f, np.float32)
