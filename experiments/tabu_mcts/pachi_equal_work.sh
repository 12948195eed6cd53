#!/bin/sh
# igo against Pachi 12.90 at equal work: PLAYOUTS playouts a move each, 9x9 and komi 7
# unless SIZE and KOMI say otherwise, one thread each, no pondering.
# Resumable: rerun the same command to continue.
#
#   FROZEN=/work/frozen36 PLAYOUTS=20000 GAMES=100 SEED=20000 WORKERS=1 \
#     OPTIONS="" OUT=runs/pachi-20k experiments/tabu_mcts/pachi_equal_work.sh
#   python experiments/tabu_mcts/match_stats.py runs/pachi-20k/results.sqlite
#
# FROZEN is a copy of the engine made by frozen_engine.sh (so that edits in the working
# tree never reach a running match); OPTIONS are igo mcts options (e.g.
# "policy=moggy"), empty for the default engine; PACHI is the Pachi binary;
# PACHI_PLAYOUTS gives Pachi other playouts than igo (default: PLAYOUTS).
set -eu
cd "$(dirname "$0")/../.."
: "${FROZEN:?a frozen engine (frozen_engine.sh COMMIT DIR)}"
PLAYOUTS=${PLAYOUTS:-20000}
GAMES=${GAMES:-100}
SEED=${SEED:-20000}
WORKERS=${WORKERS:-1}
OPTIONS=${OPTIONS:-}
OUT=${OUT:-runs/pachi-$PLAYOUTS}
PACHI=${PACHI:-/work/pachi/pachi}
PACHI_PLAYOUTS=${PACHI_PLAYOUTS:-$PLAYOUTS}
SIZE=${SIZE:-9}
KOMI=${KOMI:-7}
SPEC="igo:mcts:playouts=$PLAYOUTS${OPTIONS:+,$OPTIONS}"
mkdir -p "$OUT"
PYTHONPATH="$FROZEN/src" exec .venv/bin/python -m igo match "$SPEC" \
  "gtp:$PACHI -d 0 -t =$PACHI_PLAYOUTS threads=1,pondering=0,max_tree_size=2048" \
  --games "$GAMES" --size "$SIZE" --komi "$KOMI" --workers "$WORKERS" --seed "$SEED" --quiet \
  --out "$OUT"
