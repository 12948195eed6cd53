"""Play games between players: referee, match configuration, results store, runner,
statistics. A library first (experiments play hundreds of games through it); ``igo
match`` is a thin shell over :func:`run_match` and :func:`summarize`.

>>> from igo.arena import MatchConfig, MatchStore, run_match, summarize  # doctest: +SKIP
>>> config = MatchConfig("igo:random", "gtp:/usr/games/gnugo --mode gtp", games=10)
>>> with MatchStore("results.sqlite") as store:
...     report = run_match(config, store, workers=4)
...     stats = summarize(store.games(report.match_id), config.black, config.white)
"""

from igo.arena.adjudicate import DeadStoneJudge, Judgement
from igo.arena.config import MatchConfig, MatchConfigError
from igo.arena.referee import GameOutcome, GameSettings, Referee
from igo.arena.runner import RunReport, play_outcome, run_match
from igo.arena.stats import MatchStats, summarize
from igo.arena.store import GameRow, MatchStore, StoreError

__all__ = [
    "DeadStoneJudge",
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
    "play_outcome",
    "run_match",
    "summarize",
]
