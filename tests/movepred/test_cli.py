"""``igo movepred train / eval / show`` on a few fixture games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.cli.main import main

DATA = Path(__file__).parent / "data" / "tygem_test6.sgfs"


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("mp")
    out = work / "m.npz"
    rc = main(["movepred", "train", "--data", str(DATA), "--games", "4", "--moves", "1-30",
               "--workdir", str(work / "w"), "--out", str(out), "--pattern-threshold", "2",
               "--epochs", "2", "--batch", "50"])
    assert rc == 0 and out.is_file()
    first = np.load(out)["theta"]
    # a second run finds everything done in the work directory: same parameters
    rc = main(["movepred", "train", "--data", str(DATA), "--games", "4", "--moves", "1-30",
               "--workdir", str(work / "w"), "--out", str(out), "--pattern-threshold", "2",
               "--epochs", "2", "--batch", "50"])
    assert rc == 0
    np.testing.assert_array_equal(np.load(out)["theta"], first)
    return out


def test_eval_json_schema(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    rc = main(["movepred", "eval", "--model", str(model), "--data", str(DATA), "--moves",
               "1-50", "--json", "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"positions", "match_rate", "mean_rank", "top20", "mean_log_evidence"}
    assert out["positions"] == 300  # 6 games x 50 moves, no passes
    assert 0 < out["match_rate"] < 1 and out["mean_rank"] >= 1
    assert 0 < out["top20"] <= 1 and out["mean_log_evidence"] < 0


def test_eval_by_move_and_text(model: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    rc = main(["movepred", "eval", "--model", str(model), "--data", str(DATA), "--moves",
               "11-30", "--games", "2", "--by-move", "--json", "--no-progress"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["positions"] == 40 and set(out["by_move"]) == {"11-20", "21-30"}
    rc = main(["movepred", "eval", "--model", str(model), "--data", str(DATA), "--games", "1",
               "--no-progress"])
    assert rc == 0 and "match_rate" in capsys.readouterr().out


def test_show(model: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sgf = tmp_path / "g.sgf"
    sgf.write_text(DATA.read_text().splitlines()[0])
    capsys.readouterr()
    rc = main(["movepred", "show", str(sgf), "--move", "20", "--model", str(model),
               "--top", "5"])
    text = capsys.readouterr().out
    assert rc == 0 and "move 20" in text and text.count("%") >= 5
    assert main(["movepred", "show", str(sgf), "--move", "999", "--model", str(model)]) == 1


def test_bad_model_file_is_a_user_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    rc = main(["movepred", "eval", "--model", str(bad), "--data", str(DATA), "--json"])
    assert rc == 1
    assert "not a model file" in capsys.readouterr().err


def test_train_by_mm(tmp_path: Path) -> None:
    out = tmp_path / "mm.npz"
    rc = main(["movepred", "train", "--data", str(DATA), "--games", "2", "--moves", "1-20",
               "--workdir", str(tmp_path / "w"), "--out", str(out), "--pattern-threshold", "2",
               "--mm", "2", "--groups", "paper"])
    assert rc == 0
    from igo.movepred.model_io import load_model

    m = load_model(out)
    assert m.summary["train"] == {"method": "mm", "iterations": 2}
    hist = m.summary["train_log_likelihood"]
    assert isinstance(hist, list) and hist[1] >= hist[0]


def test_train_and_eval_other_board_size(tmp_path: Path, model: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from igo.core.board import Board
    from igo.core.record import GameRecord
    from igo.movepred.model_io import load_model
    from igo.sgf import to_sgf

    rng = np.random.default_rng(3)
    games = tmp_path / "g9"
    games.mkdir()
    for k in range(6):
        b = Board(9)
        for _ in range(40):
            legal = b.legal_moves(b.to_play)
            if not legal:
                break
            b.play(b.to_play, legal[int(rng.integers(len(legal)))])
        (games / f"{k}.sgf").write_text(to_sgf(GameRecord(size=9, moves=list(b.history))))
    out = tmp_path / "m9.npz"
    args = ["movepred", "train", "--data", str(games), "--size", "9", "--moves", "all",
            "--stride", "2", "--workdir", str(tmp_path / "w9"), "--out", str(out),
            "--pattern-threshold", "2", "--epochs", "1", "--batch", "20"]
    assert main(args) == 0
    m9 = load_model(out)
    assert m9.board_size == 9 and m9.summary["stride"] == 2
    assert 6 * 40 // 2 - 6 <= int(m9.summary["positions"]) <= 6 * 40 // 2 + 6  # type: ignore[call-overload]
    capsys.readouterr()
    assert main(["movepred", "eval", "--model", str(out), "--data", str(games),
                 "--moves", "all", "--json", "--no-progress"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["positions"] == 6 * 40
    # a 19x19 model finds no 19x19 positions in 9x9 games: a clear error, not zeros
    assert main(["movepred", "eval", "--model", str(model), "--data", str(games),
                 "--json", "--no-progress"]) == 1
    assert "no 19x19 positions" in capsys.readouterr().err
    # training on sizes that are not in the data is an error too
    bad = args[:]
    bad[bad.index("9")] = "13"
    bad[bad.index(str(tmp_path / "w9"))] = str(tmp_path / "w13")
    assert main(bad) == 1
    assert "no 13x13 training positions" in capsys.readouterr().err


def test_eval_names_igos_net_by_its_bare_name(model: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    from igo.nets.policy import MODELS_DIR

    if not (MODELS_DIR / "policy-19-small.pt").is_file():
        pytest.skip("igo's small net is not installed")
    capsys.readouterr()
    rc = main(["movepred", "eval", "--model", str(model), "--data", str(DATA), "--games", "2",
               "--moves", "1-20", "--net", "policy-19-small.pt", "--json", "--no-progress"])
    assert rc == 0
    net = json.loads(capsys.readouterr().out)["net"]
    assert net["model"] == str(MODELS_DIR / "policy-19-small.pt") and net["positions"] > 0
