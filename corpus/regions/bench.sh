#!/bin/sh
# The benchmark of docs/benchmarks.md's "No tour where the reason is global": the rook boards of
# corpus/regions/ (each with a region, diamond or blob, whose boundary colours rule out every
# circuit; `-door` boards have one move out at the other colour, and a circuit; made by
# corpus/regions/regenerate.sh), toursat's auto
# with --certify against a baseline build from before the sealed-region proof (commit 50caea2):
# its SAT engine (--engine sat, the cutset loop with the warm start) and its depth-first search
# (--engine dfs). Prints a markdown table.
# Run from the repository root (GNU date):
#   BASELINE=path/to/old/toursat sh corpus/regions/bench.sh [SECONDS]
# Without BASELINE the baseline columns are left out.
set -eu
toursat=${TOURSAT:-target/release/toursat}
baseline=${BASELINE:-}
limit=${1:-10}

# One run of the binary $1 on the rest: "seconds", or the answer when it is not a tour.
run() {
  binary=$1
  shift
  started=$(date +%s.%N)
  status=0
  "$binary" solve "$@" --piece rook --tour closed --format none --timeout "$limit" \
    2> /dev/null || status=$?
  seconds=$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $started }")
  case $status in
    0) printf '%s s' "$seconds" ;;
    1) printf 'no tour %s s' "$seconds" ;;
    3) printf 'timeout' ;;
    *) printf 'error %s' "$status" ;;
  esac
}

if [ -n "$baseline" ]; then
  echo "| board | toursat auto --certify | baseline --engine sat | baseline --engine dfs |"
  echo "| --- | --- | --- | --- |"
else
  echo "| board | toursat auto --certify |"
  echo "| --- | --- |"
fi
# By size (region-RxC-...), then by name.
for board in $(ls corpus/regions/*.txt | sort -t- -k2,2n -k3); do
  row="| $(basename "$board" .txt) | $(run "$toursat" "$board" --certify)"
  if [ -n "$baseline" ]; then
    row="$row | $(run "$baseline" "$board" --engine sat) | $(run "$baseline" "$board" --engine dfs)"
  fi
  echo "$row |"
done
