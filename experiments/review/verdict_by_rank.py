"""Issue 25, "Does the verdict mean anything?" and "Does the graph agree with the result?".

    python experiments/review/verdict_by_rank.py [--playouts 300] [--workers 2]
    python experiments/review/verdict_by_rank.py --report-only   # tables from what is done

**Games.** ``../shared/data/fox_ranked/games.sgfs.xz`` (Fox, 19x19, rank-labelled), read
with :func:`igo.sgf.iter_records` and filtered as ``igo strength`` filters them
(:func:`igo.strength.data.game_drop_reason`: no handicap or setup stones, no AI
account), at least ``--min-moves`` (50) moves. As in Araki et al., a game serves its black
player if Black is in the test fold of ``folds.tsv``, and its white player likewise: an
*example* is one test-fold player in one game. The ranks studied are those present from
the weakest kyu rank to 9d with at least ``--per-rank`` (30) examples; on this corpus the
test-fold players' ranks are 5k, 4k, 3k, 2k, 1k, 1d … 9d (86, 88, 684, 132, 739 and 761
to 1,052 examples of 50 moves or more, even games). The candidates are shuffled with
``--seed`` and taken greedily while a side of the game is of a rank with fewer than
``--per-rank`` examples; a player gives at most ``--max-per-player`` (3) examples, so
that a rank is not a few players; both test-fold sides of a chosen game are kept. A
chosen record with an illegal move is replaced (the selection is drawn again without
it). The selection depends only on the data and the options.

**Komi.** Fox writes komi x100 (the SGF reader divides it), but 24,073 of the 26,211
games say ``KM[0]`` while their counted results end in .5 and Black and White win as
often: the komi was lost upstream. Even games with komi 0 are reviewed at 6.5 (7.5
under Chinese rules), Fox's Chinese ``3.75`` (stones, that is 7.5 points) at 7.5;
each row keeps the komi read and the komi used.

**Review.** Each game is reviewed in this process as ``igo review`` reviews it
(:func:`igo.review.review_game`, :func:`igo.review.review_dict`, schema
``igo-review/1``) at ``--playouts`` (default 300) a position, positions searched in
``--workers`` processes, every evaluation kept in the review's SQLite cache
(``experiments/review/cache/verdict_by_rank.sqlite``, ignored by git): a killed run
loses at most the positions in flight. A finished game is appended to
``results/verdict_by_rank.games.jsonl`` (one row: the players' ``mean_points_loss``,
``mean_winrate_loss`` and agreements from the review's JSON, the result, Black's win
rate at every position) and is not reviewed again; rerunning the command resumes.

**Outputs** (``results/verdict_by_rank.json`` and ``.png``): per rank, the players'
mean loss a move in points and in win rate, averaged over examples (each game's mean
over the player's moves, losses below 0 counted as 0 as the review counts them), with
a 95 % percentile-bootstrap interval over examples, and the number of examples and
players; the Spearman rank correlation of rank and loss over the examples (and over
the rank means) with its p-value, the same over the ranks from each rank up (where it
stops holding), and each step between adjacent ranks with its bootstrap interval; the
Spearman correlation of rank with the other signals of the same reviews
(``other_signals``: engine and model agreement, Araki et al.'s rank estimate); the
issue's contrast of 9d against 4-5k by Mann-Whitney (``extremes``); the plot of mean
loss by rank. Then, over the reviewed games with a winner (any ``B+`` or
``W+``: resignation, count, time), how often the side the engine favours after 80 % of
the moves (position ``round(0.8 * moves)``, Black's win rate above or below 0.5) won,
with a Wilson interval, by kind of result and at other fractions of the game.

**Time.** The selection with the default options holds 371 games, 421 examples
(30 a rank, 31 at 3d) and 78,054 positions (210 moves a game on average); it takes 10 s.
Smoke test (2 games, 472 positions, 300 playouts, 2 workers) while two timed matches
held both cores (load 6 to 8, this run under ``nice -n 19``): 53 s, 9 positions a
second, worker start included. At that rate the study would take 78,054 / 9 = 2.4
hours: that run had one core's worth of CPU time (62 s of CPU in 65 s) for its two
workers. Single 19x19 positions at 300 playouts took 0.10 s with a whole core (0.18 s
at 600), so the idle machine should give about 20 positions a second with 2 workers:
**about 65-75 minutes** for the whole study (78,054 positions at 20 a second: 65 minutes),
plus about 0.5 s a game for the move model, the rank estimate and the influence
(3 minutes). The bar shows positions a second from the first games: check the estimate
there (``--limit 5`` reviews five games and stops; the run resumes). 300 playouts is a
weak judge on 19x19 (the score swings by points between positions), so the mean loss
holds a noise floor common to every rank.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.errors import IllegalMoveError
from igo.core.rank import parse_rank
from igo.core.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
DATA = ROOT.parent / "shared" / "data" / "fox_ranked"
RESULTS = HERE / "results"

DEFAULT_PLAYOUTS = 300
MIN_MOVES = 50
PER_RANK = 30
MAX_PER_PLAYER = 3
SEED = 25
VERDICT_AT = 0.8
FRACTIONS = (0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
RESAMPLES = 2000
#: the issue's contrast (37): 9d against 4-5 kyu, on the rank scale of ``igo.core.rank``
EXTREME_TOP = 9.0
EXTREME_BOTTOM = -3.0


# --------------------------------------------------------------------- selection


@dataclass(frozen=True)
class Side:
    """A test-fold player of a game: colour (``"B"``/``"W"``), id, rank text
    (normalised, ``3k``/``5d``) and its value on igo's scale (1k = 0, 1d = 1)."""

    colour: str
    player: str
    rank: str
    value: float


