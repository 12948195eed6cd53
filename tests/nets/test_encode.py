"""The input encoding of the policy net against the plain-Python oracle
(tests/reference/nets.py), and the planes built from it."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.symmetry import apply_array
from igo.nets import games as G
from igo.nets.encode import N_PLANES, PLANES, encode_board, legal_mask, planes
from igo.nets.stream import NO_TARGET, StreamEncoder, encode_games
from igo.nets.train import apply_symmetry, symmetry_tables
from reference import nets as R

from .helpers import random_games, random_record


@pytest.mark.parametrize(("size", "n_moves", "seed"),
                         [(7, 80, 1), (9, 120, 2), (13, 150, 3), (19, 200, 4)])
def test_kernel_agrees_with_the_reference_on_random_games(size: int, n_moves: int,
                                                         seed: int) -> None:
    games = random_games(size, 2, n_moves, seed)
    enc = encode_games(games, threads=2)
    row = 0
    for g in range(len(games)):
        pts, cols = games.game(g)
        for st, mv, hist, target in R.encode_game(pts, cols, size):
            assert np.array_equal(enc.stones[row], st), (g, row)
            assert np.array_equal(enc.moves[row], mv), (g, row)
            assert list(enc.hist[row]) == hist
            assert enc.target[row] == target
            assert enc.game[row] == g
            row += 1
    assert row == len(enc)
    # every code occurs somewhere in these games except a few rare ones
    assert len(np.unique(enc.stones)) >= 8
    assert len(np.unique(enc.moves)) >= 8


def test_moves_range_and_threads_give_the_same_rows() -> None:
    games = random_games(9, 6, 70, 11)
    whole = encode_games(games, threads=1)
    part = encode_games(games, moves=(10, 30), threads=3)
    sel = (whole.number >= 10) & (whole.number <= 30)
    assert np.array_equal(part.stones, whole.stones[sel])
    assert np.array_equal(part.moves, whole.moves[sel])
    assert np.array_equal(part.target, whole.target[sel])
    assert np.array_equal(part.number, whole.number[sel])


def test_an_illegal_move_ends_the_game_and_the_stream_marks_its_rows() -> None:
    games = random_games(9, 2, 30, 5)
    pts = games.points.copy()
    pts[5] = pts[3]  # move 6 of game 0 on an occupied point
    broken = G.GameArrays(9, pts, games.colors, games.offsets, games.winner)
    enc = encode_games(broken)
    assert list(enc.number[enc.game == 0]) == [1, 2, 3, 4, 5]
    assert np.sum(enc.game == 1) == 30
    raw = StreamEncoder(broken, chunk=1).wait()
    assert np.all(raw.target[5:30] == NO_TARGET) and np.all(raw.to_move[5:30] == 0)


def test_encode_board_matches_the_game_rows() -> None:
    rec = random_record(13, 60, 21)
    games = G.from_records([rec], 13)
    enc = encode_games(games)
    board = Board(13, rec.rules)
    for i, mv in enumerate(rec.moves):
        one = encode_board(board, mv.color)
        assert np.array_equal(one.stones[0], enc.stones[i])
        assert np.array_equal(one.moves[0], enc.moves[i])
        assert np.array_equal(one.hist[0], enc.hist[i])
        board.play(mv.color, mv.point)


def test_planes_of_a_small_position() -> None:
    # . X O .      Black to move; White's O at (0, 2) has 2 liberties,
    # . X O .      Black's string has 3
    # . . . .
    board = Board(4)
    for color, p in [(Color.BLACK, (0, 1)), (Color.WHITE, (0, 2)), (Color.BLACK, (1, 1)),
                     (Color.WHITE, (1, 2))]:
        board.play(color, Point(*p))
    e = encode_board(board, Color.BLACK)
    x = planes(torch.from_numpy(e.stones), torch.from_numpy(e.moves),
               torch.from_numpy(e.hist), torch.from_numpy(e.to_move), 4)
    assert x.shape == (1, N_PLANES, 4, 4)
    p = {name: x[0, k].numpy() for k, name in enumerate(PLANES)}
    assert p["own3"][0, 1] == 1 and p["own3"][1, 1] == 1 and p["own3"].sum() == 2
    assert p["opp3"][0, 2] == 1 and p["opp3"].sum() == 2  # White's pair: (0,3) (1,3) (2,2)
    assert p["empty"].sum() == 12 and p["legal"].sum() == 12
    assert p["last1"][1, 2] == 1 and p["last2"][1, 1] == 1 and p["last4"][0, 1] == 1
    assert p["ones"].sum() == 16 and p["black_to_move"].sum() == 16
    # Black at (0,0) joins its pair: liberties (1,0) and (2,1); at (2,1) five
    assert p["after2"][0, 0] == 1 and p["after3+"][0, 0] == 0
    assert p["after3+"][2, 1] == 1
    # at (0,3) a self-atari (its one liberty (1,3)); no capture, no atari anywhere
    assert p["after1"][0, 3] == 1 and p["after1"].sum() == 1
    assert p["atari"].sum() == 0 and p["capture1"].sum() == 0
    # White's pair has 3 liberties: Black at (2,2) leaves it 2, no atari yet


def test_symmetry_tables_agree_with_the_planes() -> None:
    games = random_games(9, 3, 50, 31)
    e = encode_games(games)
    x = planes(torch.from_numpy(e.stones), torch.from_numpy(e.moves),
               torch.from_numpy(e.hist), torch.from_numpy(e.to_move), 9)
    legal = legal_mask(torch.from_numpy(e.moves))
    tables = torch.from_numpy(symmetry_tables(9))
    tgt = torch.from_numpy(e.target.astype(np.int64))
    for s in range(8):
        xs = apply_symmetry(x, s)
        assert np.array_equal(xs.numpy(), apply_array(x.numpy(), s))
        moved = torch.empty_like(legal)
        moved[:, tables[s]] = legal
        assert torch.equal(moved[:, :81], xs[:, PLANES.index("legal")].reshape(-1, 81).bool())
        ts = tables[s][tgt]
        on_board = ts < 81
        hit = xs[:, PLANES.index("legal")].reshape(-1, 81)[on_board.nonzero().squeeze(1),
                                                           ts[on_board]]
        assert bool(hit.all())
