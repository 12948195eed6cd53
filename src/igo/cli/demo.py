"""``igo demo``: the main job of ``make run`` — what igo does, at a glance.

1. Plays a 9x9 game between igo's MCTS engine (Ohta & Itoh, ``strong`` preset, a short
   time per move) and GNU Go (if installed, else igo's random player), printing the
   board and igo's win rate as it goes, then the result (area scoring, dead stones
   named by both players, GNU Go when they disagree) and the SGF written, with igo's
   win rate as a comment on each of its moves.
2. On a bundled 9-dan game (``igo/data/demo-19x19.sgf``): how well the default
   move-evaluation model (Honda et al.) expects the players' first 50 moves, its top
   moves at one position, and the influence maps (Honda et al. and Fukui et al.) of a middle-game
   position, drawn to SVG.
3. The review of the game just played (``igo review``, a small budget: 300 playouts a
   position), written as one HTML page beside the SGF (``demo-review.html``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from igo.core.board import Board
from igo.core.color import Color
from igo.core.move import Move
from igo.core.record import GameRecord

#: Playouts a position in the demo's review (a 9x9 game in a few seconds).
REVIEW_PLAYOUTS = 300


def add_parser(sub: Any) -> None:
    """Register ``igo demo``."""
    p = sub.add_parser("demo", help="play a 9x9 game (igo's MCTS vs GNU Go) and show it")
    p.add_argument("--size", type=int, default=9, help="board size (default 9)")
    p.add_argument("--komi", type=float, default=7.0)
    p.add_argument("--opponent", default="auto",
                   help="player spec for White: auto (GNU Go level 10 if installed, else "
                        "igo:random), or any spec igo match accepts")
    p.add_argument("--engine", default=None,
                   help="igo's player (Black; default igo:mcts:time=0.5,threads=K with K "
                   "the usable cores)")
    p.add_argument("--seed", type=int, default=None, help="seed of igo's player")
    p.add_argument("--out", type=Path, default=Path("out/demo.sgf"), help="SGF to write")
    p.add_argument("--every", type=int, default=1,
                   help="print the board every N moves (0: only the final board)")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to pause per move")
    p.add_argument("--no-analysis", action="store_true",
                   help="skip part 2 (move model and influence on the bundled 19x19 game)")
    p.add_argument("--no-review", action="store_true",
                   help="skip part 3 (the review of the game played)")
    p.add_argument("--review-playouts", type=int, default=REVIEW_PLAYOUTS,
                   help=f"playouts a position of the review (default {REVIEW_PLAYOUTS})")
    p.set_defaults(func=run)


def _opponent(spec: str) -> str:
    from igo.arena.config import default_gnugo

    if spec != "auto":
        return spec
    gnugo = default_gnugo()
    return f"gtp:{gnugo} --mode gtp --level 10" if gnugo else "igo:random"


def run(args: argparse.Namespace) -> int:
    """Play the game and print it."""
    import numpy as np

    from igo.arena.adjudicate import DeadStoneJudge
    from igo.arena.config import default_gnugo
    from igo.arena.referee import GameSettings, Referee
    from igo.cli.gtp import usable_cores
    from igo.core.coords import check_size, format_vertex
    from igo.core.rules import Ruleset
    from igo.players.registry import make_player
    from igo.sgf import to_sgf

    check_size(args.size)
    rng = np.random.default_rng(args.seed)
    white_spec = _opponent(args.opponent)
    black_spec = args.engine or f"igo:mcts:time=0.5,threads={usable_cores()}"
    gnugo = default_gnugo()
    judge = DeadStoneJudge("players", gnugo)
    settings = GameSettings(size=args.size, komi=args.komi, rules=Ruleset.named("chinese"),
                            move_cap=4 * args.size * args.size)
    print(f"igo demo: {args.size}x{args.size}, komi {args.komi}, "
          f"Black = {black_spec}, White = {white_spec}", flush=True)
    comments: dict[int, str] = {}

    with make_player(black_spec, rng) as black, make_player(white_spec, rng) as white:
        latest = [""]

        def show(board: Board, move: Move) -> None:
            n = board.move_number
            if move.color.name == "BLACK":
                latest[0] = _engine_note(black)
                if latest[0]:
                    comments[n - 1] = latest[0]
            if args.every and n % args.every == 0:
                print(f"\nmove {n}: {move.color.name.lower()} "
                      f"{format_vertex(move.point, board.size)}"
                      + (f"   (igo: {latest[0]})" if latest[0] else ""))
                print(board, flush=True)
            if args.delay:
                time.sleep(args.delay)

        outcome = Referee(settings, judge).play(black, white, source="igo demo", on_move=show)
    record = outcome.record
    if not args.every:
        from igo.core.replay import replay

        print(replay(record))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(to_sgf(record, comments) + "\n", encoding="utf-8")
    dead = outcome.judgement.dead if outcome.judgement is not None else ()
    print(f"\nresult: {outcome.result} ({outcome.end}; {outcome.reason})")
    if outcome.judgement is not None:
        names = " ".join(format_vertex(p, args.size) for p in dead) or "none"
        print(f"dead stones: {names}")
    print(f"{len(record.moves)} moves in {outcome.duration:.1f} s; SGF written to {args.out}")
    sys.stdout.flush()
    if not args.no_analysis:
        _analyse_bundled_game(args.out.parent)
    if not args.no_review:
        _review_game(record, args.out.with_name(args.out.stem + "-review.html"),
                     args.review_playouts)
    return 0


def _review_game(record: GameRecord, page: Path, playouts: int) -> None:
    """Part 3: the review of the game just played, as ``igo review`` writes it."""
    from igo.analysis.position import Budget
    from igo.review import EvalSettings, review_game, review_html

    print(f"\n== The review of this game (igo review, {playouts:,} playouts a position)",
          flush=True)
    review = review_game(record, EvalSettings(Budget(playouts=playouts)))
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(review_html(review), encoding="utf-8")
    for c in (Color.BLACK, Color.WHITE):
        pf = review.players[c]
        worst = review.mistakes[c]
        big = (f"; biggest loss move {worst[0][0].number} ({worst[0][0].points_loss:.1f} "
               "points)") if worst else ""
        print(f"  {c.name.lower()}: {pf.mean_points_loss:.2f} points lost a move, igo's first "
              f"choice {pf.engine_agreement:.0%} of the time{big}")
    print(f"review written to {page} ({review.seconds:.1f} s; open it in a browser: it "
          "loads nothing from anywhere)")


def _engine_note(player: object) -> str:
    """``win rate 57.3%, 2,412 playouts`` of igo's last move (empty for other players)."""
    result = getattr(getattr(player, "generator", None), "last_result", None)
    if result is None or result.best is None:
        return ""
    return f"win rate {result.winrate:.1%}, {result.playouts:,} playouts"


