"""The boards-only cache and the paper's CNN runs on a device (paper 002 section 4)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from igo.strength.cache import build_cache, open_cache  # noqa: E402
from igo.strength.encode import symmetry, symmetry_t  # noqa: E402
from igo.strength.papercnn import device_planes, run_cnn  # noqa: E402
from igo.strength.train import TrainConfig, resolve_device  # noqa: E402

DATA = Path(__file__).parent / "data"


def _cache(tmp_path: Path, **kw):  # type: ignore[no-untyped-def]
    return build_cache([str(DATA / "fox19.sgfs")], tmp_path / "boards", None,
                       folds_path=str(DATA / "folds.tsv"), max_boards=10, chunk=4,
                       progress=False, **kw)


def test_boards_only_cache(tmp_path: Path) -> None:
    c = _cache(tmp_path)
    assert c.meta["has_mp"] is False and c.meta["describe"]["move_model"] is None
    mp = tmp_path / "boards" / "mp.bin"
    assert not mp.exists() or not mp.stat().st_size
    assert c.mp.shape == (c.points.shape[0], c.mp.shape[1]) and np.isnan(c.mp).all()
    assert c.boards.shape[1:] == (10, 361) and c.n_examples > 0
    again = open_cache(tmp_path / "boards")
    assert (again.examples == c.examples).all()
    # another AI rule is another cache: it names itself, and drops what it is told to
    every = build_cache([str(DATA / "fox19.sgfs")], tmp_path / "none", None,
                        folds_path=str(DATA / "folds.tsv"), max_boards=10, progress=False,
                        is_ai=lambda name: True, ai_rule="all")
    assert every.meta["describe"]["ai_rule"] == "all"
    assert every.n_examples == 0 and every.meta["drops"]["ai_account"] == c.meta["n_games"]


def test_device_planes_are_the_planes() -> None:
    from igo.strength.encode import planes

    rng = np.random.default_rng(0)
    boards = rng.integers(0, 3, size=(5, 4, 25)).astype(np.int8)
    moves = rng.integers(-1, 25, size=(5, 4)).astype(np.int16)
    x = device_planes(boards, moves, 5, torch.device("cpu"), chunk=2)
    assert x.dtype == torch.uint8
    np.testing.assert_array_equal(x.float().numpy(), planes(boards, moves, 5))


def test_tensor_symmetries_match_numpy() -> None:
    x = np.arange(2 * 3 * 4 * 4, dtype=np.float32).reshape(2, 3, 4, 4)
    for k in range(8):
        np.testing.assert_array_equal(symmetry_t(torch.from_numpy(x), k).numpy(),
                                      symmetry(x, k))
    with pytest.raises(ValueError):
        symmetry_t(torch.from_numpy(x), 8)


def test_resolve_device() -> None:
    assert resolve_device("cpu").type == "cpu"
    assert resolve_device(None).type == "cpu"
    if torch.cuda.is_available():
        assert resolve_device("auto").type == "cuda"
    else:
        assert resolve_device("auto").type == "cpu"
        with pytest.raises(ValueError, match="CUDA"):
            resolve_device("cuda")


def test_resident_planes_train_the_same_and_resume(tmp_path: Path) -> None:
    c = _cache(tmp_path)
    cfg = TrainConfig(iterations=6, batch=8, lr=1e-6, eval_every=2, checkpoint_every=2)
    a = run_cnn(c, 1, 4, cfg, tmp_path / "a", progress=False)
    # the GPU's way (planes kept as tensors, batch indices as tensors) gives the same run
    b = run_cnn(c, 1, 4, cfg, tmp_path / "b", progress=False, device="auto", resident=True)
    np.testing.assert_allclose(a["scores"]["test"], b["scores"]["test"], rtol=1e-6)
    assert a["device"].startswith("cpu") and a["reached"] == 6
    # stopped at 4, then resumed: two stretches, the same curve
    run_cnn(c, 1, 4, cfg, tmp_path / "r", progress=False, resident=True, stop_at=4)
    # the classes head and augmentation on the same path
    cc = TrainConfig(iterations=4, batch=8, lr=0.01, task="classes", eval_every=2)
    k = run_cnn(c, 2, 4, cc, tmp_path / "k", progress=False, resident=True, augment=True)
    assert k["reached"] == 4 and len(k["scores"]["test"]) == 2
    r = run_cnn(c, 1, 4, cfg, tmp_path / "r", progress=False, resident=True)
    assert [(s["from"], s["to"]) for s in r["segments"]] == [(0, 4), (4, 6)]
    np.testing.assert_allclose(r["scores"]["test"], b["scores"]["test"], rtol=1e-6)
    saved = json.loads((tmp_path / "r" / "result.json").read_text())
    assert saved["s_per_iteration"] > 0 and saved["devices"] == [r["device"]]
    ck = torch.load(tmp_path / "r" / "checkpoint.pt", weights_only=False)
    assert all(t.device.type == "cpu" for t in ck["net"].values())
