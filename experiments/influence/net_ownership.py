"""The net's ownership head against fukui and the search's ownership (issue 63, point 4).

Paper 003's held-out protocol (``README.md``: the labelled test games of
``tygem9d/test.sgfs.xz``, stages 20–250, accuracy of the sign against the final owner,
zero = 1/2; ``beta`` of the log loss fitted per stage on the tuning games), on the same
positions for every model:

- ``net``: ``igo influence --model net`` (:mod:`igo.influence.net`): the ownership head
  of the position's stones, the mean of its answers with Black and with White to move;
- ``net (game position)``: the net on the game's position as it stands (its last moves,
  its ko, the player to move of the record): :meth:`~igo.influence.net.NetModel.board_map`;
- ``fukui (tuned)``: the default influence model;
- ``mcts``: the search's ownership (``--model mcts``, strong preset, 200 playouts), at the
  ``--mcts-stages`` only (it costs ~0.7 s a map here), its calibration fitted on the first
  ``--mcts-tune-games`` tuning games. Its per-position accuracies are kept in
  ``--mcts-cache`` (seeded by the position: a rerun would give the same maps), so that a
  later net is measured without searching again.

The model file is copied first (a training run rewrites it); its training step
(``meta['heads']['step']``) is written with the results. Per-game paired differences at
each stage with a 95 % bootstrap interval over games (10,000 resamples)::

    nice -n 10 .venv/bin/python experiments/influence/net_ownership.py \\
        --net runs/value-net/heads/policy-19-heads.pt --cache /tmp/labels.sqlite
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from igo.core.board import Board
from igo.core.replay import replay
from igo.influence import get_model
from igo.influence.evaluate import (
    StagePosition,
    StageScores,
    accuracy,
    collect_positions,
    fit_beta,
    in_split,
    model_fn,
    score_positions,
    summarize,
)
from igo.influence.labels import DEFAULT_STAGES, LabelCache, iter_counted, record_key

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = ROOT.parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"
NET = ROOT / "runs" / "value-net" / "heads" / "policy-19-heads.pt"

Fn = Callable[[StagePosition], np.ndarray | None]


def game_boards(cache: LabelCache, split: str, stages: tuple[int, ...],
                keys: set[str]) -> dict[tuple[str, int], Board]:
    """The game positions (with their history) of the labelled games ``keys`` of
    ``split`` at each stage, by ``(key, move)``."""
    out: dict[tuple[str, int], Board] = {}
    for index, record in enumerate(iter_counted(DATA)):
        if not in_split(index, split):
            continue
        key = record_key(record)
        if key not in keys:
            continue
        for m in stages:
            if m <= len(record.moves):
                out[(key, m)] = replay(record, m)
    return out


def evaluate(fn: Fn, positions: list[StagePosition]
             ) -> tuple[dict[int, StageScores], dict[str, dict[str, float]]]:
    """One pass: the pooled scores by stage (as ``igo influence eval``) and each game's
    accuracy by stage and game key."""
    scores: dict[int, StageScores] = {}
    games: dict[str, dict[str, float]] = {}
    for pos in positions:
        value = fn(pos)
        if value is None:
            continue
        scores.setdefault(pos.move, StageScores()).add(value, pos.owner)
        keep = pos.owner != 0
        games.setdefault(str(pos.move), {})[pos.key] = accuracy(
            np.asarray(value)[keep], pos.owner[keep])
    return scores, games


def paired(a: dict[str, float], b: dict[str, float], rng: np.random.Generator
           ) -> dict[str, object]:
    """Mean per-game difference ``a - b`` over the games both have, with a 95 %
    bootstrap interval over games."""
    keys = sorted(set(a) & set(b))
    d = np.array([a[k] - b[k] for k in keys])
    boot = d[rng.integers(0, len(d), size=(10_000, len(d)))].mean(axis=1)
    lo, hi = np.percentile(boot, [2.5, 97.5])
    return {"games": len(keys), "mean": float(d.mean()), "ci95": [float(lo), float(hi)],
            "games_better": int((d > 0).sum()), "games_worse": int((d < 0).sum())}


def timed(fn: Fn) -> tuple[Fn, list[float]]:
    """``fn`` and a list ``[CPU seconds, calls]`` that it adds to."""
    spent = [0.0, 0.0]

    def wrapped(pos: StagePosition) -> np.ndarray | None:
        t0 = time.process_time()
        out = fn(pos)
        spent[0] += time.process_time() - t0
        spent[1] += 1
        return out

    return wrapped, spent


def mcts_scores(args: argparse.Namespace, test: list[StagePosition],
                tune: list[StagePosition]) -> dict[str, object]:
    """The search's stage summaries and per-game accuracies (cached)."""
    path = Path(args.mcts_cache)
    stages = sorted(args.mcts_stages)
    if path.exists():
        kept = json.loads(path.read_text())
        if kept["stages"] == stages and kept["playouts"] == args.mcts_playouts \
                and kept["games"] == args.games:
            print(f"mcts: read from {path}", file=sys.stderr)
            return dict(kept)
    model = get_model("mcts", playouts=args.mcts_playouts)
    fn, spent = timed(model_fn("mcts", model))
    keys = sorted({p.key for p in tune})[:args.mcts_tune_games]
    tune_sel = [p for p in tune if p.key in keys and p.move in stages]
    betas = {m: fit_beta(*s.arrays()) for m, s in score_positions(fn, tune_sel).items()}
    spent[:] = [0.0, 0.0]
    scores, games = evaluate(fn, [p for p in test if p.move in stages])
    out = {"stages": stages, "playouts": args.mcts_playouts, "games": args.games,
           "tune_games": len(keys), "summary": summarize(scores, betas),
           "per_game": games, "cpu_s_per_map": spent[0] / max(spent[1], 1)}
    path.write_text(json.dumps(out, indent=1) + "\n")
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--net", default=str(NET), help="model file with heads")
    p.add_argument("--cache", default=str(HERE / "cache" / "labels.sqlite"),
                   help="label cache (labels.sqlite.xz decompressed)")
    p.add_argument("--games", type=int, default=None, help="at most N test games")
    p.add_argument("--mcts-stages", default="50,100,150",
                   help="stages of the mcts comparison ('' for none)")
    p.add_argument("--mcts-playouts", type=int, default=200)
    p.add_argument("--mcts-tune-games", type=int, default=30)
    p.add_argument("--mcts-cache", default=str(HERE / "mcts" / "net_compare_mcts.json"))
    p.add_argument("--out", default=str(HERE / "results_net.json"))
    args = p.parse_args()
    args.mcts_stages = [int(t) for t in args.mcts_stages.split(",") if t.strip()]

    import torch

    torch.set_num_threads(1)
    from igo.nets.policy import NetPolicy

    with tempfile.TemporaryDirectory() as tmp:  # the training rewrites the file
        copy = Path(tmp) / "net.pt"
        shutil.copyfile(args.net, copy)
        policy = NetPolicy(copy)
    heads = policy.meta.get("heads", {})
    step = heads.get("step") if isinstance(heads, dict) else None
    print(f"net {args.net}: {policy.name}, heads step {step}", file=sys.stderr)

    stages = DEFAULT_STAGES
    with LabelCache(args.cache) as cache:
        test, n_test = collect_positions(DATA, cache, stages=stages, split="test",
                                         games=args.games)
        tune, n_tune = collect_positions(DATA, cache, stages=stages, split="tune")
        boards = game_boards(cache, "test", stages, {p.key for p in test})
        boards |= game_boards(cache, "tune", stages, {p.key for p in tune})
    print(f"{n_test} test games ({len(test)} positions), {n_tune} tuning games",
          file=sys.stderr)

    from igo.influence.net import NetModel

    net = NetModel(policy=policy)
    game = NetModel(policy=policy)
    fns: dict[str, Fn] = {
        "fukui (tuned)": model_fn("fukui", get_model("fukui")),
        "net": model_fn("net", net),
        "net (game position)": lambda pos: game.board_map(boards[(pos.key, pos.move)]),
    }
    results: dict[str, object] = {}
    games: dict[str, dict[str, dict[str, float]]] = {}
    cpu: dict[str, float] = {}
    for label, fn in fns.items():
        t_fn, spent = timed(fn)
        betas = {m: fit_beta(*s.arrays()) for m, s in score_positions(t_fn, tune).items()}
        spent[:] = [0.0, 0.0]
        scores, games[label] = evaluate(t_fn, test)
        results[label] = summarize(scores, betas)
        cpu[label] = spent[0] / max(spent[1], 1)
        print(f"{label}: done ({cpu[label] * 1000:.1f} ms CPU a map)", file=sys.stderr)

    mcts: dict[str, object] | None = None
    if args.mcts_stages:
        mcts = mcts_scores(args, test, tune)
        results["mcts (strong, 200 playouts)"] = mcts["summary"]
        games["mcts (strong, 200 playouts)"] = mcts["per_game"]  # type: ignore[assignment]
        cpu["mcts (strong, 200 playouts)"] = float(mcts["cpu_s_per_map"])  # type: ignore[arg-type]

    rng = np.random.default_rng(0)
    diffs: dict[str, dict[str, object]] = {}
    for m in args.mcts_stages:
        for a, b in (("net", "mcts (strong, 200 playouts)"), ("net", "fukui (tuned)"),
                     ("net (game position)", "mcts (strong, 200 playouts)"),
                     ("net (game position)", "net")):
            if b in games and a in games:
                diffs[f"{a} - {b} @ {m}"] = paired(games[a][str(m)], games[b][str(m)], rng)

    out = {"net": args.net, "net_name": policy.name, "heads_step": step,
           "heads_meta": {k: v for k, v in heads.items() if k != "history"}
           if isinstance(heads, dict) else None,
           "test_games": n_test, "tune_games": n_tune, "models": results,
           "cpu_s_per_map": cpu, "paired": diffs}
    Path(args.out).write_text(json.dumps(out, indent=1, default=str) + "\n")
    _print(out)
    return 0


