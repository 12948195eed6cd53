"""Every strength figure of the READMEs and of the review page, counted from the committed
match databases and game records, and written into the files that show them.

    python experiments/figures.py            # rewrite the generated blocks
    python experiments/figures.py --check    # exit 1 if a block differs from the data
    python experiments/figures.py --print    # the rows, one a line, nothing written
    python experiments/figures.py --records  # the rows whose games lack an SGF record

Each row of :data:`FIGURES` names a match: its board, opponent, conditions and engine,
and where its games are: ``igo match`` databases (``.sqlite`` or ``.sqlite.xz``, every
match in them unless some are named), a folder of SGF records packed as ``.tar.xz``, or,
where the database was not committed, the row that ``strength_table.py --json`` kept of
it. A row's wins, draws and losses are the first player's (igo's; Black in even games,
the arena's convention). A game counts when it has a result: a win (by resignation,
score, time or forfeit) or a draw by score; one stopped at the move cap and scored as it
stood, or one with no result, is *cut short* and counted in no row (``igo match`` keeps
the attempts that failed in another table, which holds no games). The score counts a draw
as half a win; its 95 % interval is Wilson's, ``p`` the exact binomial test of wins
against losses (draws left out) and Elo the score's, with the interval's bounds mapped
the same way: :func:`igo.arena.stats.summarize`, as ``igo match`` and
``tabu_mcts/match_stats.py`` print them. A database's game has its SGF record when its
row holds the record's text (``igo match`` stores it since 2026-12-07, commit 8832591;
``igo match --export-sgf DIR DB`` writes the files) or when ``NAME-sgf.tar.xz`` beside
``NAME.sqlite.xz`` holds the game's file (older databases keep results, not moves: a
record lost with its ``runs/`` folder cannot be made again). Each
engine's seconds a move are read from the think-time files that ``tabu_mcts/think_times.py``
wrote from the engines' own logs.

The same counting writes the tables of ``docs/engine-defaults.md``, one a section, and
those of the choices in ``experiments/policy_net/`` and ``experiments/small_boards/``
(:data:`EVIDENCE`: the matches behind each default, igo with one option against another
or against Pachi).

The tables go between the lines
``<!-- BEGIN GENERATED NAME: python experiments/figures.py -->`` and
``<!-- END GENERATED NAME -->`` (in ``src/igo/review/judge.py``: ``# BEGIN GENERATED
NAME: ...`` and ``# END GENERATED NAME``); nothing outside them is touched, and a file
without its markers is reported and skipped (``--check`` fails on it).
"""

from __future__ import annotations

import argparse
import io
import json
import lzma
import math
import os
import re
import shutil
import sqlite3
import sys
import tarfile
import tempfile
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from igo.arena.stats import MatchStats, summarize
from igo.arena.store import GameRow, MatchStore

ROOT = Path(__file__).resolve().parents[1]
TACTICS = "experiments/tabu_mcts/results/tactics"
RESULTS = "experiments/tabu_mcts/results"
COMMAND = "python experiments/figures.py"
PACHI = "Pachi 12.90"
GNUGO = "GNU Go 3.8 level 10"
KATAGO = "KataGo 1.18.1's raw policy (its b10c384 net, one visit a move)"
#: the options of Pachi's form of the prior and the policy net at the root, the pair that
#: ``ec5b677`` made the default from 9x9 up
PAIR = "`prior_sharpness=0,prior_wins=300,net=default,net_visits=1000000`"


# ------------------------------------------------------------------ where games are
@dataclass(frozen=True)
class Db:
    """An ``igo match`` database: every match in it, or those of ``matches`` (ids)."""

    path: str
    matches: tuple[int, ...] = ()


@dataclass(frozen=True)
class Records:
    """SGF records packed in a ``.tar.xz``; ``player`` is a part of igo's name (PB/PW)."""

    path: str
    player: str


@dataclass(frozen=True)
class Kept:
    """A row that ``strength_table.py --json`` kept (its ``folder``) of a database that
    was not committed: the counts are the file's, and no record backs them."""

    path: str
    folder: str


Source = Db | Records | Kept


@dataclass(frozen=True)
class Figure:
    """One strength row: a match of igo against an opponent."""

    key: str
    board: int
    opponent: str
    conditions: str
    #: the engine that played, a commit (and its date) or a description
    engine: str
    sources: tuple[Source, ...]
    #: think-time files (``think_times.py --json``), both engines' logs
    think_times: tuple[str, ...] = ()
    #: a row of the default a user gets (README's table)
    current: bool = False
    #: the review page's sentence for it ("" leaves the row off the page)
    judge: str = ""
    #: what the reader should know beside the counts
    note: str = ""
    #: the names of the two players' logs in :attr:`think_times` (``""``: the opponent's
    #: first word), where both are igo
    log_names: tuple[str, str] = ("igo", "")


def _engine(commit: str, date: str, extra: str = "") -> str:
    return f"`{commit}` ({date}{', ' + extra if extra else ''})"


