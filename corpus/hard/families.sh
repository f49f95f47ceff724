#!/bin/sh
# The table of docs/benchmarks.md of the holed families: open tours with both ends free on boards of
# `gen --kind holes`, seeds 1-3, each answered by `toursat solve` (auto) with a time limit.
#   king:   10%, 20% and 30% holes at 100 x 100 and 200 x 200, 20% at 300 x 300;
#   knight: 10%, 15%, 20% and 30% holes at 100 x 100 and 200 x 200, 10% and 20% at 300 x 300.
# A size where `gen` finds no board that the cheap proofs leave open (it gives up after 2,000
# draws) is reported as such, not raced: knight with 30% holes at 200 x 200 takes minutes to
# give up, so it is left out. Prints a markdown table: the answer and the seconds `--stats`
# gives for each seed, or `timeout`.
# Run from the repository root: sh corpus/hard/families.sh [SECONDS]
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run: "tour 0.42 s", "no tour 0.01 s" or "timeout", read from the exit status and --stats.
run() {
  status=0
  "$toursat" solve "$1" --piece "$2" --tour open --format none --stats --timeout "$limit" \
    2> "$work/stats" || status=$?
  seconds=$(awk '/^seconds:/ { printf "%.2f", $2 }' "$work/stats")
  case $status in
    0) echo "tour $seconds s" ;;
    1) echo "no tour $seconds s" ;;
    3) echo "timeout" ;;
    *) echo "exit $status" ;;
  esac
}

echo "| piece | holes | board | seed 1 | seed 2 | seed 3 |"
echo "| --- | --- | --- | --- | --- | --- |"
for family in king:10:100 king:10:200 king:20:100 king:20:200 king:20:300 king:30:100 \
  king:30:200 knight:10:100 knight:10:200 knight:10:300 knight:15:100 knight:15:200 \
  knight:20:100 knight:20:200 knight:20:300 knight:30:100; do
  piece=${family%%:*}
  rest=${family#*:}
  share=${rest%:*}
  n=${rest#*:}
  row="| $piece | $share% | $n x $n |"
  for seed in 1 2 3; do
    board="$work/$piece-$share-$n-$seed.txt"
    if "$toursat" gen --kind holes --piece "$piece" --rows "$n" --cols "$n" --holes "$share%" \
      --seed "$seed" -o "$board" 2> /dev/null; then
      row="$row $(run "$board" "$piece") |"
    else
      row="$row no board drawn |"
    fi
  done
  echo "$row"
done
