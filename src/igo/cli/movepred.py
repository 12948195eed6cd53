"""``igo movepred``: train, evaluate and inspect the move model (Honda et al.).

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
    p = subparsers.add_parser("movepred", help="move prediction model (Honda et al.)",
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
    e.add_argument("--net", default=None, metavar="PATH|default",
                   help="evaluate this policy network beside the model, on the same "
                        "positions (default: igo's net; slower on a CPU)")
    e.add_argument("--threads", type=positive_int, default=1,
                   help="threads for the net's encoding and its engine")
    e.add_argument("--json", action="store_true")
    e.add_argument("--no-progress", action="store_true")
    e.set_defaults(func=run)

    s = sub.add_parser("show", help="most probable moves of a position")
    s.add_argument("sgf")
    s.add_argument("--move", type=int, required=True, help="show the position before move N")
    s.add_argument("--model", default=None)
    s.add_argument("--net", default="default", metavar="PATH|default|none",
                   help="policy network shown beside the model (default: igo's net)")
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
    """The model at ``path``, or igo's default model for play on the board size
    (:func:`igo.movepred.default.model_for`)."""
    from igo.movepred.default import model_for
    from igo.movepred.model_io import load_model

    return model_for(size) if path is None else load_model(path)


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
    net = _net(args.net, args.threads) if args.net else None
    rows: list[np.ndarray] = []
    nums: list[np.ndarray] = []
    net_rows: list[np.ndarray] = []
    while True:
        raw = list(itertools.islice(recs, 500))
        if not raw:
            break
        chunk = [r for r in raw if r.size == size]
        if not chunk:
            continue
        data = extract_positions(chunk, model.extractor, moves, size=size,
                                 stride=args.stride)
        rows.append(per_position(model, data))
        nums.append(np.asarray(data.move_number, dtype=np.int64))
        if net is not None and len(data):
            net_rows.append(_net_rows(net, chunk, size, moves, data, args.threads))
    allrows = np.concatenate(rows) if rows else np.zeros((0, 4))
    if len(allrows) == 0:
        raise ValueError(f"no {size}x{size} positions in moves {args.moves} of {args.data}")
    out: dict[str, Any] = dict(summarize(allrows).as_dict())
    if args.by_move and len(allrows):
        mn = np.concatenate(nums)
        keys = (mn - 1) // args.bucket
        out["by_move"] = {f"{k * args.bucket + 1}-{(k + 1) * args.bucket}":
                          summarize(allrows[keys == k]).as_dict() for k in np.unique(keys)}
    if net is not None:
        out["net"] = _net_summary(net, np.concatenate(net_rows), args)
    if args.json:
        print(json.dumps(out))
    else:
        _print_eval(out)
    return 0


def _net(spec: str, threads: int | None = None) -> Any:
    """The policy net named by ``--net`` (``default``: igo's), or None for ``none``."""
    from igo.nets.model_file import NetFileError
    from igo.nets.policy import NetPolicy, net_path

    if spec == "none":
        return None
    path = net_path(spec)  # igo's nets by their bare name too (policy-19-small.pt)
    try:
        return NetPolicy(path, threads=threads)
    except ImportError as exc:
        raise NetFileError(f"the policy net needs PyTorch ({exc})") from exc


def _net_rows(net: Any, chunk: list[Any], size: int, moves: tuple[int, int], data: Any,
              threads: int) -> Any:
    """``(n, 3)``: move number, match and log-probability of the net on the positions of
    ``data`` (the model's), those of records without setup stones."""
    import numpy as np

    from igo.nets.evaluate import per_position as net_per_position
    from igo.nets.evaluate import records_positions, select_rows

    enc = records_positions(chunk, size, (moves[0] + 1, moves[1]), threads)
    sel = enc.rows(select_rows(enc, np.asarray(data.game), np.asarray(data.move_number)))
    match, logp = net_per_position(net.net, sel, batch=64)
    return np.column_stack([sel.number.astype(np.float64), match, logp])


def _net_summary(net: Any, rows: Any, args: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    def block(sel: Any) -> dict[str, Any]:
        return {"positions": int(sel.sum()), "match_rate": float(rows[sel, 1].mean()),
                "mean_log_evidence": float(rows[sel, 2].mean())}

    out: dict[str, Any] = {"model": str(net.path), "name": net.name,
                           **block(np.ones(len(rows), bool))}
    if args.by_move:
        keys = (rows[:, 0].astype(np.int64) - 1) // args.bucket
        out["by_move"] = {f"{k * args.bucket + 1}-{(k + 1) * args.bucket}": block(keys == k)
                          for k in np.unique(keys)}
    return out


def _print_eval(out: dict[str, Any]) -> None:
    for k, v in out.items():
        if k not in ("by_move", "net"):
            print(f"{k:18s} {v}")
    for k, v in out.get("by_move", {}).items():
        print(f"moves {k:8s} match {v['match_rate']:.3f}  rank {v['mean_rank']:.2f}  "
              f"top20 {v['top20']:.3f}  log-ev {v['mean_log_evidence']:.3f}  "
              f"(n={v['positions']})")
    net = out.get("net")
    if net:
        print(f"net {net['name']} ({net['model']}): match {net['match_rate']:.4f}  "
              f"log-ev {net['mean_log_evidence']:.4f}  (n={net['positions']})")
        for k, v in net.get("by_move", {}).items():
            print(f"net moves {k:8s} match {v['match_rate']:.3f}  "
                  f"log-ev {v['mean_log_evidence']:.3f}  (n={v['positions']})")


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
    net = _net(args.net) if args.net != "none" and _has_net(args.net) else None
    if net is not None:
        _show_net(net, board, played, args.top, record.size)
    return 0


def _has_net(spec: str) -> bool:
    """False when ``--net default`` names igo's net and its file is missing (it runs
    in PyTorch where it is installed, else in numpy: :func:`igo.nets.policy.net_engine`)."""
    if spec != "default":
        return True
    from igo.nets.policy import default_net_path

    return default_net_path().is_file()


def _show_net(net: Any, board: Any, played: Any, top: int, size: int) -> None:
    import numpy as np

    from igo.core.coords import Point

    probs = net.probabilities(board, played.color)
    order = np.argsort(-probs, kind="stable")
    print(f"policy net {net.name}:")
    for rank, i in enumerate(order[:top], 1):
        pt = None if i == size * size else Point.from_flat(int(i), size)
        name = "pass" if pt is None else pt.to_gtp(size)
        mark = "  <- played" if pt == played.point else ""
        print(f"{rank:3d}. {name:4s} {probs[i]:7.2%}{mark}")
    i = size * size if played.point is None else played.point.flat(size)
    print(f"played move: rank {int(np.sum(probs > probs[i])) + 1}, "
          f"probability {probs[i]:.2%}")


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
