"""GNU Go's regression tests on tactical reading, answered by igo's tactics room.

Reads the ``.tst`` GTP scripts of GNU Go 3.8 (``loadsgf FILE [N]`` = the position
before move ``N``; ``ID attack|defend VERTEX``; ``#? [REGEX]`` the expected answer,
``!`` negating it, a trailing ``*`` marking a test GNU Go itself fails), asks
:func:`igo.tactics.reading.attack` / :func:`~igo.tactics.reading.defend`, and compares
the answer (``0``, ``1 MOVE``, ``2 MOVE``, ``3 MOVE``: GNU Go's ko codes) with the
regular expression, as GNU Go's ``regress.pl`` does (whole answer, case-insensitive).

    PYTHONPATH=src python experiments/tactics/gnugo_regress.py [--json] [--verbose]
        [--data ../shared/data/gnugo-regression] [--files capture reading ...]
        [--set KNOB=N ...]   # ReadingConfig overrides, to try a generator

Prints, per file: tests, igo's passes, GNU Go's passes (the tests not marked ``*``),
and with ``--gnugo PATH`` the passes of that GNU Go rerun on the same tests.
With ``--json`` the output is one object: ``{"files": {name: {"tests", "igo",
"gnugo", "errors", "incomplete", "failed": [ids], "gnugo_rerun"?}}, "total": {...},
"config": {...}, "seconds": s}``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point, parse_vertex
from igo.core.errors import IgoError
from igo.core.replay import replay
from igo.sgf import SgfError, read_sgf_file
from igo.tactics.reading import Outcome, ReadingConfig, attack, defend, winning_moves

DEFAULT_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "gnugo-regression"
#: the .tst files whose ``attack``/``defend`` tests are tactical (GNU Go's ``attack``
#: and ``defend`` GTP commands are its tactical reader; owl questions are not asked)
FILES = ("capture", "reading", "tactics1", "trevor", "nando", "auto03", "nngs", "trevorc",
         "trevord")  # tactics1: attack_either / defend_both only
COMMANDS = ("attack", "defend", "attack_either", "defend_both")


@dataclass
class Test:
    """One regression question."""

    file: str
    ident: str
    sgf: str
    upto: int | None
    tries: tuple[tuple[str, str], ...]  # trymove / play moves after loadsgf
    command: str
    vertex: str  # the command's arguments (one vertex, two for attack_either/defend_both)
    expected: str
    gnugo_fails: bool


def parse_tst(path: Path) -> list[Test]:
    """The attack/defend tests of one ``.tst`` file, in order."""
    tests: list[Test] = []
    sgf: str | None = None
    upto: int | None = None
    pending: tuple[str, str, str] | None = None
    tries: list[tuple[str, str]] = []
    cmd_re = re.compile(r"^(\d+)\s+(\S+)\s*(.*)$")
    for raw in path.read_text(errors="replace").splitlines():
        line = raw.strip()
        if line.startswith("loadsgf"):
            parts = line.split()
            sgf = parts[1]
            upto = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None
            tries = []
            continue
        words = line.split()
        if words and words[0] in ("trymove", "tryko", "play") and len(words) == 3:
            tries.append((words[1], words[2]))
            continue
        if words and words[0] in ("popgo", "gg-undo", "undo"):
            if tries:
                tries.pop()
            continue
        m = cmd_re.match(line)
        if m:
            ident, cmd, args = m.groups()
            pending = (ident, cmd, args) if cmd in COMMANDS and sgf is not None else None
            continue
        if line.startswith("#?") and pending is not None:
            em = re.match(r"#\?\s*\[(.*)\](\*?)", line)
            if em and sgf is not None:
                ident, cmd, args = pending
                tests.append(Test(path.stem, ident, sgf, upto, tuple(tries), cmd, args,
                                  em.group(1), em.group(2) == "*"))
            pending = None
    return tests


def matches(expected: str, answer: str) -> bool:
    """GNU Go's rule: the answer matches the whole regex (``!`` negates)."""
    negate = expected.startswith("!")
    pattern = expected[1:] if negate else expected
    ok = re.fullmatch(pattern, answer, flags=re.IGNORECASE) is not None
    return ok != negate


Key = tuple[str, int | None, tuple[tuple[str, str], ...]]


