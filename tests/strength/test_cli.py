"""``igo strength`` train / eval / estimate on a handful of Fox games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.cli.main import main

DATA = Path(__file__).parent / "data"
GAMES = DATA / "fox19.sgfs"
FOLDS = DATA / "folds.tsv"

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A model of the default groups (the policy net's view among them)."""
    work = tmp_path_factory.mktemp("strength")
    out = work / "m.npz"
    rc = main(["strength", "train", "--data", str(GAMES), "--folds", str(FOLDS),
               "--workdir", str(work / "w"), "--out", str(out), "--iterations", "100",
               "--folds-k", "2", "--no-progress"])
    assert rc == 0 and out.is_file()
    return out


def test_eval_json_schema(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    rc = main(["strength", "eval", "--data", str(GAMES), "--model", str(model), "--json",
               "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["games", "examples", "rmse_points", "rmse_ranks", "rmse_ave",
                         "correlation", "accuracy3", "worst_case_ratio"]
    assert out["games"] == 18 and out["examples"] == 36  # the handicap game is dropped
    assert out["rmse_ranks"] == pytest.approx(out["rmse_points"] / 100)


def test_eval_on_one_fold(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    rc = main(["strength", "eval", "--data", str(GAMES), "--model", str(model), "--folds",
               str(FOLDS), "--fold", "test", "--json", "--no-progress"])
    assert rc == 0
    assert json.loads(capsys.readouterr().out)["examples"] == 4


def test_estimate_games_and_pooled(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    rc = main(["strength", str(GAMES), "--model", str(model), "--json", "--no-progress"])
    assert rc == 0  # the handicap game is left out with a clear message, the rest read
    cap = capsys.readouterr()
    assert "skipped" in cap.err and "handicap" in cap.err
    assert len(json.loads(cap.out)["games"]) == 18
    one = DATA / "one.sgf"
    one.write_text(GAMES.read_text().splitlines()[0])
    rc = main(["strength", str(one), str(one), "--model", str(model), "--json",
               "--no-progress", "--color", "B"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    one.unlink()
    assert len(out["games"]) == 2
    e = out["games"][0]["estimates"]
    assert [x["colour"] for x in e] == ["B"]
    lo, hi = e[0]["interval"]
    assert lo < e[0]["rating"] < hi
    assert sum(e[0]["classes"].values()) == pytest.approx(1, abs=0.01)
    (p,) = out["players"]
    assert p["games"] == 2 and p["sd"] < e[0]["sd"]


def test_text_output_and_player_filter(model: Path, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    one = tmp_path / "g.sgf"
    one.write_text(GAMES.read_text().splitlines()[3])
    capsys.readouterr()
    assert main(["strength", str(one), "--model", str(model), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert " B " in text and " W " in text and "±" in text


def test_clear_errors(model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    small = tmp_path / "nine.sgf"
    small.write_text("(;GM[1]SZ[9]" + "".join(f";B[{c}a];W[{c}b]" for c in "abcdefghi")
                     + "".join(f";B[{c}d];W[{c}e]" for c in "abcdefghi") + ")")
    assert main(["strength", str(small), "--model", str(model), "--no-progress"]) == 1
    assert "no strength model for 9x9" in capsys.readouterr().err
    short = tmp_path / "short.sgf"
    short.write_text("(;GM[1]SZ[19];B[pd];W[dd];B[pp])")
    assert main(["strength", str(short), "--model", str(model), "--no-progress"]) == 1
    assert "too short" in capsys.readouterr().err
    assert main(["strength", str(tmp_path / "missing.sgf"), "--model", str(model),
                 "--no-progress"]) == 1
    assert "no readable game" in capsys.readouterr().err
    assert main(["strength", str(short), "--model", str(tmp_path / "none.npz")]) == 1
    with pytest.raises(SystemExit) as exc:
        main(["strength", "eval", "--json"])
    assert exc.value.code == 2


def test_folder_pools_each_player(model: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A folder of single-game files: one estimate a game, a pooled one a player."""
    folder = tmp_path / "games"
    folder.mkdir()
    game = GAMES.read_text().splitlines()[3]
    for name in ("a.sgf", "b.sgf"):
        (folder / name).write_text(game)
    capsys.readouterr()
    assert main(["strength", str(folder), "--model", str(model), "--json",
                 "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["games"]) == 2
    assert all(len(g["estimates"]) == 2 for g in out["games"])
    players = out["players"]
    assert len(players) == 2 and all(p["games"] == 2 for p in players)
    one = out["games"][0]["estimates"][0]
    pooled = next(p for p in players if p["sd"] < one["sd"])
    assert pooled["interval"][0] < pooled["rating"] < pooled["interval"][1]


@pytest.fixture(scope="module")
def net_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A model that reads a tiny policy net's view of the first 20 moves."""
    from nets.helpers import tiny_net_file

    work = tmp_path_factory.mktemp("strength-net")
    net = tiny_net_file(work / "net")
    out = work / "m.npz"
    rc = main(["strength", "train", "--data", str(GAMES), "--folds", str(FOLDS),
               "--workdir", str(work / "w"), "--out", str(out), "--iterations", "100",
               "--folds-k", "2", "--groups", "game,net", "--net", str(net),
               "--net-moves", "20", "--no-progress"])
    assert rc == 0 and out.is_file()
    assert (work / "w" / "cache" / "net.bin").is_file()
    return out, net


def test_a_model_with_the_net_group_reads_the_net(net_model: tuple[Path, Path],
                                                  tmp_path: Path) -> None:
    """The net's view at estimate time is the view the model was trained on: the
    estimate is the one of the features the training cache holds for that game."""
    from igo.core.record import GameRecord
    from igo.sgf import iter_records
    from igo.strength.cache import REASONS
    from igo.strength.data import GameView
    from igo.strength.estimator import load_model
    from igo.strength.netview import game_net_rows
    from igo.strength.predict import net_policy, raw_predictions
    from igo.strength.summary import example_features

    path, net = net_model
    model = load_model(path)
    assert model.net is not None and model.net.max_moves == 20
    assert model.net.path() == net and model.net.name == "b1c8"
    assert model.summary.groups == ("game", "net")
    rec: GameRecord = next(iter(iter_records(str(GAMES), progress=False)))
    view = GameView.of(rec)
    raw = raw_predictions(model, [view])[0]
    pts = np.array([p for _, p in view.moves], np.int64)
    rows = game_net_rows(pts, 19, net_policy(model.net), 20)
    assert np.isfinite(rows[:20]).all() and np.isnan(rows[20:]).all()
    grow = np.array([view.komi, 0 if view.result.winner is None else int(view.result.winner),
                     REASONS.index(view.result.reason), len(pts), 0.0])
    x = example_features(pts, np.full((len(pts), 7), np.nan), 1, grow, 19, model.summary, rows)
    assert raw[0] == pytest.approx(model.raw("B", x[None])[0])
    # without the net's view the features, and so the estimate, differ
    x0 = example_features(pts, np.full((len(pts), 7), np.nan), 1, grow, 19, model.summary)
    assert not np.allclose(x, x0)


def test_a_model_whose_net_is_missing_says_so(net_model: tuple[Path, Path], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from dataclasses import replace

    from igo.strength.estimator import NetSpec, load_model, save_model

    model = load_model(net_model[0])
    gone = tmp_path / "gone.npz"
    save_model(replace(model, net=NetSpec(str(tmp_path / "gone.pt"), "b1c8", 20)), gone)
    one = tmp_path / "g.sgf"
    one.write_text(GAMES.read_text().splitlines()[3])
    capsys.readouterr()
    assert main(["strength", str(one), "--model", str(gone), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "policy net b1c8" in err and "gone.pt" in err and "Traceback" not in err


def test_the_default_falls_back_without_the_net(net_model: tuple[Path, Path], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture) -> None:
    """The default reads its net where its file is there, with PyTorch or without it
    (the net then runs in numpy), and else the move-model-only fallback, said on the
    log; without the fallback, a clear error."""
    import shutil

    from igo.strength import default
    from igo.strength.estimator import StrengthModelError

    shutil.copy(net_model[0], tmp_path / "strength-19.npz")
    assert main(["strength", "train", "--data", str(GAMES), "--folds", str(FOLDS),
                 "--workdir", str(tmp_path / "w"), "--out", str(tmp_path / "strength-19-mm.npz"),
                 "--iterations", "50", "--folds-k", "2", "--groups", "game,mbn",
                 "--no-progress"]) == 0
    monkeypatch.setattr(default, "MODELS_DIR", tmp_path)
    assert default.load_default_model().net is not None
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "torch" else real(name, *a))
    with caplog.at_level("WARNING"):
        assert default.load_default_model().net is not None  # in numpy
    assert caplog.text == ""
    net_file = net_model[1]
    hidden = net_file.with_suffix(".hidden")
    net_file.rename(hidden)
    try:
        with caplog.at_level("WARNING"):
            fallback = default.load_default_model()
        assert fallback.net is None and "is missing" in caplog.text
        (tmp_path / "strength-19-mm.npz").unlink()
        with pytest.raises(StrengthModelError, match="fallback"):
            default.load_default_model()
    finally:
        hidden.rename(net_file)
