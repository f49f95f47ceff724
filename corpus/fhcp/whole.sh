#!/bin/sh
# The whole FHCP Challenge Set (1001 graphs) through `toursat bench`, in shards, then merged:
# docs/fhcp.md's whole-set table. The graphs are not in this repository: FOLDER is the
# FHCPCS-col folder of the SAT 2025 authors' repository (github.com/TakehideSoh/SAT-based-CEGAR)
# as distributed.
# Run from the repository root: sh corpus/fhcp/whole.sh FOLDER SECONDS OUT [SHARDS] [JOBS]
# SECONDS is the limit a graph; OUT a folder for the shards' runs (runsSECONDS-I.jsonl, kept,
# so that a shard that ended is not run again when the script is started again); SHARDS the
# number of shards (default 100); JOBS how many shards run at once (default 1: on two cores
# `auto` races two engines a graph, as docs/fhcp.md measured). With GNU parallel installed the
# shards run through it, otherwise one after another.
set -eu
toursat=${TOURSAT:-target/release/toursat}
if [ $# -lt 3 ]; then
  echo "usage: sh corpus/fhcp/whole.sh FOLDER SECONDS OUT [SHARDS] [JOBS]" >&2
  exit 2
fi
graphs=$1
limit=$2
out=$3
shards=${4:-100}
jobs=${5:-1}
if [ ! -d "$graphs" ]; then
  echo "no folder $graphs (give the FHCPCS-col folder of TakehideSoh/SAT-based-CEGAR)" >&2
  exit 2
fi
mkdir -p "$out"
# One shard, as the script runs itself for each: skipped when it ended before.
if [ "${WHOLE_SHARD:-}" != "" ]; then
  file="$out/runs$limit-$WHOLE_SHARD.jsonl"
  [ -f "$file.done" ] && exit 0
  "$toursat" bench "$graphs" --timeout "$limit" --shard "$WHOLE_SHARD/$shards" -o "$file"
  touch "$file.done"
  exit 0
fi
if command -v parallel >/dev/null 2>&1; then
  seq 0 $((shards - 1)) | parallel -j "$jobs" --halt now,fail=1 \
    WHOLE_SHARD={} sh "$0" "$graphs" "$limit" "$out" "$shards"
else
  for shard in $(seq 0 $((shards - 1))); do
    WHOLE_SHARD=$shard sh "$0" "$graphs" "$limit" "$out" "$shards"
  done
fi
case $limit in
  1 | 10) limits=1,10 ;;
  *) limits=1,10,$limit ;;
esac
"$toursat" bench --merge "$out"/runs"$limit"-*.jsonl --limits "$limits" \
  --merged "$out/fhcp$limit.jsonl" --svg "$out/cactus$limit.svg"
