#!/bin/sh
# Formulas for an external solver, measured with minisat: every export variant of
# encodings/crt.md ("Where crt wins") on its 16 corpus boards. Run from the repository root
# after `cargo build --release`; needs `minisat` (Debian package) and `timeout` (coreutils).
# Prints one tab-separated line per board and variant: board, variant, seconds of minisat, and
# the answer (`tour`, `timeout`, or what `toursat decode` said of a model that is not a tour).
set -u
toursat=target/release/toursat
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for board in planted-20x20-f0.6-p40-s1 planted-20x20-f0.6-p40-s2 planted-20x20-f0.6-p40-s3 \
    planted-20x20-f0.6-p40-s4 random-20x20-d0.02-s1 random-20x20-d0.02-s2 \
    random-20x20-d0.05-s1 random-20x20-d0.05-s2 holes-10x10-knight-h5-s1 \
    holes-10x10-knight-h5-s2 holes-10x10-knight-h5-s3 holes-10x10-knight-h5-s4 \
    holes-12x12-knight-h6-s1 holes-12x12-knight-h6-s2 holes-12x12-knight-h6-s3 \
    holes-12x12-knight-h6-s4; do
  case $board in
    holes-*) problem="--piece knight --tour open" ;;
    *) problem="--piece rook --tour closed" ;;
  esac
  for variant in "position|--encoding position" "crt|--encoding crt" \
      "cuts+crt-layer|--cuts-from-solve" "every-cut+crt-layer|--cuts-from-solve --no-merge" \
      "cuts+position-layer|--cuts-from-solve --connectivity position" \
      "cuts-only|--cuts-from-solve --no-merge --connectivity cuts"; do
    name=${variant%%|*}
    flags=${variant#*|}
    # shellcheck disable=SC2086
    $toursat dimacs "corpus/$board.txt" $problem $flags -o "$work/f.cnf" 2>/dev/null
    encoding=$(sed -n 's/^c encoding //p' "$work/f.cnf")
    layer=$(sed -n 's/^c decode a model with: .* --connectivity //p' "$work/f.cnf")
    started=$(date +%s.%N)
    timeout 15 minisat "$work/f.cnf" "$work/f.out" > /dev/null 2>&1
    status=$?
    seconds=$(echo "$(date +%s.%N) - $started" | bc)
    if [ "$status" = 124 ]; then
      answer=timeout
    # shellcheck disable=SC2086
    elif $toursat decode "corpus/$board.txt" "$work/f.out" $problem --encoding "$encoding" \
        --connectivity "${layer:-cuts}" --format none > "$work/said" 2>&1; then
      answer=tour
    else
      answer=$(head -c 60 "$work/said")
    fi
    printf '%s\t%s\t%.2f\t%s\n' "$board" "$name" "$seconds" "$answer"
  done
done
