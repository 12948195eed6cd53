"""The evolution loop end to end, on a tiny run: it finishes, resumes, and survives a
driver killed with SIGKILL and a worker process killed mid-game, playing the very games of
an undisturbed run (same individuals, opponents, seeds and results), none twice."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from igo.arena.executor import ExecutorConfig
from igo.cli.main import main
from igo.evolve.config import EvolveConfig, EvolveConfigError, load_config
from igo.evolve.loop import EvolveError, database_path, run_evolution
from igo.evolve.status import run_status
from igo.evolve.subset import SubsetError
from processes import HAS_PROC, PROC, alive, descendants
from waiting import wait_until

pytestmark = pytest.mark.data

TINY = """
out = "{out}"
records = ["{records}"]
subset = 6
stride = 10
steps = 2
seed = 5
[pbilc]
initial_individuals = 3
k_best = 2
[train]
epochs = 1
batch = 100
[games]
max_moves = 150
random_opening = 2
initial_games = 4
new_games = 4
min_games = 2
round_pairs = 2
idle_pairs = 1
"""


def tiny_config(folder: Path, records: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "run.toml"
    path.write_text(TINY.format(out=folder / "out", records=records), encoding="utf-8")
    return path


def games(config: EvolveConfig) -> list[tuple[int, int, int, int, int, str, float | None]]:
    """(id, step, black, white, seed, status, score) of every game row."""
    with sqlite3.connect(database_path(config)) as db:
        return list(db.execute("SELECT id, step, black, white, seed, status, score FROM games"
                               " ORDER BY id"))


def errors(config: EvolveConfig) -> list[str]:
    with sqlite3.connect(database_path(config)) as db:
        return [m for (m,) in db.execute("SELECT message FROM errors")]


def done_count(config: EvolveConfig) -> int:
    if not database_path(config).exists():
        return 0
    try:
        with sqlite3.connect(database_path(config), timeout=5) as db:
            return int(db.execute("SELECT COUNT(*) FROM games WHERE status = 'done'")
                       .fetchone()[0])
    except sqlite3.OperationalError:  # tables not made yet
        return 0


@pytest.fixture(scope="module")
def records(shared_data: Path) -> Path:
    return shared_data / "tygem9d" / "train-00.sgfs.xz"


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory, records: Path) -> EvolveConfig:
    """An undisturbed run, in this process."""
    config = load_config(tiny_config(tmp_path_factory.mktemp("reference"), records))
    lines: list[str] = []
    report = run_evolution(config, ExecutorConfig(workers=1), lines.append)
    assert report.steps_done == 2 and report.individuals == 5 and report.failed_attempts == 0
    assert any("best #" in line and "games/s" in line for line in lines)
    return config


def driver(config_path: Path, *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "igo.cli.main", "evolve", "run",
                             str(config_path), "--quiet", *extra],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for(predicate: object) -> None:
    """Wait until ``predicate()`` holds (:func:`waiting.wait_until`: a hang fails)."""
    wait_until(predicate, "the evolution run")  # type: ignore[arg-type]


def check_same_games(run: EvolveConfig, reference: EvolveConfig) -> None:
    rows = games(run)
    assert all(r[5] == "done" for r in rows)
    # (the reference may have gone on: test_run_status_and_resume adds a step)
    assert [r[1:] for r in rows] == [r[1:] for r in games(reference) if r[1] <= run.steps]
    for path in (run.out / "games").rglob("*.sgf"):
        assert path.read_text().startswith("(;")
    assert len(list((run.out / "games").rglob("*.sgf"))) == len(rows)


def test_ratings_are_fitted_once_per_state_of_the_games(
        tmp_path: Path, records: Path, reference: EvolveConfig,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver fits the ratings again only when a game or an individual was added
    (a fit takes a second at the scale of a real run, while the workers wait), and what
    it stores is what a fit from zero of the final games gives: the run is the
    reference run, game for game and rating for rating."""
    import igo.evolve.loop as loop_module
    from igo.arena.ratings import Ratings

    states: list[tuple[int, int]] = []

    class Counting(Ratings):
        def fit(self) -> int:
            states.append((len(self.names), int(self.games_per_player().sum())))
            return super().fit()

    monkeypatch.setattr(loop_module, "Ratings", Counting)
    config = load_config(tiny_config(tmp_path, records))
    run_evolution(config, ExecutorConfig(workers=1))
    check_same_games(config, reference)
    assert states and len(states) == len(set(states))
    with sqlite3.connect(database_path(config)) as db, \
            sqlite3.connect(database_path(reference)) as ref:
        query = "SELECT * FROM ratings WHERE step <= 2 ORDER BY step, individual"
        assert list(db.execute(query)) == list(ref.execute(query))
    final = Ratings()
    final.add((str(b), str(w), x) for _, _, b, w, _, _, x in games(config))
    final.fit()
    with sqlite3.connect(database_path(config)) as db:
        stored = dict(db.execute("SELECT individual, elo FROM ratings WHERE step = 2"))
    for row in final.table():
        assert stored[int(row.name)] == pytest.approx(row.elo, abs=1e-6)


