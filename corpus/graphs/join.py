#!/usr/bin/env python3
"""Two graphs joined by a two-edge cut (docs/graphs.md).

Usage: python3 corpus/graphs/join.py FIRST SECOND OUT

FIRST and SECOND are graph files, TSPLIB HCP (an EDGE_DATA_SECTION edge list) or DIMACS
(`p N M`, `e U V`), vertices numbered from 1. The first edge of each file, a-b in FIRST and
c-d in SECOND, is taken out, and the edges a-c and b-d join the two (SECOND's vertices numbered
after FIRST's). OUT is written in DIMACS. Every Hamiltonian cycle of OUT takes both joining
edges, so OUT has one exactly when FIRST has one through a-b and SECOND one through c-d: a
graph without a Hamiltonian cycle (GP(53, 2), say) joined to a hard one that has, to show
`toursat solve` refuting the whole by its smaller piece.
"""

import sys


def read_graph(path):
    """The vertex count and the edge list of a TSPLIB HCP or DIMACS graph file."""
    vertices, edges, in_section = None, [], False
    with open(path, encoding="utf-8") as text:
        for line in text:
            fields = line.split()
            if not fields:
                continue
            if fields[0] == "p":
                vertices = int(fields[-2])
            elif fields[0] == "e":
                edges.append((int(fields[1]), int(fields[2])))
            elif fields[0].startswith("DIMENSION"):
                vertices = int(line.split(":")[1])
            elif fields[0] == "EDGE_DATA_SECTION":
                in_section = True
            elif in_section and fields[0] not in ("-1", "EOF"):
                edges.append((int(fields[0]), int(fields[1])))
            elif in_section:
                in_section = False
    if vertices is None or not edges:
        sys.exit(f"{path}: no vertex count or no edges")
    return vertices, edges


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    first_count, first_edges = read_graph(sys.argv[1])
    second_count, second_edges = read_graph(sys.argv[2])
    (a, b), (c, d) = first_edges[0], second_edges[0]
    moved = [(u + first_count, v + first_count) for u, v in second_edges[1:]]
    edges = first_edges[1:] + moved + [(a, c + first_count), (b, d + first_count)]
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        out.write(f"p {first_count + second_count} {len(edges)}\n")
        out.writelines(f"e {u} {v}\n" for u, v in edges)


if __name__ == "__main__":
    main()
