"""Running a match: every missing game, on an executor of :mod:`igo.arena.executor`.

:func:`play_game` plays game ``i`` of a match from its configuration alone (the players
are created from their specs with randomness seeded by ``seed + i``, then closed), so
it can run anywhere: in this process, in a spawned worker process, or as a Ray task on
any node of a cluster, and gives the same game everywhere. It returns the SGF text; the
driver writes the file and the database row (which holds the SGF text too, so the
database carries every game's record), so results land on the driver's disk as they
arrive, one committed game at a time (a killed match resumes from there).

A game that fails (an engine crashed, timed out or refused a legal move, or the worker
process playing it died) is recorded in the ``errors`` table and tried once more; a game
that fails twice is left missing (a later resume tries it again). Nothing stops the
match, except a sequential test: with ``sprt`` (:mod:`igo.arena.sprt`) the games are
played in index order, at most as many at once as the executor runs, and no new game
starts once the stored results decide the test (the games already running are finished
and stored). A resumed match looks at its stored games first.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from igo.arena.adjudicate import DeadStoneJudge
from igo.arena.config import MatchConfig
from igo.arena.executor import Executor, ExecutorConfig
from igo.arena.executors import open_executor
from igo.arena.referee import GameOutcome, GameSettings, Referee, random_opening
from igo.arena.sprt import SprtConfig, SprtState, sequential_state
from igo.arena.store import GameRow, MatchStore
from igo.core.coords import Point
from igo.players.base import Player
from igo.players.registry import make_player, spec_label

MAX_ATTEMPTS = 2  # a failed game is retried once


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """What a worker sends back: the stored fields plus the SGF text."""

    index: int
    black: str
    white: str
    winner: str | None
    result: str
    reason: str
    moves: int
    duration: float
    sgf: str


@dataclass(frozen=True, slots=True)
class RunReport:
    """What one call of :func:`run_match` did."""

    match_id: int
    played: int
    skipped: int
    failed: list[int]
    errors: int
    seconds: float
    sprt: SprtState | None = None
    unplayed: int = 0  # games not started because the sequential test was decided


def game_settings(config: MatchConfig, index: int = 0) -> GameSettings:
    """The referee's :class:`GameSettings` for game ``index`` of ``config`` (its
    random opening, if any, drawn from the game's seed)."""
    opening: tuple[Point, ...] = ()
    if config.random_opening:
        opening = random_opening(config.size, config.random_opening,
                                 config.opening_rng(index), config.ruleset, config.handicap)
    return GameSettings(size=config.size, komi=config.komi, rules=config.ruleset,
                        move_cap=config.move_cap, handicap=config.handicap,
                        allow_resign=config.allow_resign, opening=opening,
                        time=config.time_control(), lag=config.lag,
                        net_lag=config.net_lag)


def make_referee(config: MatchConfig, index: int = 0) -> Referee:
    """A :class:`Referee` for game ``index`` with ``config``'s settings and judge."""
    judge = DeadStoneJudge(config.effective_dead_stones, config.gnugo,
                           timeout=config.move_timeout)
    return Referee(game_settings(config, index), judge)


def play_outcome(config: MatchConfig, index: int) -> GameOutcome:
    """Play game ``index`` of the match and return the referee's outcome.

    The players are created from the specs (colours swapped in odd games), seeded
    from ``config.seed + index``, and closed afterwards. Two different specs that
    report the same name (GNU Go at two levels) are told apart by their spec.
    """
    specs = config.colors(index)
    rngs = config.game_rngs(index)
    players: list[Player] = []
    try:
        for spec, rng in zip(specs, rngs, strict=True):
            players.append(make_player(spec, rng, timeout=config.move_timeout))
        if players[0].name == players[1].name and specs[0] != specs[1]:
            for p, spec in zip(players, specs, strict=True):  # tell them apart in records
                p.name = f"{p.name} ({spec_label(spec)})"
        return make_referee(config, index).play(
            players[0], players[1], source=f"{config.match_name} game {index}")
    finally:
        for p in players:
            with contextlib.suppress(Exception):
                p.close()


def play_game(config_json: str, index: int) -> PlayedGame:
    """Play game ``index`` of the match described by ``config_json`` (see
    :meth:`MatchConfig.to_json`); runs in a worker process or in the driver."""
    from igo.sgf import to_sgf

    config = MatchConfig.from_json(config_json)
    out = play_outcome(config, index)
    rec = out.record
    winner = out.winner.letter if out.winner is not None else None
    return PlayedGame(index, rec.black, rec.white, winner, out.result, out.reason,
                      len(rec.moves), out.duration, to_sgf(rec, properties=out.move_properties))


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _store_game(store: MatchStore, match_id: int, config: MatchConfig,
                game: PlayedGame) -> None:
    path = config.sgf_path(game.index)
    _write_atomic(path, game.sgf)  # the file first: a stored row always has its SGF
    store.add_game(match_id, GameRow(game.index, game.black, game.white, game.winner,
                                     game.result, game.reason, game.moves, str(path),
                                     game.duration), sgf=game.sgf)  # the record in the row too


