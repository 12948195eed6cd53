#!/bin/sh
# Fig. 5 (life and death): resumable; rerun the same command to continue.
# Usage: experiments/tabu_mcts/run_fig5.sh   (from the repository root)
set -e
P=../shared/data/tsumego/problems.jsonl.xz
D=experiments/tabu_mcts/results
PY=.venv/bin/python
[ -f $D/tsumego_sample.json ] || $PY experiments/tabu_mcts/tsumego_fig5.py sample $P $D/tsumego_sample.json
$PY experiments/tabu_mcts/tsumego_gnugo.py $P $D/tsumego_gnugo_cho.jsonl --collection "Cho Chikun"
$PY experiments/tabu_mcts/tsumego_fig5.py run $P $D/tsumego_sample.json $D/tsumego_fig5.jsonl \
    --configs paper,tabu12,strong --runs 30 --playouts 1000
$PY experiments/tabu_mcts/tsumego_fig5.py run $P $D/tsumego_sample.json $D/tsumego_fig5.jsonl \
    --configs tabu3,tabu6,strong_tabu12 --runs 30 --playouts 1000
$PY experiments/tabu_mcts/tsumego_fig5.py report $D/tsumego_fig5.jsonl \
    --gnugo $D/tsumego_gnugo_cho.jsonl --sample $D/tsumego_sample.json > $D/tsumego_fig5_report.jsonl