#: Every strength row of the READMEs and the review page. The engine's date is its
#: commit's (``git log -1 --format=%ad --date=short COMMIT``; the test checks it).
FIGURES: tuple[Figure, ...] = (
    Figure("9-pachi-clock-3728c71", 9, PACHI,
           "one 2-minute sudden-death clock each, each engine managing its own",
           _engine("3728c71", "2026-12-02"),
           (Db(f"{TACTICS}/pachi-clock120-amaf.sqlite.xz"),
            Db(f"{TACTICS}/pachi-clock120-amaf-b.sqlite.xz")),
           (f"{TACTICS}/pachi-clock120-amaf-think-times.json",
            f"{TACTICS}/pachi-clock120-amaf-think-times-2026-12-02.json",
            f"{TACTICS}/pachi-clock120-amaf-b-think-times.json",
            f"{TACTICS}/pachi-clock120-amaf-b-think-times-2026-12-02.json"),
           current=True, judge="one 2-minute sudden-death clock each, each engine managing "
           "its own time"),
    Figure("9-pachi-clock-ec5b677", 9, PACHI,
           "one 2-minute sudden-death clock each, each engine managing its own",
           _engine("ec5b677", "2026-11-30", "before the 9x9 AMAF change"),
           (Db(f"{TACTICS}/pachi-clock120-pair.sqlite.xz"),),
           (f"{TACTICS}/pachi-clock120-pair-think-times.json",)),
    Figure("9-pachi-clock-36e9d86", 9, PACHI,
           "one 2-minute sudden-death clock each, each engine managing its own",
           _engine("36e9d86", "2026-11-29"),
           (Db(f"{TACTICS}/pachi-clock120.sqlite.xz"),),
           (f"{TACTICS}/pachi-clock120-think-times.json",)),
    Figure("9-pachi-1s-8c2e7f7", 9, PACHI, "1 s a move each, one core for both",
           _engine("8c2e7f7", "2026-11-30"),
           (Db(f"{TACTICS}/pachi-1s-rave.sqlite.xz"),),
           (f"{TACTICS}/pachi-1s-rave-think-times.json",),
           current=True, judge="1 s a move each, one core for both"),
    Figure("9-pachi-1s-8da519e-numpy", 9, PACHI, "1 s a move each, one core for both",
           _engine("8da519e", "2026-12-07", "the net run by numpy (`IGO_NET_ENGINE=numpy`): "
                   "the engine of an install without PyTorch"),
           (Db(f"{TACTICS}/pachi-1s-numpy.sqlite.xz"),),
           (f"{TACTICS}/pachi-1s-numpy-think-times.json",),
           current=True),
    Figure("9-katago-1s-b913008", 9, KATAGO, "igo 1 s a move, one core for both",
           _engine("b913008", "2026-12-07"),
           (Db(f"{TACTICS}/katago-9-1s.sqlite.xz"),),
           (f"{TACTICS}/katago-9-1s-think-times.json",),
           current=True, judge="igo 1 s a move, one core for both"),
    Figure("19-katago-5s-b913008", 19, KATAGO, "igo 5 s a move, one core for both",
           _engine("b913008", "2026-12-07"),
           (Db(f"{TACTICS}/katago-19-5s.sqlite.xz"), Db(f"{TACTICS}/katago-19-5s-b.sqlite.xz")),
           (f"{TACTICS}/katago-19-5s-think-times.json",
            f"{TACTICS}/katago-19-5s-b-think-times.json"),
           current=True, judge="igo 5 s a move, one core for both",
           note="30 games stated, 20 on seed 39000 and 10 on seed 39020, one a core; stopped "
           "after 14 (2026-12-07), resumable"),
    Figure("9-pachi-1s-efa9e9f-pair", 9, PACHI, "1 s a move each, one core for both",
           _engine("efa9e9f", "2026-11-29", f"{PAIR}: the 9x9 default before the AMAF "
                   "change of `e02a450`"),
           (Db(f"{TACTICS}/pachi-1s-pinned-pw300net.sqlite.xz"),),
           (f"{TACTICS}/pachi-1s-pinned-pw300net-think-times.json",)),
    Figure("9-pachi-4s-941d07e-amaf", 9, PACHI, "4 s a move each, one core for both",
           _engine("941d07e", "2026-11-30", "`rave_equiv=1000,rave_distance=3`: the 9x9 "
                   "default since `e02a450`"),
           (Db(f"{TACTICS}/pachi-4s-rave.sqlite.xz"),
            Db(f"{TACTICS}/pachi-4s-rave-b.sqlite.xz")),
           (f"{TACTICS}/pachi-4s-rave-think-times-2026-12-02.json",
            f"{TACTICS}/pachi-4s-rave-b-think-times-2026-12-02.json"),
           current=True, judge="4 s a move each, one thread"),
    Figure("9-pachi-4s-ec5b677", 9, PACHI, "4 s a move each, one core for both",
           _engine("ec5b677", "2026-11-30", "before the 9x9 AMAF change"),
           (Db(f"{TACTICS}/pachi-4s-pair.sqlite.xz"),
            Db(f"{TACTICS}/pachi-4s-pair-b.sqlite.xz")),
           note="stopped for the AMAF change; no think times kept"),
    Figure("9-pachi-4s-faf60ad", 9, PACHI, "4 s a move each",
           _engine("faf60ad", "2026-11-29"),
           (Db(f"{TACTICS}/pachi-4s-heavy.sqlite.xz"),),
           (f"{TACTICS}/pachi-4s-heavy-think-times.json",)),
    Figure("9-pachi-20k-8c2e7f7", 9, PACHI, "20,000 playouts a move each",
           _engine("8c2e7f7", "2026-11-30"),
           (Db(f"{TACTICS}/pachi-20k-rave.sqlite.xz"),),
           current=True, judge="20,000 playouts a move each"),
    Figure("9-pachi-20k-ec5b677", 9, PACHI, "20,000 playouts a move each",
           _engine("ec5b677", "2026-11-30", "before the 9x9 AMAF change"),
           (Db(f"{TACTICS}/pachi-20k-pair.sqlite.xz"),)),
    Figure("9-pachi-20k-6a1188c", 9, PACHI, "20,000 playouts a move each",
           _engine("6a1188c", "2026-11-28"),
           (Db(f"{TACTICS}/pachi-20k.sqlite.xz"),), note="stopped by its SPRT"),
    Figure("9-pachi-2000-pair", 9, PACHI, "2,000 playouts a move each",
           f"the working tree of 2026-11-30, {PAIR} (the 9x9 default before the AMAF "
           "change of `e02a450`)",
           (Db(f"{TACTICS}/pachi2000-pw300net.sqlite.xz"),)),
    Figure("19-pachi-5s-ec5b677", 19, PACHI, "5 s a move each, one thread each, the first 7 "
           "games on a loaded machine and the others on one core for both",
           "the working tree of 2026-11-30 (the 19x19 search of `d3c47f1`; the first 7 "
           "games), then `ec5b677` (2026-11-30)",
           (Db(f"{TACTICS}/pachi19-5s-net.sqlite.xz"),
            Db(f"{TACTICS}/pachi19-5s-net-b.sqlite.xz")),
           (f"{TACTICS}/pachi19-5s-net-s24-think-times.json",
            f"{TACTICS}/pachi19-5s-net-b-think-times.json"),
           note="a fifteenth game, counted in an earlier table, is in neither database"),
    Figure("19-pachi-5s-b913008", 19, PACHI, "5 s a move each, one core for both",
           _engine("b913008", "2026-12-07"),
           (Db(f"{TACTICS}/pachi19-5s-records.sqlite.xz"),
            Db(f"{TACTICS}/pachi19-5s-records-b.sqlite.xz")),
           (f"{TACTICS}/pachi19-5s-records-think-times.json",
            f"{TACTICS}/pachi19-5s-records-b-think-times.json"),
           current=True, judge="5 s a move each, one thread",
           note="20 games stated, two halves of 10 on seeds 36700 and 36710"),
    Figure("13-pachi-2s-b913008", 13, PACHI, "2 s a move each, one core for both",
           _engine("b913008", "2026-12-07"),
           (Db(f"{TACTICS}/pachi13-2s.sqlite.xz"),),
           (f"{TACTICS}/pachi13-2s-think-times.json",),
           current=True, judge="2 s a move each, one thread",
           note="40 games stated, seed 38300"),
    Figure("19-pachi-5s-f04f639", 19, PACHI, "5 s a move each",
           _engine("f04f639", "2026-11-29"),
           (Db(f"{TACTICS}/pachi-19-5s.sqlite.xz"),),
           (f"{TACTICS}/pachi-19-5s-think-times.json",)),
    Figure("19-pachi-2000-pair", 19, PACHI, "2,000 playouts a move each",
           f"the working tree of 2026-11-30, {PAIR} (the 19x19 default since `ec5b677`)",
           (Db(f"{TACTICS}/pachi19-2000-pw300net.sqlite.xz"),),
           current=True, judge="2,000 playouts a move each"),
    Figure("19-pachi-2000-before", 19, PACHI, "2,000 playouts a move each",
           "the working tree of 2026-11-29 (the default before `ec5b677`)",
           (Db(f"{TACTICS}/pachi19-2000-net-base.sqlite.xz"),)),
    Figure("19-h2h-2s", 19, "igo with `net=,prior_wins=0` (the 19x19 default before "
           "`ec5b677`)", "2 s a move each, one core for both",
           _engine("ec5b677", "2026-11-30"),
           (Db(f"{TACTICS}/h2h19-2s.sqlite.xz"),), current=True,
           note="stopped by its SPRT (H1)"),
    Figure("13-h2h-2000", 13, "igo's default before `ec5b677`", "2,000 playouts a move each",
           f"the working tree of 2026-11-30, {PAIR} (the 13x13 default since `ec5b677`)",
           (Db(f"{TACTICS}/h2h13-2000-pw300net.sqlite.xz"),), current=True,
           note="stopped by its SPRT (H1)"),
    Figure("9-h2h-2000", 9, "igo's default before `ec5b677`", "2,000 playouts a move each",
           f"the working tree of 2026-11-30, {PAIR} (the 9x9 default before the AMAF "
           "change of `e02a450`)",
           (Db(f"{TACTICS}/h2h2000-pw300net.sqlite.xz"),), note="stopped by its SPRT (H1)"),
    Figure("9-gnugo-1s-d2061e8", 9, GNUGO, "1 s a move, both cores",
           _engine("d2061e8", "2026-11-25"),
           (Kept(f"{RESULTS}/strength_gnugo.json", "g1s_head"),),
           judge="1 s a move, both cores"),
    Figure("9-gnugo-0.3s-fb4ceb3", 9, GNUGO, "0.3 s a move, one thread",
           _engine("fb4ceb3", "2026-11-24"),
           (Kept(f"{RESULTS}/strength_gnugo.json", "g03_fb4ceb3"),),
           judge="0.3 s a move, one thread (about 2,500 playouts)"),
    Figure("19-gnugo-5s", 19, GNUGO, "5 s a move, one core a game",
           "`06a2000` (2026-11-24; games 0-28), `39ad924` (2026-11-24; games 29-49), "
           "without the policy net",
           (Records(f"{RESULTS}/gnugo19_seed9100_sgf.tar.xz", "igo"),),
           judge="5 s a move"),
)


