#!/bin/sh
# igo against Pachi 12.90 under one clock, as servers pair engines: MAIN_TIME seconds of
# sudden death each (sent to both engines with time_settings; each manages its own time),
# 9x9, komi 7, one thread each, no pondering, --lag 0.1 (the match's allowance a move for
# process and GTP overhead). Resumable: rerun the same command to continue.
#
#   FROZEN=/tmp/snap10 MAIN_TIME=120 GAMES=100 SEED=36120 OUT=runs/pachi-clock120 \
#     experiments/tabu_mcts/pachi_clock.sh
#   python experiments/tabu_mcts/match_stats.py OUT/results.sqlite
#   python experiments/tabu_mcts/think_times.py OUT/logs     # each engine's seconds a move
#
# FROZEN is a copy of the engine (`cp -a src` of a warm tree) so that edits in the
# working tree never reach a running match. PIN="0 0" runs both engines on CPU 0
# (taskset; one thinks at a time, no pondering), so that a second match can have CPU 1.
set -eu
cd "$(dirname "$0")/../.."
: "${FROZEN:?a frozen engine (a copy of a warm src/)}"
MAIN_TIME=${MAIN_TIME:-120}
GAMES=${GAMES:-100}
SEED=${SEED:-36120}
WORKERS=${WORKERS:-1}
OUT=${OUT:-runs/pachi-clock${MAIN_TIME}}
PACHI=${PACHI:-/work/pachi/pachi}
. experiments/tabu_mcts/pin.sh
L=experiments/tabu_mcts/logged.sh
mkdir -p "$OUT/logs"
exec env PYTHONPATH="$FROZEN/src" .venv/bin/python -m igo match \
  "gtp:$L $OUT/logs igo ${IGO_PIN}env PYTHONPATH=$FROZEN/src .venv/bin/python -m igo gtp --threads 1 --size 9 --komi 7" \
  "gtp:$L $OUT/logs pachi ${PACHI_PIN}$PACHI threads=1,pondering=0,max_tree_size=2048" \
  --main-time "$MAIN_TIME" --lag 0.1 --size 9 --komi 7 --games "$GAMES" --workers "$WORKERS" \
  --seed "$SEED" --quiet --out "$OUT"
