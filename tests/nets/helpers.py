"""Random games as compact move lists, for the tests of igo.nets."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from igo.core.board import Board
from igo.core.move import Move
from igo.core.record import GameRecord
from igo.core.rules import Ruleset
from igo.nets import games as G

SIMPLE = Ruleset("simple", False, "japanese")


def random_record(size: int, n_moves: int, seed: int, pass_rate: float = 0.02) -> GameRecord:
    """A game of random legal moves (some passes) that favours moves next to stones,
    so that strings, ataris, captures and ko occur."""
    rng = np.random.default_rng(seed)
    b = Board(size, SIMPLE)
    moves = []
    for _ in range(n_moves):
        color = b.to_play
        legal = b.legal_moves(color)
        if not legal or rng.random() < pass_rate:
            b.play(color, None)
            moves.append(Move(color, None))
            continue
        arr = b.to_array()
        near = [p for p in legal
                if any(0 <= p.row + dr < size and 0 <= p.col + dc < size
                       and arr[p.row + dr, p.col + dc] != 0
                       for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
        pool = near if near and rng.random() < 0.7 else legal
        p = pool[int(rng.integers(len(pool)))]
        b.play(color, p)
        moves.append(Move(color, p))
    return GameRecord(size=size, rules=SIMPLE, moves=moves)


def random_games(size: int, n_games: int, n_moves: int, seed: int) -> G.GameArrays:
    """``n_games`` random games as arrays."""
    return G.from_records([random_record(size, n_moves, seed + k) for k in range(n_games)],
                          size)


def tiny_net_file(folder: Path) -> Path:
    """A tiny policy net (one block of 8 channels, 5 steps on random 9x9 games) saved in
    ``folder``; fully convolutional, so it takes any board size."""
    from igo.nets.train import TrainConfig, Trainer

    cfg = TrainConfig(nets=((1, 8),), batch=32, steps=5, warmup_steps=1, chunk_games=1)
    Trainer(cfg, random_games(9, 3, 40, 2), folder, say=lambda s: None).run()
    return folder / "b1c8.pt"


def tiny_heads_net_file(folder: Path, seed: int = 0) -> Path:
    """A tiny net with value, score and ownership heads (one block of 8 channels, one
    head block, random weights of ``seed``) saved as ``folder/heads.pt``; any board size."""
    import torch

    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net

    torch.manual_seed(seed)
    net = PolicyNet(NetConfig(1, 8, head_channels=4, value_blocks=1, value_channels=4,
                              value_hidden=8))
    net.eval()
    path = Path(folder) / "heads.pt"
    save_net(net, path, {"heads": {"komi": 6.5, "sizes": [5, 7, 9, 13, 19]}})
    return path
