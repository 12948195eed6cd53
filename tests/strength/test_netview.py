"""The policy net's view of every move for the strength model (:mod:`igo.strength.netview`):
its rows against the net asked position by position, the resumable build, and the
``net`` feature group."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.replay import replay_positions
from igo.core.rules import Ruleset
from igo.nets.encode import encode_board, encode_positions
from igo.nets.policy import NetPolicy
from igo.strength.cache import StrengthCache, build_cache
from igo.strength.netview import (
    N_NET,
    build_net_view,
    game_net_rows,
    game_view,
    move_row,
    open_net_view,
    replayed_inputs,
)
from igo.strength.summary import DEFAULT_GROUPS, MM_GROUPS, SummaryConfig, example_features
from nets.helpers import random_record, tiny_net_file

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory) -> NetPolicy:
    return NetPolicy(tiny_net_file(tmp_path_factory.mktemp("net")))


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StrengthCache]:
    folder = tmp_path_factory.mktemp("cache")
    c = build_cache([str(DATA / "fox19.sgfs")], folder, None,
                    folds_path=str(DATA / "folds.tsv"), limit=6, progress=False)
    assert c.games.shape[0] >= 3
    return folder, c


def test_move_row_ranks_among_the_moves_the_net_gives_more() -> None:
    probs = np.array([0.1, 0.5, 0.2, 0.0, 0.2])
    assert move_row(probs, 2) == pytest.approx((np.log(0.2), 2.0, 0.0, 1.0))
    assert move_row(probs, 1) == pytest.approx((np.log(0.5), 1.0, 1.0, 1.0))
    logp, rank, match, _ = move_row(probs, 3)
    assert logp == pytest.approx(np.log(1e-12)) and rank == 5 and match == 0
    many = np.full(30, 1 / 30)
    many[:25] += 1e-4
    assert move_row(many, 29)[1:] == (26.0, 0.0, 0.0)


def test_game_rows_agree_with_the_net_asked_position_by_position(policy: NetPolicy) -> None:
    rec = random_record(9, 40, seed=7, pass_rate=0.1)
    points = np.array([-1 if m.point is None else m.point.flat(9) for m in rec.moves])
    assert (points < 0).any()
    rows = game_net_rows(points, 9, policy, max_moves=30, batch=7)
    assert rows.shape == (40, N_NET) and np.isnan(rows[30:]).all()
    b = Board(9)
    for i, mv in enumerate(rec.moves[:30]):
        probs = policy.probabilities(b, mv.color)
        want = move_row(probs, 81 if mv.point is None else mv.point.flat(9))
        assert rows[i] == pytest.approx(np.array(want, np.float32), rel=1e-4, abs=1e-5)
        b.play(mv.color, mv.point)


def test_rows_from_the_games_one_replay_are_the_rows_it_replays(policy: NetPolicy) -> None:
    """The net's inputs of a replayed game (:func:`replayed_inputs`) are what
    :func:`game_net_rows` encodes replaying the game itself, and give the same rows."""
    rec = random_record(9, 40, seed=7, pass_rate=0.1)
    points = np.array([-1 if m.point is None else m.point.flat(9) for m in rec.moves])
    game = replay_positions(rec)
    inputs = replayed_inputs(game, encode_positions(game), 30)
    assert inputs is not None and len(inputs) == 30
    own = game_net_rows(points, 9, policy, max_moves=30, batch=7)
    shared = game_net_rows(points, 9, policy, max_moves=30, batch=7, encoded=inputs)
    assert np.array_equal(own, shared, equal_nan=True)
    b = Board(9)
    for enc, mv in zip(inputs, rec.moves, strict=False):
        want = encode_board(b, mv.color)
        for name in ("stones", "moves", "hist", "to_move", "number"):
            assert np.array_equal(getattr(enc, name), getattr(want, name)), name
        b.play(mv.color, mv.point)


def test_no_replayed_inputs_where_the_rows_replay_differently() -> None:
    """Setup stones, a suicide rule, colours that do not alternate from Black, or a
    position repeated (legal under the record's simple ko, not under the rows' default
    positional superko): the rows replay the game themselves."""
    rec = random_record(9, 20, seed=3)
    game = replay_positions(rec)
    assert rec.rules.ko == "simple" and not rec.rules.suicide
    assert replayed_inputs(game, encode_positions(game), 20) is not None
    free = next(Point(r, c) for r in range(9) for c in range(9)
                if all(m.point != Point(r, c) for m in rec.moves))
    for other in (replace(rec, setup_black=[free]),
                  replace(rec, rules=Ruleset("simple", True)),
                  replace(rec, moves=[Move(Color.WHITE, m.point) if i == 4 else m
                                      for i, m in enumerate(rec.moves)])):
        g = replay_positions(other)
        assert replayed_inputs(g, encode_positions(g), 20) is None
    # a ko taken, two passes, and the retake: the position after move 8 again
    b, w = Color.BLACK, Color.WHITE
    ko = replace(rec, size=5, moves=[Move(c, None if p is None else Point(*p)) for c, p in (
        (b, (0, 1)), (w, (0, 2)), (b, (1, 0)), (w, (1, 3)), (b, (2, 1)), (w, (2, 2)),
        (b, (4, 0)), (w, (1, 1)), (b, (1, 2)), (w, None), (b, None), (w, (1, 1)))])
    g = replay_positions(ko)
    assert g.boards[12].hash == g.boards[8].hash
    assert replayed_inputs(g, encode_positions(g), 11) is not None
    assert replayed_inputs(g, encode_positions(g), 12) is None


def test_the_build_resumes_and_the_group_reads_it(
        cache: tuple[Path, StrengthCache], policy: NetPolicy, tmp_path: Path) -> None:
    folder, c = cache
    assert np.isnan(open_net_view(folder, c)).all()  # none made yet
    part = build_net_view(folder, c, policy, max_moves=20, batch=16, chunk=1, limit=2,
                          progress=False)
    n_games = int(c.games.shape[0])
    end2 = int(c.games[2, 4])
    assert np.isfinite(part[:end2]).any() and np.isnan(part[end2:]).all()
    whole = build_net_view(folder, c, policy, max_moves=20, batch=16, progress=False)
    for g in range(n_games):
        pts, _ = c.game_moves(g)
        assert np.allclose(game_view(whole, c, g), game_net_rows(np.asarray(pts), 19, policy, 20),
                           equal_nan=True, rtol=1e-4, atol=1e-5)
    assert open_net_view(folder, c).shape == (int(c.points.shape[0]), N_NET)
    with pytest.raises(ValueError, match="max_moves"):
        build_net_view(folder, c, policy, max_moves=30, progress=False)

    g, colour = int(c.examples[0, 0]), int(c.examples[0, 1])
    pts, mp = c.game_moves(g)
    cfg = SummaryConfig(("net",))
    with_net = example_features(np.asarray(pts, np.int64), np.asarray(mp), colour,
                                c.games[g], 19, cfg, game_view(whole, c, g))
    without = example_features(np.asarray(pts, np.int64), np.asarray(mp), colour,
                               c.games[g], 19, cfg)
    assert with_net.shape == without.shape == (20,)
    assert not without.any()
    own = game_view(whole, c, g)[colour - 1:20:2]  # the player's moves 1-20
    assert with_net[0] == pytest.approx(own[:, 0].mean(), rel=1e-5)  # mean log p, 1-50
    assert with_net[2] == pytest.approx(own[:, 2].mean(), rel=1e-5)  # top-1 share
    assert with_net[4] == pytest.approx(len(own) / 25.0)
    assert not with_net[5:15].any()  # moves 51-150: not in a 20-move view
    # the default model reads it; its fallback does not
    assert DEFAULT_GROUPS[-1] == "net" and DEFAULT_GROUPS[:-1] == MM_GROUPS
