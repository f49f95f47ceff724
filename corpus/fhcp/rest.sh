#!/bin/sh
# The graphs a run of the whole FHCP set left unanswered, run again at a longer limit, in shards:
# with the first run, docs/fhcp.md's table at that limit, without running again the graphs
# already answered (a graph answered within 10 s is answered within 60 s).
# Run from the repository root: sh corpus/fhcp/rest.sh RUN SECONDS OUT [SHARDS] [JOBS]
# RUN is the merged file of corpus/fhcp/whole.sh (its graphs' paths are read from it, so the
# FHCPCS-col folder must be where that run found it); SECONDS the new limit a graph; OUT a folder
# for the shards' runs (restSECONDS-I.jsonl, kept: a shard that ended is not run again when the
# script is started again, so the shards can be run a few at a time, on one machine or many);
# SHARDS the number of shards (default 8); JOBS how many run at once (default 1, as in
# whole.sh). SHARD=I runs shard I alone and stops. At the end, with every shard done, it prints
# the table: python3 corpus/fhcp/published.py DATA RUN OUT/restSECONDS-*.jsonl, where DATA is
# the data/ folder beside FHCPCS-col (the published times).
set -eu
toursat=${TOURSAT:-target/release/toursat}
if [ $# -lt 3 ]; then
  echo "usage: sh corpus/fhcp/rest.sh RUN SECONDS OUT [SHARDS] [JOBS]" >&2
  exit 2
fi
run=$1
limit=$2
out=$3
shards=${4:-8}
jobs=${5:-1}
if [ ! -f "$run" ]; then
  echo "no run $run (give the merged file of corpus/fhcp/whole.sh, fhcpSECONDS.jsonl)" >&2
  exit 2
fi
mkdir -p "$out"
# The graphs RUN did not answer with a verified tour, one path a line.
unanswered="$out/unanswered.txt"
grep -v '"answer":"found","seconds":[0-9.e-]*,"limit":[0-9.]*,.*"verified":true' "$run" |
  sed -n 's/^{"graph":"\([^"]*\)".*/\1/p' > "$unanswered"
if [ ! -s "$unanswered" ]; then
  echo "$run answered every graph: nothing to run again" >&2
  exit 0
fi
one_shard() {
  file="$out/rest$limit-$1.jsonl"
  [ -f "$file.done" ] && return 0
  # shellcheck disable=SC2046 # one argument a graph path (the FHCP paths have no spaces)
  "$toursat" bench $(cat "$unanswered") --timeout "$limit" --shard "$1/$shards" -o "$file"
  touch "$file.done"
}
if [ "${SHARD:-}" != "" ]; then
  one_shard "$SHARD"
  exit 0
fi
if command -v parallel >/dev/null 2>&1; then
  seq 0 $((shards - 1)) | parallel -j "$jobs" --halt now,fail=1 \
    SHARD={} sh "$0" "$run" "$limit" "$out" "$shards"
else
  for shard in $(seq 0 $((shards - 1))); do
    one_shard "$shard"
  done
fi
echo "every shard done: $(wc -l < "$unanswered") graphs run again at $limit s, in $out" >&2