#: the rows of ``experiments/value_net/README.md``: the plain install's engine, KataGo
VALUE_NET = ("9-pachi-1s-8da519e-numpy", "9-pachi-1s-8c2e7f7", "9-katago-1s-b913008",
             "19-katago-5s-b913008")
POLICY = "experiments/policy_net/results"
SMALL = "experiments/small_boards/results"
#: the page of each block of :data:`EVIDENCE` not on ``docs/engine-defaults.md``
EVIDENCE_PAGES = {"policy-net-ft9": "experiments/policy_net/README.md",
                  "small-boards-prior": "experiments/small_boards/README.md",
                  "value-net-lambda": "experiments/value_net/README.md"}
#: ``strength_table.py --json``'s rows of the ``strong`` preset's choice (9x9)
TUNE = f"{RESULTS}/tune_strong.json"
_BY_KEY = {f.key: f for f in FIGURES}


def _named(key: str) -> Figure:
    return _BY_KEY[key]


def _match(key: str, board: int, igo: str, against: str, conditions: str, db: str,
           note: str = "") -> Figure:
    """A match behind a default: ``igo`` (the first player) against ``against``."""
    return Figure(key, board, against, conditions, igo, (Db(f"{TACTICS}/{db}.sqlite.xz"),),
                  note=note)


