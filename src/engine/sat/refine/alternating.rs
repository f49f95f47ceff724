//! Alternating corridors: where a cycle's window is counted out, the shortest exchange along an
//! alternating cycle that lets the cycle's piece be left.
//!
//! On a piece that alternates colours, a window around a cycle is counted out when the free
//! edges that lie in some subgraph with the window's degrees leave the cycle's piece nowhere
//! (see `Window::pieces` in [`super::local`]): every such subgraph keeps the edges that cross
//! the window's boundary, and their colours then forbid the piece to be left. The whole graph
//! may still leave it, by an exchange along an alternating cycle (edges in and out of the
//! 2-factor by turns) that passes the boundary: a residual cycle of the 2-factor as a flow from
//! side 0 to side 1 (as for sealed regions, see [`crate::engine::proof::regions`]). Such a cycle keeps
//! every vertex's degree; one through a move that leaves the piece makes that move usable.
//!
//! The search gives the shortest such residual cycle over every move that leaves the piece
//! inside the window. The local repair first exchanges it into the 2-factor and joins the
//! cycles by 2-opt; where that does not serve, its vertices are a corridor: a window around the
//! cycle and the corridor holds the exchange, so its formula has a model that leaves the piece,
//! and the window is not counted out for that move; whether a model joins the cycle is the
//! window's solve to find out. The
//! virtual vertex of an open tour is split in two halves, as the flow splits it
//! ([`split_virtual_vertex`]), so the residual cycles keep the colours of the path's ends.

use crate::engine::proof::regions::{residual_arc_leaves, split_virtual_vertex};
use crate::graph::cycle::{CycleGraph, Vertex};
use std::collections::VecDeque;

/// The most vertices one search for a residual cycle visits before it gives up on its move.
const MAX_VISITS: usize = 200_000;

/// An alternating cycle: edges in and out of a 2-factor by turns.
#[derive(Debug, Clone)]
pub(super) struct AlternatingCycle {
    /// Its vertices, each once, in order of number.
    pub vertices: Vec<Vertex>,
    /// Its edges: exchanging them (those held for those not) gives another 2-factor.
    pub edges: Vec<u32>,
}

/// A shortest residual cycle of the 2-factor `held` (a flag per edge of `graph`, whose vertices
/// have the `side`s of its 2-colouring) through one of the `leaving` edges (not held), in the
/// graph of the edges that are not `protected`; the virtual vertex stands for either half of
/// it. None when no search finds one within [`MAX_VISITS`].
pub(super) fn alternating_corridor(
    graph: &CycleGraph,
    side: &[u8],
    held: &[bool],
    protected: &[bool],
    leaving: &[u32],
) -> Option<AlternatingCycle> {
    let free: Vec<u32> = (0..graph.edges().len() as u32)
        .filter(|&edge| !protected[edge as usize])
        .collect();
    let mut split_index = vec![u32::MAX; graph.edges().len()];
    for (index, &edge) in free.iter().enumerate() {
        split_index[edge as usize] = index as u32;
    }
    let (split, split_side) = split_virtual_vertex(graph, side, &free);
    let factor: Vec<bool> = free.iter().map(|&edge| held[edge as usize]).collect();
    let mut search = ResidualSearch::new(&split, &split_side, &factor);
    let mut shortest: Option<(Vec<Vertex>, Vec<u32>)> = None;
    for &edge in leaving {
        let index = split_index[edge as usize];
        if index == u32::MAX || held[edge as usize] {
            continue;
        }
        let (a, b) = split.edges()[index as usize];
        let (tail, head) = match residual_arc_leaves(split_side[a as usize], false) {
            true => (a, b),
            false => (b, a),
        };
        // A path back from the arc's head to its tail closes the cycle.
        let bound = shortest.as_ref().map_or(usize::MAX, |(path, _)| path.len());
        if let Some((path, mut edges)) = search.shortest_path(head, tail, bound) {
            edges.push(index);
            shortest = Some((path, edges));
        }
    }
    let (path, split_edges) = shortest?;
    let count = graph.vertex_count();
    let hub = graph.virtual_vertex();
    let mut vertices: Vec<Vertex> = path
        .into_iter()
        .filter_map(|vertex| match (vertex as usize) < count {
            true => Some(vertex),
            false => hub,
        })
        .collect();
    vertices.sort_unstable();
    vertices.dedup();
    let edges = split_edges
        .into_iter()
        .map(|index| free[index as usize])
        .collect();
    Some(AlternatingCycle { vertices, edges })
}

/// Breadth-first searches along the arcs of a residual graph, reusing their marks.
struct ResidualSearch<'a> {
    graph: &'a CycleGraph,
    side: &'a [u8],
    factor: &'a [bool],
    /// The vertex and edge each visited vertex was reached from, valid where `visited` holds
    /// the current search's number.
    came_from: Vec<(Vertex, u32)>,
    visited: Vec<u32>,
    search_number: u32,
}

