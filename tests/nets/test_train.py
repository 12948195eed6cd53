"""The training loop: it learns, checkpoints, resumes, and the nets it writes evaluate."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from igo.core.board import Board
from igo.nets.evaluate import per_position, summarize
from igo.nets.model_file import load_net
from igo.nets.policy import NetPolicy
from igo.nets.stream import encode_games
from igo.nets.train import TrainConfig, Trainer, lr_at

from .helpers import random_games


def test_learning_rate_schedule() -> None:
    cfg = TrainConfig(lr=1.0, warmup_steps=10, steps=110)
    assert lr_at(0, 110, cfg) == pytest.approx(0.1)
    assert lr_at(9, 110, cfg) == pytest.approx(1.0)
    assert lr_at(10, 110, cfg) == pytest.approx(1.0)
    assert lr_at(60, 110, cfg) == pytest.approx(0.51)
    assert lr_at(110, 110, cfg) == pytest.approx(0.02)
    with pytest.raises(ValueError):
        TrainConfig(steps=10, seconds=1.0)


def test_a_tiny_net_learns_resumes_and_evaluates(tmp_path: Path) -> None:
    torch.set_num_threads(1)
    # the same 3 games again and again: a net that learns predicts them better
    games = random_games(7, 3, 40, 3)
    data = encode_games(games)
    cfg = TrainConfig(nets=((1, 16),), batch=64, lr=3e-3, warmup_steps=5, steps=40,
                      log_every=10, chunk_games=1, checkpoint_seconds=1e9)
    run = tmp_path / "run"
    lines: list[str] = []
    first = Trainer(cfg, games, run, say=lines.append)
    untrained = per_position(first.nets[0].eval(), data)[1].mean()
    first.run()
    assert (run / "checkpoint.pt").is_file() and (run / "b1c16.pt").is_file()
    net, meta = load_net(run / "b1c16.pt")
    assert meta["step"] == 40 and meta["positions_seen"] == 40 * 64
    match, logp = per_position(net, data)
    assert logp.mean() > untrained + 0.25  # it learned the games (-3.35 -> -2.98 seen)
    m = summarize(match, logp, data.number)
    assert m["all"].positions == len(data) and m["1-50"].positions == len(data)
    again = Trainer(cfg, games, run, say=lines.append)
    assert again.step == 40 and again.done()
    again.run()
    assert any("resumed" in s for s in lines)
    # a longer schedule goes on from the checkpoint
    more = Trainer(TrainConfig(**{**cfg.__dict__, "steps": 50}), games, run,
                   say=lines.append)
    assert more.step == 40
    more.run()
    assert load_net(run / "b1c16.pt")[1]["step"] == 50


def test_a_time_budget_fixes_the_schedule(tmp_path: Path) -> None:
    games = random_games(7, 2, 30, 9)
    cfg = TrainConfig(nets=((1, 8),), batch=16, seconds=2.0, calibrate_steps=10,
                      warmup_steps=2, chunk_games=1)
    tr = Trainer(cfg, games, tmp_path, say=lambda s: None)
    tr.run()
    assert tr.total is not None and tr.total >= 20 and tr.step == tr.total


def test_net_policy_probabilities(tmp_path: Path) -> None:
    games = random_games(9, 2, 40, 4)
    cfg = TrainConfig(nets=((1, 8),), batch=16, steps=3, warmup_steps=1, chunk_games=1)
    Trainer(cfg, games, tmp_path, say=lambda s: None).run()
    pol = NetPolicy(tmp_path / "b1c8.pt")
    board = Board(9)
    pts, cols = games.game(0)
    from igo.core.color import Color
    from igo.core.coords import Point

    for p, c in zip(pts[:20], cols[:20], strict=True):
        board.play(Color(int(c)), None if p < 0 else Point.from_flat(int(p), 9))
    probs = pol.probabilities(board, board.to_play)
    assert probs.shape == (82,) and probs.sum() == pytest.approx(1.0)
    legal = board.legal_mask(board.to_play).reshape(81)
    assert np.all(probs[:81][~legal] == 0.0) and np.all(probs[:81][legal] > 0.0)
    n = pol.evaluations
    assert np.array_equal(pol.probabilities(board, board.to_play), probs)
    assert pol.evaluations == n  # cached
