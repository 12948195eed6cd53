"""Play games between players: referee, match configuration, results store, runner,
statistics. A library first (experiments play hundreds of games through it); ``igo
match`` is a thin shell over :func:`run_match` and :func:`summarize`. Games run on an
executor (:mod:`igo.arena.executor`): in this process, in a pool of local worker
processes (the default), or on Ray (:mod:`igo.arena.ray_start`).

>>> from igo.arena import ExecutorConfig, MatchConfig, MatchStore  # doctest: +SKIP
>>> from igo.arena import run_match, summarize  # doctest: +SKIP
>>> config = MatchConfig("igo:random", "gtp:/usr/games/gnugo --mode gtp", games=10)
>>> with MatchStore("results.sqlite") as store:
...     report = run_match(config, store, executor=ExecutorConfig(workers=4))
...     stats = summarize(store.games(report.match_id), config.black, config.white)
"""

from igo.arena.adjudicate import DeadStoneJudge, Judgement
from igo.arena.config import MatchConfig, MatchConfigError
from igo.arena.executor import Executor, ExecutorConfig
from igo.arena.executors import open_executor
from igo.arena.referee import GameOutcome, GameSettings, Referee
from igo.arena.runner import RunReport, play_outcome, run_match
from igo.arena.stats import MatchStats, summarize
from igo.arena.store import GameRow, MatchStore, StoreError

__all__ = [
    "DeadStoneJudge",
    "Executor",
    "ExecutorConfig",
    "GameOutcome",
    "GameRow",
    "GameSettings",
    "Judgement",
    "MatchConfig",
    "MatchConfigError",
    "MatchStats",
    "MatchStore",
    "Referee",
    "RunReport",
    "StoreError",
    "open_executor",
    "play_outcome",
    "run_match",
    "summarize",
]
