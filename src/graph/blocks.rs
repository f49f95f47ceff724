//! Blocks: large parts of a graph joined to the rest by a few edges, found around its hubs.
//!
//! Some hard graphs (families of the FHCP Challenge Set, docs/fhcp.md) are built of copies of
//! one graph, each with hubs of its own (one joined to all of it), the copies and a few other
//! vertices joined by four or five edges each. A Hamiltonian cycle crosses such a part's edges
//! to the rest an even number of times, so it passes through the part as one path between two
//! of them, or as two paths; each part is a much smaller problem than the whole.
//!
//! The parts are found from the hubs, in two ways, each a division of the graph into groups:
//!
//! - **pieces around hubs**: without the vertices of more than [`HUB_DEGREE`] edges the graph
//!   falls into pieces, each a group;
//! - **hub neighbourhoods**, at a level of degree: each vertex of that degree or more is a
//!   group with the vertices of lower degree joined to it and to no other such vertex (where a
//!   copy's own hub is joined to all of it, and its smaller hubs' pieces reach into the other
//!   copies).
//!
//! Then every vertex left out joins the group that holds more than half of its neighbours, as
//! long as one does; each group of [`BLOCK_FROM`] vertices or more is a block when at most
//! [`MOST_PORTS`] edges join it to the rest. Each division is linear in the graph.
//!
//! A wide hub, joined to more than half of the graph (as a copy's own hub is in the problem of
//! a path through that copy), is set apart first: it is in no block, and its edges are not
//! ports. A cycle passes through it once, from any vertex joined to it to any other, so a block
//! may leave by it from any of its vertices joined to it.

use crate::core::adjacency::Vertex;
use crate::core::piece::MoveGraph;

/// The degree above which a vertex is a hub.
pub(crate) const HUB_DEGREE: usize = 10;

/// The fewest vertices a block has.
pub(crate) const BLOCK_FROM: usize = 32;

/// The most edges that join a block to the rest.
pub(crate) const MOST_PORTS: usize = 6;

/// The most levels of degree whose hub neighbourhoods are tried, from the highest.
const MOST_LEVELS: usize = 16;

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
    /// The edges between it and the rest, in order of their inside end, then outside end;
    /// not those to wide hubs.
    pub(crate) ports: Vec<Port>,
    /// The wide hubs joined to it (each may take one or both of its edges in the block).
    pub(crate) wide_hubs: Vec<Vertex>,
}

/// The blocks of one division of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Division {
    /// The blocks.
    pub(crate) blocks: Vec<Block>,
    /// Which block holds each vertex (`None` for the vertices outside every block).
    pub(crate) block_of: Vec<Option<u32>>,
    /// The vertices joined to more than half of the graph, outside every block.
    pub(crate) wide_hubs: Vec<Vertex>,
}

/// The divisions of `graph` (vertices `0..graph.len()`) into blocks, in the order worth trying
/// them: the pieces around its hubs, then its hub neighbourhoods from the highest level of
/// degree down (at most [`MOST_LEVELS`] of them); none when it has no hub. A division may have
/// no block, when no group is joined to the rest by few enough edges. Its wide hubs (joined to
/// more than half of the graph) are left out of every block, and their edges are not ports.
pub(crate) fn divisions(graph: &MoveGraph) -> Vec<Division> {
    let wide_hubs: Vec<Vertex> = (0..graph.len() as Vertex)
        .filter(|&vertex| 2 * graph.degree(vertex) > graph.len())
        .collect();
    let is_wide = |vertex: Vertex| wide_hubs.binary_search(&vertex).is_ok();
    let narrow_edges: Vec<(Vertex, Vertex)> = graph
        .edges()
        .filter(|&(a, b)| !is_wide(a) && !is_wide(b))
        .collect();
    let narrow = MoveGraph::from_edges(graph.len(), &narrow_edges);
    let mut levels: Vec<usize> = (0..narrow.len() as Vertex)
        .map(|vertex| narrow.degree(vertex))
        .filter(|&degree| degree > HUB_DEGREE)
        .collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    levels.truncate(MOST_LEVELS);
    let pieces = (!levels.is_empty()).then(|| pieces_around_hubs(&narrow));
    pieces
        .into_iter()
        .chain(
            levels
                .into_iter()
                .map(|level| hub_neighbourhoods(&narrow, level)),
        )
        .map(|mut group_of| {
            absorb(&narrow, &mut group_of);
            divide(graph, &narrow, &group_of, &wide_hubs)
        })
        .collect()
}

