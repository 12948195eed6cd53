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
# BASE=options (e.g. BASE=c_puct=0) plays each variant on top of those options against
# them (the default of the moment once a change is accepted); WORKERS=K plays K games at
# once; PY names the interpreter (default: the checkout's .venv).
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
py=${PY:-$here/.venv/bin/python}
base=${BASE:-}
workers=${WORKERS:-1}
sprt=()
[ -n "${SPRT:-}" ] && sprt=("--sprt=$SPRT")
for v in "${variants[@]}"; do
  dir="$work/p$playouts${base:+_${base//[=,]/_}}/${v//[=,]/_}"
  mkdir -p "$dir"
  PYTHONPATH="$here/src${PYTHONPATH:+:$PYTHONPATH}" nice -n 10 "$py" -m igo match \
    "igo:mcts:playouts=$playouts${base:+,$base},$v" "igo:mcts:playouts=$playouts${base:+,$base}" \
    "${sprt[@]}" --games "$games" --size 9 --komi 7 --seed 7 --workers "$workers" --out "$dir/sgf" \
    --db "$dir/match.db" --quiet > "$dir/summary.txt" 2> "$dir/log.txt" \
    || echo "variant $v stopped: see $dir/log.txt"
done