def _print(out: dict[str, object]) -> None:
    models = out["models"]
    assert isinstance(models, dict)
    stages = sorted({int(k) for r in models.values() for k in r})
    print(f"heads step {out['heads_step']}; {out['test_games']} test games\n")
    print("| model | " + " | ".join(f"move {m}" for m in stages) + " | ms/map (CPU) |")
    print("|---|" + "---|" * (len(stages) + 1))
    cpu = out["cpu_s_per_map"]
    assert isinstance(cpu, dict)
    for label, r in models.items():
        cells = [f"{r[str(m)]['accuracy']:.3f}" if str(m) in r else "" for m in stages]
        print(f"| {label} | " + " | ".join(cells) + f" | {cpu[label] * 1000:.1f} |")
    print("\nlog loss of sigmoid(beta*f), beta fitted on the tuning games\n")
    print("| model | " + " | ".join(f"move {m}" for m in stages) + " |")
    print("|---|" + "---|" * len(stages))
    for label, r in models.items():
        cells = [f"{r[str(m)]['calibration']['log_loss']:.3f}" if str(m) in r else ""
                 for m in stages]
        print(f"| {label} | " + " | ".join(cells) + " |")
    print("\npaired per-game differences (95 % bootstrap interval over games)\n")
    print("| difference | games | mean | 95 % interval | better / worse |")
    print("|---|---|---|---|---|")
    paired_ = out["paired"]
    assert isinstance(paired_, dict)
    for name, d in paired_.items():
        print(f"| {name} | {d['games']} | {d['mean']:+.4f} | [{d['ci95'][0]:+.4f}, "
              f"{d['ci95'][1]:+.4f}] | {d['games_better']} / {d['games_worse']} |")


if __name__ == "__main__":
    sys.exit(main())
