"""Tests of ``experiments/figures.py``: the strength rows counted from match databases
(games cut short left out, draws as half a win, Wilson's interval), the generated blocks
replaced between their markers only, and the committed files current with their data."""

from __future__ import annotations

import importlib.util
import io
import lzma
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

from igo.arena.config import MatchConfig
from igo.arena.stats import wilson_interval
from igo.arena.store import GameRow, MatchStore

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("experiments_figures",
                                                  ROOT / "experiments" / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


fg = _load()
IGO, PACHI = "igo:mcts:time=1", "gtp:pachi"


def _game(i: int, first: str | None, result: str = "", reason: str = "resign") -> GameRow:
    """Game ``i`` that the first player (Black in even games) 'won', 'lost' or drew."""
    first_black = i % 2 == 0
    black, white = (IGO, PACHI) if first_black else (PACHI, IGO)
    if first is None:
        return GameRow(i, black, white, None, result or "0", reason or "both passed", 80,
                       f"runs/x/game-{i:04d}.sgf", 60.0)
    winner = "B" if (first == "won") == first_black else "W"
    return GameRow(i, black, white, winner, result or f"{winner}+R", reason, 80,
                   f"runs/x/game-{i:04d}.sgf", 60.0)


def _db(path: Path, games: list[GameRow], name: str = "") -> Path:
    config = MatchConfig(black=IGO, white=PACHI, games=100, size=9, komi=7.0,
                         out_dir=path.parent / "sgf", name=name)
    with MatchStore(path) as store:
        match = store.open_match(config)
        for g in games:
            store.add_game(match, g)
    return path


def _xz(path: Path) -> Path:
    out = path.with_name(path.name + ".xz")
    with path.open("rb") as src, lzma.open(out, "wb") as dst:
        shutil.copyfileobj(src, dst)
    return out


def test_counting_leaves_out_games_cut_short_and_halves_draws(tmp_path: Path) -> None:
    games = [_game(0, "won"), _game(1, "won"), _game(2, "lost"), _game(3, None),
             _game(4, "won", result="B+T"),                        # on time: a win
             _game(5, "lost", result="B+F"),                       # forfeit: a loss
             _game(6, "won", result="B+3.5", reason="stopped after 243 moves"),  # move cap
             _game(7, None, result="Void", reason="")]             # no result
    db = _xz(_db(tmp_path / "a.sqlite", games))
    fig = fg.Figure("k", 9, "Pachi 12.90", "1 s a move", "`abc1234` (2026-12-01)",
                    (fg.Db(str(db.relative_to(tmp_path))),))
    t = fg.tally(fig, tmp_path)
    s = t.stats
    assert (s.first_wins, s.draws, s.second_wins, t.cut) == (3, 1, 2, 2)
    assert s.games == 6 and s.win_rate == pytest.approx(3.5 / 6)
    assert (s.win_rate_low, s.win_rate_high) == pytest.approx(wilson_interval(3.5, 6))
    assert fg.wdl(s) == "3-1-2"
    assert t.records == 0


def test_several_databases_and_matches_add_up_keeping_colours(tmp_path: Path) -> None:
    a = _db(tmp_path / "a.sqlite", [_game(0, "won"), _game(1, "won")], name="m1")
    _db(a, [_game(0, "lost")], name="m2")
    b = _db(tmp_path / "b.sqlite", [_game(0, None), _game(1, "lost"), _game(2, "won")])
    both = fg.Figure("k", 9, "x", "c", "e", (fg.Db("a.sqlite"), fg.Db("b.sqlite")))
    s = fg.tally(both, tmp_path).stats
    assert fg.wdl(s) == "3-1-2"
    # the first player's games as Black stay those of even index in each source
    assert (s.first_as_black_games, s.first_as_white_games) == (4, 2)
    only_m2 = fg.Figure("k", 9, "x", "c", "e", (fg.Db("a.sqlite", (2,)),))
    assert fg.wdl(fg.tally(only_m2, tmp_path).stats) == "0-0-1"
    assert b.exists()


def test_kept_rows_and_sgf_records_are_counted(tmp_path: Path) -> None:
    (tmp_path / "kept.json").write_text(
        '[{"folder": "g1", "wins": 7, "draws": 1, "losses": 2}]')
    kept = fg.Figure("k", 9, "GNU Go", "c", "e", (fg.Kept("kept.json", "g1"),))
    t = fg.tally(kept, tmp_path)
    assert fg.wdl(t.stats) == "7-1-2" and t.stats.win_rate == pytest.approx(0.75)
    sgfs = {"g/game-0000.sgf": "(;SZ[9]PB[igo:mcts]PW[GNU Go]DT[2026-11-24]RE[B+R];B[ee])",
            "g/game-0001.sgf": "(;SZ[9]PB[GNU Go]PW[igo:mcts]DT[2026-11-23]RE[B+2.5];B[ee])",
            "g/game-0002.sgf": "(;SZ[9]PB[GNU Go]PW[igo:mcts]RE[0])",
            "g/game-0003.sgf": "(;SZ[9]PB[igo:mcts]PW[GNU Go]RE[Void])"}
    with tarfile.open(tmp_path / "r.tar.xz", "w:xz") as tar:
        for name, text in sgfs.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    rec = fg.Figure("k", 9, "GNU Go", "c", "e", (fg.Records("r.tar.xz", "igo"),))
    t = fg.tally(rec, tmp_path)
    assert (fg.wdl(t.stats), t.cut, t.records) == ("1-1-1", 1, 4)
    assert (t.first, t.last) == ("2026-11-23", "2026-11-24")


def test_records_beside_a_database_are_matched_to_its_games(tmp_path: Path) -> None:
    db = _xz(_db(tmp_path / "m.sqlite", [_game(0, "won"), _game(1, "lost")]))
    with tarfile.open(tmp_path / "m-sgf.tar.xz", "w:xz") as tar:
        info = tarfile.TarInfo("m/game-0001.sgf")
        info.size = 2
        tar.addfile(info, io.BytesIO(b"()"))
    fig = fg.Figure("k", 9, "x", "c", "e", (fg.Db(db.name),))
    assert fg.tally(fig, tmp_path).records == 1


def test_records_held_by_the_database_rows_are_counted(tmp_path: Path) -> None:
    games = [_game(i, "won") for i in range(4)]
    config = MatchConfig(black=IGO, white=PACHI, games=100, size=9, komi=7.0,
                         out_dir=tmp_path / "sgf")
    with MatchStore(tmp_path / "m.sqlite") as store:
        match = store.open_match(config)
        for g in games[:2]:  # rows holding their record (igo match since 2026-12-07)
            store.add_game(match, g, sgf=f"(;GM[1]SZ[9]RE[{g.result}])")
        for g in games[2:]:  # rows without one, as older databases' rows are
            store.add_game(match, g)
    db = _xz(tmp_path / "m.sqlite")
    fig = fg.Figure("k", 9, "x", "c", "e", (fg.Db(db.name),))
    assert fg.tally(fig, tmp_path).records == 2
    # a record archived beside the database counts for a row that holds none
    with tarfile.open(tmp_path / "m-sgf.tar.xz", "w:xz") as tar:
        for name in ("m/game-0001.sgf", "m/game-0003.sgf"):
            info = tarfile.TarInfo(name)
            info.size = 2
            tar.addfile(info, io.BytesIO(b"()"))
    assert fg.tally(fig, tmp_path).records == 3  # game 1 counted once, game 2 has none


def test_a_block_is_replaced_between_its_markers_only() -> None:
    begin, end = fg.markers(Path("README.md"), "t")
    assert begin == "<!-- BEGIN GENERATED t: python experiments/figures.py -->"
    assert end == "<!-- END GENERATED t -->"
    text = f"a\n{begin}\nold\nrows\n{end}\nb\n"
    assert fg.replace_block(text, begin, end, "new") == f"a\n{begin}\nnew\n{end}\nb\n"
    assert fg.replace_block("a\nb\n", begin, end, "new") is None
    with pytest.raises(ValueError):
        fg.replace_block(f"{end}\n{begin}\n", begin, end, "new")
    with pytest.raises(ValueError):
        fg.replace_block(f"{begin}\n{end}\n{begin}\n{end}\n", begin, end, "new")
    assert fg.markers(Path("judge.py"), "m") == (
        "# BEGIN GENERATED m: python experiments/figures.py", "# END GENERATED m")


def test_apply_writes_changed_blocks_and_reports_missing_markers(tmp_path: Path) -> None:
    md = tmp_path / "a.md"
    begin, end = fg.markers(md, "t")
    md.write_text(f"x\n{begin}\nold\n{end}\ny\n")
    bare = tmp_path / "b.md"
    bare.write_text("no markers\n")
    blocks = [fg.Block(md, "t", "new"), fg.Block(bare, "t", "new"),
              fg.Block(tmp_path / "c.md", "t", "new")]
    differ, missing = fg.apply(blocks, write=False)
    assert len(differ) == 1 and len(missing) == 2
    assert "old" in md.read_text()
    fg.apply(blocks, write=True)
    assert md.read_text() == f"x\n{begin}\nnew\n{end}\ny\n"
    assert fg.apply(blocks[:1], write=False) == ([], [])


def test_table_and_judge_rows_show_the_counts(tmp_path: Path) -> None:
    db = _db(tmp_path / "a.sqlite", [_game(0, "won"), _game(1, None), _game(2, "lost")])
    fig = fg.Figure("k", 9, fg.PACHI, "1 s a move", "`abc1234` (2026-12-01)",
                    (fg.Db(db.name),), judge="1 s a move")
    tallies = {"k": fg.tally(fig, tmp_path)}
    row = fg.table([fig], tallies, tmp_path, True, tmp_path).splitlines()[2]
    assert "| 3 | 1-1-1 | 0.500 [" in row and "`a.sqlite`" in row and "0 of 3" in row
    code = fg.judge_block([fig], tallies, tmp_path)
    namespace: dict[str, object] = {}
    exec("from igo.review.judge import Measurement\n" + code, namespace)
    (m,) = namespace["MEASURED"]  # type: ignore[misc]
    assert (m.board, m.games, m.score) == (9, 3, 0.5)
    assert "1-1-1" in m.text() and "abc1234" in m.text()


def test_think_times_say_only_what_the_logs_hold(tmp_path: Path) -> None:
    import json

    both = {"igo": {"games": 2, "moves": 60, "mean": 1.01},
            "pachi": {"games": 2, "moves": 50, "mean": 0.98}}
    (tmp_path / "both.json").write_text(json.dumps(both))
    (tmp_path / "igo.json").write_text(json.dumps({"igo": both["igo"]}))
    db = _db(tmp_path / "a.sqlite", [_game(0, "won"), _game(1, "lost")])
    pachi = fg.Figure("p", 9, fg.PACHI, "1 s a move", "x", (fg.Db(db.name),), ("both.json",))
    t = fg.tally(pachi, tmp_path)
    assert fg.conditions(pachi, t, tmp_path) == (
        "1 s a move (igo 1.01 s a move, Pachi 0.98 s by their logs)")
    # an opponent that logs no times (KataGo's GTP engine) gets none, not 0.00 s
    kata = fg.Figure("k", 9, "KataGo", "1 s a move", "x", (fg.Db(db.name),), ("igo.json",))
    assert fg.think_times(kata.think_times, tmp_path) == (1.01, None, 2)
    assert fg.conditions(kata, t, tmp_path) == "1 s a move (igo 1.01 s a move by its log)"
    # igo against igo: the logs' names say which side is which
    (tmp_path / "h2h.json").write_text(json.dumps({"new": both["igo"], "old": both["pachi"]}))
    h2h = fg.Figure("h", 9, "old igo", "1 s a move", "x", (fg.Db(db.name),), ("h2h.json",),
                    log_names=("new", "old"))
    assert fg.conditions(h2h, t, tmp_path) == (
        "1 s a move (new 1.01 s a move, old 0.98 s by their logs)")


def test_evidence_rows_count_their_databases_and_go_in_their_blocks(tmp_path: Path) -> None:
    db = _db(tmp_path / "a.sqlite", [_game(0, "won"), _game(1, "won"), _game(2, "lost"),
                                     _game(3, "won", reason="stopped after 400 moves")])
    row = fg.Figure("e", 9, "the default", "2,000 playouts a move each", "`x=1`",
                    (fg.Db(db.name),), note="SPRT undecided")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "engine-defaults.md"
    begin, end = fg.markers(page, "defaults-x")
    page.write_text(f"text\n{begin}\nold\n{end}\nmore\n")
    (block,) = [b for b in fg.blocks(tmp_path, (), {"defaults-x": (row,)})
                if b.name == "defaults-x"]
    assert block.path == page
    body = block.body.splitlines()
    assert body[0].startswith("| board | igo | against |")
    cells = [c.strip() for c in body[2].strip("|").split("|")]
    assert cells[:7] == ["9x9", "`x=1`", "the default",
                         "2,000 playouts a move each; SPRT undecided", "3", "2-0-1",
                         "0.667 [0.208, 0.939]"]
    assert cells[-1] == "`../a.sqlite`"  # the game cut short counts in no row


def test_evidence_keys_are_unique_and_their_sources_exist() -> None:
    rows = [f for fs in fg.EVIDENCE.values() for f in fs]
    named = {f.key: f for f in fg.FIGURES}
    for f in rows:  # a key of FIGURES is that very row
        assert named.get(f.key, f) is f
    assert len({f.key for f in rows}) == len({id(f) for f in rows})
    for f in rows:
        for src in f.sources:
            assert (ROOT / src.path).exists(), src.path


def test_engine_dates_are_their_commits() -> None:
    import re

    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("no git history here")
    pairs = {(c, d) for f in fg.FIGURES
             for c, d in re.findall(r"`([0-9a-f]{7})` \((\d{4}-\d\d-\d\d)", f.engine)}
    assert pairs
    for commit, date in sorted(pairs):
        got = subprocess.run(["git", "log", "-1", "--format=%ad", "--date=short", commit],
                             cwd=ROOT, capture_output=True, text=True)
        if got.returncode != 0:
            pytest.skip(f"commit {commit} not in this clone (shallow?)")
        assert got.stdout.strip() == date, commit


def test_the_committed_figures_are_current() -> None:
    blocks = fg.blocks()
    lacking = [b for b in blocks if not b.path.exists()
               or fg.markers(b.path, b.name)[0] not in b.path.read_text()]
    if lacking:
        pytest.skip("markers not yet in " + ", ".join(
            f"{b.path.relative_to(ROOT)} ({b.name})" for b in lacking))
    differ, missing = fg.apply(blocks, write=False)
    assert (differ, missing) == ([], []), "run python experiments/figures.py"
