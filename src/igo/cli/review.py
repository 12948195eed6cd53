"""``igo review``: a game record in, a report out.

    igo review GAME.sgf [more files or folders] [-o report.html] [--json]
               [--sgf annotated.sgf] [--playouts N | --time S] [--workers K]
               [--cache PATH | --no-cache] [--mistakes N] [--no-progress]
               [--judge-net SPEC] [--seed N]

For every record: the engine's win rate for Black and score before and after each
move, the loss of the move played (win rate and points; classes by KaTrain's
thresholds 0.5, 1.5, 3, 6, 12 points), the engine's move and its continuation, the
move model's probability and rank of the move played (Honda et al.); per player the
rank from this game with its interval (Araki et al.; 19x19 only), the mean loss, the
agreement with the engine and the model, the mistakes by size; the win-rate and score
graphs, the biggest mistakes drawn with the better move and its continuation, the
influence (Fukui et al.) and the engine's ownership there and at the end. The page says
how strong the engine is and what budget it had.

Outputs: one self-contained HTML page a record (``-o``; default ``NAME.review.html``
in the current folder, or with several records, or when ``-o`` names a folder,
``-o FOLDER``, default ``review/``, one ``NAME.html`` each); ``--json`` prints every
figure of the page (schema ``igo-review/1``, see ``igo.review.json_out``; with several records
``{"schema": "igo-review-list/1", "reviews": [...], "failed": [...]}``) and then
writes no page unless ``-o`` is given; ``--sgf PATH`` (a folder with several records)
writes the record with the evaluations as comments, the engine's moves as variations
and Sabaki's ``SBKV`` win rates (Black's, percent) on every node.

Budget: ``--playouts N`` a position (default 4,000 on 9x9 down to 2,500 on 19x19)
or ``--time S`` seconds a position; positions are searched in ``--workers K``
processes (default one per usable core). The evaluations are cached in SQLite
(``--cache``, default ``$XDG_CACHE_HOME/igo/review.sqlite`` or
``~/.cache/igo/review.sqlite``), keyed by the moves, setup, komi, rules, budget and
search configuration (and ``--seed``): a second run searches nothing again.

Judge: the search alone, or where a network with value and score heads is given
(``--judge-net FILE``, ``default`` for igo's default net; by default igo's default net
where it has heads, on 19x19; ``none``: the search alone), that net after the
searches: a position's score is the net's score after the search's best move, its win
rate half the net's there and half the search's, and a move loses the net's score of
the best move less the net's score after the move played (``igo.review.net_judge``).
``--seed N``: the searches' seeds are drawn from each position and ``N`` (by default
from the position alone), so that two runs with two seeds show the judge's noise.

A record that cannot be read or reviewed gets one line on stderr naming the file and
the problem, and the others go on; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from igo.cli.argtypes import positive_float, positive_int

SIZES = range(9, 20)


def add_parser(subparsers: Any) -> None:
    """Register ``igo review``."""
    p = subparsers.add_parser("review", help="review a game: the engine's verdict, the "
                              "players' strength, a self-contained HTML page",
                              description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="+", metavar="GAME", help="SGF files or folders of them")
    p.add_argument("-o", "--out", type=Path, default=None,
                   help="the page (a folder with several records)")
    p.add_argument("--json", action="store_true", help="print every figure as JSON")
    p.add_argument("--sgf", type=Path, default=None,
                   help="write the annotated record here (a folder with several records)")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--playouts", type=positive_int, default=None,
                        help="playouts a position (default by board size)")
    budget.add_argument("--time", type=positive_float, default=None, metavar="S",
                        help="seconds a position")
    p.add_argument("--workers", type=positive_int, default=None,
                   help="search processes (default: one per usable core)")
    p.add_argument("--cache", type=Path, default=None, help="SQLite cache of evaluations")
    p.add_argument("--no-cache", action="store_true", help="search every position")
    p.add_argument("--mistakes", type=positive_int, default=3,
                   help="biggest mistakes drawn per player (default 3)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--judge-net", default="auto", metavar="SPEC",
                   help="a net with value and score heads that judges with the search: a "
                   "model file, 'default' (igo's net) or 'none' (the search alone); default: "
                   "igo's net where it has heads, on 19x19")
    p.add_argument("--seed", type=int, default=None,
                   help="mixed into each search's seed (default: the position's alone)")
    p.set_defaults(func=run)


def default_cache_path() -> Path:
    """``$XDG_CACHE_HOME/igo/review.sqlite``, else ``~/.cache/igo/review.sqlite``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "igo" / "review.sqlite"


def find_records(inputs: list[str]) -> list[Path]:
    """The files to review: each file given, and the ``.sgf`` files of each folder
    (recursively, sorted); a path that does not exist is kept (its review fails)."""
    out: list[Path] = []
    for text in inputs:
        path = Path(text)
        if path.is_dir():
            out += sorted(q for q in path.rglob("*") if q.suffix.lower() == ".sgf"
                          and q.is_file())
        else:
            out.append(path)
    return out


