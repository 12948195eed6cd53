#!/bin/sh
# Freeze an engine for a long match: a git worktree of COMMIT at DIR whose kernels are
# compiled once (numba's cache in its __pycache__ folders), so that edits in the working
# tree never reach a match that runs for hours, and every worker starts warm.
#
#   experiments/tabu_mcts/frozen_engine.sh COMMIT DIR
#   PYTHONPATH=DIR/src .venv/bin/python -m igo match ...     # the match, on that engine
#
# The matches of issue 24: the new engine's search is that of 82dae9c; 33cc1ae has the same
# search byte for byte and the driver that pauses for timed runs (igo match --yield), so
# the scaling matches run on `frozen_engine.sh 33cc1ae /work/frozen2`; issue 24's starting
# engine is 9a220ef (`frozen_engine.sh 9a220ef /work/old`, without --yield).
set -eu
[ $# -eq 2 ] || { echo "usage: $0 COMMIT DIR" >&2; exit 2; }
cd "$(dirname "$0")/../.."
COMMIT=$1
DIR=$2
if [ ! -d "$DIR/src/igo" ]; then
  git worktree add -f "$DIR" "$COMMIT" --detach
fi
[ "$(git -C "$DIR" rev-parse HEAD)" = "$(git rev-parse "$COMMIT^{commit}")" ] || {
  echo "$DIR holds $(git -C "$DIR" rev-parse --short HEAD), not $COMMIT" >&2; exit 1; }
# One short game compiles every kernel a match uses (about a minute the first time).
OUT=$(mktemp -d)
PYTHONPATH="$DIR/src" .venv/bin/python -m igo match "igo:mcts:playouts=2000" \
  "igo:mcts:playouts=500" --games 1 --size 9 --komi 7 --workers 1 --quiet --out "$OUT" \
  > /dev/null
rm -rf "$OUT"
echo "frozen: $COMMIT at $DIR (PYTHONPATH=$DIR/src)"
