# Sourced by the match scripts after `cd` to the repository: PIN="A B" runs igo's engine
# process on CPU A and Pachi's on CPU B (taskset); sets IGO_PIN and PACHI_PIN, the
# prefixes of the two commands (empty without PIN).
PIN=${PIN:-}
IGO_PIN=
PACHI_PIN=
if [ -n "$PIN" ]; then
  set -- $PIN
  IGO_PIN="taskset -c $1 "
  PACHI_PIN="taskset -c $2 "
fi
