"""``igo influence``: influence maps drawn, printed and measured.

Three forms::

    igo influence SGF [--move N] [--model fukui] [-o map.svg|map.png] [--json] [--change]
    igo influence eval --model M --data PATH [--games N] [--split all|tune|test] [--json]
    igo influence label --data PATH [--games N]

The first draws the map of the position after ``N`` moves (default: the end)
as coloured squares on the board (blue Black, red White); ``--change`` draws the
change of the map caused by move ``N`` (paper 003's thickness) instead.
``--json`` prints ``{"model", "move", "size", "change", "map": [[...], ...]}``
(rows from the top, Black positive).

``eval`` compares a model (``distance``, ``bouzy``, ``fukui`` or ``gnugo``, GNU
Go's own regions) with the final owners of games that ended by counting
(:mod:`igo.influence.evaluate`); ``--json`` prints one line (stable schema)::

    {"model": m, "split": s, "games": n, "accuracy": {"20": x, "50": x, ...},
     "coverage": {...}, "points": {...},
     "calibration": {"20": {"beta": b, "log_loss": x, "ece": x}, ...}}

Final owners come from the label cache (``--cache``); games not in it are
skipped, or labelled with GNU Go first with ``--label`` (slow: seconds a game).
``label`` only fills the cache (resumable: a killed run goes on where it stopped).
For ``--split test`` the calibration scale is fitted on the tuning games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, cast

DEFAULT_CACHE = Path.home() / ".cache" / "igo" / "influence_labels.sqlite"
DEFAULT_GNUGO = "/usr/games/gnugo"
MODEL_NAMES = ("distance", "bouzy", "fukui")


def add_parser(sub: Any) -> None:
    """Register ``igo influence``."""
    p = sub.add_parser("influence", help="influence maps: draw, print, measure",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("argv", nargs=argparse.REMAINDER, metavar="SGF|eval|label ...",
                   help="an SGF file to draw, or 'eval' / 'label' with their options")
    p.set_defaults(func=run)


def _show_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="igo influence", description="draw or print a map")
    p.add_argument("sgf", help="game record (.sgf)")
    p.add_argument("--move", type=int, default=None, metavar="N",
                   help="position after N moves (default: the last)")
    p.add_argument("--model", choices=MODEL_NAMES, default="fukui")
    p.add_argument("--params", default=None, metavar="JSON",
                   help="fukui parameters (a JSON object of FukuiParams fields)")
    p.add_argument("-o", "--output", default=None, metavar="FILE", help=".svg or .png")
    p.add_argument("--change", action="store_true",
                   help="the change of the map caused by move N")
    p.add_argument("--json", action="store_true", help="print the numbers as JSON")
    return p


def _data_parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"igo influence {prog}")
    p.add_argument("--data", required=True, nargs="+", metavar="PATH",
                   help="games (.sgf, folders, archives, .sgfs.xz)")
    p.add_argument("--games", type=int, default=None, metavar="N", help="at most N games")
    p.add_argument("--cache", default=str(DEFAULT_CACHE), metavar="FILE",
                   help=f"label cache (default {DEFAULT_CACHE})")
    p.add_argument("--gnugo", default=DEFAULT_GNUGO, metavar="PATH", help="GNU Go binary")
    p.add_argument("--stages", default="20,50,100,150,200,250", metavar="M,M,...",
                   help="move numbers compared (default 20,50,100,150,200,250)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return p


def _eval_parser() -> argparse.ArgumentParser:
    p = _data_parser("eval")
    p.add_argument("--model", choices=(*MODEL_NAMES, "gnugo"), required=True)
    p.add_argument("--params", default=None, metavar="JSON", help="fukui parameters")
    p.add_argument("--split", choices=("all", "tune", "test"), default="all")
    p.add_argument("--label", action="store_true",
                   help="label games missing from the cache with GNU Go first")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    return p


def _stages(text: str) -> tuple[int, ...]:
    try:
        stages = tuple(sorted({int(t) for t in text.split(",") if t.strip()}))
    except ValueError:
        raise ValueError(f"--stages must be comma-separated move numbers, got {text!r}") from None
    if not stages or stages[0] < 1:
        raise ValueError(f"--stages must be positive move numbers, got {text!r}")
    return stages


def run(args: argparse.Namespace) -> int:
    """Dispatch to ``eval``, ``label`` or drawing."""
    argv = list(args.argv)
    if not argv:
        _show_parser().print_help()
        return 2
    if argv[0] == "eval":
        return _run_eval(_eval_parser().parse_args(argv[1:]))
    if argv[0] == "label":
        return _run_label(_data_parser("label").parse_args(argv[1:]))
    return _run_show(_show_parser().parse_args(argv))


def _run_show(a: argparse.Namespace) -> int:
    import numpy as np

    from igo.core.replay import replay
    from igo.influence.tuning import load_model
    from igo.sgf.read import read_sgf_file

    record = read_sgf_file(a.sgf)
    n = len(record.moves) if a.move is None else a.move
    if not 0 <= n <= len(record.moves):
        raise ValueError(f"--move must be in 0..{len(record.moves)}, got {n}")
    if a.change and n == 0:
        raise ValueError("--change needs --move >= 1 (the change caused by move N)")
    model = load_model(a.model, a.params)
    after = replay(record, n).to_array()
    values = model(after)
    if a.change:
        values = values - model(replay(record, n - 1).to_array())
    if a.output:
        from igo.report.board_map import write_influence_picture

        what = "change by move" if a.change else "after move"
        last = record.moves[n - 1].point if n >= 1 else None
        write_influence_picture(a.output, after, values,
                                title=f"{a.model} influence, {what} {n}",
                                mark=None if last is None else (last.row, last.col))
    if a.json or not a.output:
        out = {"model": a.model, "move": n, "size": record.size, "change": a.change,
               "map": np.round(values, 4).tolist()}
        print(json.dumps(out))
    return 0


def _run_label(a: argparse.Namespace) -> int:
    from igo.influence.labels import LabelCache, label_corpus

    with LabelCache(a.cache) as cache:
        n = label_corpus(a.data, cache, [a.gnugo, "--mode", "gtp"], limit=a.games,
                         stages=_stages(a.stages), progress=not a.no_progress)
        ok, bad = cache.count()
    print(json.dumps({"labelled": n, "cache_games": ok, "cache_failed": bad}))
    return 0


def _run_eval(a: argparse.Namespace) -> int:
    from igo.influence.evaluate import (
        collect_positions,
        fit_beta,
        model_fn,
        score_positions,
        summarize,
    )
    from igo.influence.labels import GnuGoLabeller, LabelCache
    from igo.influence.tuning import load_model

    stages = _stages(a.stages)
    model = None if a.model == "gnugo" else load_model(a.model, a.params)
    fn = model_fn(a.model, model)
    client = None
    with LabelCache(a.cache) as cache:
        labeller = None
        if a.label:
            from igo.gtp.client import GtpClient

            client = GtpClient([a.gnugo, "--mode", "gtp"], timeout=300.0)
            labeller = GnuGoLabeller(client)
        try:
            positions, n = collect_positions(a.data, cache, stages=stages, split=a.split,
                                             games=a.games, labeller=labeller,
                                             progress=not a.no_progress)
            betas = None
            if a.split == "test":
                tune, _ = collect_positions(a.data, cache, stages=stages, split="tune")
                betas = {m: fit_beta(*s.arrays())
                         for m, s in score_positions(fn, tune).items()}
        finally:
            if labeller is not None:
                labeller.close()
            if client is not None:
                client.close()
    summary = summarize(score_positions(fn, positions), betas)
    out = {"model": a.model, "split": a.split, "games": n,
           "accuracy": {k: v["accuracy"] for k, v in summary.items()},
           "coverage": {k: v["coverage"] for k, v in summary.items()},
           "points": {k: v["points"] for k, v in summary.items()},
           "calibration": {k: v["calibration"] for k, v in summary.items()}}
    if a.json:
        print(json.dumps(out))
    else:
        print(f"{a.model} on {n} games ({a.split}); accuracy / coverage / log loss by move")
        for k, v in summary.items():
            cal = cast(dict[str, float], v["calibration"])
            print(f"  move {k:>4}: {v['accuracy']:.3f}  {v['coverage']:.2f}  "
                  f"{cal['log_loss']:.3f}")
    if n == 0:
        print("igo influence eval: no labelled game (run 'igo influence label' or --label)",
              file=sys.stderr)
        return 1
    return 0