def _net_expects(record: Any) -> None:
    """The policy network's top-1 and top-5 on the same moves, when it is installed."""
    import numpy as np

    from igo.core.replay import iter_positions
    from igo.nets.policy import load_default_net

    net = load_default_net()
    if net is None:
        return
    ranks = []
    for number, (board, move) in enumerate(iter_positions(record), start=1):
        if number > 50:
            break
        probs = net.probabilities(board, move.color)
        i = 361 if move.point is None else move.point.flat(19)
        ranks.append(int(np.sum(probs > probs[i])) + 1)
    r = np.array(ranks)
    print(f"the policy network ({net.name}) on the same moves: top-1 {np.mean(r == 1):.0%}, "
          f"top-5 {np.mean(r <= 5):.0%}, mean rank {r.mean():.1f} "
          "(on 10,000 test games: 0.538 against 0.429 on moves 1-50)")


def _analyse_bundled_game(out_dir: Path) -> None:
    """Part 2: the move model and the influence maps on the bundled 9-dan game."""
    from importlib.resources import files

    import numpy as np

    from igo.core.coords import format_vertex
    from igo.core.replay import iter_positions, replay
    from igo.influence import get_model
    from igo.movepred.default import load_default
    from igo.report.board_map import write_influence_picture
    from igo.sgf import parse_sgf

    record = parse_sgf(files("igo.data").joinpath("demo-19x19.sgf").read_text("utf-8"),
                       source="igo/data/demo-19x19.sgf")
    model = load_default(19)
    print(f"\n== A 9-dan game ({record.black} vs {record.white}, {record.result}): "
          "what the move model (Honda et al.) expects")
    ranks = []
    shown = 30
    for number, (board, move) in enumerate(iter_positions(record), start=1):
        if number > 50:
            break
        points, probs = model.probabilities(board, move.color)
        order = np.argsort(-probs)
        ranked = [points[i] for i in order]
        rank = ranked.index(move.point) + 1 if move.point in ranked else len(ranked) + 1
        ranks.append(rank)
        if number == shown:
            print(f"before move {number} ({move.color.name.lower()} to play), top 5:")
            for i in order[:5]:
                mark = "  <- played" if points[i] == move.point else ""
                print(f"  {format_vertex(points[i], 19):>4}  {probs[i]:6.1%}{mark}")
            print(f"  played {format_vertex(move.point, 19)}: rank {rank}")
    r = np.array(ranks)
    print(f"moves 1-{len(r)}: top-1 {np.mean(r == 1):.0%}, top-5 {np.mean(r <= 5):.0%}, "
          f"mean rank {r.mean():.1f}")
    _net_expects(record)
    position = replay(record, upto=min(80, len(record.moves)))
    stones = position.to_array()
    print(f"\n== Influence after move {position.move_number} (black > 0, white < 0)")
    for name in ("fukui", "distance", "bouzy"):
        values = get_model(name)(stones)
        path = out_dir / f"demo-influence-{name}.svg"
        write_influence_picture(path, stones, values, title=f"{name}, move "
                                f"{position.move_number}")
        black = int(np.sum(values > 0))
        white = int(np.sum(values < 0))
        print(f"  {name:>8}: {black} points lean black, {white} white; picture: {path}")
