"""GoGui's side of the engine: every announced analyze command, sent as GoGui sends
it, must succeed; the search views draw what they say; live graphics go to standard
error in GoGui's ``gogui-gfx:`` blocks and never to standard output."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from igo.core.coords import parse_vertex
from igo.engine.engine import GtpEngine
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.players.random import RandomGenerator
from igo.search.config import preset

#: What GoGui puts for each wildcard (GoGui manual, "Analyze Commands").
GOGUI_WILDCARDS = {"%m": "b", "%c": "w", "%p": "E5", "%P": "E5 D4", "%s": "1", "%o": ""}
GFX_WORDS = {"BLACK", "CIRCLE", "CLEAR", "COLOR", "INFLUENCE", "LABEL", "MARK", "SQUARE",
             "TEXT", "TRIANGLE", "VAR", "WHITE"}


def mcts_engine(seconds: float | None = None, stderr: io.StringIO | None = None
                ) -> GtpEngine:
    limits = MoveLimits(playouts=None if seconds else 150, seconds=seconds)
    # a search of a fixed time (no early stop), so that live graphics have time to show
    gen = MCTSGenerator(preset("strong"), limits, rng=np.random.default_rng(7),
                        adaptive_time=False)
    return GtpEngine(gen, size=9, komi=7, rng=np.random.default_rng(8), stderr=stderr)


def reply(engine: GtpEngine, line: str) -> str:
    response = engine.handle_line(line)
    assert response is not None
    return response


def gogui_sends(command: str) -> str:
    """``command`` with GoGui's wildcards replaced (no file or option dialogs)."""
    assert "%f" not in command
    for wildcard, value in GOGUI_WILDCARDS.items():
        command = command.replace(wildcard, value)
    return " ".join(command.split())


@pytest.mark.parametrize("kind", ["random", "mcts"])
def test_every_announced_command_works_as_gogui_sends_it(kind: str) -> None:
    engine = (mcts_engine() if kind == "mcts" else
              GtpEngine(RandomGenerator(np.random.default_rng(0)), size=9, komi=7))
    reply(engine, "play b E5")
    reply(engine, "play w C3")
    entries = reply(engine, "gogui-analyze_commands")[2:].strip().split("\n")
    assert len(entries) >= 8
    for entry in entries:
        gtype, _label, command = entry.split("/")
        assert not re.search(r"%[^mcpPsfo]", command), entry
        response = reply(engine, gogui_sends(command))
        assert response.startswith("= ") or response == "=\n\n", (entry, response)
        if gtype == "dboard":  # one row of 9 numbers per board line
            rows = response[2:].strip().split("\n")
            assert [len(r.split()) for r in rows] == [9] * 9, entry


def test_search_views_draw_what_they_announce() -> None:
    engine = mcts_engine()
    reply(engine, "play b E5")
    visits = reply(engine, "igo-search_visits w 300")[2:].strip().split("\n")
    assert {line.split()[0] for line in visits} <= GFX_WORDS
    labels = dict(zip(*[iter(next(ln for ln in visits if ln.startswith("LABEL")).split()[1:])] * 2,
                      strict=True))
    assert all(len(v) <= 3 and int(v.removesuffix("k")) > 0 for v in labels.values())
    var = next(ln for ln in visits if ln.startswith("VAR")).split()[1:]
    assert var[0::2][:2] == ["w", "b"]
    pv = reply(engine, "igo-search_pv w 100")[2:].split()
    assert pv and all(v == "pass" or parse_vertex(v, 9) for v in pv)
    board = reply(engine, "igo-search_ownership w 100")[2:].strip().split("\n")
    values = np.array([[float(v) for v in row.split()] for row in board])
    assert values.shape == (9, 9) and np.all(np.abs(values) <= 1)
    assert values[4, 4] > 0.5  # E5 is Black's (dboard: positive = black)
    rates = reply(engine, "igo-search_winrates w 100")[2:].strip().split("\n")
    assert rates[0].startswith("LABEL ") and rates[-1].startswith("TEXT white ")


def gfx_blocks(text: str) -> list[list[str]]:
    """The ``gogui-gfx:`` blocks (multi-line form) of a standard-error text."""
    blocks = []
    for part in text.split("gogui-gfx:\n")[1:]:
        block = part.split("\n\n", 1)[0].split("\n")
        blocks.append(block)
    return blocks


