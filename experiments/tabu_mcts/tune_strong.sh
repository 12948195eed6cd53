#!/usr/bin/env bash
# Choosing the `strong` preset's constants by measured matches (issue 8): each variant
# plays the current default at equal playouts, 9x9, komi 7, colours alternating.
#
#   experiments/tabu_mcts/tune_strong.sh WORK [PLAYOUTS] [GAMES] [VARIANT...]
#
# A VARIANT is a comma-separated list of SearchConfig options (e.g. expand_threshold=8);
# the default list is an ablation of every component plus the main alternatives. Every
# match is an `igo match` database under WORK/<variant>, so rerunning resumes.
# With SPRT=ELO0,ELO1 in the environment (e.g. SPRT=-10,40) each match stops as soon as
# `igo match --sprt` decides, GAMES being the cap. The code is this checkout's (src/).
set -euo pipefail
work=${1:?usage: tune_strong.sh WORK [PLAYOUTS] [GAMES] [VARIANT...]}
playouts=${2:-1000}
games=${3:-100}
shift $(( $# < 3 ? $# : 3 ))
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(
  "rave_equiv=0" "c_puct=0" "prior_eqex=0" "use_priors=0,c_puct=0,prior_eqex=0"
  "policy=light" "expand_threshold=8" "c_puct=2" "prior_eqex=50" "rave_equiv=1000"
  "prior_sharpness=0.5" "tabu=6")
here=$(cd "$(dirname "$0")/../.." && pwd)
sprt=()
[ -n "${SPRT:-}" ] && sprt=("--sprt=$SPRT")
for v in "${variants[@]}"; do
  dir="$work/p$playouts/${v//[=,]/_}"
  mkdir -p "$dir"
  PYTHONPATH="$here/src" nice -n 10 "$here/.venv/bin/python" -m igo match \
    "igo:mcts:playouts=$playouts,$v" "igo:mcts:playouts=$playouts" "${sprt[@]}" \
    --games "$games" --size 9 --komi 7 --seed 7 --workers 1 --out "$dir/sgf" \
    --db "$dir/match.db" --quiet > "$dir/summary.txt" 2> "$dir/log.txt" \
    || echo "variant $v stopped: see $dir/log.txt"
done
