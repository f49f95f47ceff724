#!/bin/sh
# docs/fhcp.md's table: `toursat bench` over the 50 FHCP graphs of ../shared/graphs/fhcp (not in
# this repository; the script says so and stops when they are absent), then one markdown row a
# graph beside the anchors' published times (ANCHORS.tsv, their machine), and the summary of
# `bench --merge`: graphs answered within 1, 5 and 10 s (and the limit given).
# Run from the repository root: sh corpus/fhcp/table.sh [SECONDS] [RUNS_FILE]
# The runs (one JSON line each, every tour verified) are kept in RUNS_FILE (default:
# fhcp-runs.jsonl in a temporary folder).
set -eu
toursat=${TOURSAT:-target/release/toursat}
limit=${1:-10}
graphs=${FHCP_GRAPHS:-../shared/graphs/fhcp}
if [ ! -f "$graphs/ANCHORS.tsv" ]; then
  echo "no FHCP graphs at $graphs (set FHCP_GRAPHS to the folder with ANCHORS.tsv)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=${2:-$work/fhcp-runs.jsonl}
"$toursat" bench "$graphs" --timeout "$limit" -o "$runs"

echo "| graph | vertices | toursat | solve calls | cuts | cut-set CEGAR | in propagator |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
# Each line of the runs: graph file, answer, seconds, solve calls, cuts (JSON read with sed).
sed -e 's/.*"graph":"\([^"]*\)".*"vertices":\([0-9]*\).*"answer":"\([^"]*\)","seconds":\([0-9.e-]*\).*"solve_calls":\([0-9a-z]*\),"cuts":\([0-9a-z]*\).*/\1 \2 \3 \4 \5 \6/' \
  "$runs" | sort -V | while read -r file vertices answer seconds calls cuts; do
  name=$(basename "$file" .col)
  anchors=$(awk -v name="$name" '$1 == name { print $4 " | " $5 }' "$graphs/ANCHORS.tsv")
  case $answer in
    found) shown=$(printf "%.2f s" "$seconds") ;;
    *) shown=$answer ;;
  esac
  echo "| $name | $vertices | $shown | $calls | $cuts | $anchors |"
done
echo
"$toursat" bench --merge "$runs" --limits "1,5,$limit"
