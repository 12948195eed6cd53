"""The net's heads in the analysis lines (issue 63): with a net that has value heads,
``kata-analyze`` reports the heads' score (the position's, and each judged move's) and
ownership, for the player to move; with a net without heads, the lines are the
playouts' (byte for byte); the judge's memory is bounded and its thread ends with the
command. A tiny random net: the figures are checked against the net's own answers."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from tests.engine.test_analysis_lines import katago_parse, sabaki_parse
from tests.engine.test_analyze_stream import Session

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import parse_vertex
from igo.engine.analysis_lines import Report, format_report
from igo.engine.analyze_net import HeadsJudge
from igo.engine.analyze_stream import parse_analyze_args, report_line
from igo.engine.engine import GtpEngine
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.search.analysis import MoveAnalysis
from igo.search.config import preset
from waiting import HANG

torch = pytest.importorskip("torch")

from igo.nets.policy import NetPolicy, load_net_policy  # noqa: E402
from nets.helpers import tiny_heads_net_file  # noqa: E402

KOMI = 0.5


@pytest.fixture(scope="module")
def heads_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_heads_net_file(tmp_path_factory.mktemp("heads"), seed=3)


@pytest.fixture(scope="module")
def plain_net(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny net without heads."""
    from igo.nets.model import NetConfig, PolicyNet
    from igo.nets.model_file import save_net

    torch.manual_seed(4)
    net = PolicyNet(NetConfig(1, 8))
    net.eval()
    path = tmp_path_factory.mktemp("plain") / "plain.pt"
    save_net(net, path, {})
    return path


def engine_with(net: Path, size: int = 9, playouts: int = 60) -> GtpEngine:
    config = preset("strong").with_options(net=str(net), tree_capacity=50_000)
    gen = MCTSGenerator(config, MoveLimits(playouts, None), rng=np.random.default_rng(1))
    return GtpEngine(gen, size=size, komi=KOMI, rng=np.random.default_rng(2))


def body(response: str) -> str:
    assert response.startswith("=") and response.endswith("\n\n"), response
    lines = response.split("\n")
    assert len(lines) == 4, response  # "=", one line, and the end
    return lines[1]


def analysis_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "analysis-heads"]


@pytest.mark.parametrize(("moves", "to_play"), [((), Color.BLACK),
                                                (("b e5",), Color.WHITE)])
def test_kata_lines_carry_the_heads_score_and_ownership(heads_net: Path, moves: tuple[str, ...],
                                                        to_play: Color) -> None:
    engine = engine_with(heads_net)
    for mv in moves:
        assert engine.handle_line(f"play {mv}").startswith("=")
    line = body(engine.handle_line(
        f"kata-analyze {to_play.name[0]} playouts 60 ownership true rootInfo true"))
    infos, own = katago_parse(line, 9)
    assert own is not None and len(own) == 81

    net = load_net_policy(str(heads_net))
    board = engine.state.board
    sign = 1.0 if to_play is Color.BLACK else -1.0
    root = net.judge(board, to_play)
    # ownership +1 for the player to move, row by row from the top left (= row 0)
    assert own == pytest.approx(list((sign * root.ownership).ravel()), abs=2e-5, rel=1e-5)
    own = sign * root.score_at(KOMI)

    def after(move: str) -> float:
        child = board.copy()
        child.play(to_play, parse_vertex(move, 9))
        return sign * net.judge(child, to_play.opponent).score_at(KOMI)

    # the position's: the mean of the root's own score and the top move's
    top = after(infos[0]["move"])
    lead = 0.5 * (own + top)
    assert float(line.split(" rootInfo ")[1].split(" scoreLead ")[1].split()[0]) == \
        pytest.approx(lead, rel=1e-5, abs=1e-5)
    # each of the top moves: the score of the position after it, for its player, moved
    # by the top move's shift (the top move's is the position's)
    judged = 0
    for info in infos[:8]:
        want = after(info["move"]) + 0.5 * (own - top)
        assert float(info["scoreLead"]) == pytest.approx(want, rel=1e-5, abs=1e-5)
        assert float(info["scoreMean"]) == float(info["scoreLead"])
        judged += abs(want - lead) > 1e-3
    assert judged >= 1  # the moves' scores are their own, not the root's
    assert not analysis_threads()


def test_heads_scores_in_sabaki_lines_and_none_in_lz(heads_net: Path) -> None:
    engine = engine_with(heads_net)
    sab = body(engine.handle_line("analyze b playouts 40"))
    net = load_net_policy(str(heads_net))
    board = engine.state.board
    first = sabaki_parse(sab, None)[0]
    child = board.copy()
    child.play(Color.BLACK, parse_vertex(str(first["move"]), 9))
    # the top move's score is the position's: the mean of the root's and its own
    assert first["scoreLead"] == pytest.approx(
        0.5 * (net.judge(child, Color.WHITE).score_at(KOMI)
               + net.judge(board, Color.BLACK).score_at(KOMI)), rel=1e-5, abs=1e-5)
    lz = body(engine.handle_line("lz-analyze b playouts 40"))
    assert "scoreLead" not in lz and lz.startswith("info move ")


