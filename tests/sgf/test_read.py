"""Reading SGF into GameRecord: fixtures of real-world quirks, broken files, and the
fast path checked against the tokeniser and against sgfmill's own reader."""

from __future__ import annotations

import lzma
from itertools import islice
from pathlib import Path

import pytest
from sgfmill import sgf as sgfmill_sgf

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameResult
from igo.core.rules import Ruleset
from igo.sgf import SgfError, parse_sgf, parse_sgf_collection, read_sgf_file
from igo.sgf.read import (
    fast_nodes,
    grammar_nodes,
    parse_komi,
    parse_result,
    parse_size,
    record_from_nodes,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"
SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"


def test_fox_komi_handicap_in_second_node_and_chinese_ranks() -> None:
    r = read_sgf_file(DATA / "fox_handicap.sgf")
    assert r.komi == 6.5
    assert r.handicap == 2
    assert r.setup_black == [Point.from_sgf("pd", 19), Point.from_sgf("dp", 19)]
    assert r.setup_white == []
    assert r.rules == Ruleset.named("chinese") and r.rules.ko == "positional"
    assert (r.black, r.white, r.black_rank, r.white_rank) == ("黑棋手", "白棋手", "5级", "P9段")
    assert r.moves[0] == Move(Color.WHITE, Point(3, 3))
    assert r.moves[-2:] == [Move(Color.BLACK, None), Move(Color.WHITE, None)]  # B[] and W[tt]
    assert r.to_play_first() == Color.WHITE
    assert r.result == GameResult(Color.WHITE, "score", 12.5)
    assert r.properties == {"GN": ["fox"], "AP": ["foxwq"], "TM": ["600"]}
    assert r.source == str(DATA / "fox_handicap.sgf")


@pytest.mark.parametrize(("text", "komi"), [("650", 6.5), ("375", 3.75), ("750", 7.5),
                                            ("-650", -6.5), ("6.5", 6.5), ("0", 0.0),
                                            ("7", 7.0), ("0.50", 0.5), ("6,5", 6.5),
                                            (None, 0.0), ("", 0.0), ("99", 99.0)])
def test_komi(text: str | None, komi: float) -> None:
    assert parse_komi(text) == komi


def test_bad_komi_is_bad_value() -> None:
    with pytest.raises(SgfError) as err:
        parse_sgf("(;KM[six];B[aa])")
    assert err.value.reason == "bad_value"


def test_gb18030_without_ca_is_sniffed() -> None:
    r = read_sgf_file(DATA / "gb18030.sgf")
    assert (r.black, r.white) == ("柯洁", "申真谞")
    assert (r.black_rank, r.white_rank) == ("职业九段", "九段")
    assert r.properties["GN"] == ["第二十四届LG杯"]
    assert r.properties["C"] == ["中国围棋协会：精彩对局"]
    assert len(r.moves) == 6


def test_euc_kr_with_ca_and_shift_jis_with_backslash_bytes() -> None:
    kr = read_sgf_file(DATA / "euc_kr.sgf")
    assert (kr.black, kr.white, kr.black_rank, kr.white_rank) == ("이세돌", "박정환", "9단", "5급")
    sj = read_sgf_file(DATA / "shift_jis.sgf")
    # 表 and ソ end in byte 0x5C (a backslash): decoding must come before tokenising
    assert (sj.black, sj.white, sj.black_rank) == ("表ソ", "本因坊秀策", "初段")
    assert len(sj.moves) == 3


def test_kgs_header() -> None:
    r = read_sgf_file(DATA / "kgs.sgf")
    assert r.rules.name == "japanese" and r.rules.ko == "simple"
    assert r.komi == 0.5 and r.handicap == 2 and len(r.setup_black) == 2
    assert r.first_player == Color.WHITE
    assert r.result == GameResult(Color.WHITE, "resign")
    assert r.black_rank == "2d?"
    assert r.properties["C"] == ["blackguy [2d?]: hi\nwhiteguy [4d]: gl hf\n"]
    assert r.properties["OT"] == ["5x30 byo-yomi"]
    assert [m.color for m in r.moves] == [Color.WHITE, Color.BLACK] * 3
    assert r.moves[-2:] == [Move(Color.WHITE, None), Move(Color.BLACK, None)]


def test_variation_takes_main_line() -> None:
    r = read_sgf_file(DATA / "variation.sgf")
    assert [m.point.to_sgf() for m in r.moves if m.point] == ["ee", "cc", "gg", "gc"]
    assert r.size == 9 and r.rules.name == "aga"


def test_tygem_line() -> None:
    r = read_sgf_file(DATA / "tygem_repetition.sgf")
    assert r.rules.ko == "simple" and r.rules.name == "unknown"  # no RU: simple ko
    assert r.komi == 6.5 and len(r.moves) == 340
    assert r.properties["BT"] == ["絕望貓"]


@pytest.mark.parametrize(("name", "reason"), [
    ("broken_garbage.sgf", "parse_error"),
    ("broken_truncated.sgf", "parse_error"),
    ("broken_not_go.sgf", "not_go"),
    ("broken_size.sgf", "bad_size"),
    ("broken_coordinate.sgf", "bad_coordinate"),
    ("broken_empty.sgf", "empty"),
])
def test_broken_files(name: str, reason: str) -> None:
    with pytest.raises(SgfError) as err:
        read_sgf_file(DATA / name)
    assert err.value.reason == reason
    assert err.value.source == str(DATA / name)
    assert str(DATA / name) in str(err.value)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"),
    ("   \n", "empty"),
    ("hello", "parse_error"),
    ("(;SZ[19:13];B[aa])", "bad_size"),
    ("(;SZ[x];B[aa])", "bad_size"),
    ("(;SZ[1])", "bad_size"),
    ("(;HA[two])", "bad_value"),
    ("(;HA[-1])", "bad_value"),
    ("(;PL[X])", "bad_value"),
    ("(;SZ[9];B[aa]W[bb])", "bad_move"),
    ("(;SZ[9];B[aa][bb])", "bad_move"),
    ("(;SZ[9];B[a])", "bad_coordinate"),
    ("(;SZ[9]AB[aa:zz])", "bad_coordinate"),
    ("(;SZ[9]AB[aa]AW[aa])", "bad_setup"),
    ("(;SZ[9];B[aa];AB[cc];W[bb])", "bad_setup"),
    ("(;[aa];B[aa])", "parse_error"),
    ("([aa];B[aa])", "parse_error"),
    ("(;SZ[9]C;B[aa])", "parse_error"),
])
def test_broken_text(text: str, reason: str) -> None:
    with pytest.raises(SgfError) as err:
        parse_sgf(text, "here")
    assert err.value.reason == reason, err.value


