#!/bin/sh
# Issue 24's 256,000 against 64,000 playouts a move on 9x9, for the new engine and for the
# engine issue 24 started from (9a220ef), resumable across restarts and machines.
#
#   experiments/tabu_mcts/scaling256.sh run ENGINE [WORKERS]   # play (resumes; blocks)
#   experiments/tabu_mcts/scaling256.sh snapshot ENGINE        # a consistent copy, committed
#   experiments/tabu_mcts/scaling256.sh stats ENGINE           # score, interval, SPRT
#
# A match is hours of cores (9-14 minutes a game, one core each), longer than this machine
# keeps background processes and scratch folders, which may not survive it: `run` starts from
# the committed snapshot (results/scaling-256k-64k[-old].sqlite.xz) when runs/ has no
# database, and `snapshot` writes that file from the live database (SQLite's backup, safe
# while the match writes to it) and the games' SGF files beside it (-sgf.tar.xz). Games are seeded by index (SEED + i, one thread a player,
# playouts fixed), so a game cut off when the machine stops is replayed the same.
#
# ENGINE new: the search of 82dae9c, frozen at 33cc1ae (the same search with the driver
#      that pauses for timed runs: --yield); old: the engine issue 24 started from, 9a220ef;
#      reclaim: new with the old engine's memory (max_tree_mb=128 for both players: 972,592
#      nodes a pool, the old pool's 972,000), so that its tree fills and is reclaimed.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 run|snapshot|stats new|old|reclaim [WORKERS]" >&2; exit 2; }
cd "$(dirname "$0")/../.."
ACTION=$1
OPTS=
case $2 in
  new) COMMIT=33cc1ae; DIR=/work/frozen2; NAME=scaling-256k-64k; YIELD=--yield ;;
  old) COMMIT=9a220ef; DIR=/work/old; NAME=scaling-256k-64k-old; YIELD= ;;
  reclaim) COMMIT=33cc1ae; DIR=/work/frozen2; NAME=scaling-256k-64k-128mb; YIELD=--yield
    OPTS=,max_tree_mb=128 ;;
  *) echo "engine: new, old or reclaim, not $2" >&2; exit 2 ;;
esac
WORKERS=${3:-2}
OUT=runs/$NAME
DB=$OUT/results.sqlite
SNAP=experiments/tabu_mcts/results/$NAME.sqlite.xz
SGFS=experiments/tabu_mcts/results/$NAME-sgf.tar.xz
PY=.venv/bin/python

case $ACTION in
  run)
    mkdir -p "$OUT"
    if [ ! -s "$DB" ] && [ -s "$SNAP" ]; then
      xz -dc "$SNAP" > "$DB"
      [ ! -s "$SGFS" ] || tar -xJf "$SGFS" -C "$OUT"
      echo "resumed from $SNAP"
    fi
    experiments/tabu_mcts/frozen_engine.sh "$COMMIT" "$DIR"
    # shellcheck disable=SC2086
    PYTHONPATH="$DIR/src" exec $PY -m igo match "igo:mcts:playouts=256000$OPTS" \
      "igo:mcts:playouts=64000$OPTS" --games 100 --size 9 --komi 7 --workers "$WORKERS" \
      --seed 25600 --sprt 0,150 $YIELD --out "$OUT"
    ;;
  snapshot)
    # never from a missing database: sqlite3 would make an empty one and the committed
    # snapshot would be overwritten with nothing
    [ -s "$DB" ] || { echo "no database at $DB: nothing to snapshot" >&2; exit 1; }
    TMP=$(mktemp)
    $PY -c 'import sqlite3, sys
src = sqlite3.connect(sys.argv[1]); dst = sqlite3.connect(sys.argv[2])
src.backup(dst); dst.close(); src.close()' "$DB" "$TMP"
    xz -9 -c "$TMP" > "$SNAP.tmp" && mv "$SNAP.tmp" "$SNAP"
    rm -f "$TMP"
    (cd "$OUT" && find . -name '*.sgf' | sort | tar -cJf - -T -) > "$SGFS.tmp" && mv "$SGFS.tmp" "$SGFS"
    ls -l "$SNAP" "$SGFS"
    ;;
  stats)
    $PY experiments/tabu_mcts/match_stats.py "$DB"
    ;;
  *) echo "action: run, snapshot or stats, not $ACTION" >&2; exit 2 ;;
esac