impl<'a> ResidualSearch<'a> {
    fn new(graph: &'a CycleGraph, side: &'a [u8], factor: &'a [bool]) -> ResidualSearch<'a> {
        let count = graph.vertex_count();
        ResidualSearch {
            graph,
            side,
            factor,
            came_from: vec![(0, 0); count],
            visited: vec![0; count],
            search_number: 0,
        }
    }

    /// The vertices (`from` first) and edges of a shortest residual path from `from` to `to`
    /// with fewer than `bound` vertices; none when there is none, or the search visits
    /// [`MAX_VISITS`] vertices first.
    fn shortest_path(
        &mut self,
        from: Vertex,
        to: Vertex,
        bound: usize,
    ) -> Option<(Vec<Vertex>, Vec<u32>)> {
        self.search_number += 1;
        let number = self.search_number;
        self.visited[from as usize] = number;
        let mut queue = VecDeque::from([(from, 1usize)]);
        let mut visits = 0;
        while let Some((vertex, length)) = queue.pop_front() {
            if vertex == to {
                let (mut path, mut edges) = (vec![to], Vec::new());
                let mut at = to;
                while at != from {
                    let (previous, edge) = self.came_from[at as usize];
                    edges.push(edge);
                    path.push(previous);
                    at = previous;
                }
                path.reverse();
                return Some((path, edges));
            }
            visits += 1;
            if visits > MAX_VISITS || length + 1 >= bound {
                continue;
            }
            let vertex_side = self.side[vertex as usize];
            for &(next, edge) in self.graph.incident(vertex) {
                let leaves = residual_arc_leaves(vertex_side, self.factor[edge as usize]);
                if leaves && self.visited[next as usize] != number {
                    self.visited[next as usize] = number;
                    self.came_from[next as usize] = (vertex, edge);
                    queue.push_back((next, length + 1));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::core::problem::{Problem, TourShape};
    use crate::engine::flow::factor::{factor_cycles, square_sides, two_factor};
    use crate::engine::proof::regions::edges_in_some_factor;

    /// On every blocked pattern of a 4 x 4 board, for the knight and the rook, closed, open,
    /// and open from the first free square: an alternating cycle is found through exactly the
    /// unchosen edges that lie in some subgraph with the 2-factor's degrees (and no forced
    /// edge is exchanged), and exchanging it gives a 2-factor that holds the edge.
    #[test]
    fn an_alternating_cycle_is_found_through_every_edge_some_factor_holds() {
        let (mut found, mut refused) = (0, 0);
        for board in every_blocked_pattern(4, 4) {
            let Some(first) = board.free_squares().next() else {
                continue;
            };
            for piece in [Piece::Knight, Piece::Rook] {
                let open = Problem::new(board.clone(), piece, TourShape::Open);
                let closed = Problem::new(board.clone(), piece, TourShape::Closed);
                for problem in [closed, open.clone().with_start(first), open] {
                    let flow = |graph: &CycleGraph| two_factor(graph).ok();
                    let Some((_, graph, _)) = factor_cycles(&problem, flow) else {
                        continue;
                    };
                    let held = two_factor(&graph).expect("a 2-factor");
                    let protected = graph.forced_edge_flags();
                    let side = square_sides(&graph).expect("a piece that alternates colours");
                    let free: Vec<u32> = (0..graph.edges().len() as u32)
                        .filter(|&edge| !protected[edge as usize])
                        .collect();
                    let (split, split_side) = split_virtual_vertex(&graph, &side, &free);
                    let factor: Vec<bool> = free.iter().map(|&edge| held[edge as usize]).collect();
                    let usable = edges_in_some_factor(&split, &split_side, &factor);
                    for (&edge, &usable) in free.iter().zip(&usable) {
                        if held[edge as usize] {
                            continue;
                        }
                        let cycle = alternating_corridor(&graph, &side, &held, &protected, &[edge]);
                        assert_eq!(cycle.is_some(), usable, "{board}{piece} {edge}");
                        let Some(cycle) = cycle else {
                            refused += 1;
                            continue;
                        };
                        assert!(cycle.edges.contains(&edge));
                        let mut exchanged = held.clone();
                        for &through in &cycle.edges {
                            assert!(!protected[through as usize], "{board}{piece}");
                            exchanged[through as usize] = !exchanged[through as usize];
                        }
                        assert!(
                            graph.cycles_of_edges(&exchanged).is_some(),
                            "{board}{piece}"
                        );
                        let mut ends: Vec<Vertex> = cycle
                            .edges
                            .iter()
                            .flat_map(|&through| {
                                let (a, b) = graph.edges()[through as usize];
                                [a, b]
                            })
                            .collect();
                        ends.sort_unstable();
                        ends.dedup();
                        assert_eq!(ends, cycle.vertices, "{board}{piece}");
                        found += 1;
                    }
                }
            }
        }
        assert!(
            found >= 10_000 && refused >= 1_000,
            "{found} found, {refused} refused"
        );
    }
}
