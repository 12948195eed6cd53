"""``igo movepred``: train, evaluate and inspect the move model (paper 000).

- ``igo movepred train --data TRAIN... --workdir DIR --out MODEL.npz`` builds the
  pattern dictionaries, the position cache and trains (all resumable in DIR);
- ``igo movepred eval --model M --data PATH --moves 1-50 --json`` prints
  ``{"positions": n, "match_rate": x, "mean_rank": x, "top20": x,
  "mean_log_evidence": x}`` (``--by-move`` adds ``"by_move": {"1-10": {...}}``);
- ``igo movepred show SGF --move N`` prints the most probable moves before move N.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from igo.cli.argtypes import positive_int


def add_parser(subparsers: Any) -> None:
    """Register ``igo movepred`` and its sub-commands."""
    p = subparsers.add_parser("movepred", help="move prediction model (paper 000)",
                              description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)

    t = sub.add_parser("train", help="train a model from game records")
    t.add_argument("--data", nargs="+", required=True, help="training records (files/dirs)")
    t.add_argument("--games", type=int, default=None, help="use the first N games")
    t.add_argument("--moves", default="1-50", help="move range, e.g. 1-50 or all")
    t.add_argument("--size", type=int, default=19,
                   help="board size of the training games (others are skipped)")
    t.add_argument("--stride", type=positive_int, default=1, metavar="K",
                   help="use one position in K of each game (at a phase drawn from the "
                        "game), to train on many games in a cache that fits the disk")
    t.add_argument("--workdir", required=True, help="folder for dictionaries/cache/checkpoints")
    t.add_argument("--out", required=True, help="model file to write (.npz)")
    t.add_argument("--groups", default="all",
                   help="comma-separated feature groups, 'all', or 'paper' (Table 2 R7 only)")
    t.add_argument("--no-broad", action="store_true", help="leave the broad pattern out")
    t.add_argument("--pattern-size", type=int, default=7)
    t.add_argument("--pattern-threshold", type=int, default=10)
    t.add_argument("--broad-a", type=float, default=5.0)
    t.add_argument("--broad-b", type=float, default=0.01)
    t.add_argument("--broad-c", type=int, default=7)
    t.add_argument("--broad-metric", default="d", choices=("d", "manhattan", "euclidean"))
    t.add_argument("--broad-threshold", type=int, default=3)
    t.add_argument("--epochs", type=int, default=3)
    t.add_argument("--batch", type=int, default=1000)
    t.add_argument("--lr", type=float, default=0.02)
    t.add_argument("--l2", type=float, default=1e-6)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--name", default=None, help="checkpoint name (default: from --out)")
    t.add_argument("--mm", type=int, default=0, metavar="N",
                   help="train by N iterations of Coulom's MM instead of gradient ascent")
    t.set_defaults(func=run)

    e = sub.add_parser("eval", help="evaluate a model on game records")
    e.add_argument("--model", default=None, help="model file (default: igo's default)")
    e.add_argument("--data", nargs="+", required=True)
    e.add_argument("--moves", default="1-50")
    e.add_argument("--games", type=int, default=None)
    e.add_argument("--stride", type=positive_int, default=1, metavar="K",
                   help="evaluate one position in K of each game")
    e.add_argument("--size", type=int, default=None,
                   help="board size of the games to evaluate (default: the model's; "
                        "without --model, picks igo's default model of that size)")
    e.add_argument("--bucket", type=int, default=10, help="move-number bucket width")
    e.add_argument("--by-move", action="store_true", help="add metrics per bucket")
    e.add_argument("--json", action="store_true")
    e.add_argument("--no-progress", action="store_true")
    e.set_defaults(func=run)

    s = sub.add_parser("show", help="most probable moves of a position")
    s.add_argument("sgf")
    s.add_argument("--move", type=int, required=True, help="show the position before move N")
    s.add_argument("--model", default=None)
    s.add_argument("--top", type=int, default=10)
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Dispatch to the action."""
    if args.action == "train":
        return _train(args)
    if args.action == "eval":
        return _eval(args)
    return _show(args)


def _load(path: str | None, size: int = 19):  # type: ignore[no-untyped-def]
    """The model at ``path``, or igo's default model for the board size."""
    from igo.movepred.default import load_default
    from igo.movepred.model_io import load_model

    return load_default(size) if path is None else load_model(path)