#: The matches behind the engine's defaults (``docs/engine-defaults.md``, one block a
#: section) and behind the choices of ``experiments/policy_net/`` and
#: ``experiments/small_boards/`` (:data:`EVIDENCE_PAGES`): the rows of :data:`FIGURES`
#: that stand there too, and matches of one option against another (``engine`` is the igo
#: that played first, ``opponent`` the other side).
EVIDENCE: dict[str, tuple[Figure, ...]] = {
    "defaults-19": (
        _named("19-pachi-2000-before"),
        _match("19-pachi-2000-pw300", 19, "Pachi's form of the prior alone "
               "(`prior_sharpness=0,prior_wins=300`), engine `efa9e9f`", PACHI,
               "2,000 playouts a move each", "pachi19-2000-pw300"),
        _named("19-pachi-2000-pair"),
        _named("19-pachi-5s-f04f639"),
        _named("19-pachi-5s-ec5b677"),
        _named("19-pachi-5s-b913008"),
    ),
    "defaults-pair": (
        _named("9-h2h-2000"),
        _named("13-h2h-2000"),
        _named("9-pachi-2000-pair"),
        _named("9-pachi-1s-efa9e9f-pair"),
        _match("9-pachi-1s-d3c47f1", 9, "the default of `d3c47f1` (no size defaults on "
               "9x9)", PACHI, "1 s a move each, one core for both, the pair's seeds",
               "pachi-1s-pinned-default"),
        _match("9-h2h-2000-pachi-form", 9, "Pachi's 9x9 form of the prior alone "
               "(`prior_eqex=14,prior_sharpness=0,prior_wins=210`)",
               "igo's default of 2026-11-28", "2,000 playouts a move each",
               "prior-wins-pachi-form-2000", note="stopped by its SPRT [0, +50] (H0)"),
    ),
    "defaults-amaf": (
        _match("9-h2h-20k-amaf", 9, "`rave_equiv=1000,rave_distance=3`",
               "the default of `941d07e`", "20,000 playouts a move each",
               "rave1000d3-20k", note="SPRT [0, +50] undecided"),
        _named("9-pachi-4s-941d07e-amaf"),
        _named("9-pachi-4s-ec5b677"),
        _named("9-pachi-1s-8c2e7f7"),
        _named("9-pachi-1s-efa9e9f-pair"),
        _named("9-pachi-20k-8c2e7f7"),
        _named("9-pachi-20k-ec5b677"),
        Figure("13-pachi-2s-amaf", 13, PACHI,
               "2 s a move each, one core for both, the default's seeds",
               _engine("b913008", "2026-12-07", "`rave_equiv=1000,rave_distance=3`: "
                       "the 9x9 AMAF on 13x13"),
               (Db(f"{TACTICS}/pachi13-2s-amaf.sqlite.xz"),),
               (f"{TACTICS}/pachi13-2s-amaf-think-times.json",),
               note="40 games stated, seed 38300; stopped after 24 (2026-12-07 21:01 UTC), "
               "no better than the default on the same seeds"),
        _named("13-pachi-2s-b913008"),
    ),
    "policy-net-ft9": (
        Figure("9-h2h-2000-ft9", 9, "the default of `ec5b677`", "2,000 playouts a move each",
               "the 19x19 net fine-tuned on 9x9 engine games as the 9x9 default's net "
               "(`net=FILE,prior_sharpness=0,prior_wins=300,net_visits=0`)",
               (Db(f"{POLICY}/h2h9-2000-ft9.sqlite.xz"),),
               note="stopped by its SPRT [0, +50] (H0)"),
    ),
    "value-net-lambda": (
        Figure("19-lambda-2s-512", 19, "igo's default engine of the same commit",
               "2 s a move each, one core for both",
               _engine("dd38a71", "2026-12-07", "`net=default,net_visits=512,net_value=0.5`"),
               (Db(f"{TACTICS}/lambda-19-2s-512.sqlite.xz"),
                Db(f"{TACTICS}/lambda-19-2s-512-b.sqlite.xz")),
               (f"{TACTICS}/lambda-19-2s-512-think-times.json",
                f"{TACTICS}/lambda-19-2s-512-b-think-times.json"),
               note="80 games stated, two halves of 40 on seeds 38100 and 38140; stopped after "
               "15 (2026-12-07) for the heads' next training, with which it is to be "
               "measured again",
               log_names=("igo", "igo-default")),
        Figure("19-lambda-2s-256", 19, "igo's default engine of the same commit",
               "2 s a move each, one core for both",
               _engine("dd38a71", "2026-12-07", "`net=default,net_visits=256,net_value=0.5`"),
               (Db(f"{TACTICS}/lambda-19-2s-256.sqlite.xz"),),
               (f"{TACTICS}/lambda-19-2s-256-think-times.json",),
               note="40 games stated; stopped after 2 for the cheaper `net_visits=512` "
               "(the search made 37 % fewer playouts)",
               log_names=("igo", "igo-default")),
    ),
    "small-boards-prior": (
        Figure("9-h2h-2000-m19", 9, "the 9x9 GNU Go model (`movepred-9.npz`)",
               "2,000 playouts a move each", "the 19x19 model as the prior",
               (Db(f"{SMALL}/prior9-m19-2000.sqlite.xz"),),
               note="stopped by its SPRT [0, +60] (H1)"),
        Figure("9-h2h-2000-pachi-b", 9, "the 9x9 GNU Go model (`movepred-9.npz`)",
               "2,000 playouts a move each", "the 9x9 model of Pachi's games as the prior",
               (Db(f"{SMALL}/prior9-pachi-2000-b.sqlite.xz"),),
               note="stopped by its SPRT [0, +60] (H1)"),
        Figure("9-h2h-2000-pachi", 9, "the 9x9 GNU Go model (`movepred-9.npz`)",
               "2,000 playouts a move each, both cores",
               "the 9x9 model of Pachi's games as the prior, the earlier run",
               (Db(f"{SMALL}/prior9-pachi-2000.sqlite.xz"),),
               note="stopped by its SPRT [0, +100] (H0)"),
        Figure("9-h2h-1s-m19", 9, "the 9x9 GNU Go model (`movepred-9.npz`)",
               "1 s a move each, one thread each, two games at once",
               "the 19x19 model as the prior",
               (Db(f"{SMALL}/prior9-m19-1s.sqlite.xz"),),
               (f"{SMALL}/prior9-m19-1s-think-times.json",),
               note="SPRT [0, +60] undecided, stopped for the test suite",
               log_names=("m19", "default")),
    ),
    "defaults-other": (
        Figure("9-h2h-5000-c_puct", 9, "`c_puct=1` (the PUCT term of the preset before "
               "`fb4ceb3`)", "5,000 playouts a move each", "`c_puct=0`",
               (Kept(TUNE, "c_puct_0"),)),
        _match("9-h2h-5000-root_puct", 9, "`root_puct=1`", "the default (`root_puct=0`)",
               "5,000 playouts a move each", "h2h9-5000-rp1",
               note="stopped by its SPRT [0, +50] (H0)"),
        _match("9-pachi-2000-nakade", 9, "heavy playouts with the nakade step "
               "(`p_nakade=0.8`)", PACHI, "2,000 playouts a move each",
               "pachi2000-heavy-nakade"),
        _match("9-pachi-1s-nakade", 9, "heavy playouts with the nakade step "
               "(`p_nakade=0.8`)", PACHI, "1 s a move each", "pachi-1s-heavy-nakade"),
        _match("9-pachi-1s-no-nakade", 9, "heavy playouts without it (`p_nakade=0`)",
               PACHI, "1 s a move each", "pachi-1s-heavy-ab"),
        _match("9-pachi-1s-netroot", 9, "the net at the root alone "
               "(`net=default,net_visits=1000000`)", PACHI, "1 s a move each",
               "pachi-1s-netroot"),
        _match("9-pachi-1s-net1024", 9, "the net at nodes of 1,024 visits "
               "(`net=default,net_visits=1024`)", PACHI, "1 s a move each",
               "pachi-1s-net1024"),
    ),
}


