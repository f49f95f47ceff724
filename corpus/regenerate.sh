#!/bin/sh
# Regenerates the board files of corpus/ with `toursat gen` (the same files on every machine).
# Run from the repository root: sh corpus/regenerate.sh
set -eu
toursat=${TOURSAT:-target/release/toursat}
out=corpus
rm -f "$out"/*.txt

# Rook: planted circuits (a tree of 2x2 blocks, then bumps added and removed), 4 seeds a size.
for size in 10 20 30 40; do
  "$toursat" gen --kind planted --rows "$size" --cols "$size" --fill 0.6 --perturb $((size * 2)) \
    --seed 1 --count 4 --out-dir "$out" > /dev/null
done

# Rook: random blocked squares, repaired until the cheap proofs (flow argument included) leave
# the circuit open. Density 0.2 no longer generates from 30x30: the flow proof settles those.
for size in 10 20 30 40; do
  "$toursat" gen --kind random --rows "$size" --cols "$size" --density 0.02 \
    --seed 1 --count 2 --out-dir "$out" > /dev/null
  "$toursat" gen --kind random --rows "$size" --cols "$size" --density 0.05 \
    --seed 1 --count 2 --out-dir "$out" > /dev/null
done

# Knight: full boards with a few holes, colours balanced for an open tour.
for size in 8 10 12 16 20 25 30; do
  "$toursat" gen --kind holes --piece knight --rows "$size" --cols "$size" --holes $((size / 2)) \
    --seed 1 --count 4 --out-dir "$out" > /dev/null
done
