"""The paper's CNN (paper 002 section 4, Fig. 2) and the training loop."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from igo.strength.nets import MLP, PaddedCNN, PaperCNN  # noqa: E402
from igo.strength.train import TrainConfig, train_net  # noqa: E402


@pytest.mark.parametrize("n", [2, 26, 50])
def test_parameter_count_on_13x13(n: int) -> None:
    net = PaperCNN(3 * n // 2, 13, 1, torch.Generator().manual_seed(0))
    assert sum(p.numel() for p in net.parameters()) == 162 * n + 1861


def test_shapes_and_initialisation() -> None:
    g = torch.Generator().manual_seed(0)
    net = PaperCNN(75, 19, 1, g)
    assert net(torch.zeros(4, 75, 19, 19)).shape == (4,)
    assert all(float(m.bias.detach().abs().sum()) == 0 for m in [*net.convs, net.out])
    bound = (3.0 / (75 * 9)) ** 0.5
    assert float(net.convs[0].weight.detach().abs().max()) <= bound
    assert PaperCNN(3, 19, 3, g)(torch.zeros(2, 3, 19, 19)).shape == (2, 3)
    assert PaddedCNN(3, 8, 2, g)(torch.zeros(2, 3, 9, 9)).shape == (2,)
    with pytest.raises(ValueError, match="too small"):
        PaperCNN(3, 5, 1, g)


def _data(n: int, seed: int):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 5)).astype(np.float32)
    y = 2000 + 300 * x[:, 0] - 100 * x[:, 1]
    xt = torch.from_numpy(x)
    return (lambda idx, _rng: xt[idx]), y


def test_training_learns_and_resumes(tmp_path: Path) -> None:
    tr, ytr = _data(400, 0)
    va, yva = _data(200, 1)
    cfg = TrainConfig(iterations=300, batch=50, lr=0.01, optimizer="adam", target_shift=2000,
                      target_scale=300, eval_every=50, checkpoint_every=100, bias_lr_mult=1)

    def net():  # type: ignore[no-untyped-def]
        return MLP(5, (16,), 1, torch.Generator().manual_seed(0))

    hist, _best = train_net(net(), (tr, ytr), {"val": (va, yva)}, cfg, progress=False)
    assert hist.scores["val"][-1] < 0.3 * float(np.std(yva))
    # a run stopped at 200 iterations and resumed gives the same curve
    ck = tmp_path / "ck.pt"
    short = TrainConfig(**{**cfg.__dict__, "iterations": 200})
    train_net(net(), (tr, ytr), {"val": (va, yva)}, short, checkpoint=ck, progress=False)
    st = torch.load(ck, weights_only=False)
    st["config"] = cfg.__dict__
    torch.save(st, ck)
    h2, _ = train_net(net(), (tr, ytr), {"val": (va, yva)}, cfg, checkpoint=ck, progress=False)
    np.testing.assert_allclose(h2.scores["val"], hist.scores["val"], rtol=1e-4)
