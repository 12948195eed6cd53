#!/bin/sh
# queue_b.sh without its baselines_and_ours.py line, started after process $1 ends
cd "$(dirname "$0")"
while kill -0 "$1" 2>/dev/null; do sleep 10; done
grep -v baselines_and_ours queue_b.sh | sh -s
