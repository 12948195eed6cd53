#!/bin/sh
# Run a GTP engine with its stderr appended to a log of its own, so that a match can
# report each engine's real thinking time a move from what the engine itself says
# (igo gtp: "genmove black E5 in 1.00 s, ..."; Pachi: "genmove in 1.01s, mcts ...").
#
#   igo match "gtp:experiments/tabu_mcts/logged.sh LOGDIR NAME pachi -t 3 ..." ...
#   python experiments/tabu_mcts/think_times.py LOGDIR
#
# Every engine process writes LOGDIR/NAME-PID.log (one process a game in igo match).
set -eu
[ $# -ge 3 ] || { echo "usage: $0 LOGDIR NAME COMMAND [ARG...]" >&2; exit 2; }
LOGDIR=$1
NAME=$2
shift 2
mkdir -p "$LOGDIR"
exec "$@" 2>> "$LOGDIR/$NAME-$$.log"
