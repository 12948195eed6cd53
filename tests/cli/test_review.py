"""``igo review``: files and folders in, pages, JSON and annotated SGF out; the cache;
one-line errors that do not stop the other records."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sgfmill import sgf

from igo.cli.main import main

REVIEW_DATA = Path(__file__).resolve().parents[1] / "review" / "data"
SGF_DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"
FAST = ["--playouts", "30", "--workers", "1", "--no-progress"]


def test_one_game_page_json_sgf_and_the_cache(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = REVIEW_DATA / "game9.sgf"
    page, annotated, cache = tmp_path / "r.html", tmp_path / "a.sgf", tmp_path / "c.sqlite"
    args = ["review", str(game), "-o", str(page), "--sgf", str(annotated),
            "--cache", str(cache), "--json", *FAST]
    assert main(args) == 0
    out = capsys.readouterr()
    d = json.loads(out.out)
    assert d["schema"] == "igo-review/1" and len(d["moves"]) == 66
    assert d["evaluation"] == {**d["evaluation"], "searched": 67, "cached": 0}
    assert "67 positions searched, 0 cached" in out.err
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "http" not in html
    root = sgf.Sgf_game.from_bytes(annotated.read_bytes()).get_root()
    assert root.has_property("SBKV")
    # the second run searches nothing
    assert main(args) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["evaluation"]["searched"] == 0 and again["evaluation"]["cached"] == 67
    assert again["moves"] == d["moves"] and again["players"] == d["players"]


def test_default_page_name_and_no_page_with_json_alone(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    monkeypatch.chdir(tmp_path)
    game = REVIEW_DATA / "handicap9.sgf"
    assert main(["review", str(game), "--no-cache", *FAST]) == 0
    assert (tmp_path / "handicap9.review.html").is_file()
    assert "-> handicap9.review.html" in capsys.readouterr().out
    (tmp_path / "handicap9.review.html").unlink()
    assert main(["review", str(game), "--no-cache", "--json", *FAST]) == 0
    assert json.loads(capsys.readouterr().out)["handicap"] == 2
    assert not (tmp_path / "handicap9.review.html").exists()


def test_folder_with_a_bad_file_goes_on(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(REVIEW_DATA / "handicap9.sgf", games / "a.sgf")
    shutil.copy(SGF_DATA / "broken_illegal.sgf", games / "b.sgf")
    shutil.copy(SGF_DATA / "broken_garbage.sgf", games / "c.sgf")
    (games / "d.sgf").write_text("(;GM[1]FF[4]SZ[7];B[dd];W[cc])")
    shutil.copy(REVIEW_DATA / "game9.sgf", games / "e.sgf")
    out = tmp_path / "out"
    code = main(["review", str(games), "-o", str(out), "--sgf", str(out / "sgf"), "--json",
                 "--cache", str(tmp_path / "c.sqlite"), *FAST])
    assert code == 1
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if "error" in line]
    assert errors == [
        f"igo review: error: {games / 'b.sgf'}: move 2 (W E5): E5 is occupied",
        f"igo review: error: {games / 'c.sgf'}: stray lower-case text has no value "
        "[parse_error]",
        f"igo review: error: {games / 'd.sgf'}: unsupported board size 7x7 (igo review "
        "reads 9x9 to 19x19)",
    ]
    assert sorted(p.name for p in out.glob("*.html")) == ["a.html", "e.html"]
    assert sorted(p.name for p in (out / "sgf").glob("*.sgf")) == ["a.sgf", "e.sgf"]
    d = json.loads(captured.out)
    assert d["schema"] == "igo-review-list/1"
    assert [r["source"] for r in d["reviews"]] == [str(games / "a.sgf"), str(games / "e.sgf")]
    assert [f["source"] for f in d["failed"]] == [str(games / n) for n in ("b.sgf", "c.sgf",
                                                                           "d.sgf")]


def test_missing_file_and_empty_record(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.sgf"
    empty.write_text("(;GM[1]FF[4]SZ[9]KM[7])")
    assert main(["review", str(tmp_path / "nope.sgf"), str(empty), "-o", str(tmp_path / "o"),
                 *FAST, "--no-cache"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert err[0].startswith(f"igo review: error: {tmp_path / 'nope.sgf'}: ")
    assert err[1] == f"igo review: error: {empty}: the record has no move to review"


def test_worker_processes_give_the_same_review(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    game = str(REVIEW_DATA / "handicap9.sgf")
    base = ["review", game, "--json", "--playouts", "30", "--no-progress", "--no-cache"]
    assert main([*base, "--workers", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*base, "--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["moves"] == two["moves"] and one["positions"] == two["positions"]


def test_usage_errors() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["review", "x.sgf", "--playouts", "10", "--time", "1"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        main(["review", "x.sgf", "--playouts", "0"])


def test_a_time_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(REVIEW_DATA / "handicap9.sgf"), "--json", "--time", "0.02",
                 "--workers", "1", "--no-progress", "--no-cache"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["judge"]["seconds"] == 0.02 and d["judge"]["playouts"] is None
    assert any("0.02 s a position" in line for line in d["judge"]["lines"])


def test_an_existing_folder_as_output_for_one_game(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    out.mkdir()
    assert main(["review", str(REVIEW_DATA / "handicap9.sgf"), "-o", str(out), "--no-cache",
                 *FAST]) == 0
    assert (out / "handicap9.html").is_file()