def game_id(source: str) -> str:
    """A record's id in the study: its source without the folder (``games.sgfs.xz:25757``,
    the corpus file and line), the same wherever the data lies."""
    return source.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Candidate:
    """A game that may serve the study: its id (:func:`game_id`), length and its
    test-fold sides."""

    source: str
    moves: int
    sides: tuple[Side, ...]


def study_komi(rec: GameRecord) -> float:
    """The komi the study reviews ``rec`` at (see the module docstring: Fox's lost
    komi of even games and its Chinese 3.75)."""
    chinese = rec.rules.name.lower() == "chinese"
    if rec.komi == 0 and rec.handicap == 0 and not rec.setup_black:
        return 7.5 if chinese else 6.5
    if rec.komi == 3.75 and chinese:
        return 7.5
    return rec.komi


def candidates(records: Iterable[GameRecord], folds: dict[str, str], min_moves: int,
               drops: Counter[str]) -> list[Candidate]:
    """The games with at least one test-fold side of a readable amateur rank
    (``drops`` counts the others by reason)."""
    from igo.strength.data import game_drop_reason

    out = []
    for rec in records:
        reason = game_drop_reason(rec, 19)
        if reason is None and len(rec.moves) < min_moves:
            reason = "short"
        if reason is not None:
            drops[reason] += 1
            continue
        sides = []
        for colour, name, text in (("B", rec.black, rec.black_rank),
                                   ("W", rec.white, rec.white_rank)):
            rank = parse_rank(text)
            if folds.get(name) != "test" or rank is None or rank.kind == "pro":
                continue
            sides.append(Side(colour, name, str(rank), rank.value))
        if not sides:
            drops["no_test_side"] += 1
            continue
        out.append(Candidate(game_id(rec.source), len(rec.moves), tuple(sides)))
    return out


def rank_counts(cands: Iterable[Candidate]) -> dict[str, int]:
    """Examples of each rank, weakest first."""
    counts: Counter[str] = Counter()
    values: dict[str, float] = {}
    for c in cands:
        for s in c.sides:
            counts[s.rank] += 1
            values[s.rank] = s.value
    return {r: counts[r] for r in sorted(counts, key=lambda r: values[r])}


def studied_ranks(counts: dict[str, int], per_rank: int,
                  only: Sequence[str] | None = None) -> list[str]:
    """The ranks from the weakest present to 9d with at least ``per_rank`` examples
    (``only``: these of them), weakest first."""
    keep = []
    for r, n in counts.items():
        rank = parse_rank(r)
        if rank is None or rank.value > 9 or n < per_rank:
            continue
        if only is not None and r not in only:
            continue
        keep.append(r)
    return keep


