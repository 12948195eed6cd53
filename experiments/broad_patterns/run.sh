#!/usr/bin/env bash
# Table 2 of Honda et al. (R7 only vs R7 + broad) and the default model, resumable.
# Usage: experiments/broad_patterns/run.sh WORKDIR GAMES [EPOCHS]
#   GAMES = number of training games (first GAMES of train-00..09; 290000 = all)
# Every step resumes from WORKDIR (dictionaries.npz, cache/, checkpoint-*.npz) and
# skips what is done (models and result files that exist).
set -euo pipefail
WORK=${1:?workdir}; GAMES=${2:?games}; EPOCHS=${3:-4}
DATA=/work/shared/data/tygem9d
IGO=${IGO:-.venv/bin/igo}
TRAIN=("$DATA"/train-0*.sgfs.xz)
COMMON=(--data "${TRAIN[@]}" --games "$GAMES" --moves 1-50 --workdir "$WORK"
        --pattern-threshold "${THRESHOLD:-10}" --epochs "$EPOCHS")
mkdir -p "$WORK/results"
# 1. all features (tactical extras + R7 + broad): the default model
[ -f "$WORK/all.npz" ] || $IGO movepred train "${COMMON[@]}" --groups all --out "$WORK/all.npz"
# 2./3. the paper's feature set, with and without the broad pattern
[ -f "$WORK/r7broad.npz" ] || $IGO movepred train "${COMMON[@]}" --groups paper --out "$WORK/r7broad.npz"
[ -f "$WORK/r7.npz" ] || $IGO movepred train "${COMMON[@]}" --groups paper --no-broad --out "$WORK/r7.npz"
# 4. evaluation on the test set, moves 1-50 (all 10,000 test games unless TEST_GAMES)
for m in r7 r7broad all; do
  out="$WORK/results/$m-test-1-50.json"
  if [ ! -f "$out" ]; then
    $IGO movepred eval --model "$WORK/$m.npz" --data "$DATA/test.sgfs.xz" --moves 1-50 \
        ${TEST_GAMES:+--games $TEST_GAMES} --json --by-move --no-progress > "$out.tmp"
    mv "$out.tmp" "$out"
  fi
done
# 5. whole games (Coulom 2007 comparison) with the default model
out="$WORK/results/all-test-whole.json"
if [ ! -f "$out" ]; then
  $IGO movepred eval --model "$WORK/all.npz" --data "$DATA/test.sgfs.xz" --moves all \
      ${WHOLE_GAMES:+--games $WHOLE_GAMES} --json --by-move --bucket 50 --no-progress > "$out.tmp"
  mv "$out.tmp" "$out"
fi
echo done