def test_a_net_without_heads_leaves_the_lines_as_they_were(plain_net: Path) -> None:
    engine = engine_with(plain_net)
    engine.handle_line("play b c3")
    args = "w playouts 50 ownership true rootInfo true pvVisits true minmoves 3"
    line = body(engine.handle_line(f"kata-analyze {args}"))
    gen = engine.generator
    assert isinstance(gen, MCTSGenerator) and gen.search is not None
    # the same search read without the heads' service: the same bytes
    plain = report_line("kata", gen.search, gen.search.result(0.0),
                        parse_analyze_args(args.split(), "kata"))
    assert line == plain
    _, own = katago_parse(line, 9)
    assert own is not None and own[6 * 9 + 2] < 0  # the search's: C3 Black's, White to move
    assert not analysis_threads()


def test_without_a_net_the_lines_are_the_playouts(heads_net: Path) -> None:
    config = preset("strong").with_options(net="")
    gen = MCTSGenerator(config, MoveLimits(40, None), rng=np.random.default_rng(1))
    engine = GtpEngine(gen, size=9, komi=KOMI, rng=np.random.default_rng(2))
    args = "b playouts 40 ownership true"
    line = body(engine.handle_line(f"kata-analyze {args}"))
    assert gen.search is not None
    assert line == report_line("kata", gen.search, gen.search.result(0.0),
                               parse_analyze_args(args.split(), "kata"))


def test_streaming_with_heads_ends_its_thread(heads_net: Path) -> None:
    session = Session(engine_with(heads_net, playouts=10**6))
    session.send("1 kata-analyze b 5 ownership true\n")
    session.wait_lines("info move", 3)
    mark = session.send("2 name\n")
    session.wait("=2 igo\n\n", mark)
    out = session.close()
    lines = out.split("=1\n", 1)[1].split("\n\n", 1)[0].split("\n")
    for line in lines:
        _, own = katago_parse(line, 9)
        assert own is not None and len(own) == 81
    assert not analysis_threads()


def test_genmove_analyze_with_heads_plays_and_ends_its_thread(heads_net: Path) -> None:
    engine = engine_with(heads_net, playouts=300)
    session = Session(engine)
    session.send("1 kata-genmove_analyze b 1 ownership true\n2 name\n")
    session.wait("=2 igo\n\n")
    out = session.close()
    lines = out.split("=1\n", 1)[1].split("\n\n", 1)[0].split("\n")
    assert lines[-1].startswith("play ") and len(lines) >= 2
    for line in lines[:-1]:
        infos, own = katago_parse(line, 9)
        assert infos and own is not None and len(own) == 81
    assert engine.state.board.history[-1].color is Color.BLACK
    assert not analysis_threads()


def test_the_judge_keeps_a_bounded_memory(heads_net: Path) -> None:
    net = NetPolicy(heads_net)
    judge = HeadsJudge(net, keep=4, queue=3)
    boards = []
    for i in range(10):
        b = Board(5)
        b.play(Color.BLACK, parse_vertex("ABCDE"[i % 5] + str(1 + i // 5), 5))
        boards.append(b)
    keys = [NetPolicy.key(b, Color.WHITE) for b in boards]
    for key, b in zip(keys, boards, strict=True):
        assert judge.ask(key, b, Color.WHITE) is None or judge.get(key) is not None
    assert judge.wait_idle(HANG)
    assert len(judge._done) <= 4 and len(judge._pending) == 0
    got = judge.get(keys[-1])  # the latest request is served first
    assert got is not None and got == net.judge(boards[-1], Color.WHITE)
    for key, b in zip(keys, boards, strict=True):
        judge.ask(key, b, Color.WHITE)
    assert judge.wait_idle(HANG) and len(judge._done) <= 4
    judge.close()
    assert judge.ask(keys[0], boards[0], Color.WHITE) in (None, judge.get(keys[0]))
    net.close()


def test_report_move_scores_must_match_the_moves() -> None:
    a = MoveAnalysis(None, 2, 0.5, 0.4, 0.1, 0, (None,), (2,))
    line = format_report("kata", Report(5, [a, a], 1.0, 4, 0.5, move_scores=(2.5, -1.0)))
    assert [m["scoreLead"] for m in katago_parse(line, 5)[0]] == ["2.5", "-1"]
    with pytest.raises(ValueError, match="move scores"):
        format_report("kata", Report(5, [a, a], 1.0, 4, 0.5, move_scores=(2.5,)))