def select(cands: Sequence[Candidate], ranks: Sequence[str], per_rank: int,
           max_per_player: int, seed: int,
           exclude: frozenset[str] = frozenset()) -> list[Candidate]:
    """Games chosen in a seeded order until every rank of ``ranks`` has ``per_rank``
    examples (see the module docstring); each kept with the sides it serves."""
    order = [c for c in cands if c.source not in exclude]
    random.Random(seed).shuffle(order)
    wanted = set(ranks)
    have: Counter[str] = Counter()
    per_player: Counter[str] = Counter()
    chosen = []
    for c in order:
        if all(have[r] >= per_rank for r in wanted):
            break
        sides = tuple(s for s in c.sides
                      if s.rank in wanted and per_player[s.player] < max_per_player)
        if not any(have[s.rank] < per_rank for s in sides):
            continue
        for s in sides:
            have[s.rank] += 1
            per_player[s.player] += 1
        chosen.append(Candidate(c.source, c.moves, sides))
    return chosen


def load_records(path: Path, sources: set[str]) -> dict[str, GameRecord]:
    """The records of ``sources`` (:func:`game_id`) in the corpus at ``path``."""
    from igo.sgf import iter_records

    found = {}
    for rec in iter_records(path, progress=False):
        if game_id(rec.source) in sources:
            found[game_id(rec.source)] = rec
            if len(found) == len(sources):
                break
    return found


def select_legal(cands: Sequence[Candidate], ranks: Sequence[str], per_rank: int,
                 max_per_player: int, seed: int, corpus: Path
                 ) -> tuple[list[Candidate], dict[str, GameRecord], list[str]]:
    """:func:`select` with the chosen records read and replayed; a record with an
    illegal move is left out and the selection drawn again. Returns the games, their
    records (komi as :func:`study_komi`) and the sources left out."""
    from igo.core.replay import check_record

    excluded: set[str] = set()
    records: dict[str, GameRecord] = {}
    while True:
        chosen = select(cands, ranks, per_rank, max_per_player, seed, frozenset(excluded))
        missing = {c.source for c in chosen} - records.keys()
        records.update(load_records(corpus, missing) if missing else {})
        bad = set()
        for c in chosen:
            rec = records.get(c.source)
            try:
                if rec is None:
                    raise IllegalMoveError(f"{c.source}: not found again")
                check_record(rec)
            except IllegalMoveError:
                bad.add(c.source)
        if not bad:
            break
        excluded |= bad
    return chosen, {c.source: records[c.source] for c in chosen}, sorted(excluded)


# ------------------------------------------------------------------------ review


def game_row(rec: GameRecord, cand: Candidate, review: dict[str, Any], komi_read: float,
             playouts: int) -> dict[str, Any]:
    """The study's row of one reviewed game, from the review's ``igo-review/1`` JSON."""
    sides = []
    for s in cand.sides:
        p = review["players"][s.colour]
        st = p["strength"]
        sides.append({
            "colour": s.colour, "player": s.player, "rank": s.rank, "rank_value": s.value,
            "moves": p["moves"], "mean_points_loss": p["mean_points_loss"],
            "mean_winrate_loss": p["mean_winrate_loss"],
            "engine_agreement": p["engine_agreement"], "model_agreement": p["model_agreement"],
            "estimated_rank": st.get("rank") if st.get("available") else None,
        })
    winner = rec.result.winner
    return {
        "source": cand.source, "moves": len(rec.moves), "komi_read": komi_read,
        "komi": rec.komi, "rules": rec.rules.name, "result": rec.result.to_sgf(),
        "winner": None if winner is None else winner.letter, "reason": rec.result.reason,
        "playouts": playouts, "sides": sides,
        "winrate_black": [p["winrate_black"] for p in review["positions"]],
        "searched": review["evaluation"]["searched"], "cached": review["evaluation"]["cached"],
        "seconds": review["evaluation"]["seconds"],
    }