# ------------------------------------------------------------------ counting
def counts(row: GameRow) -> bool:
    """Whether a stored game counts: it has a result (a win by any means, or a draw by
    score) and was not stopped at the move cap (the referee's ``stopped after N
    moves``: scored as it stood, not played out)."""
    if row.reason.startswith("stopped after"):
        return False
    if row.winner is None:
        return row.result == "0"
    return row.result.startswith(f"{row.winner}+")


@dataclass(frozen=True)
class Tally:
    """What a figure's sources hold."""

    stats: MatchStats
    #: games stored but cut short (counted nowhere)
    cut: int
    #: the first and last day a game ended (``YYYY-MM-DD``), "" when not stored
    first: str
    last: str
    #: games that have an SGF record committed
    records: int


def _open_db(path: Path, tmp: Path) -> Path:
    """``path`` itself, or the database unpacked from it into ``tmp`` (``.xz``)."""
    if path.suffix != ".xz":
        return path
    out = tmp / f"{len(list(tmp.iterdir()))}-{path.stem}"
    with lzma.open(path) as src, out.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    return out


def read_db(path: Path, matches: Sequence[int] = (),
            tmp: Path | None = None) -> tuple[list[GameRow], list[bool], str, str]:
    """The games of the database at ``path`` (the matches ``matches``, or all), as the
    first player of each match sees them (Black in even games), whether each game's row
    holds its SGF record, and the first and last day a game ended."""
    with tempfile.TemporaryDirectory() as scratch:
        db = _open_db(path, tmp or Path(scratch))
        rows: list[GameRow] = []
        stored: list[bool] = []
        with MatchStore(db) as store:
            for match_id, _ in store.matches():
                if matches and match_id not in matches:
                    continue
                for row, sgf in store.records(match_id):
                    rows.append(row)
                    stored.append(sgf is not None)
        con = sqlite3.connect(db)
        try:
            ids = matches or [m for (m,) in con.execute("SELECT id FROM matches")]
            marks = ",".join("?" * len(ids))
            first, last = con.execute(
                f"SELECT min(finished), max(finished) FROM games WHERE match_id IN ({marks})",
                tuple(ids)).fetchone()
        finally:
            con.close()
    return rows, stored, (first or "")[:10], (last or "")[:10]


