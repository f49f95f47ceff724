#!/bin/sh
# The graph benchmark of docs/benchmarks.md: the public benchmark graphs of ../shared/graphs/
# (HCP and TSPLIB .hcp files, not kept in this repository: read when that folder is there,
# skipped with a message when not; SHARED_GRAPHS names another folder) and generated graphs, toursat
# (auto: the warm start by a 2-factor, joining by exchanges, windowed repair, completion by the
# crt layer) against the plain crossing-cut loop (--engine sat --no-merge --no-warm-start
# --no-complete), each with a time limit. Prints a markdown table.
# Run from the repository root (GNU date): sh corpus/graphs/bench.sh [SECONDS]
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-60}
shared=${SHARED_GRAPHS:-../shared/graphs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for vertices in 1000 5000 10000; do
  "$toursat" gen-graph --kind planted-cubic --vertices "$vertices" --seed 1 \
    -o "$work/planted-cubic-$vertices.hcp"
done
for vertices in 1000 5000; do
  "$toursat" gen-graph --kind random-cubic --vertices "$vertices" --seed 1 \
    -o "$work/random-cubic-$vertices.hcp"
done
for n in 53 100 101; do
  "$toursat" gen-graph --kind generalized-petersen --vertices $((2 * n)) --step 2 \
    -o "$work/gp-$n-2.hcp"
done
"$toursat" gen --kind holes --piece knight --rows 30 --cols 30 --holes 15 --seed 1 -o "$work/k30.txt"
"$toursat" gen-graph --kind board "$work/k30.txt" --piece knight -o "$work/knight-30x30-holes.hcp"
"$toursat" gen --kind planted --rows 100 --cols 100 --fill 0.6 --perturb 200 --seed 1 \
  -o "$work/r100.txt"
"$toursat" gen-graph --kind board "$work/r100.txt" --piece rook -o "$work/rook-100x100-planted.hcp"
"$toursat" gen-graph --kind board corpus/scale/random-100x100-d0.05-s1.txt --piece rook \
  -o "$work/rook-100x100-random.hcp"
"$toursat" gen-graph --kind board corpus/scale/walled-150x300-w150.txt --piece rook \
  -o "$work/rook-150x300-walled.hcp"
printf '.%.0s' $(seq 1 400) | fold -w 20 > "$work/king20.txt"
"$toursat" gen-graph --kind board "$work/king20.txt" --piece king -o "$work/king-20x20.hcp"
printf '.%.0s' $(seq 1 1600) | fold -w 40 > "$work/knight40.txt"
"$toursat" gen-graph --kind board "$work/knight40.txt" --piece knight -o "$work/knight-40x40.hcp"

# One run: "answer (seconds)", the answer read from the exit status.
run() {
  graph=$1
  shift
  started=$(date +%s.%N)
  status=0
  "$toursat" solve --graph "$graph" --tour closed --format none --timeout "$limit" "$@" \
    2> /dev/null || status=$?
  seconds=$(awk "BEGIN { print $(date +%s.%N) - $started }")
  case $status in
    0) answer=cycle ;;
    1) answer="no cycle" ;;
    3) answer=timeout ;;
    *) answer="status $status" ;;
  esac
  printf '%s (%.2f s)' "$answer" "$seconds"
}

if ls "$shared"/*.hcp > /dev/null 2>&1; then
  public=$(ls "$shared"/*.hcp)
  echo "The public graphs: $shared" >&2
else
  public=
  echo "No public graphs: $shared has no .hcp files (set SHARED_GRAPHS); generated graphs only" >&2
fi

echo "| graph | vertices | edges | toursat | plain cut loop |"
echo "| --- | --- | --- | --- | --- |"
for graph in $public "$work"/*.hcp; do
  header=$("$toursat" dimacs --graph "$graph" --tour closed --encoding cutset 2> /dev/null \
    | sed -n 2p)
  vertices=$(echo "$header" | sed 's/.*, \([0-9]*\) vertices.*/\1/')
  edges=$(echo "$header" | sed 's/.* \([0-9]*\) edges.*/\1/')
  name=$(basename "$graph" .hcp)
  echo "| $name | $vertices | $edges | $(run "$graph") | $(run "$graph" --engine sat \
    --no-merge --no-warm-start --no-complete) |"
done