def test_live_graphics_go_to_stderr_while_searching() -> None:
    err = io.StringIO()
    engine = mcts_engine(seconds=1.3, stderr=err)
    assert reply(engine, "igo-search_params").startswith("= [bool] live_gfx 0\n")
    assert reply(engine, "genmove b").count("\n") == 2  # nothing else on stdout
    assert err.getvalue() == ""
    assert reply(engine, "igo-search_params live_gfx 1") == "=\n\n"
    assert reply(engine, "igo-search_params").startswith("= [bool] live_gfx 1\n")
    move = reply(engine, "genmove w")
    assert re.fullmatch(r"= [A-J]\d\n\n", move)
    assert err.getvalue().endswith("\n\ngogui-gfx: CLEAR\n")  # the move's search ended
    blocks = gfx_blocks(err.getvalue())
    assert len(blocks) >= 2
    for block in blocks:
        assert block[0] == "CLEAR" and {ln.split()[0] for ln in block} <= GFX_WORDS
        assert block[-1].startswith("TEXT white ")
    before = len(err.getvalue())
    reply(engine, "igo-search_pv b 800")
    assert err.getvalue()[before:].endswith("gogui-gfx: CLEAR\n")
    reply(engine, "igo-search_params live_gfx 0")
    before = len(err.getvalue())
    reply(engine, "genmove b")
    assert len(err.getvalue()) == before


def test_visit_labels_fit_a_point() -> None:
    from igo.engine.search_views import count_label

    assert [count_label(n) for n in (0, 284, 999, 1000, 8634, 21500, 99_400)] == [
        "0", "284", "999", "1k", "9k", "22k", "99k"]


def test_search_stats_show_the_time_manager() -> None:
    """``igo-search_stats`` says the time manager's spend and the lag it measured from
    the clocks GTP told it (whole seconds: ten moves tell it)."""
    engine = mcts_engine()
    reply(engine, "reg_genmove b")  # the move model loaded before the clock runs
    reply(engine, "time_settings 300 0 0")

    def stats() -> dict[str, str]:
        return dict(ln.lstrip("= ").split(" ", 1)
                    for ln in reply(engine, "igo-search_stats").strip().split("\n"))

    for k in range(11):  # each move costs 3 s, far more than its 150 playouts take
        assert stats()["time_lag"] == "unmeasured"
        reply(engine, f"time_left b {300 - 3 * k} 0")
        reply(engine, "genmove b")
        reply(engine, "genmove w")
    assert float(stats()["time_spend"]) == pytest.approx(1.0)  # adaptive_time off
    assert 2.8 < float(stats()["time_lag"]) < 3.0


def _gogui_params(response: str) -> dict[str, tuple[str, str]]:
    """``key -> (type, value)`` as GoGui's parameter dialog reads a ``param`` reply (a
    line wholly in brackets is skipped; an untyped line is a string)."""
    assert response.startswith("= ") and response.endswith("\n\n")
    out = {}
    for line in response[2:-2].split("\n"):
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            continue
        kind, _, rest = line.partition("] ")
        key, _, value = rest.partition(" ")
        out[key] = (kind.removeprefix("["), value.strip())
    return out


def test_search_params_list_every_option_on_the_board_size() -> None:
    """Without arguments, ``igo-search_params`` lists every search option of the current
    board size in GoGui's form, its groups and board-size defaults on lines GoGui skips;
    each line sent back as GoGui sends a changed one is accepted, and an option set
    takes effect at the next search."""
    from igo.search.options import GROUP_OF

    engine = mcts_engine()
    text = reply(engine, "igo-search_params")
    params = _gogui_params(text)
    assert set(params) == {"live_gfx"} | set(GROUP_OF)
    assert params["rave_equiv"] == ("string", "1000.0")  # the 9x9 default
    assert params["policy"] == ("list/light/heavy/moggy", "heavy")
    assert params["use_priors"] == ("bool", "1") and params["net"] == ("string", "default")
    assert "\n[selection: rave_equiv, rave_distance by the 9x9 defaults]\n" in text
    assert "\n[playouts]\n" in text and "\n[resources]\n" in text
    for key, (_, value) in params.items():
        if key != "live_gfx":
            assert reply(engine, f"igo-search_params {key} {value or chr(34) * 2}") == "=\n\n"
    gen = engine.generator
    assert gen.config.fixed == set(GROUP_OF)  # type: ignore[attr-defined]
    reply(engine, "boardsize 19")
    assert _gogui_params(reply(engine, "igo-search_params"))["rave_equiv"][1] == "1000.0"

    engine = mcts_engine()
    reply(engine, "boardsize 19")
    on19 = reply(engine, "igo-search_params")
    assert _gogui_params(on19)["rave_equiv"][1] == "3000.0"
    assert "\n[prior: prior_sharpness, prior_wins by the 19x19 defaults]\n" in on19
    reply(engine, "genmove b")
    assert engine.generator.search is not None  # type: ignore[attr-defined]
    assert reply(engine, "igo-search_params prior_wins 210") == "=\n\n"
    assert engine.generator.search is None  # type: ignore[attr-defined]
    now = reply(engine, "igo-search_params")
    assert _gogui_params(now)["prior_wins"][1] == "210.0" and "\n[prior]\n" in now
    assert reply(engine, "igo-search_params tabu three") == \
        "? search option tabu='three': expected int\n\n"
    assert reply(engine, "igo-search_params policy mogo").startswith(
        "? unknown playout policy 'mogo'")
    assert reply(engine, "igo-search_params width 3").startswith(
        "? unknown parameter setting 'width 3'")
