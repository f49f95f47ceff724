#!/bin/sh
# The tables of docs/puzzles.md's "How long it takes": puzzles made by `toursat gen --kind
# puzzle` (the default, and `--shaded SHARE`) and boards of `gen --kind planted`, written into
# FOLDER, then `toursat unique` (and `--backbone`, `--minimal`) on them; wall-clock seconds of
# one run each, seeds 1, 2 and 3. Prints markdown tables. The boards are not kept in the
# repository.
# Run from the repository root: sh corpus/puzzles/timing.sh FOLDER
set -eu
toursat=${TOURSAT:-target/release/toursat}
folder=${1:?usage: sh corpus/puzzles/timing.sh FOLDER}
mkdir -p "$folder"

# The wall-clock seconds of a command (its output to FOLDER/out), and its answer: the first
# word of its first line on standard output, or its exit status when not 0 or 5.
timed() {
  status=0
  /usr/bin/time -f '%e' -o "$folder/time" "$@" > "$folder/out" 2> "$folder/err" || status=$?
  seconds=$(tail -n 1 "$folder/time")
  case $status in
    0 | 5) answer=$(head -n 1 "$folder/out" | cut -d: -f1) ;;
    *) answer="exit $status" ;;
  esac
}

# One row over seeds 1 to 3: the board's name, the shell words that make board SEED's file
# (with SEED and FILE in them), and the unique options to run on it.
row() {
  name=$1 make=$2 options=$3
  made="" asked="" answers=""
  for seed in 1 2 3; do
    file="$folder/board-$seed.txt"
    timed sh -c "$(echo "$make" | sed "s|SEED|$seed|g; s|FILE|$file|g")"
    made="$made${made:+, }$seconds"
    timed "$toursat" unique "$file" --piece rook --tour closed $options
    asked="$asked${asked:+, }$seconds"
    answers="$answers${answers:+, }$answer"
  done
  printf '| %s | `%s` | `unique%s` | %s | %s | %s |\n' "$name" \
    "$(echo "$make" | sed "s|$toursat|toursat|; s|FILE|board.txt|; s| 2>/dev/null||")" \
    "${options:+ $options}" "$made" "$asked" "$answers"
}

echo '| board | made by | then | `gen` seconds | `unique` seconds | answers |'
echo '| --- | --- | --- | --- | --- | --- |'
for n in 10 20 30; do
  row "puzzle $n x $n" "$toursat gen --kind puzzle --rows $n --cols $n --seed SEED -o FILE" ""
done
row "puzzle 15 x 15" "$toursat gen --kind puzzle --rows 15 --cols 15 --seed SEED -o FILE" \
  "--minimal"
row "puzzle 20 x 20" "$toursat gen --kind puzzle --rows 20 --cols 20 --seed SEED -o FILE" \
  "--minimal"
row "puzzle 30 x 30" "$toursat gen --kind puzzle --rows 30 --cols 30 --seed SEED -o FILE" \
  "--backbone"
for n in 20 40 100 200; do
  for share in 0.4 0.3; do
    row "puzzle $n x $n, $share shaded" \
      "$toursat gen --kind puzzle --rows $n --cols $n --shaded $share --seed SEED -o FILE 2>/dev/null" ""
  done
done
row "puzzle 40 x 40, 0.3 shaded" \
  "$toursat gen --kind puzzle --rows 40 --cols 40 --shaded 0.3 --seed SEED -o FILE 2>/dev/null" \
  "--backbone"
for n in 20 40 100 200; do
  row "planted $n x $n" \
    "$toursat gen --kind planted --rows $n --cols $n --fill 0.6 --perturb $((n * 10)) --seed SEED -o FILE" ""
done
row "planted 40 x 40" \
  "$toursat gen --kind planted --rows 40 --cols 40 --fill 0.6 --perturb 400 --seed SEED -o FILE" \
  "--backbone"
