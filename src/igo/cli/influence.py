"""``igo influence``: influence maps drawn, printed and measured.

Three forms::

    igo influence SGF [--move N] [--model fukui] [-o map.svg|map.png] [--json] [--change]
    igo influence eval --model M --data PATH [--games N] [--split all|tune|test] [--json]
                       [--tune-games N]
    igo influence label --data PATH [--games N]

The first draws the map of the position after ``N`` moves (default: the end)
as coloured squares on the board (blue Black, red White); ``--change`` draws the
change of the map caused by move ``N`` (Fukui et al.'s thickness) instead.
``--json`` prints ``{"model", "move", "size", "change", "map": [[...], ...]}``
(rows from the top, Black positive).

``eval`` compares a model (``distance``, ``bouzy``, ``fukui``, ``mcts``, ``net`` or
``gnugo``, GNU Go's own regions) with the final owners of games that ended by
counting (:mod:`igo.influence.evaluate`); ``--json`` prints one line (stable schema)::

    {"model": m, "split": s, "games": n, "accuracy": {"20": x, "50": x, ...},
     "coverage": {...}, "points": {...},
     "calibration": {"20": {"beta": b, "log_loss": x, "ece": x}, ...},
     "timing": {"positions": n, "wall_s": x, "cpu_s": x}}

(``timing``: seconds per map, wall clock and this process's CPU, over the
reported positions.)

Model options: ``--params`` picks fukui's constants: ``tuned`` (the default, the
constants of ``experiments/influence/fukui_tuned.json``), ``paper`` (the hand-set
ones) or a JSON file of ``FukuiParams`` fields. ``mcts`` (the search's ownership,
:mod:`igo.influence.mcts`) takes ``--playouts N`` and/or ``--seconds S`` per
position, ``--search-preset strong|paper``, ``--policy light|heavy``, ``--seed``,
and ``--komi`` (default: the game's komi). ``net`` (the ownership head of a policy net
with value heads, :mod:`igo.influence.net`) takes ``--net default|FILE``.

Final owners come from the label cache (``--cache``); games not in it are
skipped, or labelled with GNU Go first with ``--label`` (slow: seconds a game).
``label`` only fills the cache (resumable: a killed run goes on where it stopped).
For ``--split test`` the calibration scale is fitted on the tuning games (the first
``--tune-games N`` of them if given: the ``mcts`` model is slow).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, cast

DEFAULT_CACHE = Path.home() / ".cache" / "igo" / "influence_labels.sqlite"
DEFAULT_GNUGO = "/usr/games/gnugo"
MODEL_NAMES = ("distance", "bouzy", "fukui", "mcts", "net")


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
    _model_options(p)
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
    _model_options(p)
    p.add_argument("--split", choices=("all", "tune", "test"), default="all")
    p.add_argument("--tune-games", type=int, default=None, metavar="N",
                   help="--split test: fit the calibration on the first N tuning games only")
    p.add_argument("--label", action="store_true",
                   help="label games missing from the cache with GNU Go first")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    return p


def _model_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--params", default=None, metavar="tuned|paper|JSON",
                   help="fukui constants: 'tuned' (default), 'paper' (hand-set) or a JSON "
                        "file of FukuiParams fields")
    g = p.add_argument_group("mcts model")
    g.add_argument("--playouts", type=int, default=None, metavar="N",
                   help="playouts per position (default "
                        f"{_DEFAULT_PLAYOUTS} unless --seconds is given)")
    g.add_argument("--seconds", type=float, default=None, metavar="S",
                   help="seconds per position (with --playouts: the first reached)")
    g.add_argument("--search-preset", choices=("strong", "paper"), default=None,
                   help="search preset (default strong: heavy playouts, priors, RAVE)")
    g.add_argument("--policy", choices=("light", "heavy"), default=None,
                   help="playout policy (default: the preset's)")
    g.add_argument("--komi", type=float, default=None,
                   help="komi of the searches (default: the game's)")
    g.add_argument("--seed", type=int, default=None, help="seed of the searches (default 0)")
    n = p.add_argument_group("net model")
    n.add_argument("--net", default=None, metavar="default|FILE",
                   help="the net with value heads (default: igo's net)")


_DEFAULT_PLAYOUTS = 200  # igo.influence.mcts.DEFAULT_PLAYOUTS (not imported: keeps --help fast)
_MCTS_OPTIONS = ("playouts", "seconds", "search_preset", "policy", "komi", "seed")


def _build_model(a: argparse.Namespace) -> Any:
    """The model the options name (``None`` for gnugo).

    Raises
    ------
    ValueError
        For options of another model than the one chosen, or bad values.
    """
    from igo.influence.tuning import load_model

    given = [k for k in _MCTS_OPTIONS if getattr(a, k) is not None]
    if a.net is not None and a.model != "net":
        raise ValueError("--net applies to --model net only")
    if a.model != "mcts":
        if given:
            opts = ", ".join("--" + k.replace("_", "-") for k in given)
            raise ValueError(f"{opts} apply to --model mcts only")
        if a.model == "net":
            if a.params is not None:
                raise ValueError("--params applies to the fukui model only")
            from igo.influence import get_model

            try:
                return get_model("net", net=a.net or "default")
            except ImportError as exc:
                raise ValueError(f"--model net needs PyTorch ({exc})") from exc
        return None if a.model == "gnugo" else load_model(a.model, a.params)
    if a.params is not None:
        raise ValueError("--params applies to the fukui model only")
    from igo.influence import get_model

    kwargs: dict[str, Any] = {"playouts": a.playouts, "seconds": a.seconds}
    if a.playouts is None and a.seconds is None:
        kwargs["playouts"] = _DEFAULT_PLAYOUTS
    if a.search_preset is not None:
        kwargs["preset"] = a.search_preset
    if a.policy is not None:
        kwargs["options"] = {"policy": a.policy}
    if a.seed is not None:
        kwargs["seed"] = a.seed
    model = get_model("mcts", **kwargs)
    if a.komi is not None:
        return _FixedKomi(model, a.komi)
    return model


class _FixedKomi:
    """A komi-aware model called with one komi whatever the game's (``--komi``)."""

    uses_komi = True

    def __init__(self, model: Any, komi: float) -> None:
        self.model = model
        self.name = model.name
        self.komi = komi

    def __call__(self, stones: Any, komi: float | None = None) -> Any:
        return self.model(stones, komi=self.komi)


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
    from igo.sgf.read import read_sgf_file

    record = read_sgf_file(a.sgf)
    n = len(record.moves) if a.move is None else a.move
    if not 0 <= n <= len(record.moves):
        raise ValueError(f"--move must be in 0..{len(record.moves)}, got {n}")
    if a.change and n == 0:
        raise ValueError("--change needs --move >= 1 (the change caused by move N)")
    model = _build_model(a)

    def draw(stones: Any) -> Any:
        if getattr(model, "uses_komi", False):
            return model(stones, komi=record.komi)
        return model(stones)

    after = replay(record, n).to_array()
    values = draw(after)
    if a.change:
        values = values - draw(replay(record, n - 1).to_array())
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

    stages = _stages(a.stages)
    fn = model_fn(a.model, _build_model(a))
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
                tune, _ = collect_positions(a.data, cache, stages=stages, split="tune",
                                            games=a.tune_games)
                betas = {m: fit_beta(*s.arrays())
                         for m, s in score_positions(fn, tune).items()}
        finally:
            if labeller is not None:
                labeller.close()
            if client is not None:
                client.close()
    timed = _Timed(fn, len(positions), not a.no_progress)
    summary = summarize(score_positions(timed, positions), betas)
    out = {"model": a.model, "split": a.split, "games": n,
           "accuracy": {k: v["accuracy"] for k, v in summary.items()},
           "coverage": {k: v["coverage"] for k, v in summary.items()},
           "points": {k: v["points"] for k, v in summary.items()},
           "calibration": {k: v["calibration"] for k, v in summary.items()},
           "timing": timed.summary()}
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


class _Timed:
    """Wraps a map function: wall and CPU seconds per map, and a progress line on
    stderr every 10 % of the positions for slow models (over 0.1 s a map)."""

    def __init__(self, fn: Any, total: int, progress: bool) -> None:
        self.fn = fn
        self.total = total
        self.progress = progress
        self.n = 0
        self.wall = 0.0
        self.cpu = 0.0

    def __call__(self, pos: Any) -> Any:
        import time

        t0, c0 = time.perf_counter(), time.process_time()
        value = self.fn(pos)
        self.wall += time.perf_counter() - t0
        self.cpu += time.process_time() - c0
        if value is not None:
            self.n += 1
        step = max(self.total // 10, 1)
        if self.progress and self.n % step == 0 and self.wall > 0.1 * self.n > 0:
            print(f"igo influence eval: {self.n}/{self.total} maps, "
                  f"{self.wall / self.n:.2f} s a map", file=sys.stderr, flush=True)
        return value

    def summary(self) -> dict[str, float | int]:
        """Positions mapped and seconds per map (wall, CPU)."""
        n = max(self.n, 1)
        return {"positions": self.n, "wall_s": self.wall / n, "cpu_s": self.cpu / n}
