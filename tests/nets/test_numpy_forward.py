"""The numpy forward pass gives PyTorch's logits and probabilities (within 1e-4)."""

from __future__ import annotations

import pickle
import zipfile
from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.nets.encode import N_PLANES, encode_board
from igo.nets.model_file import NetFileError
from igo.nets.numpy_forward import NumpyPolicyNet, planes_np, read_model_file

from .helpers import random_record


def test_rejects_files_that_are_not_nets(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"not a zip")
    with pytest.raises(NetFileError, match="not a readable model file"):
        read_model_file(bad)
    with pytest.raises(NetFileError, match="no such model file"):
        read_model_file(tmp_path / "absent.pt")
    evil = tmp_path / "evil.pt"
    with zipfile.ZipFile(evil, "w") as zf:  # a pickle that would call os.system
        zf.writestr("x/data.pkl", b"cos\nsystem\n(S'true'\ntR.")
    with pytest.raises(NetFileError, match="not allowed"):
        read_model_file(evil)
    plain = tmp_path / "plain.pt"
    with zipfile.ZipFile(plain, "w") as zf:
        zf.writestr("x/data.pkl", pickle.dumps({"format": "other"}))
    with pytest.raises(NetFileError, match="not an igo policy network"):
        read_model_file(plain)


@pytest.mark.parametrize("half", [False, True])
def test_logits_match_pytorch(tmp_path: Path, half: bool) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import load_net, save_net

    g = torch.Generator().manual_seed(5)
    net = PolicyNet(NetConfig(blocks=2, channels=8, head_channels=4))
    with torch.no_grad():  # batch norms that are not the identity, so the folding shows
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.3)
                m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.weight.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.bias.copy_(torch.randn(m.num_features, generator=g) * 0.2)
    path = tmp_path / "n.pt"
    save_net(net, path, half=half)
    ref, _ = load_net(path)
    npnet = NumpyPolicyNet(path)
    assert npnet.name == "b2c8"
    rng = np.random.default_rng(0)
    for size, batch in ((5, 3), (9, 3), (13, 6)):  # 6 of 13x13: in two products
        x = (rng.random((batch, N_PLANES, size, size)) < 0.3).astype(np.float32)
        with torch.inference_mode():
            want = ref(torch.from_numpy(x)).numpy()
        got = npnet.logits(x)
        assert got.shape == (batch, size * size + 1)
        np.testing.assert_allclose(got, want, atol=1e-4, rtol=0)


def test_planes_and_probabilities_match_the_torch_path(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.core.replay import replay
    from igo.nets.encode import planes
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net
    from igo.nets.policy import NetPolicy

    path = tmp_path / "n.pt"
    save_net(PolicyNet(NetConfig(blocks=1, channels=8, head_channels=4)), path)
    boards = [replay(random_record(9, n, n), n) for n in (0, 7, 30, 61)]
    enc = [encode_board(b, b.to_play) for b in boards]
    st, mv, hs, tm = (np.concatenate([getattr(e, a) for e in enc])
                      for a in ("stones", "moves", "hist", "to_move"))
    want = planes(torch.from_numpy(st), torch.from_numpy(mv), torch.from_numpy(hs),
                  torch.from_numpy(tm), 9).numpy()
    np.testing.assert_array_equal(planes_np(st, mv, hs, tm, 9), want)
    np.testing.assert_allclose(NumpyPolicyNet(path).evaluate(enc),
                               NetPolicy(path).evaluate(enc), atol=1e-5, rtol=0)


def test_default_net_matches_pytorch() -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.policy import NetPolicy, default_net_path

    if not default_net_path().is_file():
        pytest.skip("no default net in this install")
    b = Board(19)
    e = [encode_board(b, b.to_play)]
    np.testing.assert_allclose(NumpyPolicyNet(default_net_path()).evaluate(e),
                               NetPolicy(default_net_path(), threads=None).evaluate(e),
                               atol=1e-5, rtol=0)
    del torch
