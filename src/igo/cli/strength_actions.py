"""The work of ``igo strength`` (kept apart from its argument parsing)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.sgf import CorpusStats, iter_records
from igo.strength.data import GameView, decode_name, iter_examples, read_folds
from igo.strength.estimator import NetSpec, StrengthModel, load_model, save_model
from igo.strength.predict import Estimate, check_view, game_estimate, pooled_estimate
from igo.strength.predict import raw_predictions as raw_preds

if TYPE_CHECKING:
    from igo.strength.cache import StrengthCache


def _model(path: str | None, no_net: bool = False) -> StrengthModel:
    """The model of ``--model``, else igo's default (its fallback without the policy
    net with ``--no-net``)."""
    from igo.strength.default import fallback_model_path, load_default_model

    if path:
        return load_model(path)
    return load_model(fallback_model_path()) if no_net else load_default_model()


def _est_dict(model: StrengthModel, e: Estimate) -> dict[str, Any]:
    sc = model.scale
    names = sc.class_names()
    return {"rating": round(e.rating, 1), "rank": sc.rank_text(e.rating),
            "sd": round(e.sd, 1), "interval": [round(e.low, 1), round(e.high, 1)],
            "interval_ranks": [sc.rank_text(e.low), sc.rank_text(e.high)],
            "classes": {n: round(p, 3) for n, p in zip(names, e.classes, strict=True)}}


def _read_games(inputs: list[str], model: StrengthModel, progress: bool
                ) -> tuple[list[GameView], CorpusStats]:
    """The games the model can read; each one it cannot (handicap, too short, another
    board size) is said on stderr and left out, so that one such record does not stop
    a folder of thousands.

    Raises
    ------
    ValueError
        If no game is left (the first reason said).
    """
    stats = CorpusStats()
    views = []
    refused: list[str] = []
    for rec in iter_records(inputs, progress=progress, stats=stats, check_legal=True):
        v = GameView.of(rec)
        try:
            check_view(v, model, rec.source)
        except ValueError as exc:  # StrengthModelError and GameTooShortError among them
            refused.append(str(exc))
            print(f"igo strength: skipped {exc}", file=sys.stderr)
            continue
        views.append(v)
    for reason, examples in stats.examples.items():
        for source, msg in examples:
            print(f"igo strength: skipped {source} ({reason}): {msg}", file=sys.stderr)
    if not views:
        raise ValueError("no readable game in the input" + (f" ({refused[0]})" if refused
                                                           else ""))
    return views, stats


def run_estimate(a: argparse.Namespace) -> int:
    """``igo strength GAME.sgf…``."""
    model = _model(a.model, a.no_net)
    views, stats = _read_games(a.inputs, model, not a.no_progress)
    raw = raw_preds(model, views, progress=not a.no_progress and len(views) > 20)
    games: list[dict[str, Any]] = []
    by_player: dict[str, list[float]] = {}
    for v, r in zip(views, raw, strict=True):
        rec = v.who
        ests = []
        for k, (col, name, label) in enumerate((("B", rec[0], rec[2]), ("W", rec[1], rec[3]))):
            if (a.color and col != a.color) or (a.player and a.player not in (name,
                                                                             decode_name(name))):
                continue
            d: dict[str, Any] = {"colour": col, "player": decode_name(name),
                                 "label_rank": label or None}
            d.update(_est_dict(model, game_estimate(model, float(r[k]), col)))
            ests.append(d)
            by_player.setdefault(name, []).append(float(r[k]))
        games.append({"source": v.record.source, "moves": len(v.moves), "estimates": ests})
    players = [{"player": decode_name(n), "games": len(rs),
                **_est_dict(model, pooled_estimate(model, rs))}
               for n, rs in by_player.items() if len(rs) > 1]
    out: dict[str, Any] = {"games": games, "players": players, "skipped": dict(stats.skipped)}
    if a.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        _print_text(out)
    return 0


def _line(d: dict[str, Any]) -> str:
    lo, hi = d["interval_ranks"]
    cls = ", ".join(f"{k}: {100 * p:.0f}%" for k, p in d["classes"].items())
    return f"{d['rank']} ({d['rating']:.0f} ± {1.96 * float(d['sd']):.0f}; {lo}–{hi})  [{cls}]"


def _print_text(out: dict[str, Any]) -> None:
    for g in out["games"]:
        print(f"{g['source']} ({g['moves']} moves)")
        for e in g["estimates"]:
            label = f", labelled {e['label_rank']}" if e["label_rank"] else ""
            print(f"  {e['colour']} {e['player']}{label}: {_line(e)}")
    if out["players"]:
        print("pooled per player:")
        for p in out["players"]:
            print(f"  {p['player']} ({p['games']} games): {_line(p)}")


def run_eval(a: argparse.Namespace) -> int:
    """``igo strength eval``: the issue's JSON schema on any rank-labelled corpus."""
    from igo.strength.evaluation import evaluate_examples

    model = _model(a.model)
    folds = read_folds(a.folds) if a.folds else None
    drops: Counter[str] = Counter()
    recs = iter_records(a.data, progress=not a.no_progress, check_legal=True, limit=a.limit)
    views, labels = [], []
    for v, exs in iter_examples(recs, model.scale, folds, drops, model.size):
        keep = [e for e in exs if folds is None or e.fold == ("train", "test").index(a.fold)]
        if keep and len(v.moves) >= 20:
            views.append(v)
            labels.append(keep)
    if not views:
        raise ValueError("no rank-labelled example in the data (BR/WR ranks needed)")
    raw = raw_preds(model, views, progress=not a.no_progress)
    pred = np.array([game_estimate(model, float(raw[i, int(e.colour) - 1]),
                                   "BW"[int(e.colour) - 1]).rating
                     for i, ex in enumerate(labels) for e in ex])
    true = np.array([e.rating for ex in labels for e in ex])
    res = evaluate_examples(model, pred, true)
    res = {"games": len(views), "examples": len(true), **res}
    print(json.dumps(res) if a.json else "\n".join(f"{k}: {v}" for k, v in res.items()))
    return 0


