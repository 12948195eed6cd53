"""Problem parsing (:mod:`igo.tsumego.problems`): good lines, every kind of bad line,
strict and lenient loading, filters, xz files."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

from igo.core.color import Color
from igo.core.coords import Point
from igo.tsumego.problems import ProblemError, iter_problems, load_problems, parse_problem

EASY = Path(__file__).resolve().parents[1] / "data" / "tsumego" / "easy.jsonl"

GOOD = {"AB": ["eb", "fb"], "AW": ["da", "ab"], "SZ": "19", "C": "Black to play: Elementary",
        "SOL": [["B", "ba", "Correct.", ""], ["B", "ca", "", ""], ["W", "aa", "", ""]],
        "source": "books/Cho/Prob0001.json"}


def test_good_line() -> None:
    p = parse_problem(GOOD, 7)
    assert p.index == 7
    assert p.black == (Point(1, 4), Point(1, 5))
    assert p.white == (Point(0, 3), Point(1, 0))
    assert p.to_play is Color.BLACK
    assert p.solutions == {Point(0, 1), Point(0, 2)}  # the white entry is not ours
    assert p.collection == "books/Cho"
    assert p.size == 19


def test_colour_from_solution_when_comment_is_silent() -> None:
    obj = dict(GOOD, C="", SOL=[["W", "aa", "", ""]])
    assert parse_problem(obj, 0).to_play is Color.WHITE


@pytest.mark.parametrize(("change", "message"), [
    ({"AB": ["eb", "da"]}, "two setup stones"),
    ({"AB": ["zz"]}, "AB"),
    ({"AW": "da"}, "AW must be a list"),
    ({"SZ": "big"}, "SZ must be an integer"),
    ({"SZ": 40}, "SZ must be 2 to 25"),
    ({"SOL": []}, "SOL must be a non-empty list"),
    ({"SOL": [["B"]]}, "SOL entry"),
    ({"SOL": [["B", "zz", "", ""]]}, "SOL entry"),
    ({"SOL": [["W", "aa", "", ""]]}, "no solution for black"),
    ({"AB": [], "AW": []}, "no stones"),
    ({"C": "Who knows", "SOL": [["X", "aa", "", ""]]}, "cannot tell the colour"),
])
def test_bad_lines(change: dict, message: str) -> None:
    with pytest.raises(ProblemError, match=message):
        parse_problem(dict(GOOD, **change), 0)


def test_missing_key_and_not_an_object() -> None:
    obj = dict(GOOD)
    del obj["SOL"]
    with pytest.raises(ProblemError, match="missing key 'SOL'"):
        parse_problem(obj, 0)
    with pytest.raises(ProblemError, match="expected a JSON object"):
        parse_problem([1, 2], 0)


def _write(tmp_path: Path, lines: list[str], name: str = "p.jsonl") -> Path:
    path = tmp_path / name
    text = "\n".join(lines) + "\n"
    if name.endswith(".xz"):
        path.write_bytes(lzma.compress(text.encode()))
    else:
        path.write_text(text)
    return path


def test_strict_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, [json.dumps(GOOD), "", "{not json", json.dumps(GOOD)])
    with pytest.raises(ProblemError, match=r"p\.jsonl:3: "):
        list(iter_problems(path))


def test_lenient_skips_and_collects(tmp_path: Path) -> None:
    bad = dict(GOOD, AB=["zz"])
    path = _write(tmp_path, [json.dumps(GOOD), "{not json", json.dumps(bad), json.dumps(GOOD)])
    errors: list[ProblemError] = []
    problems = load_problems(path, errors=errors)
    assert [p.index for p in problems] == [0, 3]
    assert [str(e).split(": ")[0][-1] for e in errors] == ["2", "3"]


def test_filters_and_xz(tmp_path: Path) -> None:
    other = dict(GOOD, source="tesuji/Lee/P1.json")
    path = _write(tmp_path, [json.dumps(GOOD), json.dumps(other), json.dumps(GOOD)],
                  "p.jsonl.xz")
    assert [p.index for p in load_problems(path, collection="CHO")] == [0, 2]
    assert [p.index for p in load_problems(path, collection="cho", limit=1)] == [0]
    assert load_problems(path, limit=0) == []


def test_not_xz(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl.xz"
    path.write_text(json.dumps(GOOD))
    with pytest.raises(ProblemError, match="cannot read"):
        load_problems(path)


def test_fixture_file() -> None:
    problems = load_problems(EASY)
    assert [p.to_play for p in problems] == [Color.BLACK, Color.BLACK, Color.WHITE]
    assert all(p.solutions == {Point(0, 1)} for p in problems)


@pytest.mark.data
def test_shared_file_has_few_bad_lines(shared_data: Path) -> None:
    errors: list[ProblemError] = []
    problems = load_problems(shared_data / "tsumego" / "problems.jsonl.xz", errors=errors)
    assert len(problems) + len(errors) == 9801
    assert len(errors) < 10
    assert sum("Cho Chikun" in p.collection for p in problems) == 900
