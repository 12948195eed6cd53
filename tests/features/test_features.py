"""Feature kernels against the plain-Python oracles of tests/reference/features.py."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord
from igo.core.replay import replay_positions
from igo.core.rules import Ruleset
from igo.core.symmetry import apply_point
from igo.features import _kernels as K
from igo.features import tactical as T
from igo.features.broad import BroadConfig, default_split
from igo.features.extract import Extractor, FeatureConfig, select_moves
from igo.features.patterns import (
    HashTable,
    dictionary_table,
    pattern_distance,
    pattern_tables,
    select_frequent,
)
from igo.movepred.default import load_default
from reference import features as R

SIMPLE = Ruleset("simple", False, "japanese")


def random_board(size: int, n_moves: int, seed: int) -> Board:
    """A board after ``n_moves`` random legal moves (simple ko), with captures."""
    rng = np.random.default_rng(seed)
    b = Board(size, SIMPLE)
    for _ in range(n_moves):
        legal = b.legal_moves(b.to_play)
        if not legal:
            break
        # favour moves next to stones so that strings, ataris and captures occur
        p = legal[int(rng.integers(len(legal)))]
        b.play(b.to_play, p)
    return b


def ko_point(b: Board) -> tuple[int, int] | None:
    k = b.ko_point
    return None if k is None else (k[0], k[1])


BOARDS = [(9, 40, 1), (9, 70, 2), (13, 90, 3), (19, 120, 4), (19, 250, 5), (7, 45, 6)]


@pytest.mark.parametrize(("size", "n", "seed"), BOARDS)
def test_tactical_and_legal_moves_match_reference(size: int, n: int, seed: int) -> None:
    b = random_board(size, n, seed)
    arr = b.to_array()
    ex = Extractor(FeatureConfig())
    for color in (Color.BLACK, Color.WHITE):
        f = ex.position(b, color)
        pts = [(p[0], p[1]) for p in f.points()]
        ko = ko_point(b) if b.ko_point is not None and color == b.to_play else None
        assert sorted(pts) == R.legal_moves(arr, int(color), ko)
        for p, code in zip(pts, f.tac, strict=True):
            la, lb, cap, at = R.tactical(arr, p, int(color))
            assert code == K.pack_tactical(la, lb, cap, at), (p, la, lb, cap, at)


def test_tactical_on_a_diagram() -> None:
    # White O at B2 (row 7, col 1 of 9x9) in atari; black captures at C2.
    b = Board(9, SIMPLE)
    b.setup([Point(7, 0), Point(6, 1), Point(8, 1)], [Point(7, 1), Point(8, 2)])
    f = Extractor(FeatureConfig()).position(b, Color.BLACK)
    pts = f.points()
    code = int(f.tac[pts.index(Point(7, 2))])
    _lib, cap, atari = T.unpack_tactical(code)
    assert cap == 1  # one stone captured
    assert atari == 1  # the white stone at C1 is left in atari
    with pytest.raises(ValueError, match="out of range"):
        T.unpack_tactical(K.N_TACTICAL)


@pytest.mark.parametrize(("size", "n", "seed"), BOARDS[:4])
def test_pattern_hashes_match_reference(size: int, n: int, seed: int) -> None:
    b = random_board(size, n, seed)
    arr = b.to_array()
    t = pattern_tables(7)
    offsets = list(zip(t.off_r.tolist(), t.off_c.tolist(), strict=True))
    f = Extractor(FeatureConfig()).position(b)
    for k, p in enumerate(f.points()):
        if k % 7:
            continue
        ref = R.pattern_hashes(arr, (p[0], p[1]), int(b.to_play), 7, t.zkeys, t.size_keys,
                               offsets)
        assert [int(x) for x in f.hashes[k]] == ref


def test_pattern_sizes_follow_the_paper() -> None:
    t = pattern_tables(7)
    counts = [int(x) for x in t.size_end]
    # R2 = 4 neighbours, R3 = 3x3 (8), R4 +4, R5 +8, R6 +8, R7 +8
    assert counts == [4, 8, 12, 20, 28, 36]
    assert pattern_distance(3, 1) == 7 and pattern_distance(2, 2) == 6
    with pytest.raises(ValueError, match="pattern size"):
        pattern_tables(1)


@pytest.mark.parametrize("sym", range(8))
def test_canonical_patterns_are_symmetry_invariant(sym: int) -> None:
    b = random_board(13, 80, 11)
    arr = b.to_array()
    turned = Board(13, SIMPLE)
    blacks = [apply_point(Point(int(r), int(c)), sym, 13) for r, c in zip(*np.nonzero(arr == 1),
                                                                            strict=True)]
    whites = [apply_point(Point(int(r), int(c)), sym, 13) for r, c in zip(*np.nonzero(arr == 2),
                                                                            strict=True)]
    turned.setup(blacks, whites)
    turned.to_play = b.to_play
    ex = Extractor(FeatureConfig())
    f0 = ex.position(b)
    f1 = ex.position(turned)
    h1 = {(p[0], p[1]): row for p, row in zip(f1.points(), f1.hashes, strict=True)}
    t1 = {(p[0], p[1]): code for p, code in zip(f1.points(), f1.tac, strict=True)}
    for p, row, code in zip(f0.points(), f0.hashes, f0.tac, strict=True):
        q = apply_point(p, sym, 13)
        assert np.array_equal(h1[(q[0], q[1])], row)
        assert t1[(q[0], q[1])] == code


def test_colours_are_relative_to_the_player() -> None:
    b = random_board(9, 30, 8)
    arr = b.to_array()
    swapped = Board(9, SIMPLE)
    swapped.setup([Point(int(r), int(c)) for r, c in zip(*np.nonzero(arr == 2), strict=True)],
                  [Point(int(r), int(c)) for r, c in zip(*np.nonzero(arr == 1), strict=True)])
    ex = Extractor(FeatureConfig())
    a = ex.position(b, Color.BLACK)
    c = ex.position(swapped, Color.WHITE)
    assert np.array_equal(a.hashes, c.hashes)
    assert np.array_equal(a.broad_keys, c.broad_keys)


@pytest.mark.parametrize(("size", "n", "seed"), [(19, 60, 21), (19, 150, 22), (13, 70, 23),
                                                 (9, 40, 24)])
def test_broad_keys_match_reference(size: int, n: int, seed: int) -> None:
    b = random_board(size, n, seed)
    arr = b.to_array()
    cfg = BroadConfig(a=5.0, b=0.01, c=3)
    ex = Extractor(FeatureConfig(broad=cfg))
    split = default_split(size)
    red = R.reduced_board(arr, split, 5.0, 0.01, 3)
    for color in (Color.BLACK, Color.WHITE):
        f = ex.position(b, color)
        nred = len(split)
        ref = [R.broad_key(red, i, j, int(color)) for i in range(nred) for j in range(nred)]
        assert [int(k) for k in f.broad_keys] == ref


def test_default_splits_are_symmetric() -> None:
    for size in range(5, 26):
        s = default_split(size)
        assert sum(s) == size and s == s[::-1]
    assert default_split(19) == (3, 3, 2, 3, 2, 3, 3)
    with pytest.raises(ValueError, match="does not cover"):
        BroadConfig(splits=((19, (3, 3)),))
    with pytest.raises(ValueError, match="metric"):
        BroadConfig(metric="chebyshev")


def test_hash_table_and_dictionary() -> None:
    rng = np.random.default_rng(0)
    keys = np.unique(rng.integers(1, 2**63, size=500, dtype=np.uint64))
    t = HashTable.build(keys, np.arange(len(keys)))
    assert len(t) == len(keys)
    assert all(t.get(int(k)) == i for i, k in enumerate(keys))
    assert t.get(12345) == -1
    kept = select_frequent(np.array([5, 5, 5, 7, 7, 9, 0, 0, 0], np.uint64), 2)
    assert kept.tolist() == [5, 7]
    d = dictionary_table(kept)
    assert d.get(5) == 1 and d.get(7) == 2 and d.get(9) == -1
    with pytest.raises(ValueError, match="threshold"):
        select_frequent(kept, 0)
    with pytest.raises(ValueError, match="power of two"):
        HashTable(np.zeros(3, np.uint64), np.zeros(3, np.int64))


def test_hash_table_build_matches_one_by_one_inserts() -> None:
    """The kernel that builds a table lays it out exactly as inserting the items one by
    one in order (colliding keys included), and refuses a zero key."""
    from igo.features import _kernels as K

    rng = np.random.default_rng(1)
    keys = rng.permutation(np.unique(rng.integers(1, 2**64 - 1, size=3000, dtype=np.uint64)))
    ids = rng.integers(0, 10**6, size=len(keys))
    t = HashTable.build(keys, ids)
    ref_k = np.zeros_like(t.keys)
    ref_v = np.full(len(t.vals), -1, np.int64)
    for k, v in zip(keys, ids, strict=True):
        K.table_put.py_func(ref_k, ref_v, np.uint64(k), int(v))
    assert np.array_equal(t.keys, ref_k) and np.array_equal(t.vals, ref_v)
    with pytest.raises(ValueError, match="non-zero"):
        HashTable.build(np.array([3, 0, 5], np.uint64), np.arange(3))
    with pytest.raises(ValueError, match="one length"):
        HashTable.build(keys[:3], ids[:2])


def test_largest_matching_size_is_used() -> None:
    b = random_board(19, 40, 31)
    ex = Extractor(FeatureConfig())
    f = ex.position(b)
    row = f.hashes[0]
    # keep R3 and R5 of the first move: its id must be R5's
    d = dictionary_table(np.sort(np.array([row[1], row[3]], np.uint64)))
    ex2 = Extractor(FeatureConfig(), patterns=d)
    f2 = ex2.position(b)
    assert f2.pat[0] == d.get(int(row[3]))


@pytest.mark.parametrize(("n", "seed"), [(30, 41), (160, 42)])
def test_extract_game_matches_position(n: int, seed: int) -> None:
    b = random_board(19, n, seed)
    moves = b.history
    rec = GameRecord(size=19, rules=SIMPLE, moves=list(moves))
    # a dictionary holding every other hash seen along the game, so that ids vary
    ex0 = Extractor(FeatureConfig())
    seen, _, _ = ex0.count_game(rec)
    probe = Board(19, SIMPLE)
    for mv in moves[: n // 2]:
        seen = np.concatenate([seen.ravel(), ex0.position(probe, mv.color).hashes.ravel()])
        probe.play(mv.color, mv.point)
    kept = np.unique(seen.ravel())[::2]
    ex = Extractor(FeatureConfig(), patterns=dictionary_table(kept))
    g = ex.extract_game(rec, 0, n)
    assert len(g.pos_info) == sum(1 for m in moves if m.point is not None)
    replay = Board(19, SIMPLE)
    for k, mv in enumerate(moves):
        start, m, target, prev1, _, idx = (int(x) for x in g.pos_info[k])
        assert idx == k
        f = ex.position(replay, mv.color)
        assert np.array_equal(g.pt[start:start + m], f.pt)
        assert np.array_equal(g.tac[start:start + m], f.tac)
        assert np.array_equal(g.pat[start:start + m], f.pat)
        assert np.count_nonzero(f.pat) > 0
        assert f.points()[target] == mv.point
        if k:
            p = moves[k - 1].point
            assert p is not None
            assert prev1 == (p[0] + 1) * 21 + p[1] + 1
        replay.play(mv.color, mv.point)


@pytest.mark.parametrize("stride", [2, 5])
def test_extract_game_stride_is_a_subset(stride: int) -> None:
    b = random_board(19, 120, 43)
    rec = GameRecord(size=19, rules=SIMPLE, moves=list(b.history))
    ex = Extractor(FeatureConfig())
    full = ex.extract_game(rec, 10, 100)
    part = ex.extract_game(rec, 10, 100, stride)
    idx_full = list(full.pos_info[:, 5])
    idx_part = list(part.pos_info[:, 5])
    # one in `stride` of the range, at one phase, the same on every call
    assert len({i % stride for i in idx_part}) == 1
    assert all(10 <= i < 100 for i in idx_part)
    assert len(idx_part) == len(range(idx_part[0], 100, stride))
    assert idx_part[0] < 10 + stride
    again = ex.extract_game(rec, 10, 100, stride)
    assert np.array_equal(again.pos_info, part.pos_info)
    # each sampled position has exactly the rows of the full extraction
    for k, i in enumerate(idx_part):
        j = idx_full.index(i)
        s0, m = int(part.pos_info[k, 0]), int(part.pos_info[k, 1])
        f0, fm = int(full.pos_info[j, 0]), int(full.pos_info[j, 1])
        assert m == fm
        assert np.array_equal(part.pt[s0:s0 + m], full.pt[f0:f0 + m])
        assert np.array_equal(part.tac[s0:s0 + m], full.tac[f0:f0 + m])
        assert np.array_equal(part.pat[s0:s0 + m], full.pat[f0:f0 + m])
        assert np.array_equal(part.pos_broad[k], full.pos_broad[j])
        assert np.array_equal(part.pos_info[k, 2:], full.pos_info[j, 2:])
    h_all, b_all, _ = ex.count_game(rec, 10, 100)
    h, bk, _ = ex.count_game(rec, 10, 100, stride)
    assert len(h) == len(idx_part)
    sel = [idx_full.index(i) for i in idx_part]
    assert np.array_equal(h, h_all[sel]) and np.array_equal(bk, b_all[sel])


def test_select_moves() -> None:
    pts = np.arange(1, 31, dtype=np.int64)
    assert select_moves(pts, 0, 50).all()
    assert np.flatnonzero(select_moves(pts, 5, 8)).tolist() == [5, 6, 7]
    assert not select_moves(pts, 40, 50).any()
    sel = np.flatnonzero(select_moves(pts, 0, None, 4))
    assert len(sel) in (7, 8) and np.all(np.diff(sel) == 4) and sel[0] < 4
    with pytest.raises(ValueError, match="stride"):
        select_moves(pts, 0, 10, 0)


def test_illegal_record_stops() -> None:
    rec = GameRecord(size=9, rules=SIMPLE, moves=[Move(Color.BLACK, Point(4, 4)),
                                                  Move(Color.WHITE, Point(4, 4))])
    ex = Extractor(FeatureConfig())
    g = ex.extract_game(rec)
    assert g.illegal and len(g.pos_info) == 1
    _, _, illegal = ex.count_game(rec)
    assert illegal


def test_feature_config_validation() -> None:
    with pytest.raises(ValueError, match="unknown feature groups"):
        FeatureConfig(groups=("pattern", "bogus"))
    with pytest.raises(ValueError, match="twice"):
        FeatureConfig(groups=("pattern", "pattern"))
    assert T.distance_bucket(None, None) == T.DIST_NONE
    assert T.distance_bucket(1, 0) == 0 and T.distance_bucket(9, 9) == 15
    assert T.edge_bucket(0, 5, 19) == 5 and T.edge_bucket(9, 9, 19) == 48
    assert T.edge_bucket(3, 15, 19) == 7 * 3 + 3 and T.edge_bucket(15, 2, 19) == 7 * 2 + 3


@pytest.mark.parametrize(("size", "n", "seed"), [(9, 40, 61), (9, 70, 62), (13, 90, 63),
                                                 (19, 150, 64)])
def test_pattern_id_at_matches_the_three_steps(size: int, n: int, seed: int) -> None:
    """The search's pattern lookup from the board (sizes upward, stopping at the first
    miss) gives the id of the largest kept size, as pattern_values, pattern_hashes and
    pattern_id do, on every empty point for both colours, with igo's default models
    (tables built by a count threshold, so their sizes form a prefix)."""
    from igo.search.search import nearest_default_model

    model = nearest_default_model(size)
    ex = model.extractor
    t = ex.tables
    keys, vals = ex.patterns.keys, ex.patterns.vals
    idx = K.pattern_points(size, t.off_r, t.off_c)
    b = random_board(size, n, seed)
    s = b.state
    w = size + 2
    v = np.zeros(t.off_r.shape[0], np.int64)
    hs = np.zeros(t.size_end.shape[0], np.uint64)
    found = 0
    for color in (1, 2):
        for r in range(size):
            for c in range(size):
                p = (r + 1) * w + c + 1
                if s.color[p] != 0:
                    continue
                K.pattern_values(s, p, color, t.off_r, t.off_c, v)
                K.pattern_hashes(v, t.symkeys, t.size_end, t.size_keys, hs)
                want = K.pattern_id(hs, keys, vals)
                got = K.pattern_id_at(s, p, color, idx, t.symkeys, t.size_end, t.size_keys,
                                      keys, vals)
                assert got == want, (p, color)
                found += want != 0
    assert found > 0


TROMP_TAYLOR = Ruleset.named("tromp-taylor")  # positional superko, suicide allowed


@pytest.mark.parametrize(("n", "seed", "rules"), [(60, 71, SIMPLE),
                                                (180, 72, TROMP_TAYLOR)])
def test_extract_replayed_matches_the_game_and_each_position(n: int, seed: int,
                                                            rules: Ruleset) -> None:
    """extract_positions on stacked states (the positions of the one replay, not replayed) against
    extract_game and against each position's features read in plain Python."""
    moves = list(random_board(19, n, seed).history)
    k = n // 2  # two passes in the middle of the game, and one more before the last move
    moves[k:k] = [Move(moves[k].color, None), Move(moves[k].color.opponent, None)]
    moves.insert(len(moves) - 1, Move(moves[-1].color, None))
    rec = GameRecord(size=19, rules=rules, moves=moves)
    game = replay_positions(rec)
    ex = load_default(19).extractor  # real pattern and broad dictionaries: ids vary
    assert ex.config.uses_broad
    for first, last, stride in ((0, None, 1), (10, 100, 3)):
        g = ex.extract_replayed(game, first, last, stride)
        want = ex.extract_game(rec, first, last, stride)
        assert not g.illegal and not want.illegal
        for a, b in ((g.pos_info, want.pos_info), (g.pos_broad, want.pos_broad),
                     (g.pt, want.pt), (g.tac, want.tac), (g.pat, want.pat)):
            assert np.array_equal(a, b)
    g = ex.extract_replayed(game)
    played = [i for i, mv in enumerate(moves) if mv.point is not None]
    assert [int(i) for i in g.pos_info[:, 5]] == played
    w = 21
    padded = [0 if mv.point is None else (mv.point[0] + 1) * w + mv.point[1] + 1
              for mv in moves]
    for row, i in enumerate(played):
        start, m, target, prev1, prev2, _ = (int(x) for x in g.pos_info[row])
        f = ex.position(game.boards[i], moves[i].color)
        assert np.array_equal(g.pt[start:start + m], f.pt)
        assert np.array_equal(g.tac[start:start + m], f.tac)
        assert np.array_equal(g.pat[start:start + m], f.pat)
        assert np.array_equal(g.pos_broad[row], f.broad)
        assert f.points()[target] == moves[i].point
        assert prev1 == (padded[i - 1] if i >= 1 else 0)
        assert prev2 == (padded[i - 2] if i >= 2 else 0)
