#!/usr/bin/env bash
# Parameter study of the broad pattern (a, b, c), one parameter at a time around the
# paper's a=5, b=0.01, c=7, with the paper's feature set (liberties, distance to the
# previous move, R7) + broad. Resumable: each setting has its own work directory and
# result file; finished settings are skipped.
# Usage: experiments/broad_patterns/param_study.sh WORKDIR TRAIN_GAMES TEST_GAMES [EPOCHS]
set -euo pipefail
WORK=${1:?workdir}; GAMES=${2:?train games}; TEST=${3:?test games}; EPOCHS=${4:-3}
DATA=/work/shared/data/tygem9d
IGO=${IGO:-.venv/bin/igo}
SETTINGS=${SETTINGS:-"5,0.01,7 3,0.01,7 7,0.01,7 5,0,7 5,0.1,7 5,0.01,3 5,0.01,10"}
mkdir -p "$WORK/results"
for s in $SETTINGS; do
  IFS=, read -r a b c <<< "$s"
  name="a${a}_b${b}_c${c}"
  res="$WORK/results/$name.json"
  [ -f "$res" ] && continue
  $IGO movepred train --data "$DATA"/train-0*.sgfs.xz --games "$GAMES" --moves 1-50 \
      --workdir "$WORK/$name" --out "$WORK/$name.npz" --groups paper \
      --broad-a "$a" --broad-b "$b" --broad-c "$c" --pattern-threshold "${THRESHOLD:-10}" \
      --epochs "$EPOCHS"
  $IGO movepred eval --model "$WORK/$name.npz" --data "$DATA/test.sgfs.xz" --moves 1-50 \
      --games "$TEST" --json --no-progress > "$res.tmp"
  mv "$res.tmp" "$res"
  rm -rf "$WORK/$name/cache"   # the cache is large; the result and model are kept
done
echo done
