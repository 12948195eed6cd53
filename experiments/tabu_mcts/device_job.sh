#!/usr/bin/env bash
# Issue 8's matches on a lent many-core machine (16 cores), beside the other experiments'
# device jobs. Each match is an ordinary `igo match` database, so the same commands resume
# it on any machine.
#
#   device_job.sh start     launch the matches in the background (cores $CORES, default 0-8)
#   device_job.sh collect   pack the databases into $OUT/tabu_mcts.tar.gz, print the scores
#
# Environment: WORK (scratch folder), OUT (where collect writes), PY (default python3),
# PYTHONPATH with this checkout's src/ and sgfmill, GNUGO (default /usr/games/gnugo).
#
# Locally afterwards:
#   mkdir -p ~/igo-work && tar -xzf tabu_mcts.tar.gz -C ~/igo-work
#   python experiments/tabu_mcts/strength_table.py ~/igo-work/tabu_mcts/*/*/match.db \
#       ~/igo-work/tabu_mcts/g19/m.db
# and to resume a match, its command below with WORK=~/igo-work.
set -euo pipefail
cmd=${1:?usage: device_job.sh start|collect}
here=$(cd "$(dirname "$0")/../.." && pwd)
work=${WORK:?set WORK}/tabu_mcts
py=${PY:-python3}
gnugo=${GNUGO:-/usr/games/gnugo}
cores=${CORES:-0-8}
export PY=$py

pin() {  # pin a background job to some cores
  local set=$1; shift
  setsid nohup taskset -c "$set" "$@" < /dev/null &
}

start() {
  mkdir -p "$work"
  local c0 c1
  c0=${cores%-*}
  c1=${cores#*-}
  (( c1 - c0 >= 8 )) || { echo "need 9 cores, got $cores" >&2; exit 2; }
  # 1. the PUCT term off at 5,000 playouts (the 1,000-playout SPRT accepted it): 2 cores
  pin "$c0-$((c0 + 1))" env SPRT=-10,40 WORKERS=2 \
    bash "$here/experiments/tabu_mcts/tune_strong.sh" "$work" 5000 400 c_puct=0 \
    > "$work/cpuct5000.log" 2>&1
  # 2. constants on top of c_puct=0, 1,000 playouts, SPRT, one core per stream
  pin "$((c0 + 2))" env SPRT=-10,40 BASE=c_puct=0 \
    bash "$here/experiments/tabu_mcts/tune_strong.sh" "$work" 1000 400 \
    prior_eqex=50 rave_equiv=10000 > "$work/tuneA.log" 2>&1
  pin "$((c0 + 3))" env SPRT=-10,40 BASE=c_puct=0 \
    bash "$here/experiments/tabu_mcts/tune_strong.sh" "$work" 1000 400 \
    prior_eqex=8 prior_sharpness=0.5 > "$work/tuneB.log" 2>&1
  # 3. 19x19 against GNU Go level 10 at 5 s a move (one core a game, three games at once)
  mkdir -p "$work/g19"
  pin "$((c0 + 4))-$((c0 + 6))" env PYTHONPATH="$here/src${PYTHONPATH:+:$PYTHONPATH}" \
    "$py" -m igo match "igo:mcts:time=5" "gtp:$gnugo --mode gtp --level 10" \
    --games 50 --size 19 --komi 7.5 --seed 9000 --workers 3 --move-timeout 120 \
    --out "$work/g19/sgf" --db "$work/g19/m.db" --quiet > "$work/g19/log.txt" 2>&1
  # 4. Cho Chikun's 900 elementary problems with c_puct=0 at 3,000 playouts, two halves,
  #    then two more tuning streams on the same cores
  local h more=("fpu=0.5 expand_threshold=8" "p_capture=0.5 p_pattern=0.5 p_reject=0.5")
  for h in 0 1; do
    "$py" -c 'import json,sys; a=json.load(open(sys.argv[1])); json.dump(a[int(sys.argv[2])::2], open(sys.argv[3], "w"))' \
      "$here/experiments/tabu_mcts/results/tsumego_cho_all.json" "$h" "$work/cho_half$h.json"
    pin "$((c0 + 7 + h))" bash -c "PYTHONPATH='$here/src${PYTHONPATH:+:$PYTHONPATH}' \
      '$py' '$here/experiments/tabu_mcts/tsumego_fig5.py' run \
      '$here/../shared/data/tsumego/problems.jsonl.xz' '$work/cho_half$h.json' \
      '$work/tsumego_cho_cpuct0_$h.jsonl' --configs strong+c_puct=0 --runs 1 --playouts 3000 \
      > '$work/tsumego$h.log' 2>&1; SPRT=-10,40 BASE=c_puct=0 bash \
      '$here/experiments/tabu_mcts/tune_strong.sh' '$work' 1000 400 ${more[$h]} \
      > '$work/tune$((h + 2)).log' 2>&1"
  done
  echo "tabu_mcts: started on cores $cores"
}

collect() {
  local pack=${WORK}/tabu_mcts-pack
  rm -rf "$pack"
  mkdir -p "$pack/tabu_mcts" "$OUT"
  (cd "$work" && find . -name '*.db' -o -name '*.log' -o -name 'log.txt' -o -name 'summary.txt' -o -name '*.jsonl') |
  while read -r f; do
    mkdir -p "$pack/tabu_mcts/$(dirname "$f")"
    case $f in
      *.db) "$py" -c 'import sqlite3,sys; s=sqlite3.connect(sys.argv[1]); d=sqlite3.connect(sys.argv[2]); s.backup(d)' \
              "$work/$f" "$pack/tabu_mcts/$f" ;;
      *) cp "$work/$f" "$pack/tabu_mcts/$f" ;;
    esac
  done
  (cd "$work" && find . -path '*/sgf/*.sgf' | tar -czf "$pack/tabu_mcts/sgf.tar.gz" -T - 2>/dev/null) || true
  tar -czf "$OUT/tabu_mcts.tar.gz" -C "$pack" tabu_mcts
  local dbs
  dbs=$(find "$pack/tabu_mcts" -name '*.db' | sort)
  [ -n "$dbs" ] && PYTHONPATH="$here/src${PYTHONPATH:+:$PYTHONPATH}" "$py" \
    "$here/experiments/tabu_mcts/strength_table.py" $dbs 2>&1 | cut -c1-200 || true
  wc -l "$work"/tsumego_cho_cpuct0_*.jsonl 2>/dev/null || true
}

"$cmd"
