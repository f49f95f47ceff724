//! Blocks: large parts of a graph joined to the rest by a few edges, found around its hubs.
//!
//! Some hard graphs (a family of the FHCP Challenge Set, docs/fhcp.md) are built of copies of
//! one graph, each with hubs of its own (one joined to all of it), the copies and a few other
//! vertices joined by four or five edges each. A Hamiltonian cycle crosses such a part's edges
//! to the rest an even number of times, so it passes through the part as one path between two
//! of them, or as two paths; each part is a much smaller problem than the whole.
//!
//! The parts are found from the hubs (vertices of more than [`HUB_DEGREE`] edges): without
//! them the graph falls into pieces, and each piece of [`BLOCK_FROM`] vertices or more, with
//! the hubs that have most of their edges in it, is a block when at most [`MOST_PORTS`] edges
//! join it to the rest. Linear in the graph, but for a sort of each hub's neighbours' pieces.

use crate::core::adjacency::Vertex;
use crate::core::piece::MoveGraph;

/// The degree above which a vertex is a hub.
pub(crate) const HUB_DEGREE: usize = 10;

/// The fewest vertices a block has.
pub(crate) const BLOCK_FROM: usize = 32;

/// The most edges that join a block to the rest.
pub(crate) const MOST_PORTS: usize = 6;

/// An edge from a block to the rest of the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Port {
    /// Its end in the block.
    pub(crate) inside: Vertex,
    /// Its end outside.
    pub(crate) outside: Vertex,
}

/// A block: its vertices and the edges that join it to the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Block {
    /// Its vertices, in increasing order.
    pub(crate) vertices: Vec<Vertex>,
    /// The edges between it and the rest, in order of their inside end, then outside end.
    pub(crate) ports: Vec<Port>,
}

/// The blocks of `graph` (vertices `0..graph.len()`), and which block holds each vertex
/// (`None` for the vertices outside every block); no block when the graph has no hub, or no
/// piece is joined to the rest by few enough edges.
pub(crate) fn blocks(graph: &MoveGraph) -> (Vec<Block>, Vec<Option<u32>>) {
    let vertex_count = graph.len();
    let is_hub: Vec<bool> = (0..vertex_count as Vertex)
        .map(|vertex| graph.degree(vertex) > HUB_DEGREE)
        .collect();
    let mut piece_of: Vec<Option<u32>> = vec![None; vertex_count];
    let mut pieces: Vec<Vec<Vertex>> = Vec::new();
    if is_hub.iter().any(|&hub| hub) {
        for first in 0..vertex_count as Vertex {
            if is_hub[first as usize] || piece_of[first as usize].is_some() {
                continue;
            }
            let number = pieces.len() as u32;
            piece_of[first as usize] = Some(number);
            let (mut piece, mut stack) = (Vec::new(), vec![first]);
            while let Some(vertex) = stack.pop() {
                piece.push(vertex);
                for &next in graph.neighbours(vertex) {
                    if !is_hub[next as usize] && piece_of[next as usize].is_none() {
                        piece_of[next as usize] = Some(number);
                        stack.push(next);
                    }
                }
            }
            pieces.push(piece);
        }
    }
    // Each hub joins the piece that holds more than half of its neighbours.
    for hub in (0..vertex_count as Vertex).filter(|&vertex| is_hub[vertex as usize]) {
        let neighbours = graph.neighbours(hub);
        let mut pieces_around: Vec<u32> = neighbours
            .iter()
            .filter_map(|&next| piece_of[next as usize])
            .collect();
        pieces_around.sort_unstable();
        let most = pieces_around
            .chunk_by(|a, b| a == b)
            .max_by_key(|run| run.len());
        if let Some(run) = most.filter(|run| 2 * run.len() > neighbours.len()) {
            pieces[run[0] as usize].push(hub);
        }
    }
    let mut block_of: Vec<Option<u32>> = vec![None; vertex_count];
    let mut blocks = Vec::new();
    for mut vertices in pieces {
        if vertices.len() < BLOCK_FROM || vertices.len() == vertex_count {
            continue;
        }
        vertices.sort_unstable();
        let inside = |vertex: Vertex| vertices.binary_search(&vertex).is_ok();
        let ports: Vec<Port> = vertices
            .iter()
            .flat_map(|&vertex| {
                graph
                    .neighbours(vertex)
                    .iter()
                    .filter(|&&next| !inside(next))
                    .map(move |&outside| Port {
                        inside: vertex,
                        outside,
                    })
            })
            .take(MOST_PORTS + 1)
            .collect();
        if (2..=MOST_PORTS).contains(&ports.len()) {
            for &vertex in &vertices {
                block_of[vertex as usize] = Some(blocks.len() as u32);
            }
            blocks.push(Block { vertices, ports });
        }
    }
    (blocks, block_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::generate::hubbed_copies;

    #[test]
    fn each_copy_with_its_hub_is_a_block_joined_by_its_four_edges() {
        let copies = hubbed_copies(4).unwrap();
        let (blocks, block_of) = blocks(&MoveGraph::from_edges(168, &copies.edges));
        assert_eq!(blocks.len(), 4);
        for (number, block) in blocks.iter().enumerate() {
            let first = 42 * number as u32;
            assert_eq!(block.vertices, (first..first + 42).collect::<Vec<_>>());
            assert_eq!(block.ports.len(), 4, "{:?}", block.ports);
            assert!(block
                .vertices
                .iter()
                .all(|&v| block_of[v as usize] == Some(number as u32)));
        }
    }

    #[test]
    fn a_graph_without_hubs_has_no_block() {
        let ring: Vec<(Vertex, Vertex)> = (0..100).map(|v| (v, (v + 1) % 100)).collect();
        let (blocks, block_of) = blocks(&MoveGraph::from_edges(100, &ring));
        assert!(blocks.is_empty());
        assert!(block_of.iter().all(Option::is_none));
    }
}
