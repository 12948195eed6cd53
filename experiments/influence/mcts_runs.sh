#!/bin/sh
# MCTS ownership beside the other models on the same held-out games (README, "MCTS ownership").
# Usage: sh experiments/influence/mcts_runs.sh LANE   (lanes 1, 2, 3 run side by side)
# Writes experiments/influence/mcts/<name>.json (one `igo influence eval --json` line each,
# progress in cache/mcts_<name>.log);
# a run whose JSON exists is skipped (rerun a lane to resume). Then: mcts_report.py.
set -e
cd "$(dirname "$0")/../.."
DATA=../shared/data/tygem9d/test.sgfs.xz
CACHE=experiments/influence/cache/labels.sqlite
OUT=experiments/influence/mcts
EVAL="nice -n 10 .venv/bin/igo influence eval --data $DATA --cache $CACHE --split test --games 150 --json"
run() {  # name, then model options
    name=$1; shift
    [ -s "$OUT/$name.json" ] && return 0  # done before: resume
    $EVAL "$@" > "$OUT/$name.json.part" 2> "experiments/influence/cache/mcts_$name.log" && mv "$OUT/$name.json.part" "$OUT/$name.json"
}
case "$1" in
1)  run mcts_strong_1000 --model mcts --playouts 1000 --tune-games 30
    run mcts_strong_3000 --model mcts --playouts 3000 --tune-games 30 --stages 150 ;;
2)  run mcts_strong_200 --model mcts --playouts 200 --tune-games 30
    run mcts_paper_1000 --model mcts --playouts 1000 --search-preset paper --tune-games 30
    run gnugo --model gnugo
    run distance --model distance
    run fukui_tuned --model fukui --params experiments/influence/fukui_tuned.json
    run fukui_paper --model fukui --params paper
    run mcts_light_1000 --model mcts --playouts 1000 --policy light --tune-games 30
    run mcts_strong_500 --model mcts --playouts 500 --tune-games 30 --stages 150 ;;
3)  run mcts_strong_100 --model mcts --playouts 100 --tune-games 30 ;;
esac