def read_rows(path: Path, playouts: int | None = None,
              keep: Callable[[dict[str, Any]], bool] | None = None) -> list[dict[str, Any]]:
    """The finished games in ``path`` (a line cut short by a kill is skipped), those of
    ``playouts`` a position if given and those ``keep`` keeps; the last row of a game
    wins. Rows packed as ``path`` + ``.xz`` (as committed) are read first, then those
    of ``path`` itself (a run goes on appending there)."""
    import lzma

    packed = path.with_name(path.name + ".xz")
    texts = [lzma.decompress(packed.read_bytes()).decode("utf-8")] if packed.exists() else []
    if path.exists():
        texts.append(path.read_text(encoding="utf-8"))
    rows: dict[str, dict[str, Any]] = {}
    for line in "\n".join(texts).splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if (playouts is None or row.get("playouts") == playouts) \
                and (keep is None or keep(row)):
            rows[row["source"]] = row
    return list(rows.values())


def review_games(games: Sequence[tuple[Candidate, GameRecord, float]], playouts: int,
                 workers: int, cache_path: Path, rows_path: Path, progress: bool = True,
                 on_row: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Review each game not yet in ``rows_path`` and append its row; returns the games
    reviewed now. ``games`` holds (candidate, record at the study's komi, komi read)."""
    from tqdm import tqdm

    from igo.analysis.position import Budget
    from igo.arena.executor import Executor, SequentialExecutor
    from igo.arena.process_executor import ProcessExecutor
    from igo.review import EvalSettings, review_dict, review_game
    from igo.review.cache import EvalCache

    done = {r["source"] for r in read_rows(rows_path, playouts)}
    todo = [g for g in games if g[0].source not in done]
    if not todo:
        return 0
    settings = EvalSettings(Budget(playouts=playouts))
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    bar = tqdm(total=sum(c.moves + 1 for c, _, _ in todo), unit=" pos", file=sys.stderr,
               disable=not progress, mininterval=1.0, dynamic_ncols=True)
    ex: Executor = SequentialExecutor() if workers == 1 else ProcessExecutor(workers)
    n = 0
    try:
        with EvalCache(cache_path) as cache, rows_path.open("a", encoding="utf-8") as out:
            for i, (cand, rec, komi_read) in enumerate(todo):
                bar.set_postfix_str(f"game {i + 1}/{len(todo)}", refresh=False)
                review = review_dict(review_game(rec, settings, executor=ex, cache=cache,
                                                 on_done=bar.update))
                row = game_row(rec, cand, review, komi_read, playouts)
                out.write(json.dumps(row, separators=(",", ":")) + "\n")
                out.flush()
                n += 1
                if on_row is not None:
                    on_row(row)
    finally:
        ex.close()
        bar.close()
    return n


# --------------------------------------------------------------------- aggregate


def _boot_mean(x: np.ndarray, rng: np.random.Generator, resamples: int
               ) -> tuple[float, float]:
    if len(x) < 2:
        return (math.nan, math.nan)
    means = rng.choice(x, size=(resamples, len(x)), replace=True).mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return float(lo), float(hi)


def _boot_diff(x: np.ndarray, y: np.ndarray, rng: np.random.Generator, resamples: int
               ) -> tuple[float, float]:
    if len(x) < 2 or len(y) < 2:
        return (math.nan, math.nan)
    d = (rng.choice(x, size=(resamples, len(x))).mean(axis=1)
         - rng.choice(y, size=(resamples, len(y))).mean(axis=1))
    lo, hi = np.percentile(d, [2.5, 97.5])
    return float(lo), float(hi)


def _spearman(x: Sequence[float], y: Sequence[float]) -> dict[str, float | int | None]:
    from scipy.stats import spearmanr

    if len(x) < 3 or len(set(x)) < 2 or len(set(y)) < 2:  # no ranking on one side
        return {"rho": None, "p_value": None, "n": len(x)}
    res = spearmanr(x, y)
    return {"rho": round(float(res.statistic), 4), "p_value": float(res.pvalue), "n": len(x)}


def _r(x: float, digits: int = 4) -> float | None:
    return None if math.isnan(x) else round(x, digits)


def _wilson(k: int, n: int) -> list[float]:
    from igo.arena.stats import wilson_interval

    return [round(v, 4) for v in wilson_interval(k, n)]


def verdict_at(row: dict[str, Any], fraction: float) -> str | None:
    """The side the engine favours after ``fraction`` of the moves (``"B"``/``"W"``;
    ``None`` at exactly 0.5)."""
    wr = row["winrate_black"]
    k = min(max(round(fraction * row["moves"]), 0), len(wr) - 1)
    if wr[k] > 0.5:
        return "B"
    if wr[k] < 0.5:
        return "W"
    return None


def graph_agreement(rows: Sequence[dict[str, Any]], fraction: float = VERDICT_AT
                    ) -> dict[str, Any]:
    """How often the side favoured after ``fraction`` of the moves won, over the rows
    with a winner: overall and by kind of result."""
    def one(sel: list[dict[str, Any]]) -> dict[str, Any]:
        k = sum(1 for r in sel if verdict_at(r, fraction) == r["winner"])
        n = len(sel)
        return {"games": n, "agree": k, "share": round(k / n, 4) if n else None,
                "interval": _wilson(k, n) if n else None}

    won = [r for r in rows if r["winner"] in ("B", "W")]
    out = one(won)
    out["by_reason"] = {reason: one([r for r in won if r["reason"] == reason])
                        for reason in sorted({r["reason"] for r in won})}
    return out


def _paired(x: Sequence[float], y: Sequence[float | None]
            ) -> tuple[list[float], list[float]]:
    """The pairs of ``x`` and ``y`` where ``y`` is known."""
    pairs = [(a, b) for a, b in zip(x, y, strict=True) if b is not None]
    return [a for a, _ in pairs], [b for _, b in pairs]


def extremes(examples: Sequence[dict[str, Any]], top: float = EXTREME_TOP,
             bottom: float = EXTREME_BOTTOM) -> dict[str, Any]:
    """The issue's contrast: the mean loss a move of the players ranked ``top`` (9d)
    and above against those ranked ``bottom`` (4k) and below, with Mann-Whitney's
    two-sided test on the players' losses (points and win rate)."""
    from scipy.stats import mannwhitneyu

    hi = [s for s in examples if s["rank_value"] >= top]
    lo = [s for s in examples if s["rank_value"] <= bottom]
    out: dict[str, Any] = {"strong": len(hi), "weak": len(lo)}
    for key in ("mean_points_loss", "mean_winrate_loss"):
        a = [s[key] for s in hi]
        b = [s[key] for s in lo]
        if not a or not b:
            out[key] = None
            continue
        res = mannwhitneyu(a, b, alternative="two-sided")
        out[key] = {"strong": _r(float(np.mean(a)), 4), "weak": _r(float(np.mean(b)), 4),
                    "p_value": float(res.pvalue)}
    return out


def aggregate(rows: Sequence[dict[str, Any]], ranks: Sequence[str] | None = None,
              seed: int = SEED, resamples: int = RESAMPLES) -> dict[str, Any]:
    """Per rank the mean losses with bootstrap intervals, the rank correlations and
    the graph's agreement with the results (see the module docstring)."""
    rng = np.random.default_rng(seed)
    by_rank: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        for s in row["sides"]:
            by_rank[s["rank"]].append(s)
    present = sorted(by_rank, key=lambda r: by_rank[r][0]["rank_value"])
    order = [r for r in (ranks if ranks is not None else present) if r in by_rank]
    table = []
    for r in order:
        ex = by_rank[r]
        pts = np.array([s["mean_points_loss"] for s in ex], float)
        wr = np.array([s["mean_winrate_loss"] for s in ex], float)
        table.append({
            "rank": r, "rank_value": ex[0]["rank_value"], "examples": len(ex),
            "players": len({s["player"] for s in ex}),
            "moves": int(sum(s["moves"] for s in ex)),
            "mean_points_loss": _r(float(pts.mean()), 3),
            "points_interval": [_r(v, 3) for v in _boot_mean(pts, rng, resamples)],
            "mean_winrate_loss": _r(float(wr.mean())),
            "winrate_interval": [_r(v) for v in _boot_mean(wr, rng, resamples)],
            "engine_agreement": _r(float(np.mean([s["engine_agreement"] for s in ex]))),
            "model_agreement": _r(float(np.mean([s["model_agreement"] for s in ex]))),
        })
    examples = [s for r in order for s in by_rank[r]]
    values = [s["rank_value"] for s in examples]
    spearman = {
        "points": _spearman(values, [s["mean_points_loss"] for s in examples]),
        "winrate": _spearman(values, [s["mean_winrate_loss"] for s in examples]),
        "points_rank_means": _spearman([t["rank_value"] for t in table],
                                       [t["mean_points_loss"] for t in table]),
        "winrate_rank_means": _spearman([t["rank_value"] for t in table],
                                        [t["mean_winrate_loss"] for t in table]),
    }
    signals = {key: _spearman(*_paired(values, [s.get(key) for s in examples]))
               for key in ("engine_agreement", "model_agreement")}
    estimates = [getattr(parse_rank(s.get("estimated_rank")), "value", None)
                 for s in examples]
    signals["estimated_rank"] = _spearman(*_paired(values, estimates))
    upper = {}
    for i, r in enumerate(order):
        if len(order) - i < 3:
            break
        sel = [s for q in order[i:] for s in by_rank[q]]
        upper[r] = {"points": _spearman([s["rank_value"] for s in sel],
                                        [s["mean_points_loss"] for s in sel]),
                    "winrate": _spearman([s["rank_value"] for s in sel],
                                         [s["mean_winrate_loss"] for s in sel])}
    steps = []
    for a, b in pairwise(order):
        x = np.array([s["mean_points_loss"] for s in by_rank[a]], float)
        y = np.array([s["mean_points_loss"] for s in by_rank[b]], float)
        steps.append({"from": a, "to": b, "points_drop": _r(float(x.mean() - y.mean()), 3),
                      "interval": [_r(v, 3) for v in _boot_diff(x, y, rng, resamples)]})
    return {
        "ranks": table,
        "spearman": spearman,
        "spearman_from_rank_up": upper,
        "other_signals": signals,
        "extremes": extremes(examples),
        "adjacent_steps": steps,
        "graph_vs_result": {
            "at": VERDICT_AT, **graph_agreement(rows, VERDICT_AT),
            "by_fraction": {str(f): {k: v for k, v in graph_agreement(rows, f).items()
                                     if k != "by_reason"} for f in FRACTIONS},
        },
    }


def plot(summary: dict[str, Any], path: Path, title: str) -> None:
    """Mean loss a move by rank (points and win rate) with the 95 % intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    table = summary["ranks"]
    x = np.arange(len(table))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, key, iv, label in ((axes[0], "mean_points_loss", "points_interval",
                                "mean loss a move (points)"),
                               (axes[1], "mean_winrate_loss", "winrate_interval",
                                "mean loss a move (win rate)")):
        y = np.array([t[key] for t in table], float)
        lo = np.array([t[iv][0] if t[iv][0] is not None else np.nan for t in table], float)
        hi = np.array([t[iv][1] if t[iv][1] is not None else np.nan for t in table], float)
        ax.errorbar(x, y, yerr=[np.nan_to_num(y - lo), np.nan_to_num(hi - y)], fmt="o-",
                    capsize=3)
        ax.set_xticks(x, [f"{t['rank']}\n{t['examples']}" for t in table], fontsize=8)
        ax.set_xlabel("rank (test-fold players), examples")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
    sp = summary["spearman"]
    rho = sp["points"]["rho"]
    fig.suptitle(title + (f"; Spearman rho (points) {rho:+.2f}" if rho is not None else ""),
                 fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=DATA, help="the fox_ranked folder")
    p.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                   help=f"playouts a position (default {DEFAULT_PLAYOUTS})")
    p.add_argument("--workers", type=int, default=None,
                   help="search processes (default: one per usable core)")
    p.add_argument("--per-rank", type=int, default=PER_RANK)
    p.add_argument("--min-moves", type=int, default=MIN_MOVES)
    p.add_argument("--max-per-player", type=int, default=MAX_PER_PLAYER)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--ranks", nargs="+", default=None,
                   help="study only these ranks (a smoke test)")
    p.add_argument("--limit", type=int, default=None,
                   help="review at most this many more games in this run")
    p.add_argument("--cache", type=Path, default=HERE / "cache" / "verdict_by_rank.sqlite")
    p.add_argument("--rows", type=Path, default=RESULTS / "verdict_by_rank.games.jsonl",
                   help="the finished games (JSON lines, appended)")
    p.add_argument("--out", type=Path, default=RESULTS / "verdict_by_rank.json")
    p.add_argument("--plot", type=Path, default=None,
                   help="the PNG (default: --out with .png)")
    p.add_argument("--report-only", action="store_true",
                   help="search nothing: the tables from the finished games")
    p.add_argument("--no-progress", action="store_true")
    args = p.parse_args(argv)

    from igo.cli.gtp import usable_cores
    from igo.sgf import iter_records
    from igo.strength.data import read_folds

    corpus = args.data / "games.sgfs.xz"
    folds = read_folds(args.data / "folds.tsv")
    drops: Counter[str] = Counter()
    t0 = time.perf_counter()
    cands = candidates(iter_records(corpus, progress=not args.no_progress), folds,
                       args.min_moves, drops)
    counts = rank_counts(cands)
    ranks = studied_ranks(counts, args.per_rank, args.ranks)
    chosen, records, illegal = select_legal(cands, ranks, args.per_rank,
                                            args.max_per_player, args.seed, corpus)
    n_pos = sum(c.moves + 1 for c in chosen)
    print(f"ranks present (test-fold examples): {counts}", file=sys.stderr)
    print(f"studied: {' '.join(ranks)}; {len(chosen)} games, "
          f"{sum(len(c.sides) for c in chosen)} examples, {n_pos} positions "
          f"(selection {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    games = []
    komi_fixed: Counter[str] = Counter()
    for c in chosen:
        rec = records[c.source]
        komi = study_komi(rec)
        if komi != rec.komi:
            komi_fixed[f"{rec.komi:g} -> {komi:g}"] += 1
        games.append((c, replace(rec, komi=komi), rec.komi))
    if args.limit is not None:
        done = {r["source"] for r in read_rows(args.rows, args.playouts)}
        games = [g for g in games if g[0].source in done] + \
            [g for g in games if g[0].source not in done][:args.limit]
    workers = args.workers or usable_cores()
    t1 = time.perf_counter()
    reviewed = 0
    if not args.report_only:
        reviewed = review_games(games, args.playouts, workers, args.cache, args.rows,
                                progress=not args.no_progress)
    seconds = time.perf_counter() - t1
    sources = {c.source for c in chosen}
    rows = [r for r in read_rows(args.rows, args.playouts) if r["source"] in sources]
    summary = aggregate(rows, ranks, args.seed)
    out = {
        "schema": "igo-review-verdict-by-rank/1",
        "data": str(corpus.relative_to(ROOT.parent)) if corpus.is_relative_to(ROOT.parent)
        else str(corpus),
        "selection": {"per_rank": args.per_rank, "min_moves": args.min_moves,
                      "max_per_player": args.max_per_player, "seed": args.seed,
                      "ranks_present": counts, "ranks_studied": ranks,
                      "examples_per_rank": rank_counts(chosen),
                      "games": len(chosen), "positions": n_pos,
                      "examples": sum(len(c.sides) for c in chosen),
                      "dropped": dict(sorted(drops.items())), "illegal_left_out": illegal,
                      "komi_changed": dict(komi_fixed)},
        "budget": {"playouts": args.playouts, "workers": workers,
                   "engine": "igo mcts, strong preset, one thread a worker"},
        "progress": {"games_done": len(rows), "games": len(chosen),
                     "reviewed_this_run": reviewed,
                     "seconds_this_run": round(seconds, 1),
                     "positions_searched": sum(r["searched"] for r in rows)},
        **summary,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    png = args.plot or args.out.with_suffix(".png")
    if summary["ranks"]:
        plot(summary, png, f"igo review at {args.playouts} playouts a position, "
             f"{len(rows)} Fox games")
    g = summary["graph_vs_result"]
    print(f"{len(rows)}/{len(chosen)} games done ({reviewed} now, {seconds:.0f} s); "
          f"Spearman (points) {summary['spearman']['points']}; graph agrees with the result "
          f"in {g['agree']}/{g['games']} games -> {args.out}, {png}", file=sys.stderr)
    print(f"other signals against rank: {summary['other_signals']}; "
          f"9d against 4-5k: {summary['extremes']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
