#!/bin/sh
# The `compare` table of docs/benchmarks.md for "Hard boards for every piece": toursat's auto (the warm
# start by a 2-factor, joined by exchanges, repaired in windows) against the cold cut loop
# (sat:cutset:no-warm-start) and against depth-first search (dfs), each run a child process of
# `toursat compare` with its own time limit, every tour verified.
#   1. the holed boards of bench.sh (a tenth of a side in holes, seed 1), every piece, open and
#      closed;
#   2. issue 14's king family: 20% holes, seeds 1-3, 100 x 100 and 200 x 200, open and closed;
#   3. fixed ends drawn by `gen --ends`: knight and king, 10% holes, seeds 1-3, 100 x 100 and
#      200 x 200, open tours between the marked start and end;
#   4. more holes: king with 30% and knight with 20%, seeds 1-3, 100 x 100 and 200 x 200, and
#      knight with 30% at 100 x 100, open tours (at 200 x 200 `gen` finds no knight board with
#      30% holes that the cheap proofs leave open: it gives up after 2,000 draws, minutes).
# Prints markdown. Run from the repository root: sh corpus/hard/compare.sh [SECONDS [SIZE...]]
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-10}
shift $(($# > 0 ? 1 : 0))
sizes=${*:-100 200 300}
engines=auto,sat:cutset:no-warm-start,dfs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir "$work/holes" "$work/king" "$work/ends-knight" "$work/ends-king" "$work/king-30pc" \
  "$work/knight-20pc" "$work/knight-30pc"
for n in $sizes; do
  "$toursat" gen --kind holes --piece knight --rows "$n" --cols "$n" --holes $((n / 10)) \
    --seed 1 -o "$work/holes/holes-$n.txt"
done
for n in 100 200; do
  for seed in 1 2 3; do
    "$toursat" gen --kind holes --piece king --rows "$n" --cols "$n" --holes 20% \
      --seed "$seed" -o "$work/king/king-$n-20pc-s$seed.txt"
  done
done

for piece in knight king; do
  for n in 100 200; do
    "$toursat" gen --kind holes --piece "$piece" --rows "$n" --cols "$n" --holes 10% --ends \
      --seed 1 --count 3 --out-dir "$work/ends-$piece" > /dev/null
  done
done

for family in king:30:100 king:30:200 knight:20:100 knight:20:200 knight:30:100; do
  piece=${family%%:*}
  rest=${family#*:}
  share=${rest%:*}
  n=${rest#*:}
  for seed in 1 2 3; do
    "$toursat" gen --kind holes --piece "$piece" --rows "$n" --cols "$n" --holes "$share%" \
      --seed "$seed" -o "$work/$piece-${share}pc/$piece-$n-${share}pc-s$seed.txt"
  done
done

race() {
  echo "#### $1"
  echo
  shift
  # A disagreement exits with 4 and is printed in the table; keep going.
  "$toursat" compare "$@" --engines "$engines" --timeout "$limit" --format markdown || true
  echo
}

for piece in rook knight king leaper:1,4; do
  for tour in open closed; do
    race "$piece, $tour, holes of bench.sh" "$work"/holes/*.txt --piece "$piece" --tour "$tour"
  done
done
for tour in open closed; do
  race "king, $tour, 20% holes" "$work"/king/*.txt --piece king --tour "$tour"
done
for piece in knight king; do
  race "$piece, open between the ends gen --ends marks, 10% holes" "$work/ends-$piece"/*.txt \
    --piece "$piece" --tour open
done
for family in king:30 knight:20 knight:30; do
  piece=${family%:*}
  share=${family#*:}
  race "$piece, open, $share% holes" "$work/$piece-${share}pc"/*.txt --piece "$piece" --tour open
done
