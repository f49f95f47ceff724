#!/bin/sh
# Regenerates the board files of corpus/scale/ ("hard boards at scale").
# Run from the repository root: sh corpus/scale/regenerate.sh
set -eu
toursat=${TOURSAT:-target/release/toursat}
out=corpus/scale
rm -f "$out"/*.txt

# Rook: planted circuits, 2 seeds a size.
for size in 40 60 80 100 150 200; do
  "$toursat" gen --kind planted --rows "$size" --cols "$size" --fill 0.6 --perturb $((size * 2)) \
    --seed 1 --count 2 --out-dir "$out" > /dev/null
done

# Rook: random blocked squares, repaired until the cheap proofs leave the circuit open.
# Density 0.05 generates (in seconds) up to 100x100 and 0.02 beyond; 0.05 at 150x150 did not
# generate within a minute.
for size in 40 60 80 100; do
  "$toursat" gen --kind random --rows "$size" --cols "$size" --density 0.05 \
    --seed 1 --count 2 --out-dir "$out" > /dev/null
done
for size in 150 200; do
  "$toursat" gen --kind random --rows "$size" --cols "$size" --density 0.02 \
    --seed 1 --count 2 --out-dir "$out" > /dev/null
done

# Rook: walled boards with no circuit, too big for the flow proof (more than 40,000 free
# squares). The board of tests/sat_timeout.rs, scaled up: a wall down column W (even) with two
# gaps in rows A and B (even), so both gaps and their left neighbours have the same colour and
# the circuit's part left of the wall is a path between two squares of colour 1 through every
# left square; it needs one more square of colour 1 than of colour 0 there. One blocked square
# of colour 1 on the left makes colour 0 the commoner one, three blocked squares of colour 0
# on the right balance the whole board. Every free square keeps at least two moves.
walled() { # rows cols W A B left-x left-y then three right squares x y
  rows=$1 cols=$2
  awk -v rows="$1" -v cols="$2" -v w="$3" -v a="$4" -v b="$5" \
    -v blocks="$6,$7 $8,$9 ${10},${11} ${12},${13}" 'BEGIN {
      n = split(blocks, list, " ")
      for (i = 1; i <= n; i++) blocked[list[i]] = 1
      for (y = 0; y < rows; y++) {
        line = ""
        for (x = 0; x < cols; x++) {
          wall = (x == w && y != a && y != b)
          line = line ((wall || ((x "," y) in blocked)) ? "X" : ".")
        }
        print line
      }
    }' > "$out/walled-${rows}x${cols}-w$3.txt"
}
#      rows cols   W   A   B  left(colour 1) right(colour 0) x3
walled 202  202  100  50 150   25 26          150 50  160 100  170 120
walled 210  210  104  52 156   31 40          150 50  160 100  171 121
walled 250  250  124  62 186   41 60          200 50  210 100  181 121
walled 150  300  150  40 110   77 40          200 50  210 100  231 121
