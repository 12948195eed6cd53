"""The evolution loop of Sato & Takahashi (Fig. 2), resumable, on any executor.

1. The initial population: ``N`` weight vectors from PBILc (:func:`igo.evolve.pbilc.start`),
   each trained into a model (:func:`igo.evolve.individual.train_individual`, one task each).
2. Its ratings: rounds of ``result+ranking+random`` pairings (two colour-swapped games
   each) until every individual has played ``initial_games`` games on average; Elo by
   Coulom's MM (:mod:`igo.arena.ratings`) over every game so far. Then the first PBILc
   update (step 0).
3. Steps ``1 … steps``: sample weights from PBILc → train an individual with them → rate
   it in rounds of pairings against uniformly drawn members of the population, until it
   has played ``new_games`` games, or at least ``min_games`` and it is rated last (the
   paper stops at 1,000 games when the new individual is last) → update PBILc with the
   ratings of the whole population (every game ever played counts).

Everything the loop decides is drawn from generators seeded by ``(seed, step, …)`` and
planned in the database before it is played (:mod:`igo.evolve.store`), so a driver killed
at any moment (SIGKILL included) resumes where it stopped: the planned games still open are
played again with their own seeds, none is played twice and none that finished is lost.
A task whose worker dies (a killed process, a lost Ray node) is recorded in ``errors`` and
run again, up to :data:`MAX_ATTEMPTS` times.

Progress goes to ``report`` (a callable taking one line): one line a round with the step,
the games so far, the games per second of this session, the best individual and the new
one's rating and rank.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np

from igo.arena.executor import Executor, ExecutorConfig, Finished
from igo.arena.ratings import Ratings, RatingsConfig
from igo.arena.runner import PlayedGame
from igo.arena.runner import _opened as opened
from igo.evolve.config import EvolveConfig, EvolveConfigError
from igo.evolve.games import (
    GameTask,
    black_score,
    game_task,
    initial_pairings,
    last_pair_points,
    new_individual_pairings,
    play_individual_game,
)
from igo.evolve.individual import Trained, player_spec, train_individual
from igo.evolve.pbilc import PbilcState, sample, start, update
from igo.evolve.store import EvolveStore, GameResult, PlannedGame, StepRow
from igo.evolve.subset import prepare_subset

MAX_ATTEMPTS = 3
DB_NAME = "evolve.sqlite"

Report = Callable[[str], None]


class EvolveError(RuntimeError):
    """The loop cannot go on (an individual could not be trained)."""


@dataclass(frozen=True, slots=True)
class LoopReport:
    """What one call of :func:`run_evolution` did."""

    steps_done: int
    individuals: int
    games_played: int
    failed_attempts: int
    seconds: float


def database_path(config: EvolveConfig) -> Path:
    """Where the run's database is."""
    return config.out / DB_NAME


def run_evolution(config: EvolveConfig, executor: ExecutorConfig | Executor | None = None,
                  report: Report | None = None) -> LoopReport:
    """Run (or resume) the loop until ``config.steps`` steps are done.

    Parameters
    ----------
    config
        The run; its folder ``config.out`` holds the database, models, games and data.
    executor
        Where training and games run: an :class:`ExecutorConfig` (opened here and closed
        after; default a local process pool, no network) or an open :class:`Executor`.
    report
        Called with one progress line at a time (default: nothing).

    Raises
    ------
    EvolveConfigError
        If the folder holds a run with another configuration.
    """
    t0 = time.monotonic()
    config.out.mkdir(parents=True, exist_ok=True)
    with EvolveStore(database_path(config)) as store:
        _check_same_run(store, config)
        say = report or (lambda line: None)
        say(f"preparing the training subset ({config.subset} records) in {config.out / 'data'}")
        prepare_subset(config.out / "data", config.records, config.subset, config.stride)
        relocate_models(store, config)
        reopened = store.reopen_failed()
        if reopened:
            say(f"{reopened} game(s) given up by an earlier run are tried again")
        before = store.game_counts().get("done", 0)
        errors_before = len(store.errors())
        with opened(executor or ExecutorConfig()) as ex:
            loop = _Loop(config, store, ex, say)
            loop.run()
        steps = store.steps()
        return LoopReport(len(steps) - 1 if steps else 0, len(store.individuals()),
                          store.game_counts().get("done", 0) - before,
                          len(store.errors()) - errors_before, time.monotonic() - t0)


