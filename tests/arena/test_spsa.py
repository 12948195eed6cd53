"""SPSA (igo.arena.spsa) and ``igo tune``: the arithmetic, the state file, and a
short run that resumes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.arena.spsa import SpsaConfig, SpsaError, SpsaParam, SpsaState, load_state, save_state
from igo.cli.main import main


def config(**kw: object) -> SpsaConfig:
    params = (SpsaParam.parse("prior_eqex=20:0:40:5"),
              SpsaParam.parse("expand_threshold=4:1:16:2:int"))
    return SpsaConfig(params, "igo:mcts:playouts=100", **kw)  # type: ignore[arg-type]


def test_parse_and_errors() -> None:
    p = SpsaParam.parse("ladder_budget=200:0:400:60:int")
    assert (p.name, p.start, p.low, p.high, p.step, p.integer) == (
        "ladder_budget", 200.0, 0.0, 400.0, 60.0, True)
    assert p.value(431.2) == 400 and p.value(120.6) == 121
    for bad in ("x=1:0:2", "x=5:0:2:1", "x=1:0:2:0", "1x=1:0:2:1", "x=a:0:2:1", "x"):
        with pytest.raises(SpsaError):
            SpsaParam.parse(bad)
    with pytest.raises(SpsaError, match="both tuned and fixed"):
        SpsaConfig((SpsaParam.parse("playouts=10:1:20:2"),), "igo:mcts:playouts=100")
    with pytest.raises(SpsaError, match="even"):
        config(games=3)
    with pytest.raises(SpsaError, match="igo engine"):
        SpsaConfig((SpsaParam.parse("x=1:0:2:1"),), "gtp:gnugo")


def test_specs_pair_and_schedule() -> None:
    cfg = config(seed=3)
    assert cfg.spec([20.0, 4.0]) == "igo:mcts:playouts=100,prior_eqex=20,expand_threshold=4"
    bare = SpsaConfig(cfg.params, "igo:mcts")
    assert bare.spec([20.0, 4.4]) == "igo:mcts:prior_eqex=20,expand_threshold=4"
    d = cfg.delta(7)
    assert set(d) <= {-1.0, 1.0} and np.array_equal(d, cfg.delta(7))  # from (seed, k) only
    plus, minus = cfg.pair([20.0, 4.0], 0)
    c0 = cfg.c_k(0)
    assert plus.endswith(f"prior_eqex={20 + c0[0] * cfg.delta(0)[0]:.6g},"
                         f"expand_threshold={round(4 + c0[1] * cfg.delta(0)[1])}")
    assert minus.endswith(f"prior_eqex={20 - c0[0] * cfg.delta(0)[0]:.6g},"
                          f"expand_threshold={round(4 - c0[1] * cfg.delta(0)[1])}")
    assert cfg.c_k(99)[0] < cfg.c_k(0)[0] and cfg.a_k(99) < cfg.a_k(0)


def test_update_moves_towards_the_winner_and_stays_in_bounds() -> None:
    cfg = config(seed=1)
    d = cfg.delta(0)
    t = cfg.update([20.0, 4.0], 0, 1.0)  # the up-perturbed engine won every game
    assert np.all(np.sign(np.array(t) - [20.0, 4.0]) == d)
    assert cfg.update([20.0, 4.0], 0, 0.5) == [20.0, 4.0]
    t0 = np.array([20.0, 4.0])
    back = cfg.update([20.0, 4.0], 0, 0.0)  # lost every game: the mirror step
    assert np.allclose(np.array(back) - t0, -(np.array(t) - t0))
    big = SpsaConfig(cfg.params, cfg.base, a=1000.0, seed=1)
    t = big.update([20.0, 4.0], 0, 1.0)
    assert all(p.low <= x <= p.high for p, x in zip(cfg.params, t, strict=True))
    with pytest.raises(SpsaError):
        cfg.update([20.0, 4.0], 0, 1.5)


def test_state_file_roundtrip_and_refusals(tmp_path: Path) -> None:
    cfg = config(seed=2)
    path = tmp_path / "spsa.json"
    state = load_state(path, cfg)
    assert (state.theta, state.k) == ([20.0, 4.0], 0)
    state.record(cfg, 0.75, 8)
    save_state(path, cfg, state)
    again = load_state(path, cfg)
    assert again.theta == state.theta and again.k == 1 and again.history == state.history
    with pytest.raises(SpsaError, match="other settings"):
        load_state(path, config(seed=5))
    path.write_text("{broken")
    with pytest.raises(SpsaError, match="not a readable"):
        load_state(path, cfg)
    assert SpsaState.start(cfg).values(cfg) == {"prior_eqex": 20.0, "expand_threshold": 4}


def test_igo_tune_runs_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    argv = ["tune", "igo:mcts:playouts=8", "prior_eqex=20:0:40:8", "--steps", "2",
            "--games", "2", "--size", "5", "--komi", "0.5", "--out", str(out),
            "--workers", "1", "--quiet", "--seed", "4"]
    assert main(argv) == 0
    spec = capsys.readouterr().out.strip()
    doc = json.loads((out / "spsa.json").read_text())
    assert doc["k"] == 2 and len(doc["history"]) == 2
    assert all(h["games"] == 2 and 0.0 <= h["score"] <= 1.0 for h in doc["history"])
    assert spec == f"igo:mcts:playouts=8,prior_eqex={doc['theta'][0]:.6g}"
    assert main(argv) == 0  # done: nothing more is played, the same answer
    assert capsys.readouterr().out.strip() == spec
    assert json.loads((out / "spsa.json").read_text()) == doc
    # another run in the same folder is refused; a bad option is said before any game
    assert main([*argv[:2], "prior_eqex=10:0:40:8", *argv[3:]]) == 1
    assert "other settings" in capsys.readouterr().err
    assert main(["tune", "igo:mcts:playouts=8", "no_such=1:0:2:1", "--steps", "1",
                 "--games", "2", "--size", "5", "--out", str(tmp_path / "b"),
                 "--quiet"]) == 1
    assert "no_such" in capsys.readouterr().err


def test_a_sweep_at_the_first_step_moves_by_the_perturbation() -> None:
    cfg = config(seed=6)
    t = cfg.update([20.0, 4.0], 0, 1.0)
    assert np.allclose(np.abs(np.array(t) - [20.0, 4.0]), cfg.c_k(0))
