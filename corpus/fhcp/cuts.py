#!/usr/bin/env python3
"""Which FHCP Challenge graphs two-edge cuts split, and into what pieces (docs/fhcp.md).

Usage: python3 corpus/fhcp/cuts.py FOLDER [LEFT]

FOLDER holds the graphs as distributed (FHCPCS-col/ of github.com/TakehideSoh/SAT-based-CEGAR:
DIMACS with a bare `p N M` header and `e U V` lines). LEFT, a file of graph names (`graph553`,
one a line, `#` starting a comment), limits the listing to the graphs it names.

Two edges whose removal splits a graph are both on every Hamiltonian cycle; `toursat solve`
(`auto`) then solves each piece alone (src/graph/two_edge_cuts.rs, whose method this repeats
independently: random labels on a spanning tree, two edges a cut when their labels are equal;
pairs on one chain of vertices of degree two are left alone). Prints one line a graph that has
such a cut: its name, vertices, the number of classes of cuts, and its pieces (vertices, then
the pairs of cut edges that meet it), largest first; then how many graphs it listed.
"""

import os
import random
import re
import sys
from collections import defaultdict

from structure import read_graph


def edge(a, b):
    """An edge as its ends in order."""
    return (min(a, b), max(a, b))


def cut_classes(vertices, neighbours):
    """The classes of two-edge cuts (lists of edges) that are not one chain of degree two."""
    chain = {}

    def root(item):
        while chain.setdefault(item, item) != item:
            chain[item] = chain[chain[item]]
            item = chain[item]
        return item

    for vertex in range(vertices):
        if len(neighbours[vertex]) == 2:
            a, b = neighbours[vertex]
            chain[root(edge(vertex, a))] = root(edge(vertex, b))
    parent = {0: None}
    order = []
    stack = [0]
    while stack:
        vertex = stack.pop()
        order.append(vertex)
        for other in neighbours[vertex]:
            if other not in parent:
                parent[other] = vertex
                stack.append(other)
    if len(order) < vertices:
        return []
    below = [0] * vertices
    by_label = defaultdict(list)
    for vertex in range(vertices):
        for other in neighbours[vertex]:
            if vertex < other and parent[vertex] != other and parent[other] != vertex:
                label = random.getrandbits(64)
                by_label[label].append(edge(vertex, other))
                below[vertex] ^= label
                below[other] ^= label
    for vertex in reversed(order):
        if parent[vertex] is not None:
            by_label[below[vertex]].append(edge(vertex, parent[vertex]))
            below[parent[vertex]] ^= below[vertex]
    return [
        edges
        for label, edges in by_label.items()
        if label != 0 and len({root(e) for e in edges}) >= 2
    ]


def pieces(vertices, neighbours, classes):
    """Each piece's vertex count and its pairs of cut edges, largest first."""
    cut = {e: number for number, edges in enumerate(classes) for e in edges}
    piece_of = [-1] * vertices
    sizes = []
    for first in range(vertices):
        if piece_of[first] >= 0:
            continue
        piece_of[first] = len(sizes)
        stack = [first]
        size = 0
        while stack:
            vertex = stack.pop()
            size += 1
            for other in neighbours[vertex]:
                if piece_of[other] < 0 and edge(vertex, other) not in cut:
                    piece_of[other] = len(sizes)
                    stack.append(other)
        sizes.append(size)
    pairs = defaultdict(set)
    for (a, b), number in cut.items():
        pairs[piece_of[a]].add(number)
        pairs[piece_of[b]].add(number)
    return sorted(((sizes[p], len(pairs[p])) for p in range(len(sizes))), reverse=True)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder = sys.argv[1]
    names = sorted(
        (name[: -len(".col")] for name in os.listdir(folder) if name.endswith(".col")),
        key=lambda name: int(re.sub(r"\D", "", name) or 0),
    )
    if len(sys.argv) == 3:
        with open(sys.argv[2]) as lines:
            wanted = {line.split("#")[0].strip() for line in lines} - {""}
        names = [name for name in names if name in wanted]
    random.seed(1)
    listed = 0
    for name in names:
        vertices, neighbours = read_graph(os.path.join(folder, name + ".col"))
        classes = cut_classes(vertices, neighbours)
        if not classes:
            continue
        listed += 1
        shown = ", ".join(
            f"{size} ({pairs} pair{'s' if pairs != 1 else ''})"
            for size, pairs in pieces(vertices, neighbours, classes)
            if size > 1
        )
        print(f"{name} {vertices} vertices, {len(classes)} classes: {shown}")
    print(f"{listed} of {len(names)} graphs have two-edge cuts")


if __name__ == "__main__":
    main()
