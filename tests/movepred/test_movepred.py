"""The Bradley-Terry move model: probabilities, gradient, training, weights, files, cache."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.replay import replay
from igo.features.extract import GROUPS, FeatureConfig
from igo.movepred import _kernels as MK
from igo.movepred.dataset import (
    build_cache,
    extract_positions,
    open_cache,
    parse_move_range,
)
from igo.movepred.evaluate import evaluate, per_position
from igo.movepred.model import MoveModel
from igo.movepred.model_io import ModelFileError, load_model, save_model
from igo.movepred.train import (
    TrainConfig,
    build_dictionaries,
    epoch_windows,
    log_likelihood,
    train,
    train_mm,
)
from igo.sgf import iter_records
from reference.adam import adam_step

DATA = Path(__file__).parent / "data" / "tygem_test6.sgfs"
CFG = FeatureConfig(pattern_threshold=2)


@pytest.fixture(scope="module")
def records() -> list:
    return list(iter_records(DATA, progress=False))


@pytest.fixture(scope="module")
def dicts(records: list) -> tuple[np.ndarray, np.ndarray]:
    kept, kept_b, stats = build_dictionaries(records, CFG, (0, 40))
    assert stats["games"] == 6 and stats["positions"] > 200
    return kept, kept_b


@pytest.fixture(scope="module")
def data(records: list, dicts: tuple[np.ndarray, np.ndarray]):  # type: ignore[no-untyped-def]
    model = MoveModel(CFG, *dicts)
    return extract_positions(records[:3], model.extractor, (0, 20))


def random_model(dicts: tuple[np.ndarray, np.ndarray], seed: int = 0,
                 groups: tuple[str, ...] = GROUPS) -> MoveModel:
    m = MoveModel(FeatureConfig(groups=groups, pattern_threshold=2), *dicts)
    m.theta[:] = np.random.default_rng(seed).normal(0, 0.5, m.n_params)
    return m


def test_probabilities_sum_to_one(records: list, dicts) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts)
    board = replay(records[0], 30)
    board.to_play = records[0].moves[30].color
    points, probs = model.probabilities(board)
    assert len(points) == len(probs) > 300
    assert probs.sum() == pytest.approx(1.0)
    assert np.all(probs > 0)
    assert set(points) == set(board.legal_moves(board.to_play))


def test_gradient_matches_finite_differences(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts, 1)
    idx = np.arange(12)
    w = np.linspace(0.5, 2.0, 12)
    _, grad = log_likelihood(model, data, idx, w)
    rng = np.random.default_rng(2)
    used = np.flatnonzero(grad)
    for j in rng.choice(used, 15, replace=False):
        old = model.theta[j]
        model.theta[j] = old + 1e-5
        lp, _ = log_likelihood(model, data, idx, w)
        model.theta[j] = old - 1e-5
        lm, _ = log_likelihood(model, data, idx, w)
        model.theta[j] = old
        assert grad[j] == pytest.approx((lp - lm) / 2e-5, rel=1e-4, abs=1e-6)


def test_training_reduces_loss_and_mm_too(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = MoveModel(CFG, *dicts)
    before, _ = log_likelihood(model, data)
    hist = train(model, data, TrainConfig(epochs=3, batch=16, lr=0.05), progress=False)
    after, _ = log_likelihood(model, data)
    assert after > before + 0.5 * len(data)
    assert hist[-1] > hist[0]
    mm = MoveModel(CFG, *dicts)
    h = train_mm(mm, data, iterations=3)
    assert h[-1] > before / len(data) and h[-1] >= h[0] - 1e-9


def test_weights_equal_duplicated_samples(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts, 3)
    ll_w, g_w = log_likelihood(model, data, np.array([0, 1, 2]), np.array([2.0, 1.0, 3.0]))
    ll_d, g_d = log_likelihood(model, data, np.array([0, 0, 1, 2, 2, 2]))
    assert ll_w == pytest.approx(ll_d)
    np.testing.assert_allclose(g_w, g_d, atol=1e-12)
    # one full-batch step: weighted training equals training on duplicated positions
    n = len(data)
    weights = np.ones(n)
    weights[:5] = 2.0
    a = MoveModel(CFG, *dicts)
    train(a, data, TrainConfig(epochs=1, batch=10 * n), weights=weights, progress=False)
    dup = np.concatenate([np.arange(n), np.arange(5)])
    g_dup = log_likelihood(MoveModel(CFG, *dicts), data, dup)[1]
    g_wt = log_likelihood(MoveModel(CFG, *dicts), data, np.arange(n), weights)[1]
    np.testing.assert_allclose(g_dup, g_wt, atol=1e-9)
    assert np.any(a.theta != 0)
    with pytest.raises(ValueError, match="weights"):
        train(a, data, weights=-np.ones(n), progress=False)


@pytest.mark.parametrize(("cfg", "fail_at"), [
    # 6 batches an epoch; the 10th call is epoch 2, batch 4 (checkpoint after batch 2)
    (TrainConfig(epochs=2, batch=10, checkpoint_every=2), 10),
    # by windows of 4 blocks of 4 positions; the 17th call is inside epoch 2
    (TrainConfig(epochs=2, batch=5, checkpoint_every=3, window=16, block=4), 17),
], ids=["whole", "windows"])
def test_checkpoint_resume_gives_the_same_model(data, dicts, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                monkeypatch: pytest.MonkeyPatch,
                                                cfg: TrainConfig, fail_at: int) -> None:
    full = MoveModel(CFG, *dicts)
    hist = train(full, data, cfg, progress=False)
    assert hist[1] > hist[0]
    ck = tmp_path / "ck.npz"
    real = MK.batch_gradient
    calls = {"n": 0}

    def flaky(*args):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == fail_at:
            raise KeyboardInterrupt
        return real(*args)

    import igo.movepred.train as T

    monkeypatch.setattr(T.K, "batch_gradient", flaky)
    with pytest.raises(KeyboardInterrupt):
        train(MoveModel(CFG, *dicts), data, cfg, checkpoint=ck, progress=False)
    monkeypatch.setattr(T.K, "batch_gradient", real)
    resumed = MoveModel(CFG, *dicts)
    train(resumed, data, cfg, checkpoint=ck, progress=False)
    np.testing.assert_allclose(resumed.theta, full.theta, rtol=1e-12)
    with pytest.raises(ValueError, match="other settings"):
        train(MoveModel(CFG, *dicts), data, TrainConfig(epochs=3), checkpoint=ck,
              progress=False)


@pytest.mark.parametrize(("window", "block"), [(16, 4), (10, 3), (7, 7)])
def test_epoch_windows_cover_every_position_once(window: int, block: int) -> None:
    cfg = TrainConfig(window=window, block=block)
    wins = epoch_windows(55, cfg, 1)
    allidx = np.concatenate(wins)
    assert sorted(allidx.tolist()) == list(range(55))
    assert all(len(w) <= max(window, block) for w in wins)
    assert len({len(np.unique(w // block)) for w in wins[:-1]}) == 1
    assert all(np.array_equal(a, b) for a, b in zip(wins, epoch_windows(55, cfg, 1),
                                                    strict=True))
    assert len(epoch_windows(window, cfg, 0)) == 1  # small sets: one full permutation


def test_gather_keeps_positions(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts, 4)
    ranges = [(30, 40), (3, 9), (len(data) - 2, len(data))]
    part = data.gather(ranges)
    glob = np.concatenate([np.arange(a, b) for a, b in ranges])
    assert len(part) == len(glob)
    ll_p, g_p = log_likelihood(model, part)
    ll_d, g_d = log_likelihood(model, data, glob)
    assert ll_p == pytest.approx(ll_d)
    np.testing.assert_allclose(g_p, g_d, atol=1e-12)


def test_metrics(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = MoveModel(CFG, *dicts)  # all gammas 1: every move ties
    rows = per_position(model, data)
    n_moves = np.diff(np.asarray(data.start))
    np.testing.assert_allclose(rows[:, 0], 1.0 / n_moves)
    np.testing.assert_allclose(rows[:, 1], (n_moves + 1) / 2)
    np.testing.assert_allclose(rows[:, 3], -np.log(n_moves))
    np.testing.assert_allclose(rows[:, 2], np.minimum(20 / n_moves, 1))
    overall, by = evaluate(model, data)
    assert overall.positions == len(data) and set(by) == {"1-10", "11-20"}
    assert sum(m.positions for m in by.values()) == len(data)


@pytest.mark.parametrize("compress", [True, False])
def test_model_file_round_trip_and_errors(dicts, tmp_path: Path, compress: bool) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts, 4, groups=("liberties", "dist_prev", "pattern", "broad"))
    model.summary = {"games": 6}
    f = tmp_path / "m.npz"
    save_model(model, f, compress=compress)
    back = load_model(f)
    np.testing.assert_array_equal(back.theta, model.theta)
    np.testing.assert_array_equal(back.pattern_hashes, model.pattern_hashes)
    np.testing.assert_array_equal(back.broad_keys, model.broad_keys)
    assert back.config == model.config and back.summary == {"games": 6}
    pts, scores = model.scores(Board(9), Color.BLACK)
    back_pts, back_scores = back.scores(Board(9), Color.BLACK)
    np.testing.assert_array_equal(back_pts, pts)
    np.testing.assert_array_equal(back_scores, scores)
    raw = f.read_bytes()
    bad = tmp_path / "bad.npz"
    bad.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(ModelFileError, match="corrupt"):
        load_model(bad)
    bad.write_bytes(b"hello")
    with pytest.raises(ModelFileError):
        load_model(bad)
    other = tmp_path / "other.npz"
    np.savez(other, x=np.zeros(3))
    with pytest.raises(ModelFileError, match="missing"):
        load_model(other)
    with pytest.raises(ModelFileError, match="no such"):
        load_model(tmp_path / "absent.npz")
    meta = json.loads(np.load(f)["meta"].tobytes())
    meta["version"] = 99
    with open(other, "wb") as fh:
        np.savez(fh, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                 theta=model.theta, pattern_hashes=model.pattern_hashes,
                 broad_keys=model.broad_keys)
    with pytest.raises(ModelFileError, match="version"):
        load_model(other)
    meta["version"] = 1
    with open(other, "wb") as fh:
        np.savez(fh, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8),
                 theta=model.theta[:-1], pattern_hashes=model.pattern_hashes,
                 broad_keys=model.broad_keys)
    with pytest.raises(ModelFileError, match="inconsistent"):
        load_model(other)


def test_cache_resumes_and_matches_memory(records: list, dicts, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    model = MoveModel(CFG, *dicts)
    mem = extract_positions(records, model.extractor, (0, 30))

    def broken():  # type: ignore[no-untyped-def]
        yield from records[:4]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_cache(broken(), model.extractor, tmp_path / "c", (0, 30), chunk=2,
                    progress=False)
    with pytest.raises(ValueError, match="incomplete"):
        open_cache(tmp_path / "c")
    disk = build_cache(records, model.extractor, tmp_path / "c", (0, 30), chunk=2,
                       progress=False)
    assert len(disk) == len(mem) and disk.n_games == 6
    for name in ("start", "target", "prev1", "prev2", "move_number", "game", "broad", "pt",
                 "tac", "pat"):
        np.testing.assert_array_equal(np.asarray(getattr(disk, name)),
                                      np.asarray(getattr(mem, name)))
    with pytest.raises(ValueError, match="different"):
        build_cache(records, model.extractor, tmp_path / "c", (0, 20), progress=False)


def test_strided_cache(records: list, dicts, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    model = MoveModel(CFG, *dicts)
    full = extract_positions(records, model.extractor, (0, 60))
    mem = extract_positions(records, model.extractor, (0, 60), stride=3)
    assert len(full) // 3 - len(records) <= len(mem) <= len(full) // 3 + len(records)
    disk = build_cache(records, model.extractor, tmp_path / "s", (0, 60), chunk=2,
                       progress=False, stride=3)
    np.testing.assert_array_equal(np.asarray(disk.pat), np.asarray(mem.pat))
    np.testing.assert_array_equal(np.asarray(disk.move_number), np.asarray(mem.move_number))
    with pytest.raises(ValueError, match="different"):
        build_cache(records, model.extractor, tmp_path / "s", (0, 60), progress=False)


def test_move_range() -> None:
    assert parse_move_range("1-50") == (0, 50)
    assert parse_move_range("all")[0] == 0
    for bad in ("0-5", "5-1", "x", "1-2-3"):
        with pytest.raises(ValueError, match="move range"):
            parse_move_range(bad)


def test_scoring_kernel_matches_sum_of_gammas(data, dicts) -> None:  # type: ignore[no-untyped-def]
    model = random_model(dicts, 5)
    i = 7
    a, b = int(data.start[i]), int(data.start[i + 1])
    cell_of, nred = model.extractor.cells(19)
    sc = np.zeros(361)
    vals = np.zeros(8, np.int64)
    MK.position_scores(i, data.start, data.pt, data.tac, data.pat, data.prev1, data.prev2,
                       data.broad, 19, cell_of, nred, model.theta, model.offsets(), vals, sc)
    offs = model.offsets()
    for m in range(a, b, 17):
        MK.move_values(int(data.pt[m]), int(data.tac[m]), int(data.pat[m]),
                       int(data.prev1[i]), int(data.prev2[i]), data.broad[i], 19, cell_of,
                       nred, vals)
        expect = np.prod([model.gammas(g)[vals[k]] for k, g in enumerate(GROUPS)
                          if offs[k] >= 0])
        assert np.exp(sc[m - a]) == pytest.approx(expect)


def test_dictionaries_are_counted_in_resumable_parts(records: list, tmp_path: Path) -> None:
    from igo.movepred.pipeline import dictionaries
    from igo.movepred.train import count_patterns

    whole = build_dictionaries(records, CFG, (0, 40))
    # a part left by an interrupted run is reused, the rest is counted
    (tmp_path / "dict-parts.json").write_text(json.dumps(
        {"paths": [str(DATA)], "games": None, "moves": [0, 40], "pattern_size": 7,
         "pattern_threshold": None,
         "broad": repr(CFG.broad.__class__(threshold=1))}))
    count_patterns(records[:2], CFG, (0, 40)).save(tmp_path / "dict-part-0000.npz")
    kept, kept_b, stats = dictionaries(tmp_path, [str(DATA)], None, (0, 40), CFG,
                                       progress=False, part_games=2)
    np.testing.assert_array_equal(kept, whole[0])
    np.testing.assert_array_equal(kept_b, whole[1])
    assert stats == whole[2]
    assert not list(tmp_path.glob("dict-part-*"))
    again = dictionaries(tmp_path, [str(DATA)], None, (0, 40), CFG, progress=False)
    np.testing.assert_array_equal(again[0], kept)


def test_kernel_distance_and_edge_values_match_definitions() -> None:
    from igo.features import tactical as T

    rng = np.random.default_rng(7)
    cell_of = np.zeros(19, np.int64)
    vals = np.zeros(8, np.int64)
    for _ in range(300):
        r, c, r1, c1, r2, c2 = (int(x) for x in rng.integers(0, 19, 6))
        pad = (r + 1) * 21 + c + 1
        prev1 = 0 if rng.random() < 0.2 else (r1 + 1) * 21 + c1 + 1
        prev2 = (r2 + 1) * 21 + c2 + 1
        MK.move_values(pad, 0, 0, prev1, prev2, np.zeros(49, np.int64), 19, cell_of, 7, vals)
        assert vals[MK.G_EDGE] == T.edge_bucket(r, c, 19)
        d1 = T.distance_bucket(None, None) if prev1 == 0 else T.distance_bucket(r - r1, c - c1)
        assert vals[MK.G_DIST1] == d1
        assert vals[MK.G_DIST2] == T.distance_bucket(r - r2, c - c2)


def test_adam_kernel_matches_the_numpy_step_to_the_bit() -> None:
    """``_Adam.step`` (one kernel pass, what :func:`train` uses) against the numpy step
    it replaced (``tests/reference/adam.py``) on the same gradients, of every size and
    with zeros: the same parameters and moments, bit for bit."""
    from igo.movepred.train import _Adam

    rng = np.random.default_rng(7)
    n, cfg = 5_001, TrainConfig(lr=0.05, l2=1e-4)
    theta = rng.normal(size=n)
    ref = (theta.copy(), np.zeros(n), np.zeros(n))
    fast = _Adam(theta.copy(), np.zeros(n), np.zeros(n), 0, cfg)
    for k in range(1, 13):
        grad = rng.normal(scale=10.0 ** rng.integers(-6, 4), size=n)
        grad[rng.random(n) < 0.3] = 0.0
        sw = float(rng.uniform(0.5, 600))
        adam_step(*ref, k, grad / sw - cfg.l2 * ref[0], cfg.lr)
        fast.step(grad, sw, cfg.l2)
        for a, b in zip(ref, (fast.theta, fast.m, fast.v), strict=True):
            assert np.array_equal(a.view(np.uint64), b.view(np.uint64)), k
    assert fast.t == 12 and not np.array_equal(fast.theta, theta)


def test_batch_gradient_matches_the_reference_to_the_bit(data, dicts) -> None:  # type: ignore[no-untyped-def]
    """The kernel (each move's parameter indices found once) against the first version
    (found twice), in plain Python: the same log-likelihood and gradient, bit for bit,
    with weights of every kind (zero ones skipped) and every group on."""
    from igo.movepred.train import _data_args
    from reference.movepred import batch_gradient

    model = random_model(dicts, 3, groups=GROUPS)
    args = _data_args(data, model)
    idx = np.arange(min(len(data), 20))
    w = np.random.default_rng(4).uniform(0, 3, len(idx))
    w[::5] = 0.0
    fast, slow = np.zeros(model.n_params), np.zeros(model.n_params)
    ll_fast = MK.batch_gradient(idx, w, *args, model.theta, model.offsets(), fast)
    ll_slow = batch_gradient(idx, w, *args, model.theta, model.offsets(), slow)
    assert ll_fast == ll_slow and np.any(fast)
    assert np.array_equal(fast.view(np.uint64), slow.view(np.uint64))
