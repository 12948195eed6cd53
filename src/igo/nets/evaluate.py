"""Top-1 and log-likelihood of a policy network on held-out positions (issue 37).

The same two figures as Honda et al.'s evaluation (:mod:`igo.movepred.evaluate`): the
match rate (the played move is the net's most probable legal move) and the mean
natural log of the probability of the played move, overall and by game phase.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from igo.core.record import GameRecord
from igo.nets.encode import Encoded
from igo.nets.games import from_records, unusable_reason
from igo.nets.stream import encode_games

#: Game phases of the report: moves 1–50, 51–100, 101–150, 151–200, 201 on.
PHASES = ((1, 50), (51, 100), (101, 150), (151, 200), (201, 10**6))


@dataclass(frozen=True)
class NetMetrics:
    """Match rate and mean log-likelihood over ``positions`` positions."""

    positions: int
    match_rate: float
    mean_log_evidence: float

    def as_dict(self) -> dict[str, float | int]:
        """JSON form."""
        return {"positions": self.positions, "match_rate": self.match_rate,
                "mean_log_evidence": self.mean_log_evidence}


def per_position(net: Any, data: Encoded, batch: int = 1024, device: str = "cpu"
                 ) -> tuple[np.ndarray, np.ndarray]:
    """``(match, logp)`` of every position: 1.0 where the played move is the net's
    first choice, and the log-probability of the played move."""
    import torch

    from igo.nets.encode import legal_mask, planes
    from igo.nets.model import masked_logits

    match = np.zeros(len(data), np.float64)
    logp = np.zeros(len(data), np.float64)
    use_amp = device.startswith("cuda")
    with torch.inference_mode():
        for a in range(0, len(data), batch):
            b = min(a + batch, len(data))
            st = torch.from_numpy(data.stones[a:b]).to(device)
            mv = torch.from_numpy(data.moves[a:b]).to(device)
            x = planes(st, mv, torch.from_numpy(data.hist[a:b]).to(device),
                       torch.from_numpy(data.to_move[a:b]).to(device), data.size)
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=use_amp):
                raw = net(x)
            lg = masked_logits(raw, legal_mask(mv))
            tgt = torch.from_numpy(data.target[a:b].astype(np.int64)).to(device)
            lp = torch.log_softmax(lg, dim=1)
            match[a:b] = (lg.argmax(dim=1) == tgt).double().cpu().numpy()
            logp[a:b] = lp.gather(1, tgt.unsqueeze(1)).squeeze(1).double().cpu().numpy()
    return match, logp


def select_rows(data: Encoded, game: np.ndarray, number: np.ndarray) -> np.ndarray:
    """Rows of ``data`` at the ``(game, move number)`` pairs given, in their order
    (pairs absent from ``data`` are left out): the net evaluated on exactly the
    positions of another model's evaluation."""
    key = data.game.astype(np.int64) * 100_000 + data.number
    want = np.asarray(game, np.int64) * 100_000 + np.asarray(number, np.int64)
    order = np.argsort(key, kind="stable")
    pos = np.searchsorted(key[order], want)
    pos = np.minimum(pos, len(order) - 1)
    hit = key[order][pos] == want
    return order[pos[hit]]


def summarize(match: np.ndarray, logp: np.ndarray, number: np.ndarray
              ) -> dict[str, NetMetrics]:
    """Metrics overall (``"all"``), for moves 1–50 (``"1-50"``) and by phase."""
    def metrics(sel: np.ndarray) -> NetMetrics:
        n = int(sel.sum())
        if n == 0:
            return NetMetrics(0, float("nan"), float("nan"))
        return NetMetrics(n, float(match[sel].mean()), float(logp[sel].mean()))

    out = {"all": metrics(np.ones(len(match), bool))}
    for lo, hi in PHASES:
        key = f"{lo}-{hi}" if hi < 10**6 else f"{lo}+"
        out[key] = metrics((number >= lo) & (number <= hi))
    return out


def records_positions(records: list[GameRecord], size: int, moves: tuple[int, int],
                      threads: int = 1) -> Encoded:
    """The positions before moves ``moves[0] .. moves[1]`` (1-based, inclusive) of the
    records of ``size`` that start from the empty board; ``game`` indexes ``records``."""
    keep = [i for i, r in enumerate(records) if not unusable_reason(r, size)]
    if not keep:
        raise ValueError(f"no {size}x{size} record without setup stones")
    data = encode_games(from_records([records[i] for i in keep], size), moves, threads)
    return replace(data, game=np.asarray(keep, np.int32)[data.game])