def test_run_status_and_resume(reference: EvolveConfig, capsys: pytest.CaptureFixture[str]
                               ) -> None:
    rows = games(reference)
    assert len(rows) == 6 + 2 * (2 + 4) and {r[1] for r in rows} == {0, 1, 2}
    status = run_status(reference.out)
    assert status["steps_done"] == 2 and status["games"]["done"] == len(rows)
    assert status["best"] is not None and len(status["centre"]) == 10
    assert main(["evolve", "status", str(database_path(reference))]) == 0
    assert "step 2 of 2" in capsys.readouterr().out
    # one more step: the stored games stay as they are
    more = run_evolution(replace(reference, steps=3), ExecutorConfig(workers=1))
    assert more.steps_done == 3 and more.individuals == 6
    after = games(reference)
    assert after[:len(rows)] == rows and {r[1] for r in after[len(rows):]} == {3}
    with pytest.raises(EvolveConfigError, match="other settings"):
        run_evolution(replace(reference, seed=6), ExecutorConfig(workers=1))


def test_a_moved_run_trains_its_lost_models_again(tmp_path: Path, records: Path,
                                                  reference: EvolveConfig,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The database alone, copied from another machine (the models left behind): ``--out``
    resumes it there. While its steps are all done nothing is trained or played; with a
    step more, every model is trained again from its stored weights first, the same bit
    for bit, and the stored games stay as they were."""
    import numpy as np

    moved = tmp_path / "moved"
    moved.mkdir()
    with sqlite3.connect(database_path(reference)) as src, \
            sqlite3.connect(moved / "evolve.sqlite") as dst:
        src.backup(dst)
        # the paths of another machine
        dst.execute("UPDATE individuals SET model_path = '/gone/' || model_path")
    before = games(reference)
    steps = run_status(moved)["steps_done"]
    other = tiny_config(tmp_path / "elsewhere", records)  # 'out' elsewhere: --out wins
    args = ["evolve", "run", str(other), "--out", str(moved), "--workers", "1"]
    assert main([*args, "--steps", str(steps)]) == 0
    assert "without a model file, not trained" in capsys.readouterr().err
    here = replace(reference, out=moved)
    assert not list((moved / "models").glob("*.npz")) and games(here) == before
    assert main([*args, "--steps", str(steps + 1), "--quiet"]) == 0
    with sqlite3.connect(moved / "evolve.sqlite") as db:
        rows = list(db.execute("SELECT id, model_path FROM individuals WHERE step <= ?",
                               (steps,)))
    after = games(here)
    assert after[:len(before)] == before and {r[1] for r in after[len(before):]} == {steps + 1}
    assert not (tmp_path / "elsewhere" / "out").exists()
    for ind, path in rows:
        assert path == str(moved / "models" / f"individual-{ind:05d}.npz")
        with np.load(path) as mine, np.load(reference.out / "models" / Path(path).name) as old:
            assert np.array_equal(mine["theta"], old["theta"])


def _broken_game(task: object) -> None:
    raise RuntimeError("engine exploded")


def test_games_that_always_fail_stop_the_loop_then_resume(
        tmp_path: Path, records: Path, reference: EvolveConfig,
        monkeypatch: pytest.MonkeyPatch) -> None:
    config = load_config(tiny_config(tmp_path, records))
    with monkeypatch.context() as m:
        m.setattr("igo.evolve.loop.play_individual_game", _broken_game)
        with pytest.raises(EvolveError, match="every game of step 0 round 0 failed 3 times"
                                              r".*engine exploded"):
            run_evolution(config, ExecutorConfig(workers=1))
    assert {r[5] for r in games(config)} == {"failed"} and len(errors(config)) == 4 * 3
    lines: list[str] = []
    run_evolution(config, ExecutorConfig(workers=1), lines.append)
    assert any("4 game(s) given up by an earlier run are tried again" in x for x in lines)
    check_same_games(config, reference)


def test_missing_records_are_an_error(tmp_path: Path) -> None:
    config = EvolveConfig(out=tmp_path / "out", records=(str(tmp_path / "none.sgfs.xz"),))
    with pytest.raises(SubsetError, match="training records not found"):
        run_evolution(config, ExecutorConfig(workers=1))
    assert main(["evolve", "status", str(tmp_path / "nothing")]) == 1


def test_driver_killed_with_sigkill_resumes(tmp_path: Path, records: Path,
                                           reference: EvolveConfig) -> None:
    path = tiny_config(tmp_path, records)
    config = load_config(path)
    proc = driver(path, "--workers", "1")
    try:
        wait_for(lambda: done_count(config) >= 3 or proc.poll() is not None)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    before = [r for r in games(config) if r[5] == "done"]
    resumed = driver(path, "--workers", "1")
    _, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err.decode()
    after = games(config)
    assert [r for r in after if r[0] in {b[0] for b in before}] == before  # nothing lost
    check_same_games(config, reference)  # nothing played twice, the same games


@pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc")
def test_worker_killed_mid_game_loses_only_that_game(tmp_path: Path, records: Path,
                                                      reference: EvolveConfig) -> None:
    path = tiny_config(tmp_path, records)
    config = load_config(path)
    proc = driver(path, "--workers", "2")
    killed = 0
    try:
        wait_for(lambda: done_count(config) >= 2 or proc.poll() is not None)
        while proc.poll() is None and not errors(config) and killed < 20:
            workers = sorted(descendants(proc.pid) - {proc.pid})
            busy = [p for p in workers if alive(p) and _spawned(p)]
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed += 1
            time.sleep(0.3)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err.decode()
    assert killed >= 1 and any("died" in m for m in errors(config))
    check_same_games(config, reference)


def _spawned(pid: int) -> bool:
    """A spawned worker process of the pool (not its resource tracker)."""
    try:
        cmd = (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ")
    except OSError:
        return False
    return b"spawn_main" in cmd


@pytest.mark.ray
@pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc")
def test_two_node_ray_cluster_survives_its_second_node_losing_workers(
        tmp_path: Path, records: Path, reference: EvolveConfig) -> None:
    ray = pytest.importorskip("ray")
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    from igo.arena.ray_start import loopback_cluster

    config = load_config(tiny_config(tmp_path, records))
    with loopback_cluster(nodes=2, cpus_per_node=1):
        head = ray.get_runtime_context().get_node_id()  # the driver's node
        (second,) = [n["NodeID"] for n in ray.nodes() if n["Alive"] and n["NodeID"] != head]
        where = ray.remote(num_cpus=1)(lambda: os.getppid()).options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(second, soft=False))
        raylet = ray.get(where.remote())  # a worker's parent: the second node's raylet
        stop = _killer(config, raylet)
        try:
            report = run_evolution(config, ExecutorConfig(ray=True))
        finally:
            stop()
        assert report.steps_done == 2
    assert _killed_workers[0] >= 1 and errors(config)
    check_same_games(config, reference)


_killed_workers = [0]


def _killer(config: EvolveConfig, raylet: int) -> object:
    """A thread that SIGKILLs the worker processes under ``raylet`` that are playing a game,
    until a failed attempt is recorded; returns a function that stops it.

    A game of the tiny run takes about 50 ms and the whole run about 2 s, so the thread
    looks every few milliseconds from the start (it looked every 0.3 s once two games were
    stored, and once on a loaded CI machine the run ended before it saw a game)."""
    import threading

    done = threading.Event()

    def run() -> None:
        while not done.is_set() and not (_killed_workers[0] and _has_errors(config)):
            for pid in descendants(raylet) - {raylet}:
                try:
                    cmd = (PROC / str(pid) / "cmdline").read_bytes()
                except OSError:
                    continue
                # a worker playing a game, not an idle one (killing it records nothing),
                # one training a model, nor the node's agents
                if cmd.startswith(b"ray::play_individual_game"):
                    try:
                        os.kill(pid, signal.SIGKILL)
                        _killed_workers[0] += 1
                    except ProcessLookupError:
                        pass
            time.sleep(0.005)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def stop() -> None:
        done.set()
        thread.join()

    return stop


def _has_errors(config: EvolveConfig) -> bool:
    try:
        return bool(errors(config))
    except sqlite3.OperationalError:
        return False
