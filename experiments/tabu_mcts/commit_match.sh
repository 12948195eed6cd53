#!/bin/sh
# Pack a finished match for committing: its live database (SQLite's backup, safe while a
# match writes to it) as results/tactics/NAME.sqlite.xz, with every game's SGF in its rows
# (igo match stores them), and each engine's seconds a move from its logs as
# results/tactics/NAME-think-times.json; then prints its statistics. Add a Figure for
# it to experiments/figures.py and run that script.
#
#   experiments/tabu_mcts/commit_match.sh runs/pachi19-5s-records pachi19-5s-records
set -eu
[ $# -eq 2 ] || { echo "usage: $0 OUT NAME" >&2; exit 2; }
cd "$(dirname "$0")/../.."
OUT=$1
NAME=$2
DEST=experiments/tabu_mcts/results/tactics
[ -f "$OUT/results.sqlite" ] || { echo "$OUT/results.sqlite: no database" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
.venv/bin/python -c 'import sqlite3, sys
src = sqlite3.connect(sys.argv[1]); dst = sqlite3.connect(sys.argv[2])
src.backup(dst); dst.close(); src.close()' "$OUT/results.sqlite" "$TMP/db.sqlite"
xz -9 -c "$TMP/db.sqlite" > "$DEST/$NAME.sqlite.xz"
.venv/bin/python experiments/tabu_mcts/think_times.py "$OUT/logs" --json "$DEST/$NAME-think-times.json"
.venv/bin/python experiments/tabu_mcts/match_stats.py "$TMP/db.sqlite"
echo "written: $DEST/$NAME.sqlite.xz $DEST/$NAME-think-times.json"