_PROP = re.compile(r"\b(PB|PW|RE|DT)\[((?:[^\]\\]|\\.)*)\]")


def read_records(path: Path, player: str) -> tuple[list[GameRow], list[str]]:
    """The games of a ``.tar.xz`` of SGF files as :class:`GameRow` s seen from the player
    whose name holds ``player`` (made the first player: index even when it had Black),
    and the games' dates (``DT``)."""
    out: list[GameRow] = []
    dates: list[str] = []
    with tarfile.open(path, "r:xz") as tar:
        members = sorted((m for m in tar.getmembers() if m.name.endswith(".sgf")),
                         key=lambda m: m.name)
        for m in members:
            f = tar.extractfile(m)
            assert f is not None
            props = dict(_PROP.findall(f.read().decode("utf-8", "replace")[:2000]))
            black, white, result = props.get("PB", ""), props.get("PW", ""), props.get("RE", "")
            igo_black = player in black
            if not igo_black and player not in white:
                raise ValueError(f"{path}:{m.name}: no player named like {player!r}")
            if props.get("DT"):
                dates.append(props["DT"][:10])
            winner = result[0] if result[:2] in ("B+", "W+") else None
            reason = "" if winner is not None or result == "0" else "no result"
            index = len(out) * 2 + (0 if igo_black else 1)
            out.append(GameRow(index, black, white, winner, result, reason, 0, m.name, 0.0))
    return out, dates


def _kept(path: Path, folder: str) -> dict[str, object]:
    for row in json.loads(path.read_text()):
        if row.get("folder") == folder:
            return dict(row)
    raise ValueError(f"{path}: no row of folder {folder!r}")


def _kept_rows(row: dict[str, object]) -> list[GameRow]:
    """Games standing for a kept row's counts (first player Black; results only)."""
    w, d, lo = (int(row[k]) for k in ("wins", "draws", "losses"))  # type: ignore[call-overload]
    out = [GameRow(2 * i, "first", "second", "B", "B+R", "kept", 0, "", 0.0) for i in range(w)]
    out += [GameRow(0, "first", "second", None, "0", "kept", 0, "", 0.0)] * d
    out += [GameRow(0, "first", "second", "W", "W+R", "kept", 0, "", 0.0)] * lo
    return out


def records_of(db: Path) -> Path:
    """Where the SGF records of a database's games are committed: ``NAME-sgf.tar.xz``
    beside ``NAME.sqlite.xz`` (the folder's convention)."""
    name = db.name.removesuffix(".xz").removesuffix(".sqlite")
    return db.with_name(f"{name}-sgf.tar.xz")


def _record_names(path: Path) -> set[str]:
    if not path.exists():
        return set()
    with tarfile.open(path, "r:xz") as tar:
        return {Path(m.name).name for m in tar.getmembers() if m.name.endswith(".sgf")}


def tally(fig: Figure, root: Path = ROOT) -> Tally:
    """Count ``fig``'s games from its sources."""
    rows: list[GameRow] = []
    days: list[str] = []
    records = 0
    for src in fig.sources:
        path = root / src.path
        if isinstance(src, Db):
            got, stored, f, la = read_db(path, src.matches)
            names = _record_names(records_of(path))
            records += sum(held or Path(r.sgf_path).name in names
                           for r, held in zip(got, stored, strict=True))
            days += [f, la]
        elif isinstance(src, Records):
            got, dates = read_records(path, src.player)
            records += len(got)
            days += dates
        else:
            got = _kept_rows(_kept(path, src.folder))
        # one numbering over the sources, keeping each game's colour (index parity)
        base = 2 * ((max((r.index for r in rows), default=-1) + 2) // 2)
        rows += [GameRow(base + r.index, r.black, r.white, r.winner, r.result, r.reason,
                         r.moves, r.sgf_path, r.duration) for r in got]
    kept = [r for r in rows if counts(r)]
    stats = summarize(kept, "igo", fig.opponent)
    days = [d for d in days if d]
    return Tally(stats, len(rows) - len(kept), min(days, default=""), max(days, default=""),
                 records)


def think_times(paths: Iterable[str], root: Path = ROOT,
                first: str = "igo") -> tuple[float, float | None, int] | None:
    """The first player's (its logs named ``first``) and the opponent's (every other
    name) mean seconds a move over the logs of ``paths`` (each file's means weighted by
    its moves; the opponent's None where it logs no times, as KataGo's GTP engine), and
    the games those logs cover."""
    total = {"igo": [0.0, 0], "other": [0.0, 0]}
    games = 0
    for p in paths:
        data = json.loads((root / p).read_text())
        for name, d in data.items():
            side = "igo" if name == first else "other"
            total[side][0] += float(d["mean"]) * int(d["moves"])
            total[side][1] += int(d["moves"])
            if side == "igo":
                games += int(d["games"])
    if not total["igo"][1]:
        return None
    other = total["other"][0] / total["other"][1] if total["other"][1] else None
    return total["igo"][0] / total["igo"][1], other, games


# ------------------------------------------------------------------ writing
def _num(x: float) -> str:
    return f"{x:.3f}"


def _p(p: float) -> str:
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}".replace("e-0", "e-")


