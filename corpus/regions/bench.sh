#!/bin/sh
# The benchmark of the README's "No tour where the reason is global": rook boards from
# `toursat gen --kind region` (a region, diamond or blob, whose boundary colours rule out every
# circuit) and their look-alikes with a door (`--door`, a circuit exists), toursat's auto
# against a baseline build from before the sealed-region proof (auto, --engine sat and
# --engine dfs), with --certify on the new build's no-tour answers. Prints a markdown table.
# Run from the repository root (GNU date):
#   BASELINE=path/to/old/toursat sh corpus/regions/bench.sh [SECONDS [SIZE...]]
# Without BASELINE the baseline columns are left out.
set -eu
toursat=${TOURSAT:-target/release/toursat}
baseline=${BASELINE:-}
limit=${1:-10}
shift $(($# > 0 ? 1 : 0))
sizes=${*:-30 50 100 150 200 300}
seeds=${SEEDS:-1 2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

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
  echo "| board | toursat auto --certify | baseline auto | baseline --engine sat | baseline --engine dfs |"
  echo "| --- | --- | --- | --- | --- |"
else
  echo "| board | toursat auto --certify |"
  echo "| --- | --- |"
fi
for n in $sizes; do
  for shape in diamond blob; do
    for door in "" --door; do
      for seed in $seeds; do
        board="$work/region-$n-$shape$door-$seed.txt"
        # $door is empty or one flag: split on purpose.
        # shellcheck disable=SC2086
        if ! "$toursat" gen --kind region --shape "$shape" $door --rows "$n" --cols "$n" \
          --seed "$seed" -o "$board" 2> "$work/gen.err"; then
          echo "| $n x $n $shape$door seed $seed | gen failed: $(head -c 100 "$work/gen.err") |"
          continue
        fi
        row="| $n x $n $shape${door:+ door} seed $seed | $(run "$toursat" "$board" --certify)"
        if [ -n "$baseline" ]; then
          row="$row | $(run "$baseline" "$board") | $(run "$baseline" "$board" --engine sat)"
          row="$row | $(run "$baseline" "$board" --engine dfs)"
        fi
        echo "$row |"
      done
    done
  done
done
