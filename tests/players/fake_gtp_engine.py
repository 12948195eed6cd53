"""A scripted GTP engine for tests (no GNU Go needed).

Usage: ``python fake_gtp_engine.py [--genmove VERTEX] [--delay S] [--die-on CMD]
[--quit-file PATH] [--dead VERTICES] [--no-final-status]``

- ``genmove`` answers ``--genmove`` (default ``pass``; ``resign`` works too) after
  sleeping ``--delay`` seconds.
- ``--die-on CMD``: when CMD is received, write "fatal: CMD" to stderr and exit 3.
- ``hang`` never answers; ``garbage`` writes a line that is not a reply;
  ``multi`` answers two lines; ``fail`` answers ``? failed on purpose``.
- ``final_status_list dead`` answers ``--dead`` (default empty) unless
  ``--no-final-status`` (then ``? unknown command``).
- On ``quit``, writes "bye" to ``--quit-file`` if given.
- A numeric id before a command is echoed in the reply, as GTP requires.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--genmove", default="pass")
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--die-on", default="")
    ap.add_argument("--quit-file", default="")
    ap.add_argument("--dead", default="")
    ap.add_argument("--no-final-status", action="store_true")
    args = ap.parse_args()
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        ident, _, rest = line.partition(" ")
        if not ident.isdigit():
            ident, rest = "", line
        cmd = rest.split()[0] if rest.split() else ""
        if args.die_on and cmd == args.die_on:
            sys.stderr.write(f"fatal: {cmd}\n")
            sys.stderr.flush()
            return 3
        ok, text = True, ""
        if cmd == "name":
            text = "Fake"
        elif cmd == "version":
            text = "1.0"
        elif cmd == "known_command":
            text = "false"
        elif cmd == "genmove":
            time.sleep(args.delay)
            text = args.genmove
        elif cmd == "hang":
            time.sleep(3600)
        elif cmd == "garbage":
            out.write("this is not gtp\n\n")
            out.flush()
            continue
        elif cmd == "multi":
            text = "line one\nline two"
        elif cmd == "fail":
            ok, text = False, "failed on purpose"
        elif cmd == "final_status_list":
            if args.no_final_status:
                ok, text = False, "unknown command"
            else:
                text = args.dead
        elif cmd == "quit":
            if args.quit_file:
                Path(args.quit_file).write_text("bye")
            out.write(f"={ident}\n\n")
            out.flush()
            return 0
        out.write(f"{'=' if ok else '?'}{ident} {text}\n\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