def _targets(paths: list[Path], out: Path | None, suffix: str, default_dir: str,
             single_default: str) -> list[Path]:
    """Where each record's output goes (unique names in a folder with several)."""
    is_folder = out is not None and (out.is_dir() or str(out).endswith(("/", os.sep)))
    if len(paths) == 1 and not is_folder:
        return [out if out is not None else Path(paths[0].stem + single_default)]
    folder = out if out is not None else Path(default_dir)
    seen: dict[str, int] = {}
    names = []
    for p in paths:
        k = seen.get(p.stem, 0)
        seen[p.stem] = k + 1
        names.append(folder / (p.stem + (f"-{k + 1}" if k else "") + suffix))
    return names


def load_record(path: Path) -> Any:
    """The record at ``path``, checked for what a review needs.

    Raises
    ------
    SgfError, OSError, ValueError
        With a message that names the problem.
    """
    from igo.core.replay import check_record
    from igo.sgf import read_sgf_file

    record = read_sgf_file(path)
    if record.size not in SIZES:
        raise ValueError(f"unsupported board size {record.size}x{record.size} "
                         "(igo review reads 9x9 to 19x19)")
    if not record.moves:
        raise ValueError("the record has no move to review")
    check_record(record)
    return record


def run(args: argparse.Namespace) -> int:
    """Review every record; one line on stderr for each that fails."""
    from igo.analysis.position import Budget
    from igo.cli.gtp import usable_cores
    from igo.review.cache import EvalCache
    from igo.review.evaluate import EvalSettings

    paths = find_records(args.inputs)
    if not paths:
        raise ValueError("no SGF file in the input")
    budget = None
    if args.playouts is not None or args.time is not None:
        budget = Budget(args.playouts, args.time)
    settings = EvalSettings(budget, seed=args.seed)
    judge = _judge_settings(args.judge_net)
    workers = args.workers or usable_cores()
    write_html = args.out is not None or not args.json
    pages = _targets(paths, args.out, ".html", "review", ".review.html")
    sgfs = _targets(paths, args.sgf, ".sgf", str(args.sgf), ".sgf") if args.sgf else None
    cache = None if args.no_cache else EvalCache(args.cache or default_cache_path())
    reviews: list[dict[str, Any]] = []
    failed: list[dict[str, str]] = []
    try:
        with _executor(workers) as executor:
            for i, path in enumerate(paths):
                try:
                    d = _review_one(path, settings, judge, executor, cache, args,
                                    pages[i] if write_html else None,
                                    sgfs[i] if sgfs else None)
                except Exception as exc:  # one bad record does not stop the others
                    msg = _one_line(exc).removeprefix(f"{path}: ")
                    print(f"igo review: error: {path}: {msg}", file=sys.stderr)
                    failed.append({"source": str(path), "error": msg})
                    continue
                if args.json:
                    reviews.append(d)
    finally:
        if cache is not None:
            cache.close()
    if args.json:
        if len(paths) == 1 and reviews:
            print(json.dumps(reviews[0], ensure_ascii=False))
        elif len(paths) > 1:
            print(json.dumps({"schema": "igo-review-list/1", "reviews": reviews,
                              "failed": failed}, ensure_ascii=False))
    return 1 if failed else 0


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text


def _executor(workers: int) -> Any:
    from igo.arena.executor import SequentialExecutor
    from igo.arena.process_executor import ProcessExecutor

    return SequentialExecutor() if workers == 1 else ProcessExecutor(workers)


def _judge_settings(spec: str) -> Any:
    """The net judge's settings; a net file named is checked before any search.

    Raises
    ------
    NetFileError
        If the named file is not there.
    """
    from igo.nets.model_file import NetFileError
    from igo.nets.policy import net_path
    from igo.review.net_judge import AUTO, NONE, NetJudgeSettings

    if spec not in (AUTO, NONE) and not net_path(spec).is_file():
        raise NetFileError(f"--judge-net {spec}: no such model file ({net_path(spec)})")
    return NetJudgeSettings(spec)


def _review_one(path: Path, settings: Any, judge: Any, executor: Any, cache: Any,
                args: argparse.Namespace, page: Path | None, sgf: Path | None
                ) -> dict[str, Any]:
    from tqdm import tqdm

    from igo.review import annotated_sgf, review_dict, review_game, review_html

    record = load_record(path)
    bar = tqdm(total=len(record.moves) + 1, desc=path.name, unit=" positions",
               disable=args.no_progress, file=sys.stderr, mininterval=0.5, leave=False)
    try:
        review = review_game(record, settings, executor=executor, cache=cache,
                             on_done=bar.update, mistakes=args.mistakes, judge=judge)
    finally:
        bar.close()
    wrote = []
    if page is not None:
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(review_html(review), encoding="utf-8")
        wrote.append(str(page))
    if sgf is not None:
        sgf.parent.mkdir(parents=True, exist_ok=True)
        sgf.write_text(annotated_sgf(review) + "\n", encoding="utf-8")
        wrote.append(str(sgf))
    c = review.counts
    where = f" -> {', '.join(wrote)}" if wrote else ""
    print(f"{path}: {len(record.moves)} moves, {c.searched} positions searched, "
          f"{c.cached} cached, {review.seconds:.1f} s{where}",
          file=sys.stderr if args.json else sys.stdout, flush=True)
    return review_dict(review)
