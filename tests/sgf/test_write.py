"""Writing SGF: the header the spec asks for, and record → SGF → record round trips."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.core.record import GameRecord, GameResult
from igo.core.rules import Ruleset
from igo.sgf import parse_sgf, read_sgf_file, to_sgf
from igo.sgf.write import escape, format_komi

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"


def test_header_and_moves() -> None:
    r = GameRecord(size=9, komi=7.0, rules=Ruleset.named("chinese"), handicap=2,
                   setup_black=[Point(2, 2), Point(6, 6)], setup_white=[Point(4, 4)],
                   moves=[Move(Color.WHITE, Point(0, 8)), Move(Color.BLACK, None)],
                   result=GameResult(Color.BLACK, "resign"), black="b", white="w]x",
                   black_rank="3d", white_rank="5级", date="2024-01-02",
                   first_player=Color.WHITE, properties={"GN": ["g\\1"], "FF": ["3"]})
    assert to_sgf(r) == ("(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7]RU[chinese]HA[2]AB[cc][gg]AW[ee]"
                         "PB[b]PW[w\\]x]BR[3d]WR[5级]DT[2024-01-02]RE[B+R]PL[W]GN[g\\\\1]"
                         ";W[ia];B[])")
    # FF describes the file, not the game: it is not written from properties
    assert parse_sgf(to_sgf(r)) == replace(r, properties={"GN": ["g\\1"]})


def test_minimal_record() -> None:
    r = GameRecord(size=19, komi=0.0, rules=Ruleset.named(""))
    assert to_sgf(r) == "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[0])"
    assert parse_sgf(to_sgf(r)) == r


def test_move_properties_and_comments() -> None:
    r = GameRecord(size=9, komi=7.0, rules=Ruleset.named("chinese"),
                   moves=[Move(Color.BLACK, Point(4, 4)), Move(Color.WHITE, None)])
    text = to_sgf(r, {1: "w]r"}, {0: {"BL": ["29.5"]}, 1: {"WL": ["30.0"], "OW": ["3"]}})
    assert text.endswith(";B[ee]BL[29.5];W[]WL[30.0]OW[3]C[w\\]r])")
    assert parse_sgf(text).moves == r.moves


def test_komi_and_escape() -> None:
    assert [format_komi(k) for k in (6.5, 0.0, 3.75, -5.5, 0.123456789)] == \
        ["6.5", "0", "3.75", "-5.5", "0.123456789"]
    assert escape("a]b\\c") == "a\\]b\\\\c"


def test_fixtures_round_trip() -> None:
    for path in sorted(DATA.glob("*.sgf")):
        if path.name.startswith("broken_"):
            continue
        r = read_sgf_file(path)
        assert parse_sgf(to_sgf(r), r.source) == r, path.name
        assert parse_sgf(to_sgf(r).encode("utf-8"), r.source) == r


_names = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")),
                 max_size=8)


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    size = draw(st.integers(2, 25))
    points = st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1))
    setup = draw(st.lists(points, unique=True, max_size=6))
    split = draw(st.integers(0, len(setup)))
    moves = draw(st.lists(st.builds(Move, st.sampled_from(list(Color)),
                                    st.one_of(st.none(), points)), max_size=30))
    return GameRecord(
        size=size,
        komi=draw(st.sampled_from([0.0, 0.5, 5.5, 6.5, 7.5, -3.0, 3.75])),
        rules=Ruleset.named(draw(st.sampled_from(["japanese", "chinese", "tromp-taylor",
                                                  "aga", "", "igo"]))),
        handicap=draw(st.integers(0, 9)),
        setup_black=setup[:split], setup_white=setup[split:], moves=moves,
        result=draw(st.sampled_from([GameResult(None, "unknown"),
                                     GameResult(Color.BLACK, "resign"),
                                     GameResult(Color.WHITE, "score", 2.5),
                                     GameResult(None, "draw", 0.0),
                                     GameResult(Color.WHITE, "time")])),
        black=draw(_names), white=draw(_names), black_rank=draw(st.sampled_from(
            ["", "9d", "5级", "P9段", "3k"])), date=draw(_names),
        first_player=draw(st.sampled_from([None, Color.BLACK, Color.WHITE])),
        properties=draw(st.dictionaries(st.sampled_from(["GN", "C", "PC", "EV"]),
                                        st.lists(_names, min_size=1, max_size=2),
                                        max_size=2)),
    )


@settings(max_examples=200, deadline=None)
@given(records())
def test_round_trip_property(record: GameRecord) -> None:
    assert parse_sgf(to_sgf(record)) == record