def model_path(config: EvolveConfig, individual: int) -> Path:
    """Where the loop writes the model file of ``individual``."""
    return config.out / "models" / f"individual-{individual:05d}.npz"


def relocate_models(store: EvolveStore, config: EvolveConfig) -> int:
    """Point every trained individual at its model file under ``config.out`` (a run whose
    folder was moved, or copied to another machine); an individual whose file is in
    neither place is marked untrained, and the loop trains it again from its stored
    weights (the same seed and shuffling: on the same machine, the same model bit for
    bit). Returns how many were marked untrained."""
    lost = 0
    for ind in store.individuals():
        if ind.model_path is None:
            continue
        here = model_path(config, ind.id)
        if Path(ind.model_path) == here and here.exists():
            continue
        if here.exists():
            store.set_model_path(ind.id, str(here))
        elif not Path(ind.model_path).exists():
            store.set_model_path(ind.id, None)
            lost += 1
    return lost


def _check_same_run(store: EvolveStore, config: EvolveConfig) -> None:
    stored = store.get_meta("config")
    if stored is None:
        store.set_meta("config", config.to_json())
        return
    old = EvolveConfig.from_dict(json.loads(stored))
    mine, theirs = config.identity(), old.identity()
    diff = [k for k in mine if mine[k] != theirs.get(k)]
    if diff:
        raise EvolveConfigError(f"{store.path} holds a run with other settings ({', '.join(diff)}"
                                "); use another 'out' folder or the same settings")
    store.set_meta("config", config.to_json())  # steps may grow