/// The pieces of `graph` without its hubs, numbered: each vertex's piece, `None` for the hubs.
fn pieces_around_hubs(graph: &MoveGraph) -> Vec<Option<u32>> {
    let vertex_count = graph.len();
    let is_hub = |vertex: Vertex| graph.degree(vertex) > HUB_DEGREE;
    let mut piece_of: Vec<Option<u32>> = vec![None; vertex_count];
    let mut pieces = 0;
    for first in 0..vertex_count as Vertex {
        if is_hub(first) || piece_of[first as usize].is_some() {
            continue;
        }
        piece_of[first as usize] = Some(pieces);
        let mut stack = vec![first];
        while let Some(vertex) = stack.pop() {
            for &next in graph.neighbours(vertex) {
                if !is_hub(next) && piece_of[next as usize].is_none() {
                    piece_of[next as usize] = Some(pieces);
                    stack.push(next);
                }
            }
        }
        pieces += 1;
    }
    piece_of
}

/// The neighbourhoods of the hubs of `graph` of degree `level` or more, numbered: each such
/// hub's group, and that of each vertex of lower degree joined to exactly one of them; `None`
/// for the other vertices.
fn hub_neighbourhoods(graph: &MoveGraph, level: usize) -> Vec<Option<u32>> {
    let vertex_count = graph.len();
    let is_hub = |vertex: Vertex| graph.degree(vertex) >= level;
    let mut group_of: Vec<Option<u32>> = vec![None; vertex_count];
    let hubs = (0..vertex_count as Vertex).filter(|&vertex| is_hub(vertex));
    for (group, hub) in hubs.enumerate() {
        group_of[hub as usize] = Some(group as u32);
    }
    for vertex in (0..vertex_count as Vertex).filter(|&vertex| !is_hub(vertex)) {
        let mut hubs = graph
            .neighbours(vertex)
            .iter()
            .filter(|&&next| is_hub(next));
        if let (Some(&hub), None) = (hubs.next(), hubs.next()) {
            group_of[vertex as usize] = group_of[hub as usize];
        }
    }
    group_of
}

/// Every vertex of `graph` without a group joins the group that holds more than half of its
/// neighbours, until none is left that can.
fn absorb(graph: &MoveGraph, group_of: &mut [Option<u32>]) {
    let mut waiting: Vec<Vertex> = (0..graph.len() as Vertex)
        .filter(|&vertex| group_of[vertex as usize].is_none())
        .collect();
    waiting.reverse();
    while let Some(vertex) = waiting.pop() {
        if group_of[vertex as usize].is_some() {
            continue;
        }
        if let Some(group) = majority_group(graph, group_of, vertex) {
            group_of[vertex as usize] = Some(group);
            let left_out = graph
                .neighbours(vertex)
                .iter()
                .filter(|&&next| group_of[next as usize].is_none());
            waiting.extend(left_out);
        }
    }
}

/// The group that holds more than half of the neighbours of `vertex`, if one does (a vote in
/// one pass, then a count to confirm it).
fn majority_group(graph: &MoveGraph, group_of: &[Option<u32>], vertex: Vertex) -> Option<u32> {
    let neighbours = graph.neighbours(vertex);
    let (mut candidate, mut lead) = (None, 0usize);
    for &next in neighbours {
        let group = group_of[next as usize];
        if lead == 0 {
            (candidate, lead) = (group, 1);
        } else if group == candidate {
            lead += 1;
        } else {
            lead -= 1;
        }
    }
    let candidate = candidate?;
    let votes = neighbours
        .iter()
        .filter(|&&next| group_of[next as usize] == Some(candidate))
        .count();
    (2 * votes > neighbours.len()).then_some(candidate)
}

