#!/bin/sh
# The value head in the search (issue 63, "What to build" 3): igo with the net's value at
# the nodes of NET_VISITS visits, weight LAMBDA (mcts:net=default,net_visits=N,net_value=λ)
# against igo's default engine of the same frozen commit, at equal time: SECONDS_A_MOVE a
# move each as read from each engine's own log, 19x19 and komi 7.5 unless SIZE and KOMI say
# otherwise, one thread each, no pondering; pachi_equal_time.sh with the default engine in
# Pachi's place (its log name igo-default), so the other variables mean what they mean
# there (PIN="1 1": both engines on CPU 1, taking turns). Resumable: rerun the command.
#
#   experiments/tabu_mcts/frozen_engine.sh dd38a71 /work/frozen-lam
#   FROZEN=/work/frozen-lam LAMBDA=0.5 NET_VISITS=256 SECONDS_A_MOVE=2 GAMES=40 \
#     SEED=38000 PIN="1 1" OUT=runs/lambda-19-2s-256 experiments/value_net/lambda_match.sh
#   python experiments/tabu_mcts/match_stats.py runs/lambda-19-2s-256/results.sqlite
#   python experiments/tabu_mcts/think_times.py runs/lambda-19-2s-256/logs
set -eu
cd "$(dirname "$0")/../.."
: "${FROZEN:?a frozen engine (experiments/tabu_mcts/frozen_engine.sh COMMIT DIR)}"
: "${LAMBDA:?the value head's weight (net_value)}"
: "${NET_VISITS:?the visits from which a node is judged (net_visits)}"
export SIZE="${SIZE:-19}" KOMI="${KOMI:-7.5}"
T=${SECONDS_A_MOVE:-2}
. experiments/tabu_mcts/pin.sh
export ENGINE="mcts:net=default,net_visits=$NET_VISITS,net_value=$LAMBDA"
export OPPONENT=igo-default
export OPPONENT_CMD="env PYTHONPATH=$FROZEN/src .venv/bin/python -m igo gtp --threads 1 --size $SIZE --komi $KOMI --time $T"
export GAMES="${GAMES:-40}" SEED="${SEED:-38000}"
export OUT="${OUT:-runs/lambda-$SIZE-${T}s-$NET_VISITS}"
exec experiments/tabu_mcts/pachi_equal_time.sh