def _train(args: argparse.Namespace) -> int:
    from pathlib import Path

    from igo.features import GROUPS, PAPER_GROUPS, BroadConfig, FeatureConfig
    from igo.movepred.dataset import parse_move_range
    from igo.movepred.model_io import save_model
    from igo.movepred.pipeline import dictionaries, positions, train_model
    from igo.movepred.train import TrainConfig

    if args.groups == "all":
        groups: tuple[str, ...] = GROUPS
    elif args.groups == "paper":
        groups = (*PAPER_GROUPS, "broad")
    else:
        groups = tuple(g.strip() for g in args.groups.split(",") if g.strip())
    if args.no_broad:
        groups = tuple(g for g in groups if g != "broad")
    broad = BroadConfig(a=args.broad_a, b=args.broad_b, c=args.broad_c,
                        metric=args.broad_metric, threshold=args.broad_threshold)
    config = FeatureConfig(groups=groups, pattern_size=args.pattern_size,
                           pattern_threshold=args.pattern_threshold, broad=broad)
    moves = parse_move_range(args.moves)
    tcfg = TrainConfig(epochs=args.epochs, batch=args.batch, lr=args.lr, l2=args.l2,
                       seed=args.seed)
    work = Path(args.workdir)
    work.mkdir(parents=True, exist_ok=True)
    pats, brd, stats = dictionaries(work, args.data, args.games, moves, config,
                                    stride=args.stride, size=args.size)
    print(f"dictionaries: {stats}", file=sys.stderr)
    data = positions(work, args.data, args.games, moves, config, pats, brd,
                     stride=args.stride, size=args.size)
    if len(data) == 0:
        raise ValueError(f"no {args.size}x{args.size} training positions in {args.data}")
    print(f"positions: {len(data)} ({data.n_moves} candidate moves) from "
          f"{data.n_games} games", file=sys.stderr)
    summary = {"data": list(args.data), "board_size": args.size, "games": data.n_games,
               "positions": len(data),
               "moves": args.moves, "stride": args.stride, "dictionaries": stats,
               "command": "igo movepred " + " ".join(sys.argv[2:])}
    name = args.name or Path(args.out).stem
    if args.mm < 0:
        raise ValueError(f"--mm must be >= 0, got {args.mm}")
    model = train_model(work, name, config, pats, brd, data, tcfg, summary,
                        mm_iterations=args.mm)
    save_model(model, args.out)
    print(f"wrote {args.out}: {model.n_params} parameters", file=sys.stderr)
    return 0


def _eval(args: argparse.Namespace) -> int:
    import itertools

    import numpy as np

    from igo.movepred.dataset import extract_positions, parse_move_range
    from igo.movepred.evaluate import per_position, summarize
    from igo.sgf import iter_records

    model = _load(args.model, args.size or 19)
    size = args.size or model.board_size
    moves = parse_move_range(args.moves)
    recs = iter_records(args.data, progress=not args.no_progress)
    if args.games is not None:
        recs = itertools.islice(recs, args.games)
    rows: list[np.ndarray] = []
    nums: list[np.ndarray] = []
    while True:
        chunk = list(itertools.islice(recs, 500))
        if not chunk:
            break
        data = extract_positions(chunk, model.extractor, moves, size=size,
                                 stride=args.stride)
        rows.append(per_position(model, data))
        nums.append(np.asarray(data.move_number, dtype=np.int64))
    allrows = np.concatenate(rows) if rows else np.zeros((0, 4))
    if len(allrows) == 0:
        raise ValueError(f"no {size}x{size} positions in moves {args.moves} of {args.data}")
    out: dict[str, Any] = dict(summarize(allrows).as_dict())
    if args.by_move and len(allrows):
        mn = np.concatenate(nums)
        keys = (mn - 1) // args.bucket
        out["by_move"] = {f"{k * args.bucket + 1}-{(k + 1) * args.bucket}":
                          summarize(allrows[keys == k]).as_dict() for k in np.unique(keys)}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            if k != "by_move":
                print(f"{k:18s} {v}")
        for k, v in out.get("by_move", {}).items():
            print(f"moves {k:8s} match {v['match_rate']:.3f}  rank {v['mean_rank']:.2f}  "
                  f"top20 {v['top20']:.3f}  log-ev {v['mean_log_evidence']:.3f}  "
                  f"(n={v['positions']})")
    return 0


def _show(args: argparse.Namespace) -> int:
    import numpy as np

    from igo.core.replay import replay
    from igo.sgf import read_sgf_file

    record = read_sgf_file(args.sgf)
    if not 1 <= args.move <= len(record.moves):
        raise ValueError(f"--move must be in 1..{len(record.moves)}, got {args.move}")
    model = _load(args.model, record.size)
    board = replay(record, args.move - 1)
    played = record.moves[args.move - 1]
    board.to_play = played.color
    points, probs = model.probabilities(board)
    order = np.argsort(-probs, kind="stable")
    print(_marked_board(board.to_array(), [points[i] for i in order[:9]], played.point))
    print(f"move {args.move}: {played.to_gtp(record.size)} was played")
    for rank, i in enumerate(order[:args.top], 1):
        mark = "  <- played" if points[i] == played.point else ""
        print(f"{rank:3d}. {points[i].to_gtp(record.size):4s} {probs[i]:7.2%}{mark}")
    if played.point in points:
        i = points.index(played.point)
        rank = int(np.sum(probs > probs[i])) + 1
        print(f"played move: rank {rank}, probability {probs[i]:.2%}")
    return 0


def _marked_board(stones: Any, top: list[Any], played: Any) -> str:
    """The board with X/O stones, the 9 most probable moves as 1-9 and the played
    move as ``*`` when it is not among them."""
    from igo.core.coords import Point

    size = stones.shape[0]
    letters = [Point(0, c).to_gtp(size)[0] for c in range(size)]
    marks = {(p[0], p[1]): str(k) for k, p in enumerate(top, 1)}
    if played is not None and (played[0], played[1]) not in marks:
        marks[(played[0], played[1])] = "*"
    lines = ["   " + " ".join(letters)]
    for r in range(size):
        row = []
        for c in range(size):
            v = int(stones[r, c])
            row.append("X" if v == 1 else "O" if v == 2 else marks.get((r, c), "."))
        lines.append(f"{size - r:2d} " + " ".join(row) + f" {size - r}")
    lines.append(lines[0])
    return "\n".join(lines)
