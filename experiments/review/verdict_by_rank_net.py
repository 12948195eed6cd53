"""Issue 63, point 2: does the learned judge's verdict follow rank? The net alone, cheaply.

    python experiments/review/verdict_by_rank_net.py --model /tmp/heads.pt \\
        --per-rank-train 10 --per-rank-test 12          # both folds, then the report
    python experiments/review/verdict_by_rank_net.py --model /tmp/heads.pt --report-only

**Games and examples**: those of :mod:`verdict_by_rank` (its functions, imported): Fox
19x19 (``../shared/data/fox_ranked``), no handicap or setup stones, no AI account, at
least 50 moves; an *example* is one player of one fold in one game, drawn in the seeded
order of :func:`verdict_by_rank.select` (``--seed 25``, at most 3 examples a player) until
every rank has ``--per-rank-test`` examples; a record with an illegal move is replaced.
The test fold's selection is exactly :func:`verdict_by_rank.select_legal`'s with that
many a rank; the training fold's is the same draw over the training fold's players
(``--per-rank-train`` a rank, the test fold's ranks). Komi as there
(:func:`verdict_by_rank.study_komi`: Fox's lost komi of even games is 6.5, 7.5 under
Chinese rules).

**Judge**: the net with heads alone (no search), one batched pass a game
(:meth:`igo.nets.policy.NetPolicy.judge_encoded` over every position ``0 … moves`` of
:func:`igo.core.replay.replay_positions`). For position ``P`` before move ``m`` and the
mover's sign ``s`` (+1 Black), with the net's score at the game's komi and its win rate
(Black's, :class:`igo.nets.judgement.Judgement`):

- ``net`` (the issue's brief): the points lost by the move are ``s × (score(P) −
  score(P'))``, ``P'`` the next position; the win rate likewise;
- ``net_top`` (the review's judge with the net's first choice in place of the search's
  best move, :mod:`igo.review.net_judge`): ``s × (score(P after the policy's top
  move) − score(P'))``, exactly 0 when the move played is the policy's top move. The
  positions after the top move cost a second batch where the move played differs
  (``--no-top`` skips it). Both scores are of positions with the same player to move,
  so a bias of the net towards the player to move (or away from it) cancels here and
  not in ``net``.
- ``net_best`` (``--best-of K``): as ``net_top`` with the best of the policy's first
  ``K`` legal moves by the net's score for the mover in place of its first: a stronger
  judge's best move, at ``K - 1`` positions more a move.

Each finished game is appended to ``results/verdict_by_rank_net.<fold>.games.jsonl``
(Black's score and win rate of every position, those after the top move, the sides it
serves, the model file's step and digest): a rerun skips the games done with the same
model file, and ``--report-only`` judges nothing. The committed rows are packed with xz
(``….games.jsonl.xz``, read with the plain file's: :func:`verdict_by_rank.read_rows`).

**Statistics** of a player's moves in one game (:data:`STATISTICS`, fixed before any
fold was looked at): the mean points lost (losses below 0 counted as 0, as the review's
page counts them), the mean of the losses as they are (negative ones too), the 10 %
trimmed mean and the median of the losses as they are, the share of moves losing more
than 1, 2 and 3 points, the mean win rate lost (below 0 as 0). **The statistic is chosen
on the training fold** (the most negative Spearman ρ of rank against it over the
training examples: stronger players should lose less), for each judge; the test fold
reports the chosen one: Spearman ρ over examples and over rank means with p, the rank
means with 95 % percentile-bootstrap intervals, ρ from 1k up and from each rank up, the
issue's contrast **1–3d against 7–9d** and 9d against 4–5k (Mann-Whitney, two-sided),
and how often the side the net favours after 80 % of the moves won. Every statistic's ρ
on the test fold is listed too (``all_statistics``), for reading, not for choosing.
Beside them, the search's verdict (``results/verdict_by_rank_2500_all.games.jsonl``,
2,500 playouts a position, 116 test-fold players) with the same contrasts, and on the
examples that both studies hold, both verdicts' ρ over the same players.

**A fitted statistic** (``fitted``, added on 2026-12-07 after the training fold of the
``--best-of 3`` study was read, the test fold not): one statistic alone mixes what a
player loses with how often the net's move was chosen and how close the game was, so
least squares of the rank on at most :data:`FIT_MAX_FEATURES` of the ``net_top`` and
``net_best`` statistics and agreements (:func:`fit_features`), the subset chosen by
leave-one-out Spearman ρ over the training examples and fitted on all of them; the test
fold reports minus the predicted rank (:data:`FIT_KEY`, a loss: it falls with rank) with
the same figures as a chosen statistic.

**Time**: one core, PyTorch with one thread: a 19x19 position in about 25 ms with the
b10c128 trunk (a 230-move game in 6–10 s while the machine's other core trains); the
``net_top`` positions add about half as many again. Measured on 2026-12-07 (heads step
1200, 12 training and 14 test examples a rank): 275 games, 59,159 positions and their
top moves' in 2,024 s, 44 positions a second, beside three other jobs on the two cores.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import verdict_by_rank as vb  # noqa: E402  (the sibling script: its selection)

from igo.core.errors import IllegalMoveError  # noqa: E402
from igo.core.record import GameRecord  # noqa: E402

ROOT = vb.ROOT
RESULTS = HERE / "results"
PREFIX = "verdict_by_rank_net"
SEARCH_ROWS = RESULTS / "verdict_by_rank_2500_all.games.jsonl"
PER_RANK_TEST = 12
PER_RANK_TRAIN = 10
BATCH = 128
FOLDS = ("train", "test")
JUDGES = ("net", "net_top", "net_best")
#: the row key each judge other than ``net`` needs
JUDGE_KEY = {"net_top": "top_score_black", "net_best": "best_score_black"}
#: the issue's contrast (63): 1-3d against 7-9d, on igo's rank scale (1d = 1)
LOW_DAN = (1.0, 3.0)
HIGH_DAN = (7.0, 9.0)
#: "from 1k up" (1k = 0)
FROM_1K = 0.0


# ---------------------------------------------------------------------- selection


def fold_view(folds: dict[str, str], fold: str) -> dict[str, str]:
    """``folds`` with the players of ``fold`` marked ``"test"`` and no others, so that
    :func:`verdict_by_rank.candidates` draws from ``fold``."""
    return {name: "test" for name, f in folds.items() if f == fold}


def select_fold(corpus: Path, folds: dict[str, str], fold: str, per_rank: int,
                ranks_only: Sequence[str] | None, min_moves: int, max_per_player: int,
                seed: int, progress: bool) -> dict[str, Any]:
    """The games of ``fold`` (as :mod:`verdict_by_rank` selects the test fold's):
    ``{"chosen", "records", "illegal", "counts", "ranks", "drops"}``."""
    from igo.sgf import iter_records

    drops: Counter[str] = Counter()
    cands = vb.candidates(iter_records(corpus, progress=progress), fold_view(folds, fold),
                          min_moves, drops)
    counts = vb.rank_counts(cands)
    ranks = vb.studied_ranks(counts, per_rank, ranks_only)
    chosen, records, illegal = vb.select_legal(cands, ranks, per_rank, max_per_player,
                                               seed, corpus)
    return {"chosen": chosen, "records": records, "illegal": illegal, "counts": counts,
            "ranks": ranks, "drops": drops}


# -------------------------------------------------------------------------- judge


def model_tag(path: Path) -> dict[str, Any]:
    """The model file's name, training step of its heads and digest (sha256, 16 hex)."""
    import torch

    meta = torch.load(path, weights_only=True, map_location="cpu").get("meta", {})
    heads = meta.get("heads", {}) if isinstance(meta, dict) else {}
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return {"file": path.name, "step": heads.get("step") if isinstance(heads, dict) else None,
            "sha256": digest}


def _judge_all(net: Any, rows: Sequence[Any]) -> list[Any]:
    out: list[Any] = []
    for i in range(0, len(rows), BATCH):
        out += net.judge_encoded(rows[i:i + BATCH])
    return out


def _top_moves(board: Any, policy: np.ndarray, k: int = 1) -> list[tuple[int, Any]]:
    """The policy's ``k`` most likely legal moves on ``board``, most likely first (flat
    index, board after it), from its first ``k + 9`` choices (fewer if fewer are legal)."""
    from igo.core.coords import Point

    size = board.size
    out: list[tuple[int, Any]] = []
    for idx in np.argsort(-policy, kind="stable")[:k + 9]:
        point = None if idx == size * size else Point.from_flat(int(idx), size)
        after = board.copy()
        try:
            after.play(board.to_play, point)
        except IllegalMoveError:
            continue
        out.append((int(idx), after))
        if len(out) == k:
            break
    return out


def _top_move(board: Any, policy: np.ndarray) -> tuple[int, Any] | None:
    """The policy's most likely legal move on ``board`` (flat index, board after it);
    ``None`` if none of its first ten choices is legal."""
    found = _top_moves(board, policy, 1)
    return found[0] if found else None


def judge_game(rec: GameRecord, net: Any, top: bool = True, best_of: int = 0
               ) -> dict[str, Any]:
    """The net's judgement of every position of ``rec`` (at ``rec.komi``), Black's:
    ``score``/``win`` of positions ``0 … moves``; with ``top``, ``top_score``/``top_win``
    of the position after the policy's top move in positions ``0 … moves - 1`` (the
    next position's where that move is the move played) and ``top_agrees``; with
    ``best_of`` of 2 or more, ``best_score``/``best_win``: those of the best of the
    policy's first ``best_of`` legal moves by the net's score for the mover (the move
    played among them is judged by the next position), and ``best_agrees`` (the move
    played is that best move)."""
    from igo.core.replay import replay_positions
    from igo.nets.encode import encode_board, encode_positions

    game = replay_positions(rec)
    size = rec.size
    rows = encode_positions(game)
    rows.append(encode_board(game.final, game.final.to_play))
    judged = _judge_all(net, rows)
    komi = rec.komi
    score = [j.score_at(komi) for j in judged]
    win = [j.black_win for j in judged]
    out: dict[str, Any] = {"positions": len(judged), "score": score, "win": win}
    if not top and best_of < 2:
        return out
    extra: list[Any] = []
    # per move: its candidates' (flat index, where: None = the next position, else extra)
    cands: list[list[tuple[int, int | None]]] = []
    for k, move in enumerate(rec.moves):
        played = size * size if move.point is None else move.point.flat(size)
        mine: list[tuple[int, int | None]] = []
        for idx, after in _top_moves(game.boards[k], judged[k].policy, max(1, best_of)):
            if idx == played:
                mine.append((idx, None))
            else:
                mine.append((idx, len(extra)))
                extra.append(encode_board(after, after.to_play))
        cands.append(mine)
    more = _judge_all(net, extra) if extra else []
    out["positions"] += len(more)

    def value(k: int, w: int | None) -> tuple[float, float]:
        return ((score[k + 1], win[k + 1]) if w is None
                else (more[w].score_at(komi), more[w].black_win))

    if top:
        firsts = [value(k, c[0][1] if c else None) for k, c in enumerate(cands)]
        out["top_score"] = [v[0] for v in firsts]
        out["top_win"] = [v[1] for v in firsts]
        out["top_agrees"] = [bool(c) and c[0][1] is None for c in cands]
    if best_of >= 2:
        best_s: list[float] = []
        best_w: list[float] = []
        best_agrees: list[bool] = []
        for k, c in enumerate(cands):
            sign = 1.0 if rec.moves[k].color.letter == "B" else -1.0
            vals = [(value(k, w), w) for _, w in c] or [(value(k, None), None)]
            (s_, w_), where = max(vals, key=lambda v: sign * v[0][0])
            best_s.append(s_)
            best_w.append(w_)
            best_agrees.append(bool(c) and where is None)
        out["best_score"], out["best_win"], out["best_agrees"] = best_s, best_w, best_agrees
        out["best_of"] = best_of
    return out


def game_row(rec: GameRecord, cand: Any, judged: dict[str, Any], komi_read: float,
             model: dict[str, Any], fold: str, seconds: float) -> dict[str, Any]:
    """The study's row of one judged game (Black's figures rounded: 3 decimals for
    points, 4 for win rates)."""
    winner = rec.result.winner
    row: dict[str, Any] = {
        "source": cand.source, "fold": fold, "moves": len(rec.moves),
        "komi_read": komi_read, "komi": rec.komi, "rules": rec.rules.name,
        "result": rec.result.to_sgf(), "winner": None if winner is None else winner.letter,
        "reason": rec.result.reason, "model": model,
        "sides": [{"colour": s.colour, "player": s.player, "rank": s.rank,
                   "rank_value": s.value} for s in cand.sides],
        "colours": "".join(m.color.letter for m in rec.moves),
        "score_black": [round(v, 3) for v in judged["score"]],
        "winrate_black": [round(v, 4) for v in judged["win"]],
        "positions_judged": judged["positions"], "seconds": round(seconds, 2),
    }
    if "top_score" in judged:
        row["top_score_black"] = [round(v, 3) for v in judged["top_score"]]
        row["top_winrate_black"] = [round(v, 4) for v in judged["top_win"]]
        row["top_agrees"] = "".join("1" if a else "0" for a in judged["top_agrees"])
    if "best_score" in judged:
        row["best_of"] = judged["best_of"]
        row["best_score_black"] = [round(v, 3) for v in judged["best_score"]]
        row["best_winrate_black"] = [round(v, 4) for v in judged["best_win"]]
        row["best_agrees"] = "".join("1" if a else "0" for a in judged["best_agrees"])
    return row


def read_rows(path: Path, sha: str | None = None) -> list[dict[str, Any]]:
    """The finished games in ``path`` (:func:`verdict_by_rank.read_rows`), those judged
    by the model of digest ``sha`` if given."""
    if sha is None:
        return vb.read_rows(path)
    return vb.read_rows(path, keep=lambda row: row.get("model", {}).get("sha256") == sha)


def done_sources(rows_path: Path, sha: str, best_of: int = 0) -> set[str]:
    """The games of ``rows_path`` judged by the model of digest ``sha`` (and, with
    ``best_of`` of 2 or more, by the best of as many moves: a row without it is judged
    again)."""
    return {r["source"] for r in read_rows(rows_path, sha)
            if best_of < 2 or r.get("best_of") == best_of}


def judge_games(games: Sequence[tuple[Any, GameRecord, float]], net: Any,
                model: dict[str, Any], fold: str, rows_path: Path, top: bool = True,
                progress: bool = True, best_of: int = 0,
                on_row: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Judge each game not yet in ``rows_path`` (with this model) and append its row;
    returns the games judged now. ``games``: (candidate, record at the study's komi,
    komi read)."""
    from tqdm import tqdm

    done = done_sources(rows_path, model["sha256"], best_of)
    todo = [g for g in games if g[0].source not in done]
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    if rows_path.exists() and rows_path.stat().st_size:
        with rows_path.open("rb") as f:
            f.seek(-1, 2)
            cut = f.read(1) != b"\n"
        if cut:  # a line cut short by a kill: the next row starts a line of its own
            with rows_path.open("a", encoding="utf-8") as f:
                f.write("\n")
    judged_now = 0
    bar = tqdm(total=len(todo), desc=f"{fold} games", unit="game", disable=not progress,
               file=sys.stderr)
    positions = 0
    t0 = time.perf_counter()
    for cand, rec, komi_read in todo:
        t = time.perf_counter()
        judged = judge_game(rec, net, top, best_of)
        row = game_row(rec, cand, judged, komi_read, model, fold, time.perf_counter() - t)
        with rows_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
        if on_row is not None:
            on_row(row)
        judged_now += 1
        positions += judged["positions"]
        bar.update(1)
        bar.set_postfix_str(f"{positions / max(time.perf_counter() - t0, 1e-9):.0f} pos/s")
    bar.close()
    return judged_now


# --------------------------------------------------------------------- statistics


def move_losses(row: dict[str, Any], colour: str, judge: str = "net"
                ) -> tuple[np.ndarray, np.ndarray]:
    """The points and win rate lost by each move of ``colour`` (``"B"``/``"W"``) in
    ``row``, from its player's view, by ``judge`` (:data:`JUDGES`; the module docstring)."""
    score = np.asarray(row["score_black"], float)
    win = np.asarray(row["winrate_black"], float)
    if judge == "net":
        before_s, before_w = score[:-1], win[:-1]
    elif judge in ("net_top", "net_best"):
        stem = judge.removeprefix("net_")
        before_s = np.asarray(row[f"{stem}_score_black"], float)
        before_w = np.asarray(row[f"{stem}_winrate_black"], float)
    else:
        raise ValueError(f"unknown judge {judge!r}")
    colours = np.array(list(row["colours"]))
    sign = np.where(colours == "B", 1.0, -1.0)
    mine = colours == colour
    return ((sign * (before_s - score[1:]))[mine], (sign * (before_w - win[1:]))[mine])


def _trim_mean(x: np.ndarray) -> float:
    from scipy.stats import trim_mean

    return float(trim_mean(x, 0.1))


#: name -> f(points lost, win rate lost) of one player's moves in one game.
STATISTICS: dict[str, Callable[[np.ndarray, np.ndarray], float]] = {
    "mean_points_loss": lambda p, w: float(np.maximum(p, 0.0).mean()),
    "mean_points_raw": lambda p, w: float(p.mean()),
    "trimmed_mean_10": lambda p, w: _trim_mean(p),
    "median_points": lambda p, w: float(np.median(p)),
    "share_over_1": lambda p, w: float((p > 1.0).mean()),
    "share_over_2": lambda p, w: float((p > 2.0).mean()),
    "share_over_3": lambda p, w: float((p > 3.0).mean()),
    "mean_winrate_loss": lambda p, w: float(np.maximum(w, 0.0).mean()),
}


def examples(rows: Iterable[dict[str, Any]], judges: Sequence[str] = JUDGES
             ) -> list[dict[str, Any]]:
    """One dict an example (a side a row serves): its rank, player, moves, source and
    ``"<judge>:<statistic>"`` for every judge the row holds and every statistic."""
    out = []
    for row in rows:
        for side in row["sides"]:
            ex = {k: side[k] for k in ("colour", "player", "rank", "rank_value")}
            ex["source"] = row["source"]
            for judge in judges:
                if judge in JUDGE_KEY and JUDGE_KEY[judge] not in row:
                    continue
                pts, wr = move_losses(row, side["colour"], judge)
                ex["moves"] = len(pts)
                for name, f in STATISTICS.items():
                    ex[f"{judge}:{name}"] = f(pts, wr) if len(pts) else math.nan
                if judge in JUDGE_KEY:
                    stem = judge.removeprefix("net_")
                    mine = [a for a, c in zip(row[f"{stem}_agrees"], row["colours"],
                                              strict=True) if c == side["colour"]]
                    ex[f"{judge}:agreement"] = sum(a == "1" for a in mine) / max(len(mine), 1)
            out.append(ex)
    return out


def _values(exs: Sequence[dict[str, Any]], key: str) -> tuple[list[float], list[float]]:
    pairs = [(e["rank_value"], e[key]) for e in exs
             if key in e and not math.isnan(e[key])]
    return [a for a, _ in pairs], [b for _, b in pairs]


def spearman_all(exs: Sequence[dict[str, Any]], judge: str) -> dict[str, Any]:
    """Spearman's ρ of rank against every statistic of ``judge`` over ``exs``."""
    return {name: vb._spearman(*_values(exs, f"{judge}:{name}")) for name in STATISTICS}


def choose(train: Sequence[dict[str, Any]], judge: str) -> tuple[str, dict[str, Any]]:
    """The statistic of ``judge`` with the most negative ρ on the training examples
    (ties: the first of :data:`STATISTICS`; none with a ρ, as in a smoke test of a few
    games: the first), and every statistic's ρ there."""
    table = spearman_all(train, judge)
    rhos = {k: v["rho"] for k, v in table.items() if v["rho"] is not None}
    if not rhos:
        return next(iter(STATISTICS)), table
    best = min(rhos, key=lambda k: (rhos[k], list(STATISTICS).index(k)))
    return best, table


def contrast(exs: Sequence[dict[str, Any]], key: str, low: tuple[float, float],
             high: tuple[float, float]) -> dict[str, Any] | None:
    """``key`` of the examples ranked within ``low`` against those within ``high``
    (Mann-Whitney, two-sided; and one-sided, ``low`` greater)."""
    from scipy.stats import mannwhitneyu

    a = [e[key] for e in exs if low[0] <= e["rank_value"] <= low[1] and key in e]
    b = [e[key] for e in exs if high[0] <= e["rank_value"] <= high[1] and key in e]
    if not a or not b:
        return None
    two = mannwhitneyu(a, b, alternative="two-sided")
    one = mannwhitneyu(a, b, alternative="greater")
    return {"low_n": len(a), "high_n": len(b), "low_mean": vb._r(float(np.mean(a)), 4),
            "high_mean": vb._r(float(np.mean(b)), 4), "p_value": float(two.pvalue),
            "p_one_sided_low_greater": float(one.pvalue)}


def verdict(exs: Sequence[dict[str, Any]], key: str, seed: int,
            resamples: int = vb.RESAMPLES) -> dict[str, Any]:
    """The test fold's figures of one statistic ``key`` (the module docstring)."""
    rng = np.random.default_rng(seed)
    by_rank: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for e in exs:
        by_rank[e["rank"]].append(e)
    order = sorted(by_rank, key=lambda r: by_rank[r][0]["rank_value"])
    table = []
    for r in order:
        x = np.array([e[key] for e in by_rank[r]], float)
        table.append({"rank": r, "rank_value": by_rank[r][0]["rank_value"],
                      "examples": len(x), "players": len({e["player"] for e in by_rank[r]}),
                      "mean": vb._r(float(x.mean()), 4),
                      "interval": [vb._r(v, 4) for v in vb._boot_mean(x, rng, resamples)]})
    upper = {}
    for i, r in enumerate(order):
        if len(order) - i < 3:
            break
        upper[r] = vb._spearman(*_values([e for q in order[i:] for e in by_rank[q]], key))
    from_1k = [e for e in exs if e["rank_value"] >= FROM_1K]
    return {
        "statistic": key, "ranks": table,
        "spearman": vb._spearman(*_values(exs, key)),
        "spearman_rank_means": vb._spearman([t["rank_value"] for t in table],
                                            [t["mean"] for t in table]),
        "spearman_from_1k": vb._spearman(*_values(from_1k, key)),
        "spearman_from_rank_up": upper,
        "dan_1_3_vs_7_9": contrast(exs, key, LOW_DAN, HIGH_DAN),
        "kyu_4_5_vs_9d": contrast(exs, key, (-4.0, vb.EXTREME_BOTTOM),
                                  (vb.EXTREME_TOP, vb.EXTREME_TOP)),
    }


#: the key of the fitted statistic in an example: minus the rank a least-squares fit of
#: the judges' statistics predicts (so that, as a loss, it falls with rank)
FIT_KEY = "net_fit:weakness"
#: at most this many statistics in the fit
FIT_MAX_FEATURES = 3


def fit_features(exs: Sequence[dict[str, Any]]) -> list[str]:
    """The statistics the fit may use: every ``net_top``/``net_best`` statistic and
    agreement that every example of ``exs`` has, with more than one value."""
    keys = [f"{j}:{n}" for j in ("net_top", "net_best") for n in [*STATISTICS, "agreement"]]
    return [k for k in keys if exs and all(k in e and not math.isnan(e[k]) for e in exs)
            and len({e[k] for e in exs}) > 1]


def _design(exs: Sequence[dict[str, Any]], keys: Sequence[str]) -> np.ndarray:
    return np.column_stack([np.array([e[k] for e in exs], float) for k in keys]
                           + [np.ones(len(exs))])


def loo_predictions(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Leave-one-out predictions of least squares of ``y`` on ``x`` (its columns, an
    intercept among them), each example's from the fit on the others (by the hat
    matrix: ``y - r / (1 - h)``)."""
    pinv = np.linalg.pinv(x)
    hat = np.einsum("ij,ji->i", x, pinv)
    resid = y - x @ (pinv @ y)
    return y - resid / np.maximum(1.0 - hat, 1e-12)


def fit_choice(train: Sequence[dict[str, Any]], max_features: int = FIT_MAX_FEATURES
               ) -> dict[str, Any] | None:
    """The subset of at most ``max_features`` of :func:`fit_features` whose least-squares
    prediction of the rank has the highest leave-one-out Spearman ρ over the training
    examples, and that fit's weights on all of them (``None`` with too few examples)."""
    from itertools import combinations

    from scipy.stats import spearmanr

    feats = fit_features(train)
    y = np.array([e["rank_value"] for e in train], float)
    if len(train) < 10 or not feats or len(set(y)) < 2:
        return None
    best: tuple[float, tuple[str, ...]] | None = None
    for k in range(1, max_features + 1):
        for keys in combinations(feats, k):
            rho = float(spearmanr(loo_predictions(_design(train, keys), y), y).statistic)
            if not math.isnan(rho) and (best is None or rho > best[0]):
                best = (rho, keys)
    if best is None:
        return None
    weights = np.linalg.lstsq(_design(train, best[1]), y, rcond=None)[0]
    return {"features": list(best[1]), "weights": [round(float(w), 6) for w in weights[:-1]],
            "intercept": round(float(weights[-1]), 6), "train_loo_spearman": round(best[0], 4),
            "train_examples": len(train), "candidates": len(feats),
            "max_features": max_features}


def add_fitted(exs: Sequence[dict[str, Any]], fit: dict[str, Any]) -> None:
    """Set :data:`FIT_KEY` of each example of ``exs`` that has the fit's statistics."""
    for e in exs:
        if all(k in e and not math.isnan(e[k]) for k in fit["features"]):
            pred = fit["intercept"] + sum(w * e[k] for w, k in
                                          zip(fit["weights"], fit["features"], strict=True))
            e[FIT_KEY] = -float(pred)


def search_verdict(path: Path, seed: int) -> dict[str, Any] | None:
    """The search's verdict (``mean_points_loss`` of ``verdict_by_rank.py``'s rows at
    ``path``) with the same figures as :func:`verdict`."""
    if not path.exists():
        return None
    rows = vb.read_rows(path)
    exs = [{**s, "source": r["source"]} for r in rows for s in r["sides"]]
    out = verdict(exs, "mean_points_loss", seed)
    out["file"] = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    out["playouts"] = sorted({r["playouts"] for r in rows})
    return out


def paired(search_path: Path, test: Sequence[dict[str, Any]], keys: Sequence[str]
           ) -> dict[str, Any] | None:
    """On the examples both the search's study and this one hold (same game and
    colour): ρ of rank against the search's mean loss and against each of ``keys``."""
    if not search_path.exists():
        return None
    search = {(r["source"], s["colour"]): s["mean_points_loss"]
              for r in vb.read_rows(search_path) for s in r["sides"]}
    both = [e for e in test if (e["source"], e["colour"]) in search]
    out: dict[str, Any] = {"examples": len(both)}
    if len(both) < 3:
        return out
    values = [e["rank_value"] for e in both]
    out["search:mean_points_loss"] = vb._spearman(
        values, [search[(e["source"], e["colour"])] for e in both])
    for key in keys:
        out[key] = vb._spearman(*_values(both, key))
    return out


def judge_summary(rows: Sequence[dict[str, Any]], judge: str) -> dict[str, Any]:
    """Every move of ``rows`` (both players, served or not) by ``judge``: the mean and
    median points lost as they are, and the shares of moves losing less than 0 and
    exactly 0 (a bias of the net towards one side of the move shows here)."""
    pts = [move_losses(r, c, judge)[0] for r in rows for c in "BW"
           if judge not in JUDGE_KEY or JUDGE_KEY[judge] in r]
    x = np.concatenate(pts) if pts else np.zeros(0)
    if not len(x):
        return {"moves": 0}
    return {"moves": len(x), "mean_points": vb._r(float(x.mean()), 3),
            "median_points": vb._r(float(np.median(x)), 3),
            "share_negative": vb._r(float((x < 0).mean()), 4),
            "share_zero": vb._r(float((x == 0).mean()), 4)}


def graph_vs_result(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How often the side the net favours after 80 % of the moves won
    (:func:`verdict_by_rank.graph_agreement` on the net's win rates)."""
    out = vb.graph_agreement(rows, vb.VERDICT_AT)
    out["by_fraction"] = {str(f): {k: v for k, v in vb.graph_agreement(rows, f).items()
                                   if k != "by_reason"} for f in vb.FRACTIONS}
    return out


def plot(report: dict[str, Any], path: Path, title: str) -> None:
    """The chosen statistic of each judge by rank on the test fold (95 % intervals),
    the search's mean loss beside the first."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [(j, report["test"][j]) for j in JUDGES if j in report["test"]]
    if report.get("fitted"):
        panels.append(("fitted", report["fitted"]["test"]))
    fig, axes = plt.subplots(1, len(panels), figsize=(5.6 * len(panels), 4.2), squeeze=False)
    search = report.get("search")
    for ax, (judge, v) in zip(axes[0], panels, strict=True):
        table = v["ranks"]
        x = np.arange(len(table))
        y = np.array([t["mean"] for t in table], float)
        lo = np.array([t["interval"][0] if t["interval"][0] is not None else np.nan
                       for t in table], float)
        hi = np.array([t["interval"][1] if t["interval"][1] is not None else np.nan
                       for t in table], float)
        stat = v["statistic"].split(":", 1)[1]
        rho = v["spearman"]["rho"]
        ax.errorbar(x, y, yerr=[np.nan_to_num(y - lo), np.nan_to_num(hi - y)], fmt="o-",
                    capsize=3, label=f"{judge}: {stat} (rho {rho:+.2f})"
                    if rho is not None else f"{judge}: {stat}")
        handles = ax.get_legend_handles_labels()[0]
        if search is not None and judge == "net":
            means = {t["rank"]: t["mean"] for t in search["ranks"]}
            ys = [means.get(t["rank"], np.nan) for t in table]
            srho = search["spearman"]["rho"]
            ax2 = ax.twinx()
            ax2.plot(x, ys, "s--", color="grey", alpha=0.7,
                     label=f"search, 2,500 playouts: mean loss (rho {srho:+.2f})")
            ax2.set_ylabel("search: mean loss a move (points)", color="grey")
            handles += ax2.get_legend_handles_labels()[0]
        ax.set_xticks(x, [f"{t['rank']}\n{t['examples']}" for t in table], fontsize=8)
        ax.set_xlabel("rank (test-fold players), examples")
        ax.set_ylabel(stat)
        ax.legend(handles=handles, loc="lower left", fontsize=7, framealpha=0.8)
        ax.grid(alpha=0.3)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def report(rows: dict[str, list[dict[str, Any]]], seed: int, search_rows: Path
           ) -> dict[str, Any]:
    """The choice on the training fold and the test fold's figures (module docstring)."""
    train = examples(rows["train"])
    test = examples(rows["test"])
    out: dict[str, Any] = {"choice": {}, "test": {}, "all_statistics": {}}
    for judge in JUDGES:
        if not any(f"{judge}:mean_points_loss" in e for e in train + test):
            continue
        name, table = choose(train, judge)
        key = f"{judge}:{name}"
        out["choice"][judge] = {"statistic": name, "train_examples": len(train),
                                "train_spearman": table}
        out["test"][judge] = verdict(test, key, seed)
        out["all_statistics"][judge] = spearman_all(test, judge)
        out["test"][judge]["moves"] = judge_summary(rows["test"], judge)
    fit = fit_choice(train)
    if fit is not None:
        add_fitted(test, fit)
        out["fitted"] = {"choice": fit, "test": verdict(test, FIT_KEY, seed)}
    out["test_agreement_with_policy"] = vb._spearman(*_values(test, "net_top:agreement"))
    out["search"] = search_verdict(search_rows, seed)
    out["paired_with_search"] = paired(search_rows, test,
                                       [v["statistic"] for v in out["test"].values()])
    out["graph_vs_result"] = graph_vs_result(rows["test"])
    return out


# -------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=vb.DATA, help="the fox_ranked folder")
    p.add_argument("--model", type=Path, required=True,
                   help="a model file with heads (copy a training run's file first)")
    p.add_argument("--per-rank-test", type=int, default=PER_RANK_TEST)
    p.add_argument("--per-rank-train", type=int, default=PER_RANK_TRAIN)
    p.add_argument("--min-moves", type=int, default=vb.MIN_MOVES)
    p.add_argument("--max-per-player", type=int, default=vb.MAX_PER_PLAYER)
    p.add_argument("--seed", type=int, default=vb.SEED)
    p.add_argument("--ranks", nargs="+", default=None, help="only these ranks (smoke test)")
    p.add_argument("--folds", nargs="+", choices=FOLDS, default=list(FOLDS),
                   help="the folds to judge now (the report reads both)")
    p.add_argument("--limit", type=int, default=None,
                   help="judge at most this many more games a fold in this run")
    p.add_argument("--no-top", action="store_true",
                   help="skip the positions after the policy's top move (no net_top)")
    p.add_argument("--best-of", type=int, default=0,
                   help="also judge by the best of the policy's first K moves (net_best; "
                        "K >= 2, up to K - 1 evaluations more a position; 0: not)")
    p.add_argument("--rows", type=Path, default=RESULTS / PREFIX,
                   help="prefix of the finished games' files (<prefix>.<fold>.games.jsonl)")
    p.add_argument("--search-rows", type=Path, default=SEARCH_ROWS)
    p.add_argument("--out", type=Path, default=RESULTS / f"{PREFIX}.json")
    p.add_argument("--plot", type=Path, default=None, help="default: --out with .png")
    p.add_argument("--report-only", action="store_true", help="judge nothing")
    p.add_argument("--no-progress", action="store_true")
    args = p.parse_args(argv)
    if args.best_of == 1 or args.best_of < 0:
        p.error("--best-of: 0 (no net_best) or at least 2")

    from igo.strength.data import read_folds

    corpus = args.data / "games.sgfs.xz"
    folds = read_folds(args.data / "folds.tsv")
    model = model_tag(args.model)
    progress = not args.no_progress
    t0 = time.perf_counter()
    test_sel = select_fold(corpus, folds, "test", args.per_rank_test, args.ranks,
                           args.min_moves, args.max_per_player, args.seed, progress)
    train_sel = select_fold(corpus, folds, "train", args.per_rank_train, test_sel["ranks"],
                            args.min_moves, args.max_per_player, args.seed, progress)
    sel = {"train": train_sel, "test": test_sel}
    print(f"selection {time.perf_counter() - t0:.0f} s; model {model}", file=sys.stderr)
    net = None
    if not args.report_only:
        from igo.nets.policy import NetPolicy

        net = NetPolicy(args.model, threads=1)
        if not net.has_heads:
            raise SystemExit(f"{args.model}: the net has no heads")
    rows: dict[str, list[dict[str, Any]]] = {}
    selection: dict[str, Any] = {}
    judged_now: dict[str, Any] = {}
    for fold in FOLDS:
        s = sel[fold]
        path = Path(f"{args.rows}.{fold}.games.jsonl")
        games = []
        komi_fixed: Counter[str] = Counter()
        for c in s["chosen"]:
            rec = s["records"][c.source]
            komi = vb.study_komi(rec)
            if komi != rec.komi:
                komi_fixed[f"{rec.komi:g} -> {komi:g}"] += 1
            games.append((c, replace(rec, komi=komi), rec.komi))
        print(f"{fold}: {' '.join(s['ranks'])}; {len(games)} games, "
              f"{sum(len(c.sides) for c in s['chosen'])} examples, "
              f"{sum(c.moves + 1 for c in s['chosen'])} positions", file=sys.stderr)
        if net is not None and fold in args.folds:
            done = done_sources(path, model["sha256"], args.best_of)
            todo = [g for g in games if g[0].source not in done][:args.limit]
            t1 = time.perf_counter()
            n = judge_games(todo, net, model, fold, path, not args.no_top, progress,
                            args.best_of)
            judged_now[fold] = {"games": n, "seconds": round(time.perf_counter() - t1, 1)}
        sources = {c.source for c in s["chosen"]}
        rows[fold] = [r for r in read_rows(path, model["sha256"]) if r["source"] in sources]
        selection[fold] = {
            "per_rank": args.per_rank_test if fold == "test" else args.per_rank_train,
            "ranks_present": s["counts"], "ranks_studied": s["ranks"],
            "examples_per_rank": vb.rank_counts(s["chosen"]), "games": len(games),
            "examples": sum(len(c.sides) for c in s["chosen"]),
            "positions": sum(c.moves + 1 for c in s["chosen"]),
            "games_done": len(rows[fold]), "dropped": dict(sorted(s["drops"].items())),
            "illegal_left_out": s["illegal"], "komi_changed": dict(komi_fixed),
            "rows": str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)}
    summary = report(rows, args.seed, args.search_rows)
    out = {
        "schema": "igo-review-verdict-by-rank-net/1",
        "data": str(corpus.relative_to(ROOT.parent)) if corpus.is_relative_to(ROOT.parent)
        else str(corpus),
        "command": "python experiments/review/verdict_by_rank_net.py "
                   + " ".join(sys.argv[1:] if argv is None else argv),
        "model": model, "seed": args.seed, "min_moves": args.min_moves,
        "max_per_player": args.max_per_player, "selection": selection,
        "judged_this_run": judged_now, "statistics": list(STATISTICS), **summary,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    png = args.plot or args.out.with_suffix(".png")
    if summary["test"]:
        n_test = sum(len(r["sides"]) for r in rows["test"])
        plot(summary, png, f"the net alone ({model['file']}, step {model['step']}) on "
             f"{len(rows['test'])} Fox games, {n_test} test-fold players; statistic chosen "
             "on the training fold")
    for judge, v in summary["test"].items():
        print(f"{judge}: chosen {v['statistic']} (train rho "
              f"{summary['choice'][judge]['train_spearman'][v['statistic'].split(':')[1]]})"
              f"; test rho {v['spearman']}; from 1k {v['spearman_from_1k']}; "
              f"1-3d vs 7-9d {v['dan_1_3_vs_7_9']}", file=sys.stderr)
    if summary.get("fitted"):
        f = summary["fitted"]
        print(f"fitted: {' + '.join(f['choice']['features'])} (train LOO rho "
              f"{f['choice']['train_loo_spearman']}); test rho {f['test']['spearman']}; "
              f"1-3d vs 7-9d {f['test']['dan_1_3_vs_7_9']}", file=sys.stderr)
    print(f"-> {args.out}, {png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