def run_train(a: argparse.Namespace) -> int:
    """``igo strength train``: encode (resumable) and fit the estimator."""
    from igo.movepred.default import load_default
    from igo.strength.cache import build_cache
    from igo.strength.fit import fit_model
    from igo.strength.ours import OursConfig

    cache = build_cache(a.data, Path(a.workdir) / "cache", load_default(19),
                        folds_path=a.folds, limit=a.limit, progress=not a.no_progress)
    groups = tuple(g for g in a.groups.split(",") if g)
    net = _net_view(a, cache, Path(a.workdir) / "cache") if "net" in groups else None
    model, _ = fit_model(cache, groups, OursConfig(iterations=a.iterations, seed=a.seed),
                         k=a.folds_k, progress=not a.no_progress, net=net)
    save_model(model, a.out)
    print(f"wrote {a.out}", file=sys.stderr)
    return 0


def _net_view(a: argparse.Namespace, cache: StrengthCache, directory: Path
              ) -> tuple[NetSpec, np.ndarray]:
    """The policy net of ``--net`` (a file among igo's models, or a path) and its view
    of the cache's games, made or resumed in the cache's ``directory``
    (:mod:`igo.strength.netview`)."""
    from igo.nets.policy import net_path, net_spec
    from igo.strength.netview import build_net_view, open_net_view
    from igo.strength.predict import net_policy

    spec = NetSpec(net_spec(net_path(a.net)), "", a.net_moves)
    policy = net_policy(spec)
    build_net_view(directory, cache, policy, max_moves=a.net_moves,
                   progress=not a.no_progress)
    return replace(spec, name=policy.name), open_net_view(directory, cache)
