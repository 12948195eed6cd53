#!/bin/sh
# igo against KataGo's raw policy (one visit a move: the b10c384 net and no search), the
# anchor of issue 63: pachi_equal_time.sh with KataGo in Pachi's place, so igo plays at
# SECONDS_A_MOVE a move (as read from its own log), 9x9 and komi 7 unless SIZE and KOMI say
# otherwise, one thread, no pondering, and the other variables mean what they mean there.
# KataGo is set up by ../shared/tools/setup_katago.sh KATAGO_DIR (about 0.2 s a move on
# 9x9 on this machine's CPU; with one visit it samples its policy, so games differ).
# Resumable: rerun the same command to continue.
#
#   ../shared/tools/setup_katago.sh /work/katago
#   FROZEN=/work/frozen-19 KATAGO=/work/katago SECONDS_A_MOVE=1 GAMES=20 SEED=37000 \
#     PIN="0 0" OUT=runs/katago-9-1s experiments/tabu_mcts/katago_raw.sh
#   python experiments/tabu_mcts/match_stats.py runs/katago-9-1s/results.sqlite
#   python experiments/tabu_mcts/think_times.py runs/katago-9-1s/logs   # igo's seconds a move
set -eu
: "${KATAGO:?the folder of setup_katago.sh}"
export OPPONENT=katago OPPONENT_CMD="$KATAGO/katago-gtp"
export GAMES="${GAMES:-20}" SEED="${SEED:-37000}"
export OUT="${OUT:-runs/katago-${SIZE:-9}-${SECONDS_A_MOVE:-1}s}"
exec "$(dirname "$0")/pachi_equal_time.sh"
