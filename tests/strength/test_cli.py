"""``igo strength`` train / eval / estimate on a handful of Fox games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igo.cli.main import main

DATA = Path(__file__).parent / "data"
GAMES = DATA / "fox19.sgfs"
FOLDS = DATA / "folds.tsv"

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
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
    assert rc == 1  # the handicap game is refused with a clear message
    assert "handicap" in capsys.readouterr().err
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
