"""``igo`` entry point: one argparse sub-command per module of :mod:`igo.cli`.

Each sub-command module defines ``add_parser(subparsers)`` (which registers its
parser and sets ``func``) and keeps heavy imports (Ray, PyTorch) inside its ``run``.
Exit codes: 0 ok, 1 user error (bad input), 2 usage error (argparse).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from igo.core.errors import IgoError

# Sub-commands, in the order ``igo --help`` lists them.
COMMANDS = ("demo", "gtp", "match", "elo", "evolve", "replay", "bench", "influence", "movepred",
            "strength", "review", "tsumego", "timed", "tune")


def build_parser() -> argparse.ArgumentParser:
    """The full parser, with every sub-command registered."""
    from igo import __version__

    parser = argparse.ArgumentParser(prog="igo", description="igo: computer Go toolkit")
    parser.add_argument("--version", action="version", version=f"igo {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"igo.cli.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``igo`` with ``argv`` (default ``sys.argv[1:]``); returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (IgoError, ValueError, OSError) as exc:
        print(f"igo {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"igo {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
