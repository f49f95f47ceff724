#!/bin/sh
# The benchmark of docs/benchmarks.md's "Hard boards for every piece": holed square boards for the
# rook, the knight, the king and the (1,4)-leaper, every shape (open, open from a fixed start,
# open between two fixed ends, closed), toursat's auto (the warm start by a 2-factor for every
# shape, joined by exchanges, repaired in windows) against the SAT engine without the warm
# start (--engine sat --no-warm-start: the cold cut loop). Prints a markdown table.
# Run from the repository root (GNU date): sh corpus/hard/bench.sh [SECONDS [SIZE...]]
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-10}
shift $(($# > 0 ? 1 : 0))
sizes=${*:-100 200 300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The ends of a board file for a piece that alternates colours: the first free square of the
# more numerous colour, and the last free square of the colour the other end needs (the same
# on an odd board, the other on an even one). Prints "x,y x,y".
ends() {
  awk '
    { for (x = 1; x <= length($0); x++) if (substr($0, x, 1) == ".") {
        colour = (x - 1 + NR - 1) % 2; count[colour]++; free++
        if (!(colour in first)) first[colour] = (x - 1) "," (NR - 1)
        last[colour] = (x - 1) "," (NR - 1) } }
    END { more = (count[1] > count[0]) ? 1 : 0
          other = (free % 2 == 0) ? 1 - more : more
          print first[more], last[other] }' "$1"
}

# One run: "seconds" or the answer when it is not a tour, read from the exit status.
run() {
  started=$(date +%s.%N)
  status=0
  "$toursat" solve "$@" --format none --timeout "$limit" 2> /dev/null || status=$?
  seconds=$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $started }")
  case $status in
    0) printf '%s s' "$seconds" ;;
    1) printf 'no tour (%s s)' "$seconds" ;;
    3) printf 'timeout' ;;
    *) printf 'error %s' "$status" ;;
  esac
}

echo "| board | piece | tour | auto | --engine sat --no-warm-start |"
echo "| --- | --- | --- | --- | --- |"
for n in $sizes; do
  board="$work/holes-$n.txt"
  "$toursat" gen --kind holes --piece knight --rows "$n" --cols "$n" --holes $((n / 10)) \
    --seed 1 -o "$board"
  set -- $(ends "$board")
  start=$1
  end=$2
  for piece in rook knight king leaper:1,4; do
    for tour in open "open --start $start" "open --start $start --end $end" closed; do
      # $tour is split on purpose: the shape and its options.
      # shellcheck disable=SC2086
      auto=$(run "$board" --piece "$piece" --tour $tour)
      # shellcheck disable=SC2086
      cold=$(run "$board" --piece "$piece" --tour $tour --engine sat --no-warm-start)
      echo "| $n x $n, $((n / 10)) holes | $piece | $tour | $auto | $cold |"
    done
  done
done
