#!/usr/bin/env bash
# Ohta & Itoh, Tables 1-2: Tabu+MCTS (tabu size L = 3..12) against plain MCTS, 9x9, komi 6.5,
# both with the `paper` preset (UCB1, expansion after 100 playouts, light playouts), colours
# alternating (even games: Tabu is Black, as in all of the paper's games; odd games swapped).
#
#   experiments/tabu_mcts/run_tables.sh WORK [BUDGET] [GAMES] [L...]
#
# BUDGET is `playouts=N` (equal playouts, default playouts=2000) or `time=S` (equal time per
# move: tabu restarts then cost playouts). Every match is an `igo match` database under WORK,
# so rerunning the same command resumes where it stopped;
# `python experiments/tabu_mcts/tabu_table.py WORK/playouts2000` (or WORK/time0.05) makes the table.
set -euo pipefail
work=${1:?usage: run_tables.sh WORK [BUDGET] [GAMES] [L...]}
budget=${2:-playouts=2000}
games=${3:-200}
shift $(( $# < 3 ? $# : 3 ))
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(3 4 5 6 7 8 9 10 11 12)
here=$(cd "$(dirname "$0")/../.." && pwd)
igo="$here/.venv/bin/igo"
tag=${budget//=/}
for L in "${sizes[@]}"; do
  dir="$work/$tag/tabu$L"
  mkdir -p "$dir"
  nice -n 5 "$igo" match "igo:mcts:preset=paper,tabu=$L,$budget" "igo:mcts:preset=paper,$budget" \
    --games "$games" --size 9 --komi 6.5 --seed $((1000 + L)) --workers 1 \
    --out "$dir/sgf" --db "$dir/match.db" --name "tabu$L-vs-plain-$tag" --quiet \
    > "$dir/summary.txt" 2> "$dir/log.txt" || echo "match tabu$L stopped: see $dir/log.txt"
done
