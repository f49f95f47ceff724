#!/usr/bin/env python3
"""The published counts beside toursat's on the whole FHCP Challenge Set (docs/fhcp.md).

Usage: python3 corpus/fhcp/published.py DATA [RUNS.jsonl ...]

DATA is the data/ folder of the SAT 2025 authors' repository (github.com/TakehideSoh/
SAT-based-CEGAR): per graph, the CPU seconds of each configuration of theirs, "TO" where it
did not answer within 1800 s. RUNS are `toursat bench` lines (the merged file of
corpus/fhcp/whole.sh, then the runs of corpus/fhcp/rest.sh, which ran again at a longer limit
the graphs it did not answer). Prints, as markdown: the graphs answered within 1, 10, 60 and
1800 s by each published configuration and by toursat; the graphs some configuration answers
within 10 s that toursat did not, and those of them that one configuration alone answers so
fast; and every graph toursat did not answer, with its size and the best published time and
configuration.

Where a graph was run more than once, each limit is decided by its run of the smallest limit at
or above it (so a graph run again at 60 s counts within 10 s only if the 10 s run answered it),
or by its run of the longest limit when none reaches it (a graph answered within 10 s is
answered within 60 s).
"""

import csv
import json
import os
import re
import sys

LIMITS = [1, 10, 60, 1800]
# The configurations the table shows: the best of each kind at 1800 s, and the best of all
# (VBS: for each graph the fastest configuration of the file).
SHOWN = {
    "proposed-cegar-ccadical-cpu.csv": [
        "proposed-cegar-ffi-2loop-2opt3-cadical",
        "proposed-cegar-ffi-2loop-lowest-asymmetry3-2opt3-cadical",
        "VBS",
    ],
    "proposed-cegar-sinz-cpu.csv": ["asp2-fix-2loop-2opt3-cadical-sinz"],
    "existing-work.csv": ["asp", "crt-420"],
}


def read_published(data):
    """{configuration: {graph number: seconds or None}} from the CSVs of DATA."""
    times = {}
    for name, shown in SHOWN.items():
        path = os.path.join(data, name)
        with open(path, encoding="utf-8-sig") as handle:
            rows = list(csv.reader(handle))
        header = rows[0]
        for line, row in enumerate(rows[1:], start=2):
            if len(row) != len(header):
                sys.exit(f"{path}: line {line}: {len(row)} fields where the header has {len(header)}")
            number = int(row[0])
            for column, configuration in enumerate(header):
                if column == 0:
                    continue
                label = configuration if configuration != "VBS" else f"VBS ({name})"
                try:
                    seconds = float(row[column])
                except ValueError:
                    seconds = None
                times.setdefault(label, {})[number] = seconds
    wanted = []
    for name, shown in SHOWN.items():
        wanted += [c if c != "VBS" else f"VBS ({name})" for c in shown]
    return times, wanted


def read_runs(paths):
    """{graph number: [bench records]} from toursat's bench lines, in the order read."""
    runs = {}
    for path in paths:
        with open(path) as handle:
            for line_number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                record = json.loads(line)
                match = re.search(r"graph(\d+)\.", os.path.basename(record["graph"]))
                if not match:
                    sys.exit(f"{path}: line {line_number}: {record['graph']} is not graphN.col")
                runs.setdefault(int(match.group(1)), []).append(record)
    return runs


def deciding(records, limit):
    """The record of a graph's runs that decides whether it is answered within `limit`."""
    reaching = [record for record in records if record["limit"] >= limit]
    if reaching:
        return min(reaching, key=lambda record: record["limit"])
    return max(records, key=lambda record: record["limit"])


def answered_within(records, limit):
    """Whether a graph's runs answered it within `limit` seconds."""
    return within(answered(deciding(records, limit)), limit)


def answered(record):
    """toursat's seconds for a verified answer, else None."""
    if record["answer"] == "found" and record["verified"]:
        return record["seconds"]
    return None


def within(seconds, limit):
    return seconds is not None and seconds <= limit


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    times, wanted = read_published(sys.argv[1])
    runs = read_runs(sys.argv[2:])
    print("| solver | graphs | within 1 s | within 10 s | within 60 s | within 1800 s |")
    print("| --- | --- | --- | --- | --- | --- |")
    if runs:
        longest = max(record["limit"] for records in runs.values() for record in records)
        cells = []
        for limit in LIMITS:
            count = sum(answered_within(records, limit) for records in runs.values())
            cells.append(str(count) if limit <= longest else "not run")
        print(f"| toursat (limit {longest:g} s) | {len(runs)} | " + " | ".join(cells) + " |")
    for configuration in wanted:
        column = times[configuration]
        cells = [str(sum(within(s, limit) for s in column.values())) for limit in LIMITS]
        print(f"| {configuration} | {len(column)} | " + " | ".join(cells) + " |")
    if not runs:
        return
    # The virtual best columns repeat a configuration's time: the fastest is named by its own.
    named = {label: column for label, column in times.items() if not label.startswith("VBS")}
    fastest = {
        number: min(
            ((c[number], label) for label, c in named.items() if c.get(number) is not None),
            default=(None, None),
        )
        for number in range(1, 1002)
    }
    missed = sorted(
        n for n in runs if within(fastest[n][0], 10) and not answered_within(runs[n], 10)
    )
    print()
    print(f"Answered within 10 s by some published configuration, not by toursat: {len(missed)}")
    print(", ".join(f"graph{n}" for n in missed))
    alone = {}
    for number in missed:
        quick = sorted(label for label, c in named.items() if within(c.get(number), 10))
        if len(quick) == 1:
            alone.setdefault(quick[0], []).append(number)
    for label, numbers in sorted(alone.items()):
        listed = ", ".join(f"graph{n}" for n in numbers)
        print(f"Of these, answered within 10 s by {label} alone: {len(numbers)} ({listed})")
    print()
    print("| graph | vertices | edges | average degree | toursat | fastest published |")
    print("| --- | --- | --- | --- | --- | --- |")
    for number in sorted(runs):
        record = deciding(runs[number], longest)
        if answered(record) is not None:
            continue
        best, label = fastest[number]
        shown = f"{best:g} s ({label})" if best is not None else "TO"
        degree = 2 * record["edges"] / record["vertices"] if record["vertices"] else 0
        print(
            f"| graph{number} | {record['vertices']} | {record['edges']} | {degree:.2f} "
            f"| {record['answer']} | {shown} |"
        )


if __name__ == "__main__":
    main()
