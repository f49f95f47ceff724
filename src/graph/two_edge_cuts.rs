//! Two-edge cuts: pairs of edges whose removal splits a graph, both of which every
//! Hamiltonian cycle takes.
//!
//! A cycle crosses a cut an even number of times, and at least twice when both sides have
//! vertices, so a cycle through every vertex takes both edges of a cut of two. Many hard
//! graphs (most of the FHCP Challenge Set's that toursat left at 60 s, docs/fhcp.md) are
//! smaller hard graphs joined so, by two edges at a time.
//!
//! The cuts are found in linear time by labels: a spanning tree, a random 64-bit label on
//! each edge outside it, and on each tree edge the exclusive or of the labels of the edges
//! outside the tree whose cycle in the tree passes it (one pass from the leaves up). Two edges
//! form a cut exactly when their labels are equal (but for a collision of random labels: the
//! pieces are checked below, and every cycle built from them is verified). The edges of one
//! label are a class: removing all `k` of them leaves `k` parts in a ring, each joined to two
//! of them; removing any two splits the graph. A class whose edges all lie on one chain of
//! vertices of degree two says nothing new (those edges are forced by the degrees), and is
//! left alone.
//!
//! The pieces are what stays joined when the edges of the other classes are removed. A
//! Hamiltonian cycle takes every edge of those classes, and each class has two edges at each
//! piece it touches (its pair there): the cycle leaves the piece by one, goes round everything
//! on that side and comes back by the other. So the graph has a Hamiltonian cycle exactly when
//! each piece, with one vertex more for each of its pairs joined to the pair's two ends, has
//! one; a piece of one vertex with one pair is passed through.

use crate::core::adjacency::{component_numbers, root_with_halving, Vertex};
use crate::core::piece::MoveGraph;
use crate::core::rng::SplitMix64;
use std::collections::HashMap;

/// The seed of the edges' random labels (the same labels on every run).
const LABEL_SEED: u64 = 0x2ED9_EC07;

/// A part of a graph that two-edge cuts join to the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Piece {
    /// Its vertices, in increasing order.
    pub(crate) vertices: Vec<Vertex>,
    /// Its ends of the edges of each class that touches it, two a class (the same vertex
    /// twice for a piece of one vertex passed through).
    pub(crate) pairs: Vec<[Vertex; 2]>,
}

/// A graph split at its two-edge cuts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Split {
    /// The pieces.
    pub(crate) pieces: Vec<Piece>,
    /// The edges of the cuts, which every Hamiltonian cycle takes.
    pub(crate) forced: Vec<(Vertex, Vertex)>,
}

/// `graph` split at its two-edge cuts, when it has one that is not a chain of vertices of
/// degree two; `None` when it has none, or is not connected, or has a bridge or a vertex of
/// fewer than two edges (no Hamiltonian cycle: the cheap proofs say so), or a class of cuts
/// does not meet a piece in pairs (a collision of labels).
pub(crate) fn split(graph: &MoveGraph) -> Option<Split> {
    let vertex_count = graph.len();
    if vertex_count < 4 || (0..vertex_count as Vertex).any(|vertex| graph.degree(vertex) < 2) {
        return None;
    }
    let edges: Vec<(Vertex, Vertex)> = graph.edges().collect();
    let edge_id = |a: Vertex, b: Vertex| {
        let key = (a.min(b), a.max(b));
        edges.binary_search(&key).expect("an edge of the graph")
    };
    let labels = labels(graph, &edges, &edge_id)?;
    let chain_of = chains(graph, &edges, &edge_id);
    let mut classes: HashMap<u64, Vec<usize>> = HashMap::new();
    for (edge, &label) in labels.iter().enumerate() {
        classes.entry(label).or_default().push(edge);
    }
    let mut class_of: Vec<Option<u32>> = vec![None; edges.len()];
    let mut class_count = 0;
    for class in classes.values() {
        let chain = chain_of[class[0]];
        if class.iter().all(|&edge| chain_of[edge] == chain) {
            continue;
        }
        for &edge in class {
            class_of[edge] = Some(class_count);
        }
        class_count += 1;
    }
    if class_count == 0 {
        return None;
    }
    let piece_of = pieces(graph, &class_of, &edge_id);
    let piece_count = piece_of.iter().max().map_or(0, |&last| last as usize + 1);
    let mut pieces: Vec<Piece> = vec![
        Piece {
            vertices: Vec::new(),
            pairs: Vec::new(),
        };
        piece_count
    ];
    for vertex in 0..vertex_count as Vertex {
        pieces[piece_of[vertex as usize] as usize]
            .vertices
            .push(vertex);
    }
    // Each class's ends at each piece, in pairs.
    let mut ends: HashMap<(u32, u32), Vec<Vertex>> = HashMap::new();
    let mut forced = Vec::new();
    for (edge, &(a, b)) in edges.iter().enumerate() {
        let Some(class) = class_of[edge] else {
            continue;
        };
        forced.push((a, b));
        for end in [a, b] {
            ends.entry((piece_of[end as usize], class))
                .or_default()
                .push(end);
        }
    }
    let mut keys: Vec<(u32, u32)> = ends.keys().copied().collect();
    keys.sort_unstable();
    for key in keys {
        let [first, second] = ends[&key][..] else {
            return None;
        };
        pieces[key.0 as usize].pairs.push([first, second]);
    }
    Some(Split { pieces, forced })
}

