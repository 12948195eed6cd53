"""GtpClient: reply framing, errors, timeouts, dying engines, quit on close."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from igo.gtp.client import GtpClient, split_command
from igo.gtp.errors import GtpClientError, GtpEngineError
from waiting import finishes

FAKE = Path(__file__).resolve().parents[1] / "players" / "fake_gtp_engine.py"


def fake(*args: str) -> list[str]:
    return [sys.executable, str(FAKE), *args]


def test_name_version_and_plain_replies() -> None:
    with GtpClient(fake()) as c:
        assert c.name == "Fake"
        assert c.version == "1.0"
        assert c.send("genmove b") == "pass"
        assert c.send("multi") == "line one\nline two"
        assert c.alive


def test_question_mark_reply_raises_engine_error_and_keeps_going() -> None:
    with GtpClient(fake()) as c:
        with pytest.raises(GtpEngineError, match="failed on purpose"):
            c.send("fail")
        assert c.send("name") == "Fake"


def test_known_command() -> None:
    with GtpClient(fake()) as c:
        assert c.known_command("kgs-rules") is False


def test_engine_death_reports_exit_code_and_stderr_tail() -> None:
    c = GtpClient(fake("--die-on", "genmove"))
    with pytest.raises(GtpClientError) as info:
        c.send("genmove b")
    text = str(info.value)
    assert "fatal: genmove" in text
    assert "exit code 3" in text
    assert not isinstance(info.value, GtpEngineError)
    with pytest.raises(GtpClientError):
        c.send("name")
    c.close()  # closing a dead engine is fine
    c.close()


def test_timeout_stops_the_engine() -> None:
    """The fake engine sleeps an hour on ``hang``: the client gives up at its timeout
    (not at the hour, nor at the test's safety net far below it) and kills the engine."""
    c = GtpClient(fake(), timeout=0.5)
    with pytest.raises(GtpClientError, match="did not answer 'hang'"):
        finishes(lambda: c.send("hang"), "a send with a 0.5 s timeout to a hung engine")
    assert not c.alive
    with pytest.raises(GtpClientError, match="closed"):
        c.send("name")


def test_per_call_timeout_overrides_default() -> None:
    """The default (0.1 s) is shorter than the engine's delay (0.3 s); the call's own
    timeout, long enough for the slowest machine, holds."""
    with GtpClient(fake("--delay", "0.3"), timeout=0.1) as c:
        assert c.send("genmove b", timeout=600.0) == "pass"


def test_garbage_reply_is_a_client_error() -> None:
    c = GtpClient(fake())
    with pytest.raises(GtpClientError, match="not a GTP reply"):
        c.send("garbage")
    c.close()


def test_close_sends_quit(tmp_path: Path) -> None:
    marker = tmp_path / "quit.txt"
    c = GtpClient(fake("--quit-file", str(marker)))
    c.send("name")
    c.close()
    assert marker.read_text() == "bye"
    assert not c.alive


def test_missing_executable() -> None:
    with pytest.raises(GtpClientError, match="cannot start engine"):
        GtpClient(["/nonexistent/engine", "--gtp"])


def test_multiline_command_is_refused() -> None:
    with GtpClient(fake()) as c, pytest.raises(GtpClientError, match="one line"):
        c.send("name\nversion")


def test_split_command() -> None:
    assert split_command("gnugo --mode gtp --level '1'") == ["gnugo", "--mode", "gtp",
                                                             "--level", "1"]
    with pytest.raises(GtpClientError, match="empty"):
        split_command("  ")
    with pytest.raises(GtpClientError, match="cannot parse"):
        split_command("gnugo 'unbalanced")


@pytest.mark.gnugo
def test_gnugo_conversation(gnugo: str) -> None:
    with GtpClient(f"{gnugo} --mode gtp --level 1") as c:
        assert c.name == "GNU Go"
        assert c.version[0].isdigit()
        c.send("boardsize 9")
        c.send("clear_board")
        c.send("komi 7.5")
        assert c.send("play b E5") == ""
        reply = c.send("genmove w")
        assert reply.upper() == "PASS" or (reply[0] in "ABCDEFGHJ" and reply[1:].isdigit())
        with pytest.raises(GtpEngineError, match="illegal move"):
            c.send("play w E5")
        with pytest.raises(GtpEngineError, match="unknown command"):
            c.send("no_such_command")
        assert c.send("showboard").count("\n") >= 9