def load(data: Path, test: Test, cache: dict[Key, Board]) -> Board:
    """The position of a test (``loadsgf FILE N``: before move N)."""
    key = (test.sgf, test.upto, test.tries)
    if key not in cache:
        record = read_sgf_file(data / test.sgf)
        board = replay(record, None if test.upto is None else max(test.upto - 1, 0))
        for color, vertex in test.tries:
            c = Color.BLACK if color.lower() in ("b", "black") else Color.WHITE
            board.play(c, parse_vertex(vertex, board.size))
        cache[key] = board
    return cache[key]


def answer(board: Board, test: Test, config: ReadingConfig) -> tuple[str, int, bool]:
    """igo's answer to one test in GNU Go's GTP form, the nodes read, and whether
    the search finished within its budget."""
    points = [Point.from_gtp(v, board.size) for v in test.vertex.split()]
    if test.command == "attack_either":
        return _attack_either(board, points, config)
    if test.command == "defend_both":
        return _defend_both(board, points, config)
    fn = attack if test.command == "attack" else defend
    r = fn(board, points[0], config)
    return r.gtp(board.size), r.nodes, r.complete


def _attack_either(board: Board, points: list[Point],
                   config: ReadingConfig) -> tuple[str, int, bool]:
    """GNU Go's ``attack_either A B``: the better of the two attacks' codes; when
    neither string can be taken, GNU Go's "a little harder": each liberty of a
    string of two liberties (the shorter first) played by the attacker, after which
    :func:`_defend_both` must find one move that saves both (else ``1``)."""
    rs = [attack(board, p, config) for p in points]
    rank = {Outcome.LOSE: 0, Outcome.KO_B: 1, Outcome.KO_A: 2, Outcome.WIN: 3}
    best = max(rs, key=lambda r: rank[r.code])
    nodes = sum(r.nodes for r in rs)
    complete = all(r.complete for r in rs)
    if best.code != Outcome.LOSE:
        return str(int(best.code)), nodes, complete
    attacker = Color(3 - board[points[0]])
    tried: set[Point] = set()
    for p in sorted(points, key=lambda q: len(_liberties(board, q))):
        libs = _liberties(board, p)
        if len(libs) != 2:
            continue
        for m in sorted(libs - tried):
            tried.add(m)
            b = board.copy()
            try:
                b.play(attacker, m)
            except IgoError:
                continue
            if any(b[q] == 0 for q in points):
                return "1", nodes, complete
            saved, n, _ = _defend_both(b, points, config)
            nodes += n
            if saved == "0":
                return "1", nodes, complete
    return "0", nodes, complete


def _liberties(board: Board, p: Point) -> set[Point]:
    """The liberties of the string at ``p``."""
    near = ((-1, 0), (1, 0), (0, -1), (0, 1))
    return {q for s in board.string_at(p) for dr, dc in near
            if (q := Point(s.row + dr, s.col + dc)).on_board(board.size) and board[q] == 0}


def _defend_both(board: Board, points: list[Point],
                 config: ReadingConfig) -> tuple[str, int, bool]:
    """GNU Go's ``defend_both A B`` (strings of one colour): ``1`` if neither can be
    captured, or if one move (among the moves that save either) leaves neither
    capturable; else ``0``."""
    nodes = 0

    def safe(b: Board) -> bool:
        nonlocal nodes
        ok = True
        for p in points:
            if b[p] == 0:
                return False
            r = attack(b, p, config)
            nodes += r.nodes
            ok = ok and r.code == Outcome.LOSE
        return ok

    if safe(board):
        return "1", nodes, True
    color = Color(board[points[0]])
    moves: set[Point] = set()
    for p in points:
        moves |= set(winning_moves(board, p, False, config))
    for m in sorted(moves):
        b = board.copy()
        b.play(color, m)
        if safe(b):
            return "1", nodes, True
    return "0", nodes, True