def _elo(x: float) -> str:
    return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def _times(fig: Figure, t: Tally, root: Path) -> str:
    first, second = fig.log_names
    got = think_times(fig.think_times, root, first) if fig.think_times else None
    if got is None:
        return ""
    igo, other, logs = got
    name = second or fig.opponent.split()[0]
    cover = "" if logs >= t.stats.games else f", logs of {logs} of its games"
    if other is None:
        return f"{first} {igo:.2f} s a move by its log{cover}"
    return f"{first} {igo:.2f} s a move, {name} {other:.2f} s by their logs{cover}"


def conditions(fig: Figure, t: Tally, root: Path = ROOT) -> str:
    times = _times(fig, t, root)
    return fig.conditions + (f" ({times})" if times else "")


def wdl(s: MatchStats) -> str:
    return f"{s.first_wins}-{s.draws}-{s.second_wins}"


def score(s: MatchStats) -> str:
    return f"{_num(s.win_rate)} [{_num(s.win_rate_low)}, {_num(s.win_rate_high)}]"


def _sources(fig: Figure, where: Path, root: Path) -> str:
    out = []
    for src in fig.sources:
        rel = os.path.relpath(root / src.path, where)
        if isinstance(src, Db):
            ids = f" (matches {', '.join(map(str, src.matches))})" if src.matches else ""
            out.append(f"`{rel}`{ids}")
        elif isinstance(src, Records):
            out.append(f"`{rel}` (SGF)")
        else:
            out.append(f"`{rel}` (row `{src.folder}`; database not committed)")
    return ", ".join(out)


def _records(fig: Figure, t: Tally) -> str:
    if all(isinstance(s, Kept) for s in fig.sources):
        return "none"
    return f"{t.records} of {t.stats.games + t.cut}"