def test_tolerated_oddities() -> None:
    # missing ')' at the very end, lower-case identifiers, no FF/GM, setup rectangles
    r = parse_sgf("(;SZ[9]AddBlack[aa:bb][aa]AW[ee];B[cc];W[dd]\n")
    assert r.setup_black == [Point(0, 0), Point(0, 1), Point(1, 0), Point(1, 1)]
    assert r.setup_white == [Point(4, 4)]
    assert len(r.moves) == 2
    # AE in a later setup node removes a stone; 'tt' is a point on 21x21
    r = parse_sgf("(;SZ[21]AB[aa][bb];AE[aa];B[tt])")
    assert r.setup_black == [Point(1, 1)] and r.moves == [Move(Color.BLACK, Point(19, 19))]
    # a move in the root node
    r = parse_sgf("(;SZ[9]B[ee];W[cc])")
    assert [m.color for m in r.moves] == [Color.BLACK, Color.WHITE]
    # leading junk and trailing text after the game
    assert len(parse_sgf("junk (;SZ[9];B[ee]) more").moves) == 1


def test_size_and_result_helpers() -> None:
    assert parse_size(None) == 19 and parse_size("13") == 13 and parse_size("9:9") == 9
    assert parse_result("黑中盘胜") == GameResult(Color.BLACK, "resign")
    assert parse_result("白胜3.5目") == GameResult(Color.WHITE, "score", 3.5)
    assert parse_result("백 불계승") == GameResult(Color.WHITE, "resign")
    assert parse_result("whatever") == GameResult(None, "unknown")


