#!/bin/sh
# Start (or resume) Sato & Takahashi's evolution loop in the background, at the lowest CPU
# priority, detached from the terminal:
#
#   experiments/importance/run_loop.sh [CONFIG] [igo evolve run options...]
#
# CONFIG defaults to experiments/importance/evolve-progress.toml. The run's folder (the
# config's `out`, runs/importance-progress by default) holds evolve.sqlite (every game,
# rating, weight vector and model path, committed as they happen: the checkpoint), the
# models, the SGF files, and loop.log / loop.pid written here. Running this again after a
# kill or a reboot resumes from the last stored game. Watch it with
#   .venv/bin/igo evolve status runs/importance-progress
# and stop it with  kill -- -$(cat runs/importance-progress/loop.pid)  (its process group).
set -eu
cd "$(dirname "$0")/../.."
CONFIG=${1:-experiments/importance/evolve-progress.toml}
[ $# -gt 0 ] && shift
OUT=$(.venv/bin/python -c 'import sys; from igo.evolve.config import load_config; print(load_config(sys.argv[1]).out)' "$CONFIG")
mkdir -p "$OUT"
if [ -f "$OUT/loop.pid" ] && kill -0 "$(cat "$OUT/loop.pid")" 2>/dev/null; then
  echo "already running: pid $(cat "$OUT/loop.pid") (log $OUT/loop.log)" >&2
  exit 1
fi
echo "=== $(date -u +%FT%TZ) igo evolve run $CONFIG $*" >> "$OUT/loop.log"
# setsid gives the loop its own scheduler autogroup, where `nice` alone only ranks it
# against its own processes (Linux with CONFIG_SCHED_AUTOGROUP): lower the group too.
setsid nohup sh -c 'echo 19 > /proc/self/autogroup 2>/dev/null || true
  exec nice -n 19 .venv/bin/igo evolve run "$@"' sh "$CONFIG" "$@" \
  >> "$OUT/loop.log" 2>&1 < /dev/null &
echo $! > "$OUT/loop.pid"
echo "started: pid $(cat "$OUT/loop.pid"), log $OUT/loop.log"