/// The blocks of the groups `group_of` of `narrow` (`graph` without the edges of its
/// `wide_hubs`): each group of [`BLOCK_FROM`] vertices or more, not the whole graph, joined to
/// the rest by 2 to [`MOST_PORTS`] edges of `narrow`.
fn divide(
    graph: &MoveGraph,
    narrow: &MoveGraph,
    group_of: &[Option<u32>],
    wide_hubs: &[Vertex],
) -> Division {
    let vertex_count = graph.len();
    let group_count = group_of
        .iter()
        .flatten()
        .max()
        .map_or(0, |&last| last as usize + 1);
    let mut groups: Vec<Vec<Vertex>> = vec![Vec::new(); group_count];
    for (vertex, group) in group_of.iter().enumerate() {
        if let Some(group) = group {
            groups[*group as usize].push(vertex as Vertex);
        }
    }
    let mut block_of: Vec<Option<u32>> = vec![None; vertex_count];
    let mut blocks = Vec::new();
    for (group, vertices) in groups.into_iter().enumerate() {
        if vertices.len() < BLOCK_FROM || vertices.len() == vertex_count {
            continue;
        }
        let ports: Vec<Port> = vertices
            .iter()
            .flat_map(|&vertex| {
                narrow
                    .neighbours(vertex)
                    .iter()
                    .filter(|&&next| group_of[next as usize] != Some(group as u32))
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
            let joined_wide_hubs = wide_hubs
                .iter()
                .copied()
                .filter(|&hub| {
                    graph
                        .neighbours(hub)
                        .iter()
                        .any(|&next| group_of[next as usize] == Some(group as u32))
                })
                .collect();
            blocks.push(Block {
                vertices,
                ports,
                wide_hubs: joined_wide_hubs,
            });
        }
    }
    Division {
        blocks,
        block_of,
        wide_hubs: wide_hubs.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::generate::{hubbed_copies, CopyLinks};

    /// The first division with blocks of the graph of `edges`.
    fn first_with_blocks(edges: &[(Vertex, Vertex)], vertex_count: usize) -> Option<Division> {
        let graph = MoveGraph::from_edges(vertex_count, edges);
        divisions(&graph)
            .into_iter()
            .find(|division| !division.blocks.is_empty())
    }

    #[test]
    fn each_copy_with_its_hub_is_a_block_joined_by_its_four_edges() {
        let copies = hubbed_copies(4, CopyLinks::Hubs).unwrap();
        let division = first_with_blocks(&copies.edges, 168).unwrap();
        assert_eq!(division.blocks.len(), 4);
        for (number, block) in division.blocks.iter().enumerate() {
            let first = 42 * number as u32;
            assert_eq!(block.vertices, (first..first + 42).collect::<Vec<_>>());
            assert_eq!(block.ports.len(), 4, "{:?}", block.ports);
            assert!(block
                .vertices
                .iter()
                .all(|&v| division.block_of[v as usize] == Some(number as u32)));
        }
    }

    /// Copies whose cycles are joined too make one piece around the hubs, the whole graph: no
    /// block there; the neighbourhood of each copy's hub joined to all of it, with the copy's
    /// smaller hub, is a block joined by its six edges.
    #[test]
    fn copies_joined_beyond_their_hubs_are_the_neighbourhoods_of_their_largest_hubs() {
        let copies = hubbed_copies(4, CopyLinks::HubsAndCycles).unwrap();
        let graph = MoveGraph::from_edges(168, &copies.edges);
        let found = divisions(&graph);
        assert!(found[0].blocks.is_empty());
        let division = &found[1];
        assert_eq!(division.blocks.len(), 4);
        for (number, block) in division.blocks.iter().enumerate() {
            let first = 42 * number as u32;
            assert_eq!(block.vertices, (first..first + 42).collect::<Vec<_>>());
            assert_eq!(block.ports.len(), 6, "{:?}", block.ports);
        }
    }

    #[test]
    fn a_graph_without_hubs_has_no_division() {
        let ring: Vec<(Vertex, Vertex)> = (0..100).map(|v| (v, (v + 1) % 100)).collect();
        assert!(divisions(&MoveGraph::from_edges(100, &ring)).is_empty());
    }

    /// A vertex joined to every other is a wide hub: outside the blocks, its edges not ports,
    /// and named by each block it is joined to.
    #[test]
    fn a_vertex_joined_to_more_than_half_of_the_graph_is_set_apart_as_a_wide_hub() {
        let mut edges = hubbed_copies(4, CopyLinks::Hubs).unwrap().edges;
        edges.extend((0..168).map(|vertex| (vertex, 168)));
        let division = first_with_blocks(&edges, 169).unwrap();
        assert_eq!(division.wide_hubs, vec![168]);
        assert_eq!(division.block_of[168], None);
        assert_eq!(division.blocks.len(), 4);
        for block in &division.blocks {
            assert_eq!(block.vertices.len(), 42);
            assert_eq!(block.ports.len(), 4, "{:?}", block.ports);
            assert_eq!(block.wide_hubs, vec![168]);
        }
    }

    /// A vertex joins the group of more than half of its neighbours, and then its neighbours
    /// may join through it; a vertex split evenly joins none.
    #[test]
    fn vertices_left_out_join_the_group_of_most_of_their_neighbours() {
        // A path 0-1-2-3-4, 0 and 1 in group 0, 4 in group 1: 2 has half of its neighbours in
        // group 0, not more, and joins none. With 0 joined to 2 and 3 too, 2 joins group 0, and
        // then 3 through it.
        let path = MoveGraph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]);
        let mut even = vec![Some(0), Some(0), None, None, Some(1)];
        absorb(&path, &mut even);
        assert_eq!(even, vec![Some(0), Some(0), None, None, Some(1)]);
        let fan = MoveGraph::from_edges(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (0, 2), (0, 3)]);
        let mut leaning = vec![Some(0), Some(0), None, None, Some(1)];
        absorb(&fan, &mut leaning);
        assert_eq!(leaning, vec![Some(0), Some(0), Some(0), Some(0), Some(1)]);
    }
}