def test_bytes_and_text_agree_and_ca_is_used() -> None:
    text = "(;CA[Big5]PB[林海峰]SZ[19];B[pd])"
    r = parse_sgf(text.encode("big5"))
    assert r.black == "林海峰"
    assert parse_sgf(text) == r


def test_collection() -> None:
    out = parse_sgf_collection((DATA / "collection.sgf").read_bytes(), "c.sgf")
    assert [type(x).__name__ for x in out] == ["GameRecord", "SgfError", "GameRecord"]
    assert [getattr(x, "source", None) for x in out] == ["c.sgf#1", "c.sgf#2", "c.sgf#3"]
    assert out[2].size == 13  # type: ignore[union-attr]
    assert read_sgf_file(DATA / "collection.sgf").size == 9  # the first game
    single = parse_sgf_collection("(;SZ[9];B[aa])", "one.sgf")
    assert single[0].source == "one.sgf"  # type: ignore[union-attr]
    assert isinstance(parse_sgf_collection("", "e")[0], SgfError)


def _both_paths(line: str, source: str = "") -> None:
    """The fast path and the tokeniser must give the same record."""
    fast = parse_sgf(line, source)
    slow = record_from_nodes(grammar_nodes(line, source), source)
    assert fast == slow


def test_fast_path_matches_tokeniser_on_fixtures() -> None:
    for line in (DATA / "mixed.sgfs").read_text(encoding="utf-8").splitlines():
        assert fast_nodes(line) is not None
        _both_paths(line)
    _both_paths((DATA / "tygem_repetition.sgf").read_text(encoding="utf-8"))
    # white space is ASCII white space on both paths
    assert fast_nodes("(;PB[x]\u3000PW[y];B[aa])") is None
    with pytest.raises(SgfError, match="unexpected text"):
        parse_sgf("(;PB[x]\u3000PW[y];B[aa])")
    _both_paths("(;PB[x y]\n PW[\u3000]\t;B[aa]\r\n;W[]\n)\n")
    # odd points fall back to the general path and are explained there
    assert fast_nodes("(;SZ[9];B[zz])") is not None
    with pytest.raises(SgfError, match="move 1"):
        parse_sgf("(;SZ[9];B[zz])")


def _sgfmill_view(line: str) -> tuple[object, ...]:
    game = sgfmill_sgf.Sgf_game.from_string(line)
    root = game.get_root()
    moves = []
    for node in game.get_main_sequence()[1:]:
        color, move = node.get_move()
        if color is not None:
            moves.append((color, move))
    return (game.get_size(), root.get("PB"), root.get("PW"), moves)


def _igo_view(line: str) -> tuple[object, ...]:
    r = parse_sgf(line)
    size = r.size
    moves = [(m.color.letter.lower(),
              None if m.point is None else (size - 1 - m.point.row, m.point.col))
             for m in r.moves]
    return (size, r.black, r.white, moves)


@pytest.mark.data
@pytest.mark.parametrize("name", ["tygem9d/test.sgfs.xz", "fox_ranked/games.sgfs.xz"])
def test_real_files_agree_with_sgfmill(name: str) -> None:
    """On real games: same moves and players as sgfmill reads, fast path = tokeniser,
    and Fox's komi divided by 100."""
    with lzma.open(SHARED / name, "rt", encoding="utf-8") as f:
        for k, line in enumerate(islice(f, 300)):
            assert _igo_view(line) == _sgfmill_view(line), k
            _both_paths(line)
            km = sgfmill_sgf.Sgf_game.from_string(line).get_komi()
            assert parse_sgf(line).komi == (km / 100 if abs(km) >= 100 else km)
