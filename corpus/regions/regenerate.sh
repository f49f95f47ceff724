#!/bin/sh
# Regenerates the board files of corpus/regions/ (docs/benchmarks.md's "No tour where the reason is
# global"): rook boards made by `gen --kind region`, a diamond or a blob over 30% of the board,
# 5% blocked in holes, two seeds a size, each without a door (no circuit; only the
# sealed-region count settles it) and with one (a circuit, found by toursat within 10 s when the
# board was made).
# Run from the repository root: sh corpus/regions/regenerate.sh
set -eu
toursat=${TOURSAT:-target/release/toursat}
out=corpus/regions
rm -f "$out"/*.txt
for size in 30 50 100 150 200 300; do
  for shape in diamond blob; do
    for door in "" --door; do
      # shellcheck disable=SC2086 # $door is empty or one flag
      "$toursat" gen --kind region --shape "$shape" $door --rows "$size" --cols "$size" \
        --seed 1 --count 2 --out-dir "$out" > /dev/null
    done
  done
done
