#!/bin/sh
# igo against Pachi 12.90 at equal thinking time, SECONDS a move each as read from
# each engine's own log (igo gtp --time SECONDS; Pachi -t SECONDS+2, as it keeps 2 s of
# a per-move time as network lag), 9x9 and komi 7 unless SIZE and KOMI say otherwise,
# one thread each, no pondering.
# Resumable: rerun the same command to continue.
#
#   FROZEN=/tmp/snap6 SECONDS_A_MOVE=1 GAMES=100 SEED=36100 WORKERS=1 \
#     ENGINE="mcts:policy=moggy" OUT=runs/pachi-1s-moggy experiments/tabu_mcts/pachi_equal_time.sh
#   FROZEN=/tmp/snap12 SIZE=19 KOMI=7.5 SECONDS_A_MOVE=5 GAMES=10 SEED=36519 OUT=runs/pachi-19-5s \
#     experiments/tabu_mcts/pachi_equal_time.sh
#   python experiments/tabu_mcts/match_stats.py OUT/results.sqlite
#   python experiments/tabu_mcts/think_times.py OUT/logs     # each engine's seconds a move
#
# FROZEN is a copy of the engine (frozen_engine.sh, or `cp -a src` of a warm tree) so
# that edits in the working tree never reach a running match; ENGINE is igo gtp's
# --engine (empty: the default engine a user gets). PIN="0 1" runs igo's process on CPU 0
# and Pachi's on CPU 1 (taskset), so that an engine with a helper thread (the policy net
# beside the search) gets one core in all, as Pachi does; use it with WORKERS=1.
# IGO_ENV adds environment variables to igo's engine command (IGO_ENV=IGO_NET_ENGINE=numpy:
# the net in numpy, the engine of a plain install), so the database records them.
# OPPONENT and OPPONENT_CMD put another GTP engine in Pachi's place (its log name and
# command; katago_raw.sh does so), under the same conditions for igo.
set -eu
cd "$(dirname "$0")/../.."
: "${FROZEN:?a frozen engine (frozen_engine.sh COMMIT DIR)}"
T=${SECONDS_A_MOVE:-1}
GAMES=${GAMES:-100}
SEED=${SEED:-36100}
WORKERS=${WORKERS:-1}
ENGINE=${ENGINE:-}
IGO_ENV=${IGO_ENV:-}
SIZE=${SIZE:-9}
KOMI=${KOMI:-7}
OUT=${OUT:-runs/pachi-${T}s}
PACHI=${PACHI:-/work/pachi/pachi}
PT=$(awk "BEGIN { print $T + 2 }")
OPPONENT=${OPPONENT:-pachi}
OPPONENT_CMD=${OPPONENT_CMD:-$PACHI -t $PT threads=1,pondering=0,max_tree_size=2048}
. experiments/tabu_mcts/pin.sh
LOGGED=experiments/tabu_mcts/logged.sh
mkdir -p "$OUT/logs"
PYTHONPATH="$FROZEN/src" exec .venv/bin/python -m igo match \
  "gtp:$LOGGED $OUT/logs igo ${IGO_PIN}env ${IGO_ENV:+$IGO_ENV }PYTHONPATH=$FROZEN/src .venv/bin/python -m igo gtp --threads 1 --size $SIZE --komi $KOMI --time $T${ENGINE:+ --engine $ENGINE}" \
  "gtp:$LOGGED $OUT/logs $OPPONENT ${PACHI_PIN}$OPPONENT_CMD" \
  --games "$GAMES" --size "$SIZE" --komi "$KOMI" --workers "$WORKERS" --seed "$SEED" --quiet --out "$OUT"
