"""GTP v2 wire format: preprocessing, parsing and response framing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igo.gtp.protocol import Command, format_failure, format_success, parse_command, preprocess


@pytest.mark.parametrize(("line", "expected"), [
    ("name", "name"),
    ("  name  \n", "name"),
    ("play\tb\tD4", "play b D4"),
    ("play b D4 # comment", "play b D4"),
    ("# only a comment", ""),
    ("", ""),
    ("\r\n", ""),
    ("na\x00me\r", "name"),
    ("a\x1fb\x7fc", "abc"),
    ("komi 6.5#x", "komi 6.5"),
])
def test_preprocess(line: str, expected: str) -> None:
    assert preprocess(line) == expected


@pytest.mark.parametrize(("line", "expected"), [
    ("name", Command(None, "name", ())),
    ("12 play b D4", Command(12, "play", ("b", "D4"))),
    ("0 quit", Command(0, "quit", ())),
    ("7", Command(7, "", ())),
    ("-1 name", Command(None, "-1", ("name",))),
    ("1.5 name", Command(None, "1.5", ("name",))),
    ("\u0663 name", Command(None, "\u0663", ("name",))),  # Arabic-Indic 3 is no id
    ("  \t # nothing", None),
])
def test_parse_command(line: str, expected: Command | None) -> None:
    assert parse_command(line) == expected


@pytest.mark.parametrize(("cmd_id", "text", "expected"), [
    (None, "", "=\n\n"),
    (3, "", "=3\n\n"),
    (None, "igo", "= igo\n\n"),
    (4, "D4", "=4 D4\n\n"),
    (None, "a\nb", "= a\nb\n\n"),
    (None, "a\n\nb\n", "= a\nb\n\n"),
    (None, "\nrow1\n  \nrow2\n\n", "=\nrow1\nrow2\n\n"),
    (5, "x  \r\ny", "=5 x\ny\n\n"),
])
def test_format_success(cmd_id: int | None, text: str, expected: str) -> None:
    assert format_success(cmd_id, text) == expected


def test_format_failure() -> None:
    assert format_failure(None, "unknown command") == "? unknown command\n\n"
    assert format_failure(9, "illegal move") == "?9 illegal move\n\n"
    assert format_failure(1, "two\n\nlines") == "?1 two\nlines\n\n"
    assert format_failure(None, "") == "? failed\n\n"


@given(st.one_of(st.none(), st.integers(0, 10**9)), st.text())
def test_framing_is_always_exact(cmd_id: int | None, text: str) -> None:
    for response in (format_success(cmd_id, text), format_failure(cmd_id, text)):
        assert response.endswith("\n\n")
        assert "\n\n" not in response[:-2]
        assert response[0] in "=?"
        prefix = "" if cmd_id is None else str(cmd_id)
        assert response[1:].startswith(prefix)


@given(st.text())
def test_preprocess_leaves_no_control_characters(line: str) -> None:
    out = preprocess(line)
    assert all(ord(ch) >= 32 and ord(ch) != 127 for ch in out)
    assert "#" not in out
    assert out == out.strip()
