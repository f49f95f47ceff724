#!/usr/bin/env python3
"""What the FHCP Challenge graphs are built of: hubs, and copies of one graph (docs/fhcp.md).

Usage: python3 corpus/fhcp/structure.py FOLDER [LEFT]

FOLDER holds the graphs as distributed (FHCPCS-col/ of github.com/TakehideSoh/SAT-based-CEGAR:
DIMACS with a bare `p N M` header and `e U V` lines). LEFT, a file of graph names (`graph447`,
one a line, `#` starting a comment), marks the graphs a run left unanswered.

A hub is a vertex of degree more than HUB_DEGREE (10); most graphs of the set have none, their
degrees being 3 to 9. Without its hubs a graph falls into pieces; the pieces of 6 vertices or
more are counted, and the copies are the most pieces that share one size and one sequence of
inner degrees (equal size and degrees, not a proof of isomorphism). Prints a markdown table of
the graphs by their kind:

- `copies, each with a hub joined to all of it`: two or more equal pieces, and for each a hub
  adjacent to its every vertex (as in the reduction of a Hamiltonian path of a graph to a
  cycle of the graph and one vertex more, joined to all);
- `copies and hubs`: two or more equal pieces and at least one hub, the pieces not all covered
  so;
- `hubs`: hubs, and no two equal pieces;
- `no hubs`: no vertex of degree above HUB_DEGREE;

with, for each kind, how many graphs and how many of them LEFT names; then, with LEFT, a line
for each graph it names: the kind, the hubs (how many, the largest degree), the copies (how
many, their size).
"""

import os
import re
import sys
from collections import Counter

HUB_DEGREE = 10
PIECE_FROM = 6


def read_graph(path):
    """The vertex count and each vertex's neighbours (vertices from 0) of a DIMACS file."""
    vertices = 0
    neighbours = []
    with open(path) as lines:
        for number, line in enumerate(lines, 1):
            words = line.split()
            if not words or words[0] == "c":
                continue
            if words[0] == "p":
                vertices = int(words[-2])
                neighbours = [set() for _ in range(vertices)]
            elif words[0] == "e":
                a, b = int(words[1]) - 1, int(words[2]) - 1
                if not (0 <= a < vertices and 0 <= b < vertices):
                    sys.exit(f"{path}:{number}: edge {words[1]} {words[2]} outside 1..{vertices}")
                neighbours[a].add(b)
                neighbours[b].add(a)
    return vertices, neighbours


def structure(vertices, neighbours):
    """The graph's kind, its hubs' count and largest degree, and its copies' count and size."""
    hubs = {v for v in range(vertices) if len(neighbours[v]) > HUB_DEGREE}
    seen = [False] * vertices
    pieces = Counter()
    covered = Counter()
    for first in range(vertices):
        if first in hubs or seen[first]:
            continue
        seen[first] = True
        stack, piece = [first], []
        while stack:
            vertex = stack.pop()
            piece.append(vertex)
            for next_vertex in neighbours[vertex]:
                if next_vertex not in hubs and not seen[next_vertex]:
                    seen[next_vertex] = True
                    stack.append(next_vertex)
        if len(piece) >= PIECE_FROM:
            inner = sorted(len(neighbours[v] - hubs) for v in piece)
            pieces[(len(piece), tuple(inner))] += 1
            common = set.intersection(*(neighbours[v] for v in piece)) & hubs
            covered[(len(piece), tuple(inner))] += bool(common)
    copies, size, universal = 0, 0, 0
    if pieces:
        (size, inner), copies = pieces.most_common(1)[0]
        universal = covered[(size, inner)]
    largest_hub = max((len(neighbours[h]) for h in hubs), default=0)
    if copies >= 2 and universal == copies:
        kind = "copies, each with a hub joined to all of it"
    elif copies >= 2 and hubs:
        kind = "copies and hubs"
    elif hubs:
        kind = "hubs"
    else:
        kind = "no hubs"
    return kind, len(hubs), largest_hub, copies, size


def graph_order(name):
    """`graph447` -> (447, "graph447"): the set's graphs in their numbers' order."""
    found = re.search(r"\d+", name)
    return (int(found.group()) if found else 0, name)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    folder = sys.argv[1]
    left = set()
    if len(sys.argv) == 3:
        with open(sys.argv[2]) as lines:
            left = {line.split("#")[0].strip() for line in lines} - {""}
    names = sorted(
        (file[: -len(".col")] for file in os.listdir(folder) if file.endswith(".col")),
        key=graph_order,
    )
    if not names:
        sys.exit(f"{folder}: no .col files")
    unknown = left - set(names)
    if unknown:
        sys.exit(f"{sys.argv[2]}: not in {folder}: {', '.join(sorted(unknown))}")
    rows = {}
    for name in names:
        rows[name] = structure(*read_graph(os.path.join(folder, name + ".col")))
    kinds = ["copies, each with a hub joined to all of it", "copies and hubs", "hubs", "no hubs"]
    print("| kind | graphs | left |")
    print("| --- | --- | --- |")
    for kind in kinds:
        graphs = [name for name in names if rows[name][0] == kind]
        print(f"| {kind} | {len(graphs)} | {sum(name in left for name in graphs)} |")
    if left:
        print()
        print("| graph | kind | hubs | largest hub degree | copies | copy size |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name in names:
            if name in left:
                kind, hubs, largest, copies, size = rows[name]
                print(f"| {name} | {kind} | {hubs} | {largest} | {copies} | {size} |")


if __name__ == "__main__":
    main()