/// Each edge's label (see the module's doc): the exclusive or of the random labels of the
/// edges outside a spanning tree whose cycle passes it; `None` when the graph is not connected
/// or has a bridge (label 0).
fn labels(
    graph: &MoveGraph,
    edges: &[(Vertex, Vertex)],
    edge_id: &impl Fn(Vertex, Vertex) -> usize,
) -> Option<Vec<u64>> {
    let vertex_count = graph.len();
    // A spanning tree: each vertex's edge to its parent, and the vertices in an order where
    // every parent comes before its children.
    let mut parent_edge: Vec<Option<usize>> = vec![None; vertex_count];
    let mut reached = vec![false; vertex_count];
    let mut order = Vec::with_capacity(vertex_count);
    let mut stack = vec![0 as Vertex];
    reached[0] = true;
    while let Some(vertex) = stack.pop() {
        order.push(vertex);
        for &next in graph.neighbours(vertex) {
            if !reached[next as usize] {
                reached[next as usize] = true;
                parent_edge[next as usize] = Some(edge_id(vertex, next));
                stack.push(next);
            }
        }
    }
    if order.len() < vertex_count {
        return None;
    }
    let mut in_tree = vec![false; edges.len()];
    for &edge in parent_edge.iter().flatten() {
        in_tree[edge] = true;
    }
    let mut random = SplitMix64::new(LABEL_SEED);
    let mut labels = vec![0u64; edges.len()];
    // Below each vertex: the exclusive or of the labels of the edges outside the tree at it.
    let mut below = vec![0u64; vertex_count];
    for (edge, &(a, b)) in edges.iter().enumerate() {
        if !in_tree[edge] {
            let label = random.next_u64();
            labels[edge] = label;
            below[a as usize] ^= label;
            below[b as usize] ^= label;
        }
    }
    for &vertex in order.iter().rev() {
        if let Some(edge) = parent_edge[vertex as usize] {
            let (a, b) = edges[edge];
            let parent = if a == vertex { b } else { a };
            labels[edge] = below[vertex as usize];
            below[parent as usize] ^= below[vertex as usize];
        }
    }
    labels.iter().all(|&label| label != 0).then_some(labels)
}

/// Each edge's chain: edges that meet at a vertex of degree two share one.
fn chains(
    graph: &MoveGraph,
    edges: &[(Vertex, Vertex)],
    edge_id: &impl Fn(Vertex, Vertex) -> usize,
) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..edges.len() as u32).collect();
    for vertex in 0..graph.len() as Vertex {
        if let [a, b] = *graph.neighbours(vertex) {
            let first = root_with_halving(&mut parent, edge_id(vertex, a) as u32);
            let second = root_with_halving(&mut parent, edge_id(vertex, b) as u32);
            parent[first as usize] = second;
        }
    }
    (0..edges.len() as u32)
        .map(|edge| root_with_halving(&mut parent, edge))
        .collect()
}

