#!/usr/bin/env bash
# Issue 10 (Sato & Takahashi) on a lent 16-core machine: the per-progress evolution loop, then
# learned against uniform weights, in DEVICE_BUDGET_S seconds on WORKERS cores.
#
#   device_job.sh start     launch in the background, detached; returns at once
#   device_job.sh collect   pack $WORK/importance into $OUT/importance.tar.gz (< 15 MB) and
#                           print where it stands (safe while the work runs)
#
# What `start` runs (a driver in the background, log $WORK/importance/log):
#  1. `igo evolve run $CONFIG --out $WORK/importance/run --workers $WORKERS` on cores $CORES
#     (CONFIG default experiments/importance/evolve-progress-device.toml: the committed
#     per-progress run with fewer games per individual, see README "Device run"). Expected on
#     16 cores (6 used): subset extraction ~20 s, 50 initial trainings ~15 s each (+ JIT) and
#     500 games ~0.5 s each: step 0 after ~4 min; then ~25 s a step (one training while the
#     others play idle pairs, then up to 80 games): ~25-30 steps by the loop's deadline.
#  2. At start + DEVICE_BUDGET_S - COMPARE_S (default 1300 - 270 s) the loop's process group is
#     killed (SIGTERM, then SIGKILL: the loop is built for it, every finished game is
#     committed, the step under way resumes later with its planned games) -- unless step 0
#     is not finished, then the loop goes on to the end and nothing is compared.
#  3. experiments/importance/compare.py: the learned centre and the best initial individual
#     each against uniform weights, COMPARE_GAMES (default 1000) games each, in colour-swapped
#     pairs from random openings, interleaved, logged game by game (resumable), until
#     start + DEVICE_BUDGET_S - 10 s. ~15 s of training, then ~12 games/s on 6 cores.
# Everything checkpoints continuously: the SQLite database (every game, individual, weight
# vector, rating, PBILc centre and sigma after each step) and the compare logs.
#
# Environment: WORK, OUT (required), PY (python3), CORES (10-15), WORKERS (6),
# DEVICE_BUDGET_S (1300, from `start`), COMPARE_S (270), COMPARE_GAMES (1000), CONFIG.
#
# The tarball holds importance/run/evolve.sqlite (backup API), importance/run/compare/*.jsonl
# (compare games), importance/run/games.tar.gz (SGFs, left out if too big), importance/
# config.toml, importance/results/ (compare summary, Fig. 5), status.json and the logs.
# The model files (2.9 MB each, incompressible float64) are NOT packed: a resumed run trains
# the missing ones again from their stored weight vectors (`igo evolve run` does it by
# itself; same seed and shuffling: bit-identical on one machine, tested, and across machines:
# a lent Xeon's and this machine's log-likelihoods agreed to the last digit, README "The
# per-record run"), and compare.py trains again what it needs.
#
# Locally afterwards (from the repository root):
#   mkdir -p runs/device && tar -xzf importance.tar.gz -C runs/device
#   .venv/bin/igo evolve status runs/device/importance/run
#   .venv/bin/python experiments/importance/compare.py --run runs/device/importance/run \
#       --summary-only --results runs/device/importance/results     # the device's compare
#   # more compare games (rebuilds the subset and the models it needs, resumes the logs):
#   .venv/bin/python experiments/importance/compare.py --run runs/device/importance/run \
#       --games 1000 --records ../shared/data/tygem9d/train-00.sgfs.xz \
#       --results runs/device/importance/results
#   # resume the loop (trains the ~80 missing models first: ~10 min on 2 cores):
#   .venv/bin/igo evolve run experiments/importance/evolve-progress-device.toml \
#       --out runs/device/importance/run --workers 2
# (compare.py names its logs after the last finished step: compare before resuming the loop,
# or the resumed loop's later step gets new logs.)
set -euo pipefail
cmd=${1:?usage: device_job.sh start|collect}
here=$(cd "$(dirname "$0")/../.." && pwd)
work=${WORK:?set WORK}/importance
py=${PY:-python3}
cores=${CORES:-10-15}
workers=${WORKERS:-6}
budget=${DEVICE_BUDGET_S:-1300}
compare_s=${COMPARE_S:-270}
compare_games=${COMPARE_GAMES:-1000}
config=${CONFIG:-$here/experiments/importance/evolve-progress-device.toml}
export PYTHONPATH="$here/src${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS=1
say() { echo "$(date -u +%H:%M:%S) +$(( $(date +%s) - $(cat "$work/t0") )) s: $*"; }

pin=()  # run on $cores when taskset works here
if taskset -c "$cores" true 2>/dev/null; then pin=(taskset -c "$cores"); fi

steps_done() {
  "$py" -c 'import sys; from igo.evolve.status import run_status
try: print(run_status(sys.argv[1])["steps_done"])
except Exception: print(-1)' "$work/run" 2>/dev/null || echo -1
}

