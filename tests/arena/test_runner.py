"""Running matches: in this process, in a process pool and on Ray, the same games;
resume after an interruption; failed games (a raising task, a dying worker process)
recorded and retried without stopping the match."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest

import igo.arena.runner as runner
from igo.arena.config import MatchConfig
from igo.arena.executor import SEQUENTIAL, ExecutorConfig
from igo.arena.ray_start import RayStart, start_ray
from igo.arena.runner import game_settings, run_match
from igo.arena.store import MatchStore, export_records
from igo.core.replay import replay
from igo.sgf import parse_sgf, read_sgf_file

FAKE = Path(__file__).resolve().parents[1] / "players" / "fake_gtp_engine.py"
DYING = f"gtp:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} --die-on genmove"
PLAY_GAME = runner.play_game
POOL = ExecutorConfig(workers=2)


def config(out: Path, games: int = 4, **kw: object) -> MatchConfig:
    return MatchConfig("igo:random", "igo:random", games=games, size=7, seed=3,
                       out_dir=out, gnugo=None, **kw)  # type: ignore[arg-type]


def signature(store: MatchStore, match_id: int) -> list[tuple[int, str, int, str]]:
    """Each stored game: index, result, number of moves, and its moves in SGF."""
    return [(g.index, g.result, g.moves, moves_of(g.sgf_path)) for g in store.games(match_id)]


def moves_of(sgf_path: str) -> str:
    return " ".join(str(m) for m in read_sgf_file(sgf_path).moves)


def sequential_signature(tmp_path: Path, games: int = 4) -> list[tuple[int, str, int, str]]:
    with MatchStore(tmp_path / "seq.sqlite") as store:
        seq = run_match(config(tmp_path / "seq", games), store, executor=SEQUENTIAL,
                        progress=False)
        return signature(store, seq.match_id)


def fail_first_attempts(text: str, index: int) -> runner.PlayedGame:
    """Game 1 raises and game 2 kills its worker process, on their first attempt only
    (a marker file in the match folder remembers it across processes)."""
    marker = MatchConfig.from_json(text).out_dir / f"failed-once-{index}"
    if index in (1, 2) and not marker.exists():
        marker.touch()
        if index == 1:
            raise RuntimeError("engine crashed")
        os._exit(3)  # the worker process dies in the middle of the game
    return PLAY_GAME(text, index)


def test_sequential_match_writes_games_and_sgf(tmp_path: Path) -> None:
    c = config(tmp_path / "out")
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(c, store, executor=SEQUENTIAL, progress=False)
        assert (report.played, report.skipped, report.failed) == (4, 0, [])
        games = store.games(report.match_id)
    assert [g.index for g in games] == [0, 1, 2, 3]
    for g in games:
        rec = read_sgf_file(g.sgf_path)
        assert rec.result.to_sgf() == g.result
        assert len(rec.moves) == g.moves
        # the first player (igo:random #1) is Black in even games: names alternate
        assert (rec.black, rec.white) == (g.black, g.white) == ("igo:random", "igo:random")
    # Running again plays nothing; asking for more games plays only the new ones.
    with MatchStore(tmp_path / "r.sqlite") as store:
        assert run_match(c, store, executor=SEQUENTIAL, progress=False).played == 0
        more = run_match(config(tmp_path / "out", games=6), store, executor=SEQUENTIAL,
                         progress=False)
        assert (more.played, more.skipped) == (2, 4)
        assert [g.index for g in store.games(more.match_id)] == list(range(6))


def test_each_row_holds_its_game_record(tmp_path: Path) -> None:
    c = config(tmp_path / "out", games=3)
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(c, store, executor=SEQUENTIAL, progress=False)
        records = list(store.records(report.match_id))
    assert [g.index for g, _ in records] == [0, 1, 2]
    for g, sgf in records:
        assert sgf is not None
        assert sgf == Path(g.sgf_path).read_text(encoding="utf-8")  # the file's text
        rec = parse_sgf(sgf)
        assert (rec.size, rec.black, rec.white) == (7, g.black, g.white)
        assert rec.result.to_sgf() == g.result
        assert len(rec.moves) == g.moves > 0
        replay(rec)  # every move legal: the record replays to its end
    # The database alone gives the games back: the SGF files are not needed.
    for g, _ in records:
        Path(g.sgf_path).unlink()
    with MatchStore(tmp_path / "r.sqlite") as store:
        assert export_records(store, tmp_path / "x") == (3, 0)
    for g, sgf in records:
        name = f"igo-random-vs-igo-random-{g.index:04d}.sgf"
        assert (tmp_path / "x" / name).read_text(encoding="utf-8") == sgf


def test_interrupted_match_resumes_without_loss_or_repeat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The reference: the same match played without interruption.
    with MatchStore(tmp_path / "ref.sqlite") as store:
        ref = run_match(config(tmp_path / "ref", 6), store, executor=SEQUENTIAL, progress=False)
        expected = signature(store, ref.match_id)

    real = runner.play_game
    calls = []

    def dies_on_third(text: str, index: int) -> runner.PlayedGame:
        calls.append(index)
        if len(calls) == 3:
            raise KeyboardInterrupt  # stands for the process being killed mid-game
        return real(text, index)

    monkeypatch.setattr(runner, "play_game", dies_on_third)
    db = tmp_path / "r.sqlite"
    with MatchStore(db) as store, pytest.raises(KeyboardInterrupt):
        run_match(config(tmp_path / "out", 6), store, executor=SEQUENTIAL, progress=False)
    monkeypatch.setattr(runner, "play_game", real)
    with MatchStore(db) as store:
        mid = store.open_match(config(tmp_path / "out", 6))
        assert store.missing_indices(mid, 6) == [2, 3, 4, 5]
        report = run_match(config(tmp_path / "out", 6), store, executor=SEQUENTIAL, progress=False)
        assert (report.played, report.skipped) == (4, 2)
        assert signature(store, mid) == expected  # same games, each exactly once
        # every row, before the kill and after the resume, holds its game's record
        assert [(r.index, sgf) for r, sgf in store.records(mid)] == [
            (i, Path(tmp_path / "out" / f"game-{i:04d}.sgf").read_text()) for i in range(6)]


def test_failed_game_is_recorded_retried_and_does_not_stop_the_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = runner.play_game
    attempts: dict[int, int] = {}

    def flaky(text: str, index: int) -> runner.PlayedGame:
        attempts[index] = attempts.get(index, 0) + 1
        if index == 1 and attempts[index] == 1:
            raise RuntimeError("engine crashed")
        return real(text, index)

    monkeypatch.setattr(runner, "play_game", flaky)
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(config(tmp_path / "out", 3), store, executor=SEQUENTIAL, progress=False)
        assert (report.played, report.errors, report.failed) == (3, 1, [])
        [err] = store.errors(report.match_id)
        assert (err.index, err.attempt) == (1, 1) and "engine crashed" in err.message


@pytest.mark.parametrize("executor", [SEQUENTIAL, POOL], ids=["sequential", "process-pool"])
def test_dying_engine_fails_each_game_twice(tmp_path: Path, executor: ExecutorConfig) -> None:
    c = MatchConfig("igo:random", DYING, games=2, size=5, out_dir=tmp_path / "out",
                    gnugo=None)
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(c, store, executor=executor, progress=False)
        assert report.failed == [0, 1] and report.played == 0 and report.errors == 4
        messages = [e.message for e in store.errors(report.match_id)]
        assert all("fatal: genmove" in m for m in messages)
        assert store.games(report.match_id) == []


def test_process_pool_match_equals_sequential_match(tmp_path: Path) -> None:
    expected = sequential_signature(tmp_path)
    with MatchStore(tmp_path / "pool.sqlite") as store:
        report = run_match(config(tmp_path / "pool"), store, executor=POOL, progress=False)
        assert (report.played, report.failed, report.errors) == (4, [], 0)
        assert signature(store, report.match_id) == expected
    assert sorted(p.name for p in (tmp_path / "pool").glob("*.sgf")) == [
        f"game-{i:04d}.sgf" for i in range(4)]


def test_process_pool_retries_a_raising_game_and_a_dead_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = sequential_signature(tmp_path)
    monkeypatch.setattr(runner, "play_game", fail_first_attempts)
    with MatchStore(tmp_path / "pool.sqlite") as store:
        report = run_match(config(tmp_path / "pool"), store, executor=POOL, progress=False)
        assert (report.played, report.failed, report.errors) == (4, [], 2)
        errors = {e.index: e for e in store.errors(report.match_id)}
        assert sorted(errors) == [1, 2] and {e.attempt for e in errors.values()} == {1}
        assert "engine crashed" in errors[1].message
        assert "worker process running task 2 died" in errors[2].message
        assert signature(store, report.match_id) == expected  # the retries replay them


@pytest.mark.ray
def test_ray_match_equals_sequential_match(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    expected = sequential_signature(tmp_path)
    with MatchStore(tmp_path / "ray.sqlite") as store:
        report = run_match(config(tmp_path / "ray"), store,
                           executor=ExecutorConfig(workers=2, ray=True), progress=False)
        assert (report.played, report.failed) == (4, [])
        assert signature(store, report.match_id) == expected
    assert sorted(p.name for p in (tmp_path / "ray").glob("*.sgf")) == [
        f"game-{i:04d}.sgf" for i in range(4)]


@pytest.mark.ray
def test_ray_failed_games_are_recorded(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    with start_ray(RayStart(num_cpus=2)):
        c = MatchConfig("igo:random", DYING, games=2, size=5, out_dir=tmp_path / "out",
                        gnugo=None)
        with MatchStore(tmp_path / "r.sqlite") as store:
            report = run_match(c, store, executor=ExecutorConfig(ray=True), progress=False)
            assert report.failed == [0, 1] and report.errors == 4
            assert all("fatal: genmove" in e.message for e in store.errors(report.match_id))
        assert ray.is_initialized()  # a Ray instance the caller started is left running
    assert not ray.is_initialized()


@pytest.mark.gnugo
def test_random_openings_vary_gnugo_self_play(tmp_path: Path) -> None:
    gnugo = "gtp:/usr/games/gnugo --mode gtp --level 0"
    c = MatchConfig(gnugo, gnugo, games=4, size=9, random_opening=4, out_dir=tmp_path / "o",
                    max_moves=30, gnugo=None, dead_stones="tromp-taylor")
    with MatchStore(tmp_path / "r.sqlite") as store:
        report = run_match(c, store, executor=SEQUENTIAL, progress=False)
        assert report.failed == [] and report.played == 4
        records = [read_sgf_file(g.sgf_path) for g in store.games(report.match_id)]
    openings = [tuple(m.point for m in r.moves[:4]) for r in records]
    assert len(set(openings)) == 4  # four different random openings, from the seeds
    # GNU Go was told the opening: it went on playing legal moves from there
    assert all(len(r.moves) > 4 for r in records)
    again = MatchConfig(gnugo, gnugo, games=4, size=9, random_opening=4,
                        out_dir=tmp_path / "o2", max_moves=30, gnugo=None,
                        dead_stones="tromp-taylor")
    assert [game_settings(again, i).opening for i in range(4)] == openings
