"""Value, score and ownership heads (issue 63): the net, the judge in Black's view, the
numpy twin, heads training (frozen trunk, resume), final owners and the games' scores."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.replay import replay
from igo.nets import games as G
from igo.nets.encode import N_PLANES, encode_board
from igo.nets.judgement import Judgement, judgements
from igo.nets.numpy_forward import SCORE_SCALE, NumpyPolicyNet

from .helpers import random_games, random_record, tiny_heads_net_file, tiny_net_file


def _perturb(net: Any, seed: int) -> None:
    """Batch norms that are not the identity and biases that are not 0, so that the
    outputs are not trivially alike."""
    import torch

    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                assert m.running_mean is not None and m.running_var is not None
                m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.3)
                m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.weight.copy_(torch.rand(m.num_features, generator=g) + 0.5)
                m.bias.copy_(torch.randn(m.num_features, generator=g) * 0.2)
            elif isinstance(m, torch.nn.Linear | torch.nn.Conv2d) and m.bias is not None:
                m.bias.copy_(torch.randn(m.bias.shape, generator=g) * 0.5)


def _heads_file(folder: Path, seed: int, half: bool = False) -> Path:
    from igo.nets.model_file import load_net, save_net

    path = tiny_heads_net_file(folder, seed)
    net, meta = load_net(path)
    _perturb(net, seed + 100)
    save_net(net, path, meta, half=half)
    return path


def _positions(size: int, seed: int) -> list[Any]:
    """Encoded positions of a random game, both colours to move at a few points."""
    rec = random_record(size, 60, seed)
    out = []
    for n in (0, 9, 30, 60):
        b = replay(rec, n)
        out.append(encode_board(b, b.to_play))
    return out


# -- the net ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [9, 19])
def test_heads_shapes_and_ranges(tmp_path: Path, size: int) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.model_file import load_net

    net, _ = load_net(_heads_file(tmp_path, 1))
    x = (torch.rand(3, N_PLANES, size, size, generator=torch.Generator().manual_seed(2))
         < 0.3).float()
    with torch.inference_mode():
        logits, v, s, own = net.judge(x)
        assert torch.equal(logits, net(x))
    assert logits.shape == (3, size * size + 1)
    assert v.shape == (3,) and s.shape == (3,)
    assert own.shape == (3, size * size)
    assert float(own.abs().max()) <= 1.0 and float(own.abs().max()) > 0.0
    assert float(s.abs().max()) > 0.0 and float(v.abs().max()) > 0.0


def test_a_net_without_heads_says_so(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net
    from igo.nets.policy import NetPolicy

    net = PolicyNet(NetConfig(1, 8, head_channels=4)).eval()
    assert not net.config.has_heads
    x = torch.zeros(1, N_PLANES, 9, 9)
    with pytest.raises(ValueError, match="no value heads"):
        net.heads(net.trunk(x))
    with pytest.raises(ValueError, match="no value heads"):
        net.judge(x)
    path = tmp_path / "plain.pt"
    save_net(net, path)
    enc = [encode_board(Board(9), Color.BLACK)]
    policy = NetPolicy(path)
    assert not policy.has_heads
    with pytest.raises(ValueError, match="no value heads"):
        policy.judge(Board(9), Color.BLACK)
    npnet = NumpyPolicyNet(path)
    assert not npnet.has_heads
    with pytest.raises(ValueError, match="no value heads"):
        npnet.judge_encoded(enc)
    # the policy path of a net without heads is untouched
    np.testing.assert_allclose(npnet.evaluate(enc), policy.evaluate(enc), atol=1e-5, rtol=0)


def test_model_file_round_trip_keeps_heads(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import load_net, save_net

    torch.manual_seed(3)
    cfg = NetConfig(1, 8, head_channels=4, value_blocks=2, value_channels=4, value_hidden=8)
    net = PolicyNet(cfg).eval()
    _perturb(net, 4)
    save_net(net, tmp_path / "h.pt", {"heads": {"komi": 7.5}})
    back, meta = load_net(tmp_path / "h.pt")
    assert back.config == cfg and back.config.has_heads
    assert meta["heads"]["komi"] == 7.5
    x = torch.rand(2, N_PLANES, 13, 13)
    with torch.inference_mode():
        for a, b in zip(net.judge(x), back.judge(x), strict=True):
            assert torch.equal(a, b)


# -- the judge, in Black's view ----------------------------------------------------------


def test_judgements_take_blacks_view() -> None:
    size = 3
    probs = np.full((2, size * size + 1), 0.1)
    own = np.linspace(-0.9, 0.9, size * size)
    out = judgements(probs, np.array([0.8, 0.8]), np.array([3.0, 3.0]),
                     np.stack([own, own]), np.array([int(Color.BLACK), int(Color.WHITE)],
                                                    np.int8), size, 6.5)
    black, white = out
    assert black.black_win == pytest.approx(0.8) and white.black_win == pytest.approx(0.2)
    assert black.win_for(Color.BLACK) == pytest.approx(0.8)
    assert white.win_for(Color.WHITE) == pytest.approx(0.8)  # the mover's value
    assert black.black_score == 3.0 and white.black_score == -3.0
    np.testing.assert_array_equal(black.ownership, own.reshape(size, size))
    np.testing.assert_array_equal(white.ownership, -own.reshape(size, size))
    assert black.policy is probs[0] or np.array_equal(black.policy, probs[0])
    assert black.komi == 6.5
    # the score at another komi: a point more komi is a point less for Black
    assert black.score_at(7.5) == pytest.approx(2.0)
    assert white.score_at(0.5) == pytest.approx(3.0)
    j = Judgement(0.6, 1.5, np.zeros((size, size)), probs[0], komi=0.5)
    assert j.score_at(6.5) == pytest.approx(-4.5) and j.win_for(Color.WHITE) == 0.4


def test_net_policy_judge(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.encode import planes
    from igo.nets.policy import NetPolicy

    path = _heads_file(tmp_path, 5)
    policy = NetPolicy(path)
    assert policy.has_heads and policy.heads_komi == 6.5
    b = replay(random_record(9, 30, 6), 30)
    for color in (Color.BLACK, Color.WHITE):
        j = policy.judge(b, color)
        assert policy.judge(b, color) is j  # the cache
        assert policy.probabilities(b, color) is j.policy  # its policy fills that cache
        fresh = NetPolicy(path)  # evaluated, not cached
        np.testing.assert_allclose(j.policy, fresh.probabilities(b, color), atol=1e-6, rtol=0)
        assert j.policy.sum() == pytest.approx(1.0)
        # the heads' raw outputs are the mover's; the judgement is Black's
        e = encode_board(b, color)
        x = planes(torch.from_numpy(e.stones), torch.from_numpy(e.moves),
                   torch.from_numpy(e.hist), torch.from_numpy(e.to_move), 9)
        with torch.inference_mode():
            _, v, s, own = policy.net.judge(x)
        sign = 1.0 if color == Color.BLACK else -1.0
        mover = float(torch.sigmoid(v)[0])
        assert j.win_for(color) == pytest.approx(mover, abs=1e-6)
        assert j.black_score == pytest.approx(sign * float(s[0]), abs=1e-5)
        np.testing.assert_allclose(j.ownership, sign * own[0].numpy().reshape(9, 9),
                                   atol=1e-6)
        assert j.ownership.shape == (9, 9) and j.komi == 6.5
    assert policy.evaluations == 2


# -- the numpy twin ----------------------------------------------------------------------


@pytest.mark.parametrize("half", [False, True])
def test_numpy_heads_match_pytorch(tmp_path: Path, half: bool) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.model import SCORE_SCALE as TORCH_SCALE
    from igo.nets.model_file import load_net
    from igo.nets.policy import NetPolicy

    assert SCORE_SCALE == TORCH_SCALE
    path = _heads_file(tmp_path, 7, half)
    ref, _ = load_net(path)
    npnet = NumpyPolicyNet(path)
    assert npnet.has_heads and npnet.heads_komi == 6.5
    rng = np.random.default_rng(8)
    for size, batch in ((9, 3), (19, 3)):  # 3 of 19x19: one board a product
        x = (rng.random((batch, N_PLANES, size, size)) < 0.3).astype(np.float32)
        with torch.inference_mode():
            want = [t.numpy() for t in ref.judge(torch.from_numpy(x))]
        got = npnet.judge(x)
        assert float(np.abs(want[2]).max()) > 0.1 and float(np.abs(want[3]).max()) > 0.1
        for g, w in zip(got, want, strict=True):
            assert g.shape == w.shape and g.dtype == np.float32
            np.testing.assert_allclose(g, w, atol=1e-4, rtol=0)
        np.testing.assert_array_equal(npnet.logits(x), got[0])
    policy = NetPolicy(path)
    for size in (9, 19):
        enc = _positions(size, size)
        assert {int(e.to_move[0]) for e in enc} == {1, 2}
        for a, b in zip(npnet.judge_encoded(enc), policy.judge_encoded(enc), strict=True):
            assert a.black_win == pytest.approx(b.black_win, abs=1e-5)
            assert a.black_score == pytest.approx(b.black_score, abs=1e-4)
            np.testing.assert_allclose(a.ownership, b.ownership, atol=1e-4, rtol=0)
            np.testing.assert_allclose(a.policy, b.policy, atol=1e-5, rtol=0)
            assert a.komi == b.komi == 6.5


def test_numpy_heads_without_torch(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    path = _heads_file(tmp_path, 9)
    code = textwrap.dedent(f"""
        import sys
        sys.modules["torch"] = None  # import torch fails
        from igo.core.board import Board
        from igo.core.color import Color
        from igo.nets.encode import encode_board
        from igo.nets.numpy_forward import NumpyPolicyNet
        net = NumpyPolicyNet({str(path)!r})
        j = net.judge_encoded([encode_board(Board(9), Color.WHITE)])[0]
        assert j.ownership.shape == (9, 9) and 0.0 < j.black_win < 1.0
        print(repr(j.black_win), repr(j.black_score))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    win, score = map(float, done.stdout.split())
    j = NumpyPolicyNet(path).judge_encoded([encode_board(Board(9), Color.WHITE)])[0]
    assert (win, score) == (j.black_win, j.black_score)


