"""Which engine runs a net (:func:`igo.nets.policy.net_engine`), the two engines giving
one :class:`~igo.nets.policy.NetPolicy` the same answers, and a plain install (no
PyTorch) playing with the net in numpy."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import igo.nets.policy as policy_module
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.nets.policy import ENGINE_ENV, NetPolicy, net_engine

from .helpers import tiny_heads_net_file, tiny_net_file


def _no_torch(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "torch" else real(name, *a))


def test_the_engine_is_asked_else_the_environment_else_what_is_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENGINE_ENV, raising=False)
    has_torch = importlib.util.find_spec("torch") is not None
    assert net_engine() == ("torch" if has_torch else "numpy")
    assert net_engine("auto") == net_engine()
    assert net_engine("numpy") == "numpy"
    monkeypatch.setenv(ENGINE_ENV, "NumPy ")
    assert net_engine() == "numpy"
    assert net_engine("numpy") == "numpy"
    monkeypatch.setenv(ENGINE_ENV, "tensorflow")
    with pytest.raises(ValueError, match=rf"unknown net engine 'tensorflow'.*{ENGINE_ENV}"):
        net_engine()
    with pytest.raises(ValueError, match=r"unknown net engine 'jax'.*caller"):
        net_engine("jax")
    monkeypatch.delenv(ENGINE_ENV)
    _no_torch(monkeypatch)
    assert net_engine() == "numpy"
    with pytest.raises(ImportError, match="'torch' was asked for"):
        net_engine("torch")


@pytest.mark.parametrize("size", [9, 19])
def test_both_engines_give_one_net_policy_the_same_answers(tmp_path: Path, size: int) -> None:
    pytest.importorskip("torch")
    path = tiny_heads_net_file(tmp_path, 3)
    board = Board(size)
    for p in [Point(2, 2), Point(3, 3), Point(2, 3)]:
        board.play(board.to_play, p)
    mid = board.copy()
    for q in [None, Point(4, 4)]:
        board.play(board.to_play, q)
    nets = {e: NetPolicy(path, engine=e, threads=1) for e in ("torch", "numpy")}
    assert nets["numpy"].engine == "numpy" and nets["torch"].engine == "torch"
    assert nets["numpy"].name == nets["torch"].name and nets["numpy"].has_heads
    assert type(nets["numpy"].net).__name__ == "NumpyPolicyNet"
    assert type(nets["torch"].net).__name__ == "PolicyNet"
    for b in (board, mid):
        for color in (Color.BLACK, Color.WHITE):
            a, t = (nets[e].probabilities(b, color) for e in ("numpy", "torch"))
            np.testing.assert_allclose(a, t, atol=1e-5, rtol=0)
            ja, jt = (nets[e].judge(b, color) for e in ("numpy", "torch"))
            assert ja.black_win == pytest.approx(jt.black_win, abs=1e-5)
            assert ja.black_score == pytest.approx(jt.black_score, abs=1e-4)
            np.testing.assert_allclose(ja.ownership, jt.ownership, atol=1e-4, rtol=0)
    assert nets["numpy"].evaluations == nets["torch"].evaluations == 8


def test_the_registry_keeps_one_net_per_file_and_engine(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tiny_net_file(tmp_path)
    monkeypatch.setattr(policy_module, "_LOADED", {})
    monkeypatch.setenv(ENGINE_ENV, "numpy")
    a = policy_module.load_net_policy(str(path))
    assert a.engine == "numpy" and policy_module.load_net_policy(str(path)) is a
    if importlib.util.find_spec("torch") is not None:
        monkeypatch.setenv(ENGINE_ENV, "torch")
        b = policy_module.load_net_policy(str(path))
        assert b.engine == "torch" and b is not a


def test_a_plain_install_searches_with_the_net_in_numpy(tmp_path: Path) -> None:
    """Without PyTorch, igo's default net still loads (numpy) and gives the root its
    priors: a plain install plays the engine of the strength table."""
    code = textwrap.dedent("""
        import sys
        sys.modules["torch"] = None  # import torch fails, find_spec says it is absent
        from igo.core.board import Board
        from igo.nets.policy import load_default_net, net_engine
        from igo.search.config import STRONG
        from igo.search.search import Search
        assert net_engine() == "numpy"
        net = load_default_net()
        assert net is not None and net.engine == "numpy"
        s = Search(Board(9), 7.0, STRONG.with_options(tree_capacity=50_000), seed=1)
        assert s.config.netprior.net, "the 9x9 default names a net"
        s.run(playouts=200)
        assert s._netp is not None and s._netp.applied >= 1, "the root has the net's priors"
        assert "torch" not in sys.modules or sys.modules["torch"] is None
        print(net.name, s._netp.applied)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, env={**os.environ, ENGINE_ENV: ""})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "b10c128"