def table(figs: Sequence[Figure], tallies: dict[str, Tally], where: Path,
          full: bool, root: Path = ROOT) -> str:
    """The markdown table of ``figs``; ``full`` adds Elo, the dates, the sources and the
    records (a file in ``where`` names the sources relative to it)."""
    head = ["board", "opponent", "conditions", "engine", "games", "W-D-L",
            "score [95 %]", "p (wins against losses)"]
    if full:
        head += ["Elo [95 %]", "played", "games from", "SGF records committed"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---:" if h in ("games",) else "---" for h in head) + "|"]
    for fig in figs:
        t = tallies[fig.key]
        s = t.stats
        cond = conditions(fig, t, root)
        if fig.note:
            cond += f"; {fig.note}"
        if t.cut:
            cond += f"; {t.cut} cut short, not counted"
        cells = [f"{fig.board}x{fig.board}", fig.opponent, cond, fig.engine, str(s.games),
                 wdl(s), score(s), _p(s.p_value)]
        if full:
            played = t.first if t.first == t.last else f"{t.first} to {t.last}"
            cells += [f"{_elo(s.elo)} [{_elo(s.elo_low)}, {_elo(s.elo_high)}]",
                      played or "(database not committed)", _sources(fig, where, root),
                      _records(fig, t)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def evidence_table(figs: Sequence[Figure], tallies: dict[str, Tally], where: Path,
                   root: Path = ROOT) -> str:
    """The markdown table of matches behind a default: the igo that played first, what
    it played against, the counts and where they are read from."""
    head = ["board", "igo", "against", "conditions", "games", "W-D-L", "score [95 %]",
            "Elo [95 %]", "games from"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join("---:" if h == "games" else "---" for h in head) + "|"]
    for fig in figs:
        t = tallies[fig.key]
        s = t.stats
        cond = conditions(fig, t, root) + (f"; {fig.note}" if fig.note else "")
        cells = [f"{fig.board}x{fig.board}", fig.engine, fig.opponent, cond, str(s.games),
                 wdl(s), score(s), f"{_elo(s.elo)} [{_elo(s.elo_low)}, {_elo(s.elo_high)}]",
                 _sources(fig, where, root)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def judge_block(figs: Sequence[Figure], tallies: dict[str, Tally], root: Path = ROOT) -> str:
    """The review page's measured rows, as the Python of ``igo.review.judge``."""
    lines = ["MEASURED: tuple[Measurement, ...] = ("]
    for fig in figs:
        if not fig.judge:
            continue
        t = tallies[fig.key]
        s = t.stats
        times = _times(fig, t, root)
        engine = fig.engine.replace("`", "")
        engine = engine if fig.engine.startswith("`") else engine.removeprefix("the ")
        text = f"{fig.judge}{f' ({times})' if times else ''}, engine {engine}, {wdl(s)}"
        opponent = fig.opponent + (" (no neural network)" if fig.opponent == PACHI else "")
        lines.append(f"    Measurement({fig.board}, {opponent!r},")
        chunks = textwrap.wrap(text, 72, drop_whitespace=False, break_on_hyphens=False)
        lines += [f"                {c!r}" for c in chunks]
        lines[-1] += ","
        lines.append(f"                {s.games}, {s.win_rate:.3f}, "
                     f"({s.win_rate_low:.3f}, {s.win_rate_high:.3f})),")
    lines.append(")")
    return "\n".join(lines)


@dataclass(frozen=True)
class Block:
    """A generated block: its file, name and the text between its markers."""

    path: Path
    name: str
    body: str


def markers(path: Path, name: str) -> tuple[str, str]:
    """The lines that open and close block ``name`` in ``path`` (markdown or Python)."""
    if path.suffix == ".py":
        return f"# BEGIN GENERATED {name}: {COMMAND}", f"# END GENERATED {name}"
    return f"<!-- BEGIN GENERATED {name}: {COMMAND} -->", f"<!-- END GENERATED {name} -->"


def replace_block(text: str, begin: str, end: str, body: str) -> str | None:
    """``text`` with what lies between the lines ``begin`` and ``end`` replaced by
    ``body`` (None if the markers are missing); raises ValueError for markers that are
    repeated or out of order."""
    lines = text.split("\n")
    starts = [i for i, x in enumerate(lines) if x.strip() == begin]
    ends = [i for i, x in enumerate(lines) if x.strip() == end]
    if not starts and not ends:
        return None
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise ValueError(f"markers {begin!r} / {end!r}: {len(starts)} and {len(ends)} "
                         f"found, or in the wrong order")
    return "\n".join([*lines[:starts[0] + 1], *body.split("\n"), *lines[ends[0]:]])


def blocks(root: Path = ROOT, figs: Sequence[Figure] = FIGURES,
           evidence: dict[str, tuple[Figure, ...]] | None = None) -> list[Block]:
    """Every generated block, counted from the data."""
    evidence = EVIDENCE if evidence is None else evidence
    every = [*figs, *(f for rows in evidence.values() for f in rows)]
    tallies = {f.key: tally(f, root) for f in {f.key: f for f in every}.values()}
    readme, history = root / "README.md", root / "docs" / "strength.md"
    tabu = root / "experiments" / "tabu_mcts" / "README.md"
    value_net = root / "experiments" / "value_net" / "README.md"
    current = [f for f in figs if f.current]
    pachi_now = [f for f in current if f.opponent == PACHI]
    return [
        Block(readme, "strength-table", table(current, tallies, readme.parent, False, root)),
        Block(history, "strength-history", table(figs, tallies, history.parent, True, root)),
        Block(tabu, "tabu-mcts-strength", table(pachi_now, tallies, tabu.parent, True, root)),
        Block(root / "src" / "igo" / "review" / "judge.py", "measured",
              judge_block(figs, tallies, root)),
        *(Block(page, name, evidence_table(rows, tallies, page.parent, root))
          for name, rows in evidence.items()
          for page in [root / EVIDENCE_PAGES.get(name, "docs/engine-defaults.md")]),
        Block(value_net, "value-net-strength",
              table([f for f in figs if f.key in VALUE_NET], tallies, value_net.parent,
                    False, root)),
    ]


def apply(bs: Sequence[Block], write: bool) -> tuple[list[str], list[str]]:
    """Write (or, with ``write`` false, compare) each block; returns the blocks that
    differed and the files that lack their markers."""
    differ, missing = [], []
    for b in bs:
        if not b.path.exists():
            missing.append(f"{b.path} (no such file)")
            continue
        text = b.path.read_text()
        new = replace_block(text, *markers(b.path, b.name), b.body)
        if new is None:
            missing.append(f"{b.path}: no markers of block {b.name}")
            continue
        if new != text:
            differ.append(f"{b.path}: {b.name}")
            if write:
                b.path.write_text(new)
    return differ, missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if a block differs or lacks its markers")
    ap.add_argument("--print", action="store_true", help="print the rows, write nothing")
    ap.add_argument("--records", action="store_true",
                    help="write nothing; list the rows whose games lack a committed SGF "
                         "record, exit 1 if any does")
    args = ap.parse_args(argv)
    if args.records:
        lacking = 0
        for f in FIGURES:
            t = tally(f)
            games = t.stats.games + t.cut
            if t.records < games:
                lacking += 1
                print(f"{f.key}: {t.records} of {games} games have a record")
        return 1 if lacking else 0
    if args.print:
        for f in FIGURES:
            t = tally(f)
            print(f"{f.key}: {t.stats.games} games {wdl(t.stats)} {score(t.stats)} "
                  f"p = {_p(t.stats.p_value)}, cut short {t.cut}, records {t.records}; "
                  f"{conditions(f, t)}")
        return 0
    differ, missing = apply(blocks(), write=not args.check)
    out = io.StringIO()
    for m in missing:
        print(f"skipped, {m}", file=out)
    for d in differ:
        print(f"{'differs from the data' if args.check else 'rewritten'}: {d}", file=out)
    sys.stderr.write(out.getvalue())
    return 1 if args.check and (differ or missing) else 0


if __name__ == "__main__":
    raise SystemExit(main())
