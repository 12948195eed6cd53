#!/bin/sh
# igo against KataGo's raw policy (one visit a move: the b10c384 net and no search), the
# anchor of issue 63: igo at SECONDS_A_MOVE a move (as read from its own log), 9x9 and
# komi 7 unless SIZE and KOMI say otherwise, one thread, no pondering. KataGo is set up by
# ../shared/tools/setup_katago.sh KATAGO_DIR (about 0.2 s a move on 9x9 on this machine's
# CPU; with one visit it samples its policy, so games differ). Resumable: rerun the same
# command to continue.
#
#   ../shared/tools/setup_katago.sh /work/katago
#   FROZEN=/work/frozen-19 KATAGO=/work/katago SECONDS_A_MOVE=1 GAMES=20 SEED=37000 \
#     PIN="0 0" OUT=runs/katago-9-1s experiments/tabu_mcts/katago_raw.sh
#   python experiments/tabu_mcts/match_stats.py runs/katago-9-1s/results.sqlite
#   python experiments/tabu_mcts/think_times.py runs/katago-9-1s/logs   # igo's seconds a move
#
# FROZEN is a copy of the engine (frozen_engine.sh COMMIT DIR); ENGINE is igo gtp's
# --engine (empty: the default engine a user gets); PIN="A B" runs igo on CPU A and KataGo
# on CPU B (pin.sh).
set -eu
cd "$(dirname "$0")/../.."
: "${FROZEN:?a frozen engine (frozen_engine.sh COMMIT DIR)}"
: "${KATAGO:?the folder of setup_katago.sh}"
T=${SECONDS_A_MOVE:-1}
GAMES=${GAMES:-20}
SEED=${SEED:-37000}
WORKERS=${WORKERS:-1}
ENGINE=${ENGINE:-}
SIZE=${SIZE:-9}
KOMI=${KOMI:-7}
OUT=${OUT:-runs/katago-$SIZE-${T}s}
. experiments/tabu_mcts/pin.sh
LOGGED=experiments/tabu_mcts/logged.sh
mkdir -p "$OUT/logs"
PYTHONPATH="$FROZEN/src" exec .venv/bin/python -m igo match \
  "gtp:$LOGGED $OUT/logs igo ${IGO_PIN}env PYTHONPATH=$FROZEN/src .venv/bin/python -m igo gtp --threads 1 --size $SIZE --komi $KOMI --time $T${ENGINE:+ --engine $ENGINE}" \
  "gtp:$LOGGED $OUT/logs katago ${PACHI_PIN}$KATAGO/katago-gtp" \
  --games "$GAMES" --size "$SIZE" --komi "$KOMI" --workers "$WORKERS" --seed "$SEED" --quiet --out "$OUT"