def _describe(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()[-4000:]


class _Loop:
    """The driver's state for one session (everything durable is in the store)."""

    def __init__(self, config: EvolveConfig, store: EvolveStore, ex: Executor,
                 say: Report) -> None:
        self.config = config
        self.pbilc = config.pbilc_config()
        self.store = store
        self.ex = ex
        self.say = say
        self.session_games = 0
        self.t0 = time.monotonic()
        self._fitted: tuple[tuple[int, ...], list[tuple[int, int, float]], Ratings] | None = None

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        done = {row.step for row in self.store.steps()}
        todo = [step for step in range(1, self.config.steps + 1) if step not in done]
        # individuals without a model: lost files (a moved run), or a training cut off
        untrained = sum(ind.model_path is None for ind in self.store.individuals())
        if 0 not in done:
            self.initial_step()
        elif untrained and todo:
            self.say(f"{untrained} individual(s) without a model file: trained from their "
                     "stored weights first")
            self.work(None)
        elif untrained:  # a finished run: nothing will play them
            self.say(f"all {self.config.steps} steps are done: {untrained} individual(s) "
                     "without a model file, not trained (no game is left to play)")
        for step in todo:
            self.new_step(step)

    def rng(self, *key: int) -> np.random.Generator:
        """The generator of one decision, from the run's seed and ``key``."""
        return np.random.default_rng([self.config.seed, *key])

    def initial_step(self) -> None:
        if not self.store.individuals():
            state = start(self.pbilc, self.rng(0, 0))
            self.store.add_individuals(0, state.population)
        self.work(None)
        players = [ind.id for ind in self.store.individuals()]
        target = len(players) * self.config.games.initial_games // 2
        while True:
            self.work(0)
            planned = self.store.planned_count(0)
            if planned >= target:
                break
            round_ = self.store.rounds(0)
            ranking = self.ranking(players)
            last = last_pair_points(self.store.finished_games(), players)
            pairs = min(self.config.games.round_pairs, max(1, (target - planned + 1) // 2))
            games = initial_pairings(players, ranking, last, pairs, self.rng(0, 1, round_))
            self.store.plan_games(0, round_, games)
        self.finish_step(0, None)

    def new_step(self, step: int) -> None:
        state = self.pbilc_state()
        mine = [ind for ind in self.store.individuals() if ind.step == step]
        if not mine:
            weights = sample(self.pbilc, state, self.rng(step, 0))
            new = self.store.add_individual(step, weights)
        else:
            new = mine[0].id
        others = [ind.id for ind in self.store.individuals() if ind.id != new]
        play = self.config.games
        if play.idle_pairs and self.store.rounds(step) == 0:
            # Sato & Takahashi's step 5: while the new individual trains, the others play
            ranking = [p for p in self.ranking([*others, new]) if p != new]
            last = last_pair_points(self.store.finished_games(), others)
            self.store.plan_games(step, 0, initial_pairings(
                others, ranking, last, play.idle_pairs, self.rng(step, 2)))
        while True:
            self.work(step)
            ratings = self.fit()
            counts = dict(zip(ratings.names, ratings.games_per_player(), strict=True))
            n_new = int(counts.get(str(new), 0))
            ranking = [int(r.name) for r in ratings.table()]
            rated_last = ranking[-1] == new if new in ranking else False
            if n_new >= play.new_games or (n_new >= play.min_games and rated_last):
                break
            round_ = self.store.rounds(step)
            pairs = min(play.round_pairs, max(1, (play.new_games - n_new + 1) // 2))
            self.store.plan_games(step, round_, new_individual_pairings(
                new, others, pairs, self.rng(step, 1, round_)))
        self.finish_step(step, new)

    # ------------------------------------------------------------------ PBILc
    def pbilc_state(self) -> PbilcState:
        steps = self.store.steps()
        last = steps[-1]
        inds = self.store.individuals()
        population = tuple(ind.weights for ind in inds if ind.step <= last.step)
        return PbilcState(last.step + 1, last.centre, last.sigma, population,
                          (np.nan,) * len(population))

    def finish_step(self, step: int, new: int | None) -> None:
        inds = self.store.individuals()
        ratings = self.fit()
        table = {int(r.name): r for r in ratings.table()}
        fitness = [table[ind.id].elo for ind in inds]
        if step == 0:
            state = PbilcState(0, np.ones(self.pbilc.length),
                               np.full(self.pbilc.length, np.sqrt(self.pbilc.initial_variance)),
                               tuple(ind.weights for ind in inds), (np.nan,) * len(inds))
        else:
            prev = self.pbilc_state()
            state = PbilcState(step, prev.centre, prev.sigma,
                               tuple(ind.weights for ind in inds), (np.nan,) * len(inds))
        state = update(self.pbilc, state, fitness)
        best = max(table.values(), key=lambda r: r.elo)
        rows = [(int(r.name), r.elo, r.low, r.high, r.games) for r in table.values()]
        total = self.store.game_counts().get("done", 0)
        self.store.finish_step(StepRow(step, new, state.centre, state.sigma, int(best.name),
                                       best.elo, total), rows)
        line = (f"step {step}/{self.config.steps} done: {len(inds)} individuals, {total} games,"
                f" best #{best.name} {best.elo:+.0f} Elo")
        if new is not None:
            r = table[new]
            rank = sorted(table.values(), key=lambda x: -x.elo).index(r) + 1
            line += (f", new #{new} {r.elo:+.0f} [{r.low:+.0f}, {r.high:+.0f}]"
                     f" rank {rank}/{len(inds)}")
        self.say(line)

    # ------------------------------------------------------------------ ratings
    def fit(self) -> Ratings:
        """The ratings of every individual from every finished game, fitted from zero;
        the same fit is reused while no individual or game has been added (a fit of a
        few hundred players and tens of thousands of games takes a second, while the
        workers wait)."""
        ids = tuple(ind.id for ind in self.store.individuals())
        results = self.store.results()
        if self._fitted is not None and self._fitted[:2] == (ids, results):
            return self._fitted[2]
        ratings = Ratings(RatingsConfig())
        ratings.add_players(str(i) for i in ids)
        if results:
            ratings.add((str(b), str(w), s) for b, w, s in results)
            ratings.fit()
        self._fitted = (ids, results, ratings)
        return ratings

    def ranking(self, players: list[int]) -> list[int]:
        if not self.store.results():
            return list(players)
        return [int(r.name) for r in self.fit().table()]

    # ------------------------------------------------------------------ tasks
    def work(self, step: int | None) -> None:
        """Train every individual that has no model yet and play the open games of
        ``step`` (if given), all on the executor at once; failed tasks run again."""
        training = self.submit_training()
        games = self.submit_games(step) if step is not None else {}
        t, trained = time.monotonic(), 0
        while self.ex.pending:
            done = self.ex.next_done()
            kind, key = cast(tuple[str, int], done.key)
            if kind == "train":
                trained += self.training_done(done, key, training)
            else:
                self.game_done(done, key, games)
        if training:
            self.say(f"trained {len(training)} individual(s) in {time.monotonic() - t:.0f} s")
        if step is not None and games:
            self.progress(step)
            self.check_rounds(step, {g.round for g, _, _ in games.values()})

    def submit_training(self) -> dict[int, list[Any]]:
        """Submit the training of every individual without a model: ``id -> [args,
        attempts]``."""
        todo = [ind for ind in self.store.individuals() if ind.model_path is None]
        data_dir = str(self.config.out / "data")
        jobs: dict[int, list[Any]] = {
            ind.id: [(ind.id, data_dir, [float(x) for x in ind.weights], self.config.mode,
                      self.config.train, self.config.seed,
                      str(model_path(self.config, ind.id))), 0] for ind in todo}
        for key, (args, _) in jobs.items():
            self.ex.submit(("train", key), train_individual, *args)
        return jobs

    def training_done(self, done: Finished, key: int, jobs: dict[int, list[Any]]) -> int:
        """Store a trained individual (1) or run its training again (0)."""
        if done.error is not None:
            jobs[key][1] += 1
            self.say(f"training individual #{key} failed ({_describe(done.error)})")
            if jobs[key][1] >= MAX_ATTEMPTS:
                raise EvolveError(f"individual #{key} failed to train {MAX_ATTEMPTS} "
                                  f"times: {_describe(done.error)}")
            self.ex.submit(("train", key), train_individual, *jobs[key][0])
            return 0
        trained = cast(Trained, done.value)
        self.store.set_trained(key, trained.model_path, trained.seconds,
                               trained.log_likelihood)
        if len(jobs) > 1:
            self.say(f"trained #{key} in {trained.seconds:.0f} s, log-likelihood "
                     f"{trained.log_likelihood:.3f}")
        return 1

    def spec(self, individual: int, paths: dict[int, str | None]) -> str:
        path = paths[individual]
        if path is None:
            raise EvolveError(f"individual #{individual} has no model file")
        return player_spec(path, self.config.games)

    def submit_games(self, step: int) -> dict[int, tuple[PlannedGame, GameTask, list[int]]]:
        """Submit the open games of ``step`` whose players are trained: ``id -> (game,
        task, [attempts])``."""
        paths = {ind.id: ind.model_path for ind in self.store.individuals()}
        games = {}
        for g in self.store.open_games(step):
            if paths[g.black] is None or paths[g.white] is None:
                continue  # (a new individual's games wait for its training)
            task = game_task(self.spec(g.black, paths), self.spec(g.white, paths), g.seed,
                             self.config.games)
            games[g.id] = (g, task, [g.attempts])
            self.ex.submit(("game", g.id), play_individual_game, task)
        return games

    def game_done(self, done: Finished, gid: int,
                  games: dict[int, tuple[PlannedGame, GameTask, list[int]]]) -> None:
        """Store a finished game, or run it again (up to :data:`MAX_ATTEMPTS` tries)."""
        game, task, tried = games[gid]
        if done.error is None:
            self.store_game(game, cast(PlayedGame, done.value))
            return
        tried[0] += 1
        give_up = tried[0] >= MAX_ATTEMPTS
        self.store.fail_attempt(gid, _describe(done.error), give_up=give_up)
        if not give_up:
            self.ex.submit(("game", gid), play_individual_game, task)

    def check_rounds(self, step: int, rounds: set[int]) -> None:
        """Stop when every game of a round failed (a broken model, a broken cluster)."""
        for round_ in sorted(rounds):
            counts = self.store.round_counts(step, round_)
            if counts.get("done", 0) == 0 and counts.get("failed", 0) > 0:
                last = self.store.errors()[-1][2] if self.store.errors() else "?"
                raise EvolveError(f"every game of step {step} round {round_} failed "
                                  f"{MAX_ATTEMPTS} times (last: {last}); fix the cause and "
                                  "run again to retry them")

    def store_game(self, game: PlannedGame, played: PlayedGame) -> None:
        folder = self.config.out / "games" / f"step-{game.step:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"game-{game.id:06d}.sgf"
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(played.sgf, encoding="utf-8")
        os.replace(tmp, path)  # the file first: a finished row always has its SGF
        if self.store.finish_game(game.id, GameResult(black_score(played.winner), played.result,
                                                      played.reason, played.moves,
                                                      played.duration, str(path))):
            self.session_games += 1

    def progress(self, step: int) -> None:
        elapsed = max(time.monotonic() - self.t0, 1e-9)
        counts = self.store.game_counts()
        best = (f"best #{r.name} {r.elo:+.0f} Elo" if self.store.results()
                and (r := self.fit().table()[0]) else "no game yet")
        self.say(f"step {step}/{self.config.steps} round {self.store.rounds(step)}: "
                 f"{counts.get('done', 0)} games stored, {best},"
                 f" {self.session_games / elapsed:.2f} games/s this session"
                 + (f", {counts['failed']} failed" if counts.get("failed") else ""))
