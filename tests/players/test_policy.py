"""The policy player (igo:policy) and the model=PATH option of igo:mcts."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from igo.core import Board, Color, Point, Ruleset
from igo.movepred.default import default_model_path, load_default
from igo.players.base import EnginePlayer
from igo.players.mcts import MCTSGenerator
from igo.players.policy import PolicyGenerator
from igo.players.registry import PlayerSpecError, make_player


def test_greedy_policy_plays_the_model_s_best_move() -> None:
    model = load_default(19)
    board = Board(19)
    board.play(Color.BLACK, Point(3, 3))
    points, probs = model.probabilities(board)
    move = PolicyGenerator(model, temperature=0).select_move(board, Color.WHITE)
    assert move == points[int(np.argmax(probs))]


def test_policy_games_repeat_with_the_seed_and_end_by_passing() -> None:
    model = load_default(9)  # a small board: the game is short
    games = []
    for _ in range(2):
        gen = PolicyGenerator(model, np.random.default_rng(3))
        board = Board(9)
        moves = []
        while board.consecutive_passes < 2 and len(moves) < 400:
            move = gen.select_move(board, board.to_play)
            assert move != "resign"
            moves.append(move)
            board.play(board.to_play, move)
        games.append(moves)
    assert games[0] == games[1] and board.consecutive_passes == 2
    # when it passes, every legal move left fills its own eye
    assert not board.sensible_mask(board.to_play).any()


def test_specs_with_model_files(tmp_path: Path) -> None:
    path = default_model_path(9)
    player = make_player(f"igo:policy:model={path},temperature=0.5",
                         np.random.default_rng(0))
    assert isinstance(player, EnginePlayer)
    assert isinstance(player.generator, PolicyGenerator)
    assert player.generator.temperature == 0.5
    player.new_game(9, 7.5, Ruleset())
    assert isinstance(player.genmove(Color.BLACK), Point)
    mcts = make_player(f"igo:mcts:playouts=8,model={path}", np.random.default_rng(0))
    assert isinstance(mcts, EnginePlayer) and isinstance(mcts.generator, MCTSGenerator)
    assert mcts.generator.model is player.generator.model  # loaded once per process
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"garbage")
    for spec, message in [(f"igo:policy:model={tmp_path / 'none.npz'}", "no such model file"),
                          (f"igo:mcts:model={bad}", "corrupt or not a model file"),
                          ("igo:policy:temperature=-1", "temperature must be >= 0"),
                          ("igo:policy:depth=3", "unknown options")]:
        with pytest.raises(PlayerSpecError, match=message):
            make_player(spec)