start() {
  mkdir -p "$work"
  date +%s > "$work/t0"
  cp "$config" "$work/config.toml"
  setsid nohup bash "$0" _drive > "$work/log" 2>&1 < /dev/null &
  echo "importance: started (driver pid $!, cores $cores, $workers workers, budget $budget s," \
       "log $work/log)"
}

_drive() {
  local t0 loop_end end pid now left
  t0=$(cat "$work/t0")
  end=$(( t0 + budget ))
  loop_end=$(( end - compare_s ))
  say "igo evolve run $config --out $work/run --workers $workers (until +$(( loop_end - t0 )) s)"
  setsid ${pin[@]+"${pin[@]}"} "$py" -m igo evolve run "$config" --out "$work/run" --workers "$workers" \
    >> "$work/loop.log" 2>&1 < /dev/null &
  pid=$!
  echo "$pid" > "$work/loop.pid"
  while kill -0 "$pid" 2>/dev/null; do
    now=$(date +%s)
    if (( now >= end - 10 )) || { (( now >= loop_end )) && (( $(steps_done) >= 0 )); }; then
      say "stopping the loop (process group $pid)"
      kill -TERM -- "-$pid" 2>/dev/null || true
      for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null && sleep 0.5; done
      kill -KILL -- "-$pid" 2>/dev/null || true
      break
    fi
    sleep 5
  done
  wait "$pid" 2>/dev/null || true
  say "loop stopped at step $(steps_done)"
  left=$(( end - 10 - $(date +%s) ))
  if (( $(steps_done) < 0 )); then
    say "step 0 not finished: nothing to compare"
  elif (( left < 30 )); then
    say "no time left to compare"
  else
    say "compare.py --games $compare_games (for at most $left s)"
    timeout -s KILL "$left" ${pin[@]+"${pin[@]}"} "$py" "$here/experiments/importance/compare.py" \
      --run "$work/run" --games "$compare_games" --workers "$workers" \
      --results "$work/results" >> "$work/compare.log" 2>&1 < /dev/null || true
  fi
  say "done"
}

collect() {
  local pack=${WORK}/importance-pack size
  rm -rf "$pack"
  mkdir -p "$pack/importance/run" "$OUT"
  if [ -f "$work/run/evolve.sqlite" ]; then
    "$py" -c 'import sqlite3, sys
src = sqlite3.connect(sys.argv[1], timeout=60); dst = sqlite3.connect(sys.argv[2])
src.backup(dst); dst.close(); src.close()' "$work/run/evolve.sqlite" "$pack/importance/run/evolve.sqlite"
  fi
  for f in t0 config.toml log loop.log compare.log; do
    [ -f "$work/$f" ] && cp "$work/$f" "$pack/importance/$f"
  done
  if [ -d "$work/run/compare" ]; then
    mkdir -p "$pack/importance/run/compare"
    cp "$work"/run/compare/*.jsonl "$pack/importance/run/compare/" 2>/dev/null || true
  fi
  [ -d "$work/results" ] && cp -r "$work/results" "$pack/importance/results"
  if [ -f "$pack/importance/run/evolve.sqlite" ]; then
    "$py" -m igo evolve status "$pack/importance/run" --json > "$pack/importance/status.json" \
      2>/dev/null || true
    if ls "$pack"/importance/run/compare/*.jsonl > /dev/null 2>&1; then
      "$py" "$here/experiments/importance/compare.py" --run "$pack/importance/run" \
        --summary-only --games "$compare_games" --results "$pack/importance/results" \
        > "$pack/importance/compare-summary.txt" 2>&1 || true
    fi
  fi
  [ -d "$work/run/games" ] && tar -czf "$pack/importance/run/games.tar.gz" -C "$work/run" games
  tar -czf "$OUT/importance.tar.gz" -C "$pack" importance
  size=$(stat -c %s "$OUT/importance.tar.gz")
  if (( size > 14000000 )); then  # the SGFs are the only big part: leave them out
    rm -f "$pack/importance/run/games.tar.gz"
    tar -czf "$OUT/importance.tar.gz" -C "$pack" importance
    size=$(stat -c %s "$OUT/importance.tar.gz")
    echo "importance: SGFs left out (too big)"
  fi
  echo "importance: $OUT/importance.tar.gz $(( size / 1024 )) KiB," \
       "+$(( $(date +%s) - $(cat "$work/t0" 2>/dev/null || date +%s) )) s since start"
  if [ -f "$pack/importance/run/evolve.sqlite" ]; then
    "$py" -m igo evolve status "$pack/importance/run" 2>&1 | cut -c1-200 | head -3 || true
  fi
  for f in "$pack"/importance/run/compare/*.jsonl; do
    [ -f "$f" ] && echo "$(basename "$f"): $(wc -l < "$f") games"
  done
  [ -f "$pack/importance/compare-summary.txt" ] &&
    grep "vs uniform" "$pack/importance/compare-summary.txt" | cut -c1-200
  tail -2 "$work/log" 2>/dev/null || true
}

"$cmd"
