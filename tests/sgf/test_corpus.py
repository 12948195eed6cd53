"""Corpora: every container kind, skip counting by reason, limits, legality checks."""

from __future__ import annotations

import bz2
import gzip
import lzma
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from igo.sgf import CorpusStats, iter_records

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"
SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"

GOOD = ["euc_kr.sgf", "fox_handicap.sgf", "gb18030.sgf", "kgs.sgf", "shift_jis.sgf",
        "tygem_repetition.sgf", "variation.sgf"]
LINES = (DATA / "mixed.sgfs").read_bytes()
N_LINES = 5


def _run(paths: object, **kw: object) -> tuple[list[str], CorpusStats]:
    stats = CorpusStats()
    recs = list(iter_records(paths, progress=False, stats=stats, **kw))  # type: ignore[arg-type]
    assert stats.games == len(recs)
    return [r.source for r in recs], stats


def test_directory_counts_every_skip_reason() -> None:
    sources, stats = _run(DATA, check_legal=True)
    assert sorted(Path(s.split("#")[0].split(":")[0]).name for s in sources) == sorted(
        GOOD + ["collection.sgf", "collection.sgf"] + ["mixed.sgfs"] * N_LINES)
    assert dict(stats.skipped) == {"bad_coordinate": 2, "bad_size": 1, "empty": 1,
                                   "illegal_move": 1, "not_go": 1, "parse_error": 2}
    assert stats.examples["illegal_move"] == [
        (str(DATA / "broken_illegal.sgf"), "move 2 (W E5): E5 is occupied")]
    assert {s for s, _ in stats.examples["bad_coordinate"]} == {
        str(DATA / "broken_coordinate.sgf"), str(DATA / "collection.sgf#2")}
    assert stats.seen == stats.games + stats.n_skipped == len(sources) + 8


def test_without_legality_check_the_illegal_game_is_delivered() -> None:
    sources, stats = _run(DATA / "broken_illegal.sgf")
    assert sources == [str(DATA / "broken_illegal.sgf")] and not stats.skipped


@pytest.mark.parametrize(("suffix", "compress"), [
    (".sgfs", lambda b: b), (".sgfs.xz", lzma.compress), (".sgfs.gz", gzip.compress),
    (".sgfs.bz2", bz2.compress)])
def test_line_files(tmp_path: Path, suffix: str, compress: object) -> None:
    path = tmp_path / f"games{suffix}"
    path.write_bytes(compress(LINES + b"\n\n(;SZ[9];B[zz])\n"))  # type: ignore[operator]
    sources, stats = _run(path)
    assert sources == [f"{path}:{i}" for i in range(1, N_LINES + 1)]
    assert dict(stats.skipped) == {"bad_coordinate": 1}
    assert stats.examples["bad_coordinate"][0][0] == f"{path}:{N_LINES + 3}"


def test_zip(tmp_path: Path) -> None:
    path = tmp_path / "games.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.write(DATA / "kgs.sgf", "a/kgs.sgf")
        zf.writestr("b/readme.txt", "not a game")
        zf.writestr("c/more.sgfs.xz", lzma.compress(LINES))
        zf.write(DATA / "broken_size.sgf", "d/broken.SGF")
    sources, stats = _run(path)
    assert sources == [f"{path}:a/kgs.sgf"] + [f"{path}:c/more.sgfs.xz:{i}"
                                                for i in range(1, N_LINES + 1)]
    assert stats.examples["bad_size"] == [(f"{path}:d/broken.SGF",
                                           "board size 30 outside 2-25")]


@pytest.mark.parametrize("mode", ["w", "w:gz", "w:bz2", "w:xz"])
def test_tar(tmp_path: Path, mode: str) -> None:
    suffix = {"w": ".tar", "w:gz": ".tgz", "w:bz2": ".tar.bz2", "w:xz": ".tar.xz"}[mode]
    path = tmp_path / f"games{suffix}"
    with tarfile.open(path, mode) as tf:  # type: ignore[call-overload]
        for name in GOOD[:3]:
            tf.add(DATA / name, f"x/{name}")
        tf.add(DATA / "mixed.sgfs", "x/lines.sgfs")
    sources, stats = _run(path)
    assert sources == [f"{path}:x/{n}" for n in GOOD[:3]] + [
        f"{path}:x/lines.sgfs:{i}" for i in range(1, N_LINES + 1)]
    assert not stats.skipped


def test_unreadable_files_do_not_stop_the_run(tmp_path: Path) -> None:
    (tmp_path / "bad.zip").write_bytes(b"not a zip")
    (tmp_path / "bad.sgfs.xz").write_bytes(b"not xz")
    (tmp_path / "bad.tar.gz").write_bytes(b"not a tarball")
    shutil.copy(DATA / "kgs.sgf", tmp_path / "z.sgf")
    (tmp_path / "notes.txt").write_text("ignored in directories")
    sources, stats = _run(tmp_path)
    assert sources == [str(tmp_path / "z.sgf")]
    assert stats.skipped["unreadable"] == 3
    # any file name is read as SGF when named explicitly
    sources, _ = _run([tmp_path / "notes.txt", DATA / "kgs.sgf"])
    assert sources == [str(DATA / "kgs.sgf")]


def test_limit_and_stats_default() -> None:
    sources, stats = _run(DATA / "mixed.sgfs", limit=2)
    assert len(sources) == 2 and stats.seen == 2
    assert len(list(iter_records(str(DATA / "mixed.sgfs"), progress=False))) == N_LINES
    assert list(iter_records(DATA / "mixed.sgfs", progress=False, limit=0)) == []


def test_examples_are_capped() -> None:
    stats = CorpusStats(max_examples=2)
    for i in range(5):
        stats.skip("parse_error", f"f:{i}", "bad")
    assert stats.skipped["parse_error"] == 5 and len(stats.examples["parse_error"]) == 2


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    list(iter_records(DATA / "mixed.sgfs", progress=True))
    out, err = capsys.readouterr()
    assert out == "" and "games" in err


@pytest.mark.data
def test_fox_sample_replays() -> None:
    _, stats = _run(SHARED / "fox_ranked" / "games.sgfs.xz", check_legal=True, limit=500)
    assert stats.seen == 500 and stats.games + stats.n_skipped == 500
