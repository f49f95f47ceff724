#!/bin/sh
# The benchmark of docs/benchmarks.md's "Fixed ends on empty knight boards": open knight's tours between
# two fixed squares of empty square boards, built by the construction (auto) against the SAT
# engine's warm start (--engine sat). Prints a markdown table; "-" where the SAT engine is not
# run (boards over 1,000 x 1,000 would need gigabytes).
# Run from the repository root (GNU date, GNU time): sh corpus/hard/ends.sh [SECONDS [SIZE...]]
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-60}
shift $(($# > 0 ? 1 : 0))
sizes=${*:-100 300 1000 3000}

# One run: "seconds, megabytes" or the answer when it is not a tour, read from the exit status.
run() {
  status=0
  /usr/bin/time -f '%e %M' -o /tmp/toursat-ends-time "$toursat" solve "$@" --format none \
    --timeout "$limit" 2> /dev/null || status=$?
  case $status in
    0) awk '{ printf "%s s, %d MB", $1, $2 / 1024 }' /tmp/toursat-ends-time ;;
    1) printf 'no tour' ;;
    3) printf 'timeout' ;;
    *) printf 'error %s' "$status" ;;
  esac
}

echo '| board | start | end | auto (construction) | --engine sat |'
echo '| --- | --- | --- | --- | --- |'
for n in $sizes; do
  last=$((n - 1))
  middle=$((n / 2))
  # Far apart; a knight's move apart; from a corner to the middle (even sizes: colours differ).
  for ends in "0,0 $last,$((n - 2))" "$middle,$middle $((middle + 1)),$((middle + 2))" \
    "0,$last $middle,$middle"; do
    set -- $ends
    board="--rows $n --cols $n --piece knight --tour open --start $1 --end $2"
    auto=$(run $board)
    if [ "$n" -le 1000 ]; then sat=$(run $board --engine sat); else sat=-; fi
    echo "| $n x $n | $1 | $2 | $auto | $sat |"
  done
done