/// Each vertex's piece, numbered from 0: the parts that stay joined without the edges of the
/// classes (`class_of`).
fn pieces(
    graph: &MoveGraph,
    class_of: &[Option<u32>],
    edge_id: &impl Fn(Vertex, Vertex) -> usize,
) -> Vec<u32> {
    component_numbers(graph.len(), |vertex| {
        graph
            .neighbours(vertex)
            .iter()
            .copied()
            .filter(move |&next| class_of[edge_id(vertex, next)].is_none())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two 4-cycles, `0 1 2 3` and `4 5 6 7`, with chords `0 2` and `4 6`, joined by the
    /// edges `1 5` and `3 7` in place of none: a cut of two edges.
    fn two_squares_joined() -> MoveGraph {
        MoveGraph::from_edges(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (0, 3),
                (0, 2),
                (4, 5),
                (5, 6),
                (6, 7),
                (4, 7),
                (4, 6),
                (1, 5),
                (3, 7),
            ],
        )
    }

    #[test]
    fn two_parts_joined_by_two_edges_split_into_two_pieces_with_one_pair_each() {
        let split = split(&two_squares_joined()).expect("a cut");
        assert_eq!(split.forced, vec![(1, 5), (3, 7)]);
        let mut pieces = split.pieces;
        pieces.sort_by_key(|piece| piece.vertices[0]);
        assert_eq!(pieces[0].vertices, vec![0, 1, 2, 3]);
        assert_eq!(pieces[0].pairs, vec![[1, 3]]);
        assert_eq!(pieces[1].vertices, vec![4, 5, 6, 7]);
        assert_eq!(pieces[1].pairs, vec![[5, 7]]);
    }

    #[test]
    fn a_chain_of_vertices_of_degree_two_is_no_cut_to_split_at() {
        // A 6-cycle with the chord 0 3: the paths 0 1 2 3 and 3 4 5 0 are chains.
        let graph =
            MoveGraph::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 5), (0, 3)]);
        assert_eq!(split(&graph), None);
    }

    #[test]
    fn a_three_connected_graph_has_no_split() {
        // The cube.
        let cube = MoveGraph::from_edges(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (0, 3),
                (4, 5),
                (5, 6),
                (6, 7),
                (4, 7),
                (0, 4),
                (1, 5),
                (2, 6),
                (3, 7),
            ],
        );
        assert_eq!(split(&cube), None);
    }

    #[test]
    fn a_bridge_or_a_disconnected_graph_has_no_split() {
        // Two triangles joined by the bridge 2 3.
        let bridged =
            MoveGraph::from_edges(6, &[(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (4, 5), (3, 5)]);
        assert_eq!(split(&bridged), None);
        let apart = MoveGraph::from_edges(6, &[(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]);
        assert_eq!(split(&apart), None);
    }

    #[test]
    fn a_ring_of_three_parts_is_one_class_meeting_each_part_in_a_pair() {
        // Three triangles with a chord-free join: triangle t has vertices 3t, 3t+1, 3t+2;
        // its vertex 3t+1 is joined to the next triangle's 3t+3 (mod 9).
        let mut edges = Vec::new();
        for t in 0..3u32 {
            let base = 3 * t;
            edges.extend([(base, base + 1), (base + 1, base + 2), (base, base + 2)]);
            let next = (base + 3) % 9;
            edges.push(((base + 1).min(next), (base + 1).max(next)));
        }
        let split = split(&MoveGraph::from_edges(9, &edges)).expect("a ring of cuts");
        assert_eq!(split.forced.len(), 3);
        assert_eq!(split.pieces.len(), 3);
        for piece in &split.pieces {
            let base = piece.vertices[0];
            assert_eq!(piece.vertices, vec![base, base + 1, base + 2]);
            assert_eq!(piece.pairs.len(), 1);
            let mut pair = piece.pairs[0];
            pair.sort_unstable();
            assert_eq!(pair, [base, base + 1]);
        }
    }
}
