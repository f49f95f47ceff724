#!/bin/sh
# The table of docs/benchmarks.md's "A million squares": holed boards of every piece and rook
# boards at 300 x 300, 500 x 500 and 1000 x 1000, drawn by `toursat gen` (seed 11) into FOLDER
# (a board already there is kept, as drawing the 1000 x 1000 ones takes `gen` a minute or two
# each), then each answered by `toursat solve` (auto) under /usr/bin/time. The families:
#   knight and king with 10% and 20% holes, open and closed; the (1,4) leaper with 10% holes
#   open, with 20% open and closed; the knight and the king with 10% holes open between fixed
#   ends (marked by `gen --ends`; on the king's 20% board the cheap proofs refuted each of the
#   1,000 pairs `gen` tried); rook, 3% holes at random
#   (`gen --kind holes --piece rook`), closed; rook, planted, closed: the rows of
#   docs/benchmarks.md's table. FAMILIES picks some (see below).
# Prints a markdown table: the answer, CPU seconds (user + system), wall seconds, peak memory,
# and the split that `--stats` gives (cheap proofs, the warm start's 2-factor, local repair,
# the solver). The boards are not kept in the repository.
# Run from the repository root: sh corpus/million/bench.sh FOLDER [SECONDS [SIZE...]]
set -eu
toursat=${TOURSAT:-target/release/toursat}
folder=${1:?usage: sh corpus/million/bench.sh FOLDER [SECONDS [SIZE...]]}
limit=${2:-60}
shift $(($# > 1 ? 2 : 1))
sizes=${*:-300 500 1000}
mkdir -p "$folder"

# The board of a family at size n: FOLDER/KIND-PIECE-SHARE-N[-ends].txt, drawn if missing;
# with a fifth word `ends`, with a start and an end marked for an open tour (`gen --ends`).
# Prints nothing when `gen` cannot draw it (its reason on stderr): with `--ends`, on a board
# whose every pair of ends the cheap proofs refute.
board() {
  kind=$1 piece=$2 share=$3 n=$4 ends=${5:-}
  file="$folder/$kind-$(echo "$piece" | tr ':,' '--')-$share-$n${ends:+-ends}.txt"
  if [ ! -s "$file" ]; then
    gen_status=0
    case $kind in
      holes) "$toursat" gen --kind holes --piece "$piece" --rows "$n" --cols "$n" \
        --holes "$share%" --seed 11 ${ends:+--ends} -o "$file" || gen_status=$? ;;
      planted) "$toursat" gen --kind planted --rows "$n" --cols "$n" --seed 11 -o "$file" ||
        gen_status=$? ;;
    esac
    if [ "$gen_status" != 0 ]; then
      rm -f "$file"
      return 0
    fi
  fi
  echo "$file"
}

# One run: a table row's cells after the family's, from the exit status, /usr/bin/time and
# --stats.
run() {
  status=0
  file=$1 piece=$2 tour=$3
  shift 3
  /usr/bin/time -f 'time %U %S %e %M' "$toursat" solve "$file" --piece "$piece" --tour "$tour" \
    "$@" --format none --stats --timeout "$limit" 2> "$folder/stats" || status=$?
  case $status in
    0) answer=tour ;;
    1) answer="no tour" ;;
    3) answer=timeout ;;
    *) answer="exit $status" ;;
  esac
  awk -v answer="$answer" '
    /^time / { cpu = $2 + $3; wall = $4; memory = $5 / 1024 }
    /^proof seconds:/ { proofs = $3 }
    /^flow seconds:/ { flow = $3 }
    /^local repair seconds:/ { repair = $4 }
    /^solve seconds:/ { solve = $3 }
    /^seconds in / {
      sub(/^seconds in /, ""); split($0, part, ": ")
      phases = phases (phases == "" ? "" : ", ") sprintf("%s %.1f s", part[1], part[2])
    }
    END {
      if (phases != "") answer = answer " (" phases ")"
      printf "%s | %.2f | %.2f | %.0f MB | %.2f | %.2f | %.2f | %.2f |\n", answer, cpu, wall,
        memory, proofs, flow, repair, solve
    }' "$folder/stats"
}

# The families: KIND:PIECE:SHARE:TOUR, TOUR `open`, `closed` or `ends` (an open tour between the
# start and the end `gen --ends` marks). FAMILIES overrides the list.
families=${FAMILIES:-"holes:knight:10:open holes:knight:10:closed holes:knight:10:ends
  holes:knight:20:open holes:knight:20:closed holes:king:20:open holes:king:20:closed
  holes:king:10:open holes:king:10:closed holes:king:10:ends holes:leaper:1,4:10:open
  holes:leaper:1,4:20:open holes:leaper:1,4:20:closed holes:rook:3:closed planted:rook:0:closed"}

echo "| family | size | answer | CPU s | wall s | peak memory | proofs s | 2-factor s | repair s | solver s |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for n in $sizes; do
  for family in $families; do
    kind=${family%%:*}
    rest=${family#*:}
    tour=${rest##*:}
    rest=${rest%:*}
    share=${rest##*:}
    piece=${rest%:*}
    label="$piece, $share% holes, $tour"
    [ "$kind" = planted ] && label="rook, planted, closed"
    case $tour in
      ends) file=$(board "$kind" "$piece" "$share" "$n" ends)
        label="$piece, $share% holes, open, fixed ends"
        tour=open ;;
      *) file=$(board "$kind" "$piece" "$share" "$n") ;;
    esac
    if [ -z "$file" ]; then
      row="not drawn (\`gen\` found no board) | – | – | – | – | – | – | – |"
    else
      row=$(run "$file" "$piece" "$tour")
    fi
    echo "| $label | $n x $n | $row"
  done
done
