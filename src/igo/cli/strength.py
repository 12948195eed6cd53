"""``igo strength``: a player's strength from game records (Araki et al.).

- ``igo strength GAME.sgf… [--color B|W] [--player NAME] [--json] [--model M]
  [--no-net]``: each player's estimated rank with a 95 % interval and the three class
  probabilities; with several games of a player, also the pooled estimate (sharper with
  every game). igo's model reads the policy net's view of the opening (in PyTorch, or in
  numpy without it); with ``--no-net``, or without the net's file, the move model's
  view alone;
- ``igo strength eval --data PATH [--folds F --fold test] [--model M] --json`` prints
  ``{"games": n, "examples": n, "rmse_points": x, "rmse_ranks": x, "rmse_ave": x,
  "correlation": x, "accuracy3": x, "worst_case_ratio": x}`` on any rank-labelled corpus;
- ``igo strength train --data PATH --folds F --workdir DIR --out MODEL.npz`` encodes
  the records (resumable, in DIR) and fits the estimator on the training fold.

``igo strength GAME.sgf --help``, ``igo strength eval --help`` and ``igo strength train
--help`` list each form's options.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from igo.strength.summary import DEFAULT_GROUPS


def add_parser(subparsers: Any) -> None:
    """Register ``igo strength`` (its actions are parsed by :func:`run`)."""
    p = subparsers.add_parser("strength", help="strength (rank) from game records (Araki et al.)",
                              description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("args", nargs=argparse.REMAINDER,
                   help="GAME.sgf… [options], or eval/train with their options")
    p.set_defaults(func=run)


def _estimate_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="igo strength", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("inputs", nargs="+", help="SGF files, folders, archives, .sgfs corpora")
    p.add_argument("--color", "--colour", dest="color", choices=("B", "W"), default=None,
                   help="estimate only this colour's player")
    p.add_argument("--player", default=None, help="estimate only this player (PB/PW)")
    p.add_argument("--model", default=None, help="model file (default: igo's)")
    p.add_argument("--no-net", action="store_true",
                   help="igo's model of the move model's view alone, without the policy "
                        "net's (about 10 times faster; RMSE 227 points against 209)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-progress", action="store_true")
    return p


def _eval_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="igo strength eval")
    p.add_argument("--data", nargs="+", required=True, help="rank-labelled records")
    p.add_argument("--folds", default=None, help="player<TAB>fold table")
    p.add_argument("--fold", choices=("train", "test"), default="test",
                   help="with --folds: the fold to evaluate")
    p.add_argument("--model", default=None)
    p.add_argument("--limit", type=int, default=None, help="read at most N records")
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-progress", action="store_true")
    return p


def _train_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="igo strength train")
    p.add_argument("--data", nargs="+", required=True)
    p.add_argument("--folds", required=True, help="player<TAB>fold table")
    p.add_argument("--workdir", required=True, help="folder for the encoded data")
    p.add_argument("--out", required=True, help="model file to write (.npz)")
    p.add_argument("--groups", default=",".join(DEFAULT_GROUPS),
                   help="feature groups (igo.strength.summary), in column order")
    p.add_argument("--iterations", type=int, default=4000)
    p.add_argument("--folds-k", type=int, default=5, help="cross-validation folds")
    p.add_argument("--net", default="policy-19-small.pt",
                   help="the policy net the 'net' group reads: a file among igo's models "
                        "or a path (default: %(default)s)")
    p.add_argument("--net-moves", type=int, default=60,
                   help="moves a game the net sees (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=None, help="read at most N records")
    p.add_argument("--no-progress", action="store_true")
    return p


def run(args: argparse.Namespace) -> int:
    """Dispatch to the estimate, ``eval`` or ``train`` action."""
    rest = list(args.args)
    if rest and rest[0] == "eval":
        from igo.cli.strength_actions import run_eval
        return run_eval(_eval_parser().parse_args(rest[1:]))
    if rest and rest[0] == "train":
        from igo.cli.strength_actions import run_train
        return run_train(_train_parser().parse_args(rest[1:]))
    if not rest:
        _estimate_parser().print_help(sys.stderr)
        return 2
    from igo.cli.strength_actions import run_estimate
    return run_estimate(_estimate_parser().parse_args(rest))
