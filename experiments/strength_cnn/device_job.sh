#!/bin/bash
# strength_cnn: the paper's CNN runs (Araki et al., issue 9) on a lent GPU.
#
#   device_job.sh start    # background: build the boards-only cache, then the runs
#   device_job.sh collect  # $OUT/strength_cnn.tar.gz (finished runs, checkpoints, logs)
#
# Run from the repository root (PYTHONPATH=$PWD/src), with WORK and OUT set. Work goes to
# $WORK/strength_cnn/: cache/boards (the boards of the first 100 moves of the 25,572
# games, ~0.9 GB, about a minute, one core), runs/<name>/ (one folder a run: result.json,
# predictions.npz, best-*.pt, checkpoint.pt every 1,000 iterations), logs/, log.
# The runs, most needed first (device_queue.py JOBS), STRENGTH_WORKERS (3) at a time, one
# CPU thread each: regression B/W N=50 30,000 it.; CNN-C B/W N=50 30,000; N=2, 26 B/W;
# N=76, 100 B; Fig. 3 (10 seeds x 1,000 it., B N=50); padded CNN + Adam B/W 10,000; W N=76, 100.
#
# Locally afterwards (repository root; T = the fetched strength_cnn.tar.gz):
#   mkdir -p experiments/strength_cnn/cache && tar -xzf T -C experiments/strength_cnn/cache
#   cd experiments/strength_cnn
#   ../../.venv/bin/python device_queue.py --list          # state of every run
#   ../../.venv/bin/python report.py                       # results/*.json, tables.md, figures
# To report the runs that did not finish, or to finish them on this machine's CPU:
#   ../../.venv/bin/python build_cache.py --boards-only    # cache/boards, ~1 min
#   ../../.venv/bin/python device_queue.py --report-partial   # result.json from checkpoints
#   ../../.venv/bin/python device_queue.py --device cpu --workers 1   # resume (slow on CPU)
#   ../../.venv/bin/python report.py
set -u
NAME=strength_cnn
HERE=$(cd "$(dirname "$0")" && pwd)
W=${WORK:-/tmp/work}/$NAME
PY=${PYTHON:-python3}
WORKERS=${STRENGTH_WORKERS:-3}
DEVICE=${STRENGTH_DEVICE:-auto}
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS=1

pipeline() {
    cd "$HERE" || exit 1
    echo "[$(date -u +%T)] start; device $DEVICE, workers $WORKERS"
    "$PY" - <<'EOF'
import torch
print("torch", torch.__version__, "cuda", torch.cuda.is_available(),
      torch.cuda.get_device_name() if torch.cuda.is_available() else "-", flush=True)
EOF
    t=$(date +%s)
    "$PY" build_cache.py --boards-only --out "$W/cache/boards" --no-progress ${STRENGTH_LIMIT:+--limit $STRENGTH_LIMIT} || exit 1
    echo "[$(date -u +%T)] cache built in $(( $(date +%s) - t )) s"
    "$PY" device_queue.py --runs "$W/runs" --cache "$W/cache/boards" --logs "$W/logs" \
        --device "$DEVICE" --workers "$WORKERS" ${STRENGTH_MAX_IT:+--max-iterations $STRENGTH_MAX_IT} \
        ${STRENGTH_ONLY:+--only $STRENGTH_ONLY}
    echo "[$(date -u +%T)] queue finished"
    touch "$W/finished"
}

case "${1:-}" in
start)
    mkdir -p "$W"
    if [ -n "${STRENGTH_CPUS:-}" ]; then PIN="taskset -c $STRENGTH_CPUS"; else PIN=""; fi
    export -f pipeline 2>/dev/null
    export HERE W PY WORKERS DEVICE
    setsid nohup $PIN bash -c pipeline > "$W/log" 2>&1 < /dev/null &
    echo "$NAME started (pid $!), log $W/log"
    ;;
collect)
    OUTDIR=${OUT:?OUT not set}
    mkdir -p "$OUTDIR" "$W/runs" "$W/logs"
    STAGE=$(mktemp -d)
    mkdir -p "$STAGE/runs" "$STAGE/device"
    # every run's small files; a checkpoint only where the run has not finished
    for d in "$W"/runs/*/; do
        [ -d "$d" ] || continue
        n=$(basename "$d")
        mkdir -p "$STAGE/runs/$n"
        for f in result.json predictions.npz best-val.pt best-test.pt; do
            [ -f "$d/$f" ] && cp "$d/$f" "$STAGE/runs/$n/"
        done
        if [ -f "$d/checkpoint.pt" ] && ! grep -q "\"reached\": $(echo "$n" | sed 's/.*-it\([0-9]*\)-.*/\1/')," "$d/result.json" 2>/dev/null; then
            cp "$d/checkpoint.pt" "$STAGE/runs/$n/"
        fi
    done
    [ -f "$W/runs/status.json" ] && cp "$W/runs/status.json" "$STAGE/device/"
    [ -f "$W/cache/boards/meta.json" ] && cp "$W/cache/boards/meta.json" "$STAGE/device/cache-meta.json"
    [ -f "$W/log" ] && tail -c 200000 "$W/log" > "$STAGE/device/log"
    for f in "$W"/logs/*.log; do [ -f "$f" ] && tail -c 20000 "$f" > "$STAGE/device/$(basename "$f")"; done
    tar -czf "$OUTDIR/$NAME.tar.gz.tmp" -C "$STAGE" runs device
    if [ "$(stat -c %s "$OUTDIR/$NAME.tar.gz.tmp")" -gt 14000000 ]; then
        # too big: the best weights go (report.py reads result.json and predictions.npz)
        find "$STAGE/runs" -name 'best-*.pt' -delete
        tar -czf "$OUTDIR/$NAME.tar.gz.tmp" -C "$STAGE" runs device
    fi
    mv "$OUTDIR/$NAME.tar.gz.tmp" "$OUTDIR/$NAME.tar.gz"
    rm -rf "$STAGE"
    echo "$NAME: $(du -h "$OUTDIR/$NAME.tar.gz" | cut -f1) packed; $( [ -f "$W/finished" ] && echo 'queue FINISHED' || echo 'queue running')"
    tail -n 3 "$W/log" 2>/dev/null | sed 's/^/  log: /'
    (cd "$HERE" && "$PY" device_queue.py --list --runs "$W/runs" --logs "$W/logs" 2>/dev/null) \
        | awk '{c[$2]++; if ($2=="partial") p = p " " $1 "@" $3} END {for (k in c) printf "  %s: %d", k, c[k]; print ""; if (p != "") print "  partial:" p}'
    ;;
*)
    echo "usage: $0 start|collect" >&2; exit 2 ;;
esac