class GnuGo:
    """A GNU Go GTP process answering the same questions (``--gnugo PATH``)."""

    def __init__(self, path: str, data: Path) -> None:
        self.proc = subprocess.Popen([path, "--mode", "gtp", "--quiet"], cwd=data,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def send(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out: list[str] = []
        while True:
            row = self.proc.stdout.readline()
            if row.strip() == "" and out:
                break
            if row.strip():
                out.append(row.strip())
        return out[0].lstrip("=?").strip()

    def answer(self, test: Test) -> str:
        upto = "" if test.upto is None else f" {test.upto}"
        self.send(f"loadsgf {test.sgf}{upto}")
        for color, vertex in test.tries:
            self.send(f"trymove {color} {vertex}")
        got = self.send(f"{test.command} {test.vertex}")
        for _ in test.tries:
            self.send("popgo")
        return got

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def run(data: Path, files: list[str], config: ReadingConfig,
        verbose: bool, gnugo_path: str | None = None) -> dict[str, object]:
    """Every test of ``files``; the summary the script prints."""
    t0 = time.perf_counter()
    out: dict[str, dict[str, object]] = {}
    tot = {"tests": 0, "igo": 0, "gnugo": 0, "errors": 0}
    for name in files:
        tests = parse_tst(data / f"{name}.tst")
        if not tests:
            continue
        cache: dict[Key, Board] = {}
        passed = gnugo = errors = incomplete = gnugo_now = 0
        failed: list[str] = []
        engine = GnuGo(gnugo_path, data) if gnugo_path else None
        for t in tests:
            if engine is not None:
                gnugo_now += matches(t.expected, engine.answer(t))
            nodes, complete = 0, True
            try:
                got, nodes, complete = answer(load(data, t, cache), t, config)
            except (IgoError, SgfError, OSError) as exc:
                got = f"error: {exc}"
                errors += 1
            incomplete += not complete
            ok = matches(t.expected, got)
            passed += ok
            gnugo += not t.gnugo_fails
            if not ok:
                failed.append(t.ident)
            if verbose:
                mark = "ok  " if ok else "FAIL"
                print(f"{mark} {name}:{t.ident} {t.command} {t.vertex} -> {got!r}, "
                      f"expected [{t.expected}]{'*' if t.gnugo_fails else ''} "
                      f"({nodes} nodes{'' if complete else ', budget spent'})",
                      file=sys.stderr)
        out[name] = {"tests": len(tests), "igo": passed, "gnugo": gnugo, "errors": errors,
                     "incomplete": incomplete, "failed": failed}
        if engine is not None:
            engine.close()
            out[name]["gnugo_rerun"] = gnugo_now
            tot["gnugo_rerun"] = tot.get("gnugo_rerun", 0) + gnugo_now
        tot["tests"] += len(tests)
        tot["igo"] += passed
        tot["gnugo"] += gnugo
        tot["errors"] += errors
    return {"files": out, "total": tot, "config": asdict(config),
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--files", nargs="+", default=list(FILES))
    ap.add_argument("--budget", type=int, default=ReadingConfig().node_budget)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--set", nargs="+", default=[], metavar="KNOB=N",
                    help="override ReadingConfig fields (integers), e.g. --set def_backfill=0")
    ap.add_argument("--gnugo", metavar="PATH",
                    help="also run GNU Go (e.g. /usr/games/gnugo) on the same tests")
    args = ap.parse_args(argv)
    if not args.data.is_dir():
        print(f"no regression data at {args.data}", file=sys.stderr)
        return 1
    knobs: dict[str, Any] = {k: int(v) for k, v in (kv.split("=", 1) for kv in args.set)}
    unknown = sorted(set(knobs) - {f.name for f in fields(ReadingConfig)})
    if unknown:
        print(f"ReadingConfig has no field {', '.join(unknown)} (on 2026-12-07 the "
              "generators left off were removed and the others renamed: "
              "experiments/tactics/LOG.md names the commit that last had them and the "
              "new names)", file=sys.stderr)
        return 2
    summary = run(args.data, args.files, replace(ReadingConfig(node_budget=args.budget), **knobs),
                  args.verbose, args.gnugo)
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    files = summary["files"]
    assert isinstance(files, dict)
    rerun = " gnugo-rerun" if args.gnugo else ""
    print(f"{'file':<10} {'tests':>5} {'igo':>5} {'gnugo':>5}{rerun}")
    for name, row in {**files, "total": summary["total"]}.items():
        extra = f" {row.get('gnugo_rerun', 0):>11}" if args.gnugo else ""
        print(f"{name:<10} {row['tests']:>5} {row['igo']:>5} {row['gnugo']:>5}{extra}")
    print(f"({summary['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
