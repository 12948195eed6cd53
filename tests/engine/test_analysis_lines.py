"""The analysis line formats, checked exactly and parsed back the way the GUIs parse
them: Lizzie (``Leelaz.parseInfo`` / ``MoveData.fromInfo`` and ``fromInfoKatago``),
Sabaki (``modules/analysis.js``: ``parseAnalysis``) and KataGo's documented
``kata-analyze`` layout (``info`` groups, then ``ownership`` with size² floats)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from igo.core.coords import Point, parse_vertex
from igo.engine.analysis_lines import (
    Report,
    cfloat,
    format_report,
    kata_info,
    lz_info,
    ownership_field,
    ten_thousandths,
)
from igo.search.analysis import MoveAnalysis

D4, Q16, Q4 = Point(15, 3), Point(3, 15), Point(15, 15)
FIRST = MoveAnalysis(D4, 120, 0.52344, 0.50118, 0.15324, 0, (D4, Q16, None), (120, 60, 2))
SECOND = MoveAnalysis(Q4, 40, 0.4, 0.25, 0.1, 1, (Q4,), (40,))


# ---------------------------------------------------------------------- client parsers
def lizzie_parse(line: str, kata: bool) -> list[dict[str, object]]:
    """Lizzie: drop ``info ``, split on `` info ``, read key/value pairs up to ``pv``,
    the variation runs to the end (integers for Leela Zero, doubles for KataGo)."""
    assert line.startswith("info ")
    out = []
    for var in line[5:].split(" info "):
        data = var.strip().split(" ")
        move: dict[str, object] = {}
        i = 0
        while i < len(data):
            key = data[i]
            if key == "pv":
                move["variation"] = data[i + 1:]
                break
            value = data[i + 1]
            i += 2
            if key == "move":
                move["coordinate"] = value
            elif key == "visits":
                move["playouts"] = int(value)
            elif key in ("winrate", "prior"):
                move[key] = float(value) * 100 if kata else int(value) / 100.0
            elif key == "scoreMean":
                move[key] = float(value)
        out.append(move)
    return out


_PV = re.compile(r"(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*$")


def sabaki_parse(line: str, winrate_format: str | None = None) -> list[dict[str, object]]:
    """Sabaki's ``parseAnalysis``: segments after ``info``, the PV is the trailing run
    of vertices (cut at the first pass), the rest key/value pairs."""
    out = []
    for seg in re.split(r"\s*info\s+", line)[1:]:
        seg = seg.strip()
        match = _PV.search(seg)
        if match is None:
            continue
        tokens = seg[:match.start()].strip().split()[:-1]
        pv_text = match.group(0)
        cut = pv_text.find("pass")
        pv = [v for v in (pv_text if cut < 0 else pv_text[:cut]).split() if len(v) >= 2]
        fields = dict(zip(tokens[::2], tokens[1::2], strict=True))
        is_float = ("." in fields["winrate"]) if winrate_format is None \
            else winrate_format == "float"
        winrate = float(fields["winrate"]) * 100 if is_float else int(fields["winrate"]) / 100
        out.append({"move": fields["move"], "visits": int(fields["visits"]),
                    "winrate": winrate, "scoreLead": float(fields.get("scoreLead", "nan")),
                    "pv": pv})
    return out


def katago_parse(line: str, size: int) -> tuple[list[dict[str, str]], list[float] | None]:
    """KataGo's documented layout, robust to field order: ``info`` groups of key/value
    pairs with ``pv`` (and ``pvVisits``) lists, then ``ownership`` values."""
    own = None
    if " ownership " in line:
        line, tail = line.split(" ownership ")
        own = [float(v) for v in tail.split()]
        assert len(own) == size * size
    moves = []
    for group in line.split("info ")[1:]:
        words = group.split()
        fields: dict[str, str] = {}
        i = 0
        while i < len(words):
            if words[i] in ("pv", "pvVisits"):
                j = i + 1
                while j < len(words) and words[j] not in ("pvVisits", "rootInfo"):
                    j += 1
                fields[words[i]] = " ".join(words[i + 1:j])
                i = j
            elif words[i] == "rootInfo":
                break
            else:
                fields[words[i]] = words[i + 1]
                i += 2
        moves.append(fields)
    return moves, own


# ---------------------------------------------------------------------- exact formats
def test_number_formats() -> None:
    assert ten_thousandths(0.52344) == 5234 and ten_thousandths(0.52346) == 5235
    assert ten_thousandths(1.2) == 10000 and ten_thousandths(-0.1) == 0
    assert cfloat(0.5234) == "0.5234" and cfloat(1.0) == "1" and cfloat(-0.0) == "0"
    assert cfloat(14.600000001) == "14.6" and cfloat(-0.0408357123) == "-0.0408357"
    assert cfloat(1234567.0) == "1.23457e+06"


def test_lz_line_is_leela_zeros() -> None:
    assert lz_info(FIRST, 19) == ("info move D4 visits 120 winrate 5234 prior 1532 lcb 5012 "
                                  "order 0 pv D4 Q16 pass")
    assert lz_info(FIRST, 19, 1.25) == ("info move D4 visits 120 winrate 5234 prior 1532 "
                                        "lcb 5012 scoreLead 1.25 order 0 pv D4 Q16 pass")


def test_kata_line_is_katagos() -> None:
    assert kata_info(FIRST, 19, -0.5, pv_visits=True) == (
        "info move D4 visits 120 edgeVisits 120 utility 0.04688 winrate 0.52344 "
        "scoreMean -0.5 scoreLead -0.5 prior 0.15324 lcb 0.50118 utilityLcb 0.00236 "
        "order 0 pv D4 Q16 pass pvVisits 120 60 2")


def test_ownership_runs_row_by_row_from_the_top_left() -> None:
    own = np.arange(9, dtype=float).reshape(3, 3) / 10
    assert ownership_field(own) == "ownership 0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8"


def test_report_is_one_line_and_empty_without_moves() -> None:
    report = Report(19, [FIRST, SECOND], 2.0, 160, 0.49, np.zeros((19, 19)))
    for dialect in ("lz", "kata", "sabaki"):
        line = format_report(dialect, report)
        assert "\n" not in line and line.count("info move") == 2
        assert format_report(dialect, Report(19, [], 0.0, 0, 0.5)) == ""
    with pytest.raises(ValueError, match="dialect"):
        format_report("leela", report)


# ---------------------------------------------------------------------- parsed back
def test_lizzie_reads_the_lz_line() -> None:
    line = format_report("lz", Report(19, [FIRST, SECOND], 0.0, 160, 0.5))
    moves = lizzie_parse(line, kata=False)
    assert [m["coordinate"] for m in moves] == ["D4", "Q4"]
    assert moves[0]["playouts"] == 120 and moves[0]["winrate"] == 52.34
    assert moves[0]["prior"] == 15.32 and moves[0]["variation"] == ["D4", "Q16", "pass"]
    assert moves[1]["variation"] == ["Q4"]


def test_lizzie_reads_the_kata_line() -> None:
    line = format_report("kata", Report(19, [FIRST, SECOND], 3.5, 160, 0.5))
    moves = lizzie_parse(line, kata=True)
    assert moves[0]["winrate"] == pytest.approx(52.344) and moves[0]["scoreMean"] == 3.5
    assert moves[1]["variation"] == ["Q4"] and moves[1]["playouts"] == 40


@pytest.mark.parametrize(("dialect", "fmt"), [("lz", "integer"), ("sabaki", "integer"),
                                               ("sabaki", None), ("kata", "float")])
def test_sabaki_reads_every_dialect(dialect: str, fmt: str | None) -> None:
    line = format_report(dialect, Report(19, [FIRST, SECOND], -1.5, 160, 0.5))
    moves = sabaki_parse(line, fmt)
    assert [m["move"] for m in moves] == ["D4", "Q4"]
    assert moves[0]["winrate"] == pytest.approx(52.34, abs=0.005)
    assert moves[0]["pv"] == ["D4", "Q16"]  # cut at the pass, as Sabaki does
    if dialect != "lz":
        assert moves[0]["scoreLead"] == -1.5


def test_katago_layout_with_ownership_root_info_and_pv_visits() -> None:
    own = np.linspace(-1, 1, 25).reshape(5, 5)
    a = MoveAnalysis(Point(2, 2), 30, 0.6, 0.45, 0.2, 0, (Point(2, 2), Point(1, 1)), (30, 9))
    b = MoveAnalysis(None, 2, 0.1, 0.0, 0.01, 1, (None,), (2,))
    line = format_report("kata", Report(5, [a, b], 1.0, 32, 0.57, own), pv_visits=True,
                         with_root=True)
    moves, values = katago_parse(line, 5)
    assert values == pytest.approx(list(own.ravel()), abs=1e-5)
    assert [m["move"] for m in moves] == ["C3", "pass"]
    assert moves[0]["pv"] == "C3 B4" and moves[0]["pvVisits"] == "30 9"
    assert parse_vertex(moves[0]["move"], 5) == Point(2, 2)
    assert " rootInfo visits 32 utility 0.14 winrate 0.57 scoreMean 1 scoreLead 1 " in line
    assert line.index("rootInfo") < line.index("ownership")
