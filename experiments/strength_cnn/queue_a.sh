#!/bin/sh
# The long run: the paper's CNN, Black, N = 50, 30,000 iterations (Table 4, Fig. 4).
# Resumable: run again after a kill and it goes on from its last checkpoint.
cd "$(dirname "$0")"
PY=../../.venv/bin/python
nice -n 10 $PY run_cnn.py --colour B --n 50 --iterations 30000