def _describe(exc: BaseException) -> str:
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return text[-4000:]


Progress = Callable[[int], None]


def run_match(
    config: MatchConfig,
    store: MatchStore,
    *,
    executor: ExecutorConfig | Executor | None = None,
    progress: bool = True,
    sprt: SprtConfig | None = None,
) -> RunReport:
    """Play every game of ``config`` that ``store`` does not hold yet.

    Parameters
    ----------
    config
        The match; its SGF files go to ``config.out_dir``.
    store
        Results database; the match is found by ``config.match_name`` (created if
        new; a stored match with other settings raises ``MatchConfigError``).
    executor
        Where the games are played: an :class:`ExecutorConfig` (opened for this match
        and closed after it; default ``ExecutorConfig()``, a process pool with one worker
        per core) or an open :class:`Executor` (used, and left open, so that many
        matches can share one pool).
    progress
        Show a progress bar on stderr.
    sprt
        Stop when this sequential test is decided (``config.games`` is then the most
        games played); the report's ``sprt`` says where the test stands.
    """
    start = time.monotonic()
    match_id = store.open_match(config)
    config.out_dir.mkdir(parents=True, exist_ok=True)
    missing = store.missing_indices(match_id, config.games)
    errors_before = len(store.errors(match_id))

    def decided() -> bool:
        return sprt is not None and match_sprt(store, match_id, sprt).decision is not None

    failed: list[int] = []
    unplayed: list[int] = []
    if missing and not decided():
        with _progress_bar(config.games, config.games - len(missing), progress) as bar, \
                _opened(executor or ExecutorConfig()) as ex:
            failed, unplayed = _play_missing(ex, config, store, match_id, missing, bar,
                                             decided)
    elif missing:
        unplayed = missing
    return RunReport(match_id, len(missing) - len(failed) - len(unplayed),
                     config.games - len(missing), failed,
                     len(store.errors(match_id)) - errors_before, time.monotonic() - start,
                     None if sprt is None else match_sprt(store, match_id, sprt),
                     len(unplayed))


def match_sprt(store: MatchStore, match_id: int, config: SprtConfig) -> SprtState:
    """The sequential test ``config`` on the games of match ``match_id`` stored so far
    (the first player's wins, draws and losses), decided by the first bound crossed in
    the order the games ended (:func:`igo.arena.sprt.sequential_state`)."""
    scores = []
    for row in store.games(match_id, by_finish=True):
        first_colour = "B" if row.index % 2 == 0 else "W"
        scores.append(0.5 if row.winner is None else float(row.winner == first_colour))
    return sequential_state(config, scores)


@contextlib.contextmanager
def _opened(executor: ExecutorConfig | Executor) -> Iterator[Executor]:
    """``executor`` if it is open already, else a new one closed on exit."""
    if isinstance(executor, Executor):
        yield executor
        return
    with open_executor(executor) as ex:
        yield ex


@contextlib.contextmanager
def _progress_bar(total: int, initial: int, enabled: bool) -> Iterator[Progress]:
    from tqdm import tqdm

    with tqdm(total=total, initial=initial, file=sys.stderr, disable=not enabled,
              unit="game", desc="match") as bar:
        yield bar.update


def _play_missing(ex: Executor, config: MatchConfig, store: MatchStore, match_id: int,
                  missing: list[int], bar: Progress,
                  stop: Callable[[], bool]) -> tuple[list[int], list[int]]:
    """Play the ``missing`` games on ``ex`` in order, as many at once as it runs, store
    each as it ends and retry failures; no new game starts once ``stop()`` is true.
    Returns the games that failed :data:`MAX_ATTEMPTS` times and those never started."""
    text = config.to_json()
    attempts = dict.fromkeys(missing, 1)
    queue = list(reversed(missing))
    width = max(1, ex.capacity)
    failed = []
    stopped = False
    while queue or ex.pending:
        while queue and not stopped and ex.pending < width:
            index = queue.pop()
            ex.submit(index, play_game, text, index)
        if not ex.pending:
            break
        done = ex.next_done()
        index = cast(int, done.key)
        if done.error is None:
            _store_game(store, match_id, config, done.value)
            bar(1)
            stopped = stopped or stop()
            continue
        store.add_error(match_id, index, attempts[index], _describe(done.error))
        if attempts[index] < MAX_ATTEMPTS:
            attempts[index] += 1
            ex.submit(index, play_game, text, index)
        else:
            failed.append(index)
    return sorted(failed), sorted(queue)