def test_numpy_heads_komi_from_meta(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from igo.nets.model_file import load_net, save_net

    path = tiny_heads_net_file(tmp_path, 0)
    net, _ = load_net(path)
    save_net(net, tmp_path / "k.pt", {"heads": {"komi": 7.5}})
    save_net(net, tmp_path / "nometa.pt")
    assert NumpyPolicyNet(tmp_path / "k.pt").heads_komi == 7.5
    assert NumpyPolicyNet(tmp_path / "nometa.pt").heads_komi == 6.5
    j = NumpyPolicyNet(tmp_path / "k.pt").judge_encoded([encode_board(Board(9), Color.BLACK)])
    assert j[0].komi == 7.5


# -- heads training ----------------------------------------------------------------------


def _labelled(n: int, seed: int) -> Any:
    """Random 9x9 games with winners, scores for some (counted games) and owners for
    some, as a :class:`~igo.nets.heads_train.Labelled`."""
    from igo.nets.heads_train import Labelled

    games = random_games(9, n, 40, seed)
    rng = np.random.default_rng(seed)
    winner = rng.integers(1, 3, n).astype(np.int8)
    winner[0] = 0  # no winner: never drawn
    margin = rng.integers(1, 30, n) + 0.5
    score = np.where(winner == 1, margin, -margin).astype(np.float32)
    score[rng.random(n) < 0.4] = np.nan  # resigned
    score[winner == 0] = np.nan
    games = dataclasses.replace(games, winner=winner, score=score)
    owners = {g: rng.integers(-1, 2, 81).astype(np.int8) for g in range(n)
              if not np.isnan(score[g]) and g % 2}
    return Labelled(games, owners)


def _heads_cfg(**kw: Any) -> Any:
    from igo.nets.heads_train import HeadsConfig

    base = dict(steps=6, batch=8, lr=3e-3, value_blocks=1, value_channels=4, value_hidden=8,
                per_game=4, chunk_games=3, eval_every=3, eval_positions=4,
                checkpoint_seconds=1e9, threads=1, seed=3)
    return HeadsConfig(**{**base, **kw})


def _head_state(net: Any) -> dict[str, Any]:
    return {k: v.clone() for k, v in net.state_dict().items()
            if k.startswith(("value_", "ownership"))}


def test_heads_training_freezes_the_trunk_and_resumes(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.heads_train import CHECKPOINT, LOG, HeadsTrainer
    from igo.nets.model_file import load_net

    trunk = tiny_net_file(tmp_path / "trunk")
    base, _ = load_net(trunk)
    train, test = [_labelled(10, 20), _labelled(6, 40)], _labelled(5, 60)
    assert any(len(d.owners) for d in train)
    assert np.isfinite(train[0].games.scores).any()
    cfg = _heads_cfg(komi=7.0)  # games of 9x9 at komi 7, as igo's own

    full = HeadsTrainer(cfg, trunk, train, test, tmp_path / "full", tmp_path / "full.pt",
                        say=lambda m: None)
    first = _head_state(full.net)
    full.run()
    assert full.step == cfg.steps
    assert (tmp_path / "full" / CHECKPOINT).is_file()
    lines = [json.loads(x) for x in (tmp_path / "full" / LOG).read_text().splitlines()]
    assert [x["step"] for x in lines] == [0, 3, 6]
    for x in lines:
        assert {"logloss", "brier", "accuracy", "score_mae", "owner_accuracy"} <= \
            set(x["train"]) and x["test"]["n"] > 0
    assert np.isfinite(lines[-1]["test"]["score_mae"])
    # the heads learned, the trunk did not
    trained = _head_state(full.net)
    assert any(not torch.equal(first[k], trained[k]) for k in first
               if k.endswith("weight"))
    base_state = base.state_dict()
    for k, v in full.net.state_dict().items():
        if k in base_state:
            assert torch.equal(v, base_state[k]), k
    x = torch.rand(4, N_PLANES, 9, 9, generator=torch.Generator().manual_seed(1))
    with torch.inference_mode():
        assert torch.equal(full.net(x), base(x))
    # the model file: the whole net with its heads, stored in float16
    out, meta = load_net(tmp_path / "full.pt")
    assert out.config.has_heads and meta["heads"]["step"] == cfg.steps
    assert meta["heads"]["komi"] == 7.0 and meta["heads"]["sizes"] == [9]
    for k, v in out.state_dict().items():
        if k in base_state and v.is_floating_point():
            assert torch.equal(v, base_state[k].half().float()), k
    with torch.inference_mode():
        _, v_out, s_out, o_out = out.judge(x)
        _, v_run, s_run, o_run = full.net.judge(x)
    np.testing.assert_allclose(v_out.numpy(), v_run.numpy(), atol=0.05)
    np.testing.assert_allclose(o_out.numpy(), o_run.numpy(), atol=0.05)
    np.testing.assert_allclose(s_out.numpy(), s_run.numpy(), atol=0.5)  # points

    # stopped after 3 steps, in the middle of a chunk of games (a checkpoint, then the
    # process ends), and started again
    part = HeadsTrainer(cfg, trunk, train, test, tmp_path / "part", tmp_path / "part.pt",
                        say=lambda m: None)
    for _ in range(3):
        part._one_step()
    assert part.pending is not None and 0 < part.pos < len(part.pending.value)
    part.save()
    said: list[str] = []
    again = HeadsTrainer(cfg, trunk, train, test, tmp_path / "part", tmp_path / "part.pt",
                         say=said.append)
    assert again.step == 3 and f"resumed at step 3 of {cfg.steps}" in said
    # another run's settings are refused; a longer run or another report is not
    with pytest.raises(ValueError, match=r"another run \(lr: 0\.003 -> 0\.02; "
                       r"per_game: 4 -> 3\)"):
        HeadsTrainer(dataclasses.replace(cfg, lr=0.02, per_game=3), trunk, train, test,
                     tmp_path / "part", tmp_path / "part.pt", say=lambda m: None)
    longer: list[str] = []
    HeadsTrainer(dataclasses.replace(cfg, steps=cfg.steps + 4, eval_every=1),
                 trunk, train, test, tmp_path / "part", tmp_path / "part.pt",
                 say=longer.append)
    assert f"resumed at step 3 of {cfg.steps + 4} (its run was of {cfg.steps} steps)" \
        in longer
    again.run()
    assert again.step == cfg.steps
    resumed = _head_state(again.net)
    assert resumed.keys() == trained.keys()
    for k in trained:
        assert torch.equal(resumed[k], trained[k]), k


def test_heads_training_with_the_trunk_trains_the_policy_too(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from igo.nets.heads_train import LOG, HeadsTrainer
    from igo.nets.model_file import load_net

    trunk = tiny_net_file(tmp_path / "trunk")
    base, _ = load_net(trunk)
    train, test = [_labelled(10, 21)], _labelled(5, 61)
    cfg = _heads_cfg(train_trunk=True, w_policy=1.0)
    full = HeadsTrainer(cfg, trunk, train, test, tmp_path / "full", tmp_path / "full.pt",
                        say=lambda m: None)
    full.run()
    # the tower and the policy head moved with the heads
    base_state = base.state_dict()
    moved = [k for k, v in full.net.state_dict().items()
             if k in base_state and v.is_floating_point() and not torch.equal(v, base_state[k])]
    assert any(k.startswith("tower.") for k in moved) and any(k.startswith("head.") for k in moved)
    lines = [json.loads(x) for x in (tmp_path / "full" / LOG).read_text().splitlines()]
    for x in lines:
        assert 0.0 <= x["test"]["policy_top1"] <= 1.0 and x["test"]["loss_policy"] > 0
    out, meta = load_net(tmp_path / "full.pt")
    assert meta["policy"]["trained_with_heads"]["step"] == cfg.steps
    x = torch.rand(4, N_PLANES, 9, 9, generator=torch.Generator().manual_seed(2))
    with torch.inference_mode():
        assert not torch.allclose(out(x), base(x), atol=1e-3)  # the policy changed
    # resumed from a checkpoint taken mid-run: the whole net as the uninterrupted run's
    part = HeadsTrainer(cfg, trunk, train, test, tmp_path / "part", tmp_path / "part.pt",
                        say=lambda m: None)
    for _ in range(2):
        part._one_step()
    part.save()
    again = HeadsTrainer(cfg, trunk, train, test, tmp_path / "part", tmp_path / "part.pt",
                         say=lambda m: None)
    assert again.step == 2
    again.run()
    for k, v in full.net.state_dict().items():
        assert torch.equal(again.net.state_dict()[k], v), k
    # a frozen run may not resume a trunk run's folder, nor the other way round
    with pytest.raises(ValueError, match="train_trunk: True -> False"):
        HeadsTrainer(dataclasses.replace(cfg, train_trunk=False), trunk, train, test,
                     tmp_path / "part", tmp_path / "part.pt", say=lambda m: None)


def test_heads_config_refuses_an_unknown_device() -> None:
    with pytest.raises(ValueError, match="heads training"):
        _heads_cfg(device="tpu")
    with pytest.raises(ValueError, match="heads training"):
        _heads_cfg(w_policy=-1.0)


# -- final owners ----------------------------------------------------------------------


def test_final_owner_removes_dead_stones() -> None:
    from igo.nets.final_owner import board_of_moves, final_owner

    # Black's left side (27 points) with a dead White stone at B8; White's right (54)
    board = Board.from_diagram("""
        . . X O . . . . .
        . O X O . . . . .
        . . X O . . . . .
        . . X O . . . . .
        X X X O . . . . .
        . . X O . . . . .
        . . X O . . . . .
        . . X O . . . . .
        . . X O . . . . .
    """)
    fo = final_owner(board, 6.5, playouts=100, rng=np.random.default_rng(0))
    assert fo.dead == (Point(1, 1),)
    owner = fo.owner.reshape(9, 9)
    assert (owner[:, :3] == 1).all() and (owner[:, 3:] == -1).all()
    assert fo.area_margin == 27 - 54
    assert fo.agrees(6.5, -33.5)  # W+33.5 on the record
    assert fo.agrees(6.5, -32.0)  # territory counting: within the tolerance
    assert not fo.agrees(6.5, -30.0)
    assert not fo.agrees(6.5, 33.5)  # the wrong winner
    assert not fo.agrees(0.5, -33.5)  # the wrong komi
    # the board of a compact move list
    pts = np.array([Point(2, 2).flat(9), -1, Point(6, 6).flat(9)], np.int16)
    b = board_of_moves(9, pts, np.array([1, 2, 1], np.int8))
    assert b[Point(2, 2)] == Color.BLACK and b[Point(6, 6)] == Color.BLACK
    assert b.to_play == Color.WHITE


# -- the games' scores -----------------------------------------------------------------


def _record(result: str, seed: int) -> GameRecord:
    rec = random_record(9, 20, seed)
    return dataclasses.replace(rec, result=GameResult.parse(result))


def test_black_margin() -> None:
    assert G.black_margin(_record("B+3.5", 0)) == 3.5
    assert G.black_margin(_record("W+0.5", 0)) == -0.5
    assert G.black_margin(_record("0", 0)) == 0.0  # a draw
    for res in ("W+R", "B+T", "B+", "?", "Void"):
        assert np.isnan(G.black_margin(_record(res, 0))), res


@pytest.mark.parametrize("name", ["g.npz", "g.npz.xz"])
def test_scores_round_trip(tmp_path: Path, name: str) -> None:
    recs = [_record(r, k) for k, r in enumerate(["B+3.5", "W+R", "0", "W+12.5", "?"])]
    games = G.from_records(recs, 9)
    want = np.array([3.5, np.nan, 0.0, -12.5, np.nan], np.float32)
    np.testing.assert_array_equal(games.scores, want)
    assert games.scores.dtype == np.float32
    assert list(games.winner) == [1, 2, 0, 2, 0]
    G.save(games, tmp_path / name)
    back = G.load(tmp_path / name)
    np.testing.assert_array_equal(back.scores, want)
    np.testing.assert_array_equal(games.subset(np.array([3, 0, 1])).scores, want[[3, 0, 1]])
    both = G.concatenate([games.subset(np.array([4, 3])), back.subset(range(2))])
    np.testing.assert_array_equal(both.scores, want[[4, 3, 0, 1]])
    assert len(both) == 4 and both.game(2)[0].tolist() == games.game(0)[0].tolist()


def test_games_file_without_scores_reads_nan(tmp_path: Path) -> None:
    games = G.from_records([_record("B+3.5", 1), _record("W+2.5", 2)], 9)
    G.save(games, tmp_path / "new.npz")
    with np.load(tmp_path / "new.npz") as z:
        old = {k: z[k] for k in z.files if k != "score"}
    np.savez_compressed(tmp_path / "old.npz", **old)
    back = G.load(tmp_path / "old.npz")
    assert len(back) == 2 and back.scores.dtype == np.float32
    assert np.isnan(back.scores).all()
    assert list(back.winner) == [1, 2]
    with pytest.raises(G.GamesFileError, match="scores"):
        dataclasses.replace(games, score=np.zeros(3, np.float32))


def test_game_arrays_default_scores_are_nan() -> None:
    rec = GameRecord(size=9, moves=[Move(Color.BLACK, Point(4, 4))])
    games = G.from_records([rec], 9)
    assert np.isnan(games.scores).all()
    bare = G.GameArrays(9, games.points, games.colors, games.offsets, games.winner)
    assert bare.scores.shape == (1,) and np.isnan(bare.scores).all()


def test_heads_that_skip_the_last_blocks(tmp_path: Path) -> None:
    """value_skip: the heads read the tower before its last block; the policy is the
    whole tower's; numpy agrees; the heads' block starts as a copy of the skipped one."""
    torch = pytest.importorskip("torch")
    from igo.nets.heads_train import HeadsTrainer
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net

    torch.manual_seed(5)
    net = PolicyNet(NetConfig(2, 8, head_channels=4, value_blocks=1, value_channels=4,
                              value_hidden=8, value_skip=1))
    _perturb(net, 6)
    net.eval()
    x = torch.from_numpy((np.random.default_rng(1).random((2, N_PLANES, 9, 9)) < 0.3)
                         .astype(np.float32))
    with torch.inference_mode():
        logits, v, s, o = net.judge(x)
        np.testing.assert_array_equal(logits.numpy(), net(x).numpy())
        branch = net.stem(x)
        branch = net.tower[0](branch)
        want = net.heads(branch)
        assert not torch.allclose(branch, net.trunk(x))
    for a, b in zip((v, s, o), want, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    path = tmp_path / "skip.pt"
    save_net(net, path, {"heads": {"komi": 6.5}})
    got = NumpyPolicyNet(path).judge(x.numpy())
    for g, w in zip(got, (logits, v, s, o), strict=True):
        np.testing.assert_allclose(g, w.numpy(), atol=1e-4, rtol=0)
    # training: the heads' block starts as the skipped tower block
    trunk = tiny_net_file(tmp_path / "trunk")
    data = _labelled(6, 2)
    cfg = _heads_cfg(steps=1, value_skip=0)
    with pytest.raises(ValueError):  # a one-block trunk has no block to skip
        _heads_cfg(value_skip=-1)
    t = HeadsTrainer(cfg, trunk, [data], data, tmp_path / "r0", tmp_path / "r0.pt",
                     say=lambda m: None)
    assert t.net.config.value_skip == 0
    two = PolicyNet(NetConfig(2, 8))
    save_net(two, tmp_path / "two.pt")
    t = HeadsTrainer(_heads_cfg(steps=1, value_skip=1), tmp_path / "two.pt", [data], data,
                     tmp_path / "r1", tmp_path / "r1.pt", say=lambda m: None)
    for k, w in t.net.tower[1].state_dict().items():
        assert torch.equal(t.net.value_tower[0].state_dict()[k], w)


def test_heads_judge_only_the_sizes_they_learned(tmp_path: Path) -> None:
    """meta["heads"]["sizes"] (else 19 only) bounds where the review, the analysis lines
    and the influence maps use a net's judgement."""
    pytest.importorskip("torch")
    from igo.nets.judgement import heads_sizes
    from igo.nets.model_file import load_net, save_net
    from igo.nets.policy import NetPolicy

    assert heads_sizes({}) == (19,) and heads_sizes({"heads": {"sizes": [9, 19]}}) == (9, 19)
    path = tiny_heads_net_file(tmp_path)
    net, _ = load_net(path)
    save_net(net, tmp_path / "h19.pt", {"heads": {"komi": 6.5}})
    p19 = NetPolicy(tmp_path / "h19.pt")
    assert p19.judges(19) and not p19.judges(9)
    assert NumpyPolicyNet(tmp_path / "h19.pt").judges(19)
    assert not NumpyPolicyNet(tmp_path / "h19.pt").judges(13)
    assert NetPolicy(path).judges(9)
    plain = tiny_net_file(tmp_path / "plain")
    assert not NetPolicy(plain).judges(19)
