#!/usr/bin/env bash
# 9x9 and 13x13 move models from GNU Go self-play (no human 9x9/13x13 records exist in
# ../shared/data). Resumable: matches resume, finished steps are skipped.
# Usage: experiments/small_boards/run.sh WORKDIR SIZE TRAIN_GAMES TEST_GAMES [LEVEL] [OPENING]
# OPENING random moves start each game (GNU Go against itself repeats a few hundred
# games otherwise); they are left out of training and evaluation.
set -euo pipefail
WORK=${1:?workdir}; SIZE=${2:?size}; NTRAIN=${3:?train games}; NTEST=${4:?test games}
LEVEL=${5:-1}; OPEN=${6:-4}
MOVES="$((OPEN + 1))-1000"
IGO=${IGO:-.venv/bin/igo}
GNUGO=${GNUGO:-/usr/games/gnugo}
# ENGINE (any igo match engine) replaces GNU Go; TAG names its matches.
ENGINE=${ENGINE:-"gtp:$GNUGO --mode gtp --level $LEVEL"}
TAG=${TAG:-"gnugo-l$LEVEL"}
W="$WORK/$SIZE"
mkdir -p "$W/results"
# 1. games: GNU Go against itself after OPEN random moves, train and test sets from
#    separate matches (seeds differ), SGF files in $W/train and $W/test
$IGO match "$ENGINE" "$ENGINE" --size "$SIZE" --games "$NTRAIN" --out "$W/train" \
    --db "$W/matches.sqlite" --name "$TAG-selfplay-$SIZE-train" --seed 0 \
    --random-opening "$OPEN" --workers "${WORKERS:-2}" --quiet --json > "$W/results/train-match.json"
$IGO match "$ENGINE" "$ENGINE" --size "$SIZE" --games "$NTEST" --out "$W/test" \
    --db "$W/matches.sqlite" --name "$TAG-selfplay-$SIZE-test" --seed 1000000 \
    --random-opening "$OPEN" --workers "${WORKERS:-2}" --quiet --json > "$W/results/test-match.json"
# 2. the model: every move after the opening, all feature groups
[ -f "$W/movepred-$SIZE.npz" ] || $IGO movepred train --data "$W/train" --size "$SIZE" \
    --moves "$MOVES" --workdir "$W/work" --pattern-threshold "${THRESHOLD:-5}" \
    --broad-b 0.1 --epochs "${EPOCHS:-4}" --groups all --out "$W/movepred-$SIZE.npz"
# 3. evaluation on the test games: every move after the opening, and the next 20
for r in "$MOVES" "$((OPEN + 1))-$((OPEN + 20))"; do
  out="$W/results/test-$r.json"
  [ -f "$out" ] || { $IGO movepred eval --model "$W/movepred-$SIZE.npz" --data "$W/test" \
      --moves "$r" --json --by-move --no-progress > "$out.tmp" && mv "$out.tmp" "$out"; }
done
echo done
