//! A Hamiltonian cycle found piece by piece, where two-edge cuts split the graph
//! ([`crate::graph::two_edge_cuts`]).
//!
//! Every Hamiltonian cycle takes both edges of a cut of two, and passes through each piece
//! between the cuts as paths between the ends of each pair of cut edges at it. So each piece
//! is solved alone: its cycle, with a vertex more for each pair joined to the pair's two ends,
//! found by the engine that would have solved the whole graph (block by block, or raced); the
//! pieces' paths and the cut edges then close one cycle. The largest piece is often half the
//! graph or less, and the engine's time grows much faster than the graph.
//!
//! It only finds cycles: when a piece has no cycle, or none was found in time, the engine
//! solves the whole graph with what time is left, and every cycle is verified as always.

use super::{Answer, Limits, SatStats, Stats};
use crate::core::adjacency::Vertex;
use crate::core::piece::MoveGraph;
use crate::core::problem::TourShape;
use crate::core::tour::Tour;
use crate::graph::cycle::cycles_of_partners;
use crate::graph::problem::GraphProblem;
use crate::graph::two_edge_cuts::{split, Piece};

/// A Hamiltonian cycle of `problem` (closed, no fixed start) put together from its pieces
/// between two-edge cuts, if it has such cuts and every piece's cycle is found; `solve_piece`
/// is the engine each piece is solved by. With a cycle, `stats` gets the engine
/// `sat:two-edge-cuts` and the pieces' solves, conflicts and cuts summed. `None` (and `stats`
/// as it was) when the graph has no such cut or some piece gave no cycle.
pub(super) fn solve_by_two_edge_cuts(
    problem: &GraphProblem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
    solve_piece: impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Option<Tour> {
    if problem.shape != TourShape::Closed || problem.start.is_some() {
        return None;
    }
    let split = split(graph)?;
    let mut next_on_cycle: Vec<Vec<Vertex>> = vec![Vec::with_capacity(2); graph.len()];
    let mut join = |a: Vertex, b: Vertex| {
        next_on_cycle[a as usize].push(b);
        next_on_cycle[b as usize].push(a);
    };
    for &(a, b) in &split.forced {
        join(a, b);
    }
    let mut parts = SatStats {
        encoding: "two-edge-cuts".to_string(),
        ..SatStats::default()
    };
    let mut pieces: Vec<&Piece> = split.pieces.iter().collect();
    pieces.sort_by_key(|piece| piece.vertices.len());
    for piece in pieces {
        if let [vertex] = piece.vertices[..] {
            // Passed through: both its edges are cut edges.
            if piece.pairs != [[vertex, vertex]] {
                return None;
            }
            continue;
        }
        for (a, b) in piece_paths(graph, piece, limits, &mut parts, &solve_piece)? {
            join(a, b);
        }
    }
    let cycle = walk(&next_on_cycle)?;
    stats.engine = "sat:two-edge-cuts".to_string();
    stats.sat = Some(parts);
    Some(Tour::new(cycle))
}

/// The edges of the paths of a cycle through `piece` (of two vertices or more), each pair's
/// ends joined outside it: the cycle of the piece with a vertex more for each pair, joined to
/// its ends, less those vertices. `None` when a pair's ends are one vertex (no such cycle),
/// when that problem is no smaller than the graph (so that solving pieces always ends), or the
/// engine found none; its solves, conflicts and cuts are added to `parts`.
fn piece_paths(
    graph: &MoveGraph,
    piece: &Piece,
    limits: &Limits,
    parts: &mut SatStats,
    solve_piece: &impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Option<Vec<(Vertex, Vertex)>> {
    let vertices = &piece.vertices;
    if vertices.len() + piece.pairs.len() >= graph.len() {
        return None;
    }
    let local = |vertex: Vertex| vertices.binary_search(&vertex).ok().map(|at| at as Vertex);
    let mut edges = graph.induced_edges(vertices);
    for (number, &[a, b]) in piece.pairs.iter().enumerate() {
        if a == b {
            return None;
        }
        let joint = (vertices.len() + number) as Vertex;
        edges.push((local(a)?, joint));
        edges.push((local(b)?, joint));
    }
    let problem = GraphProblem::new(vertices.len() + piece.pairs.len(), edges, TourShape::Closed);
    let mut piece_stats = Stats::default();
    let answer = solve_piece(&problem, limits, &mut piece_stats);
    if let Some(sat) = &piece_stats.sat {
        parts.add_part_counts(sat);
    }
    let Answer::Found(cycle) = answer else {
        return None;
    };
    let cycle = cycle.squares();
    let in_piece = |vertex: Vertex| (vertex as usize) < vertices.len();
    let steps = cycle.iter().zip(cycle.iter().cycle().skip(1));
    Some(
        steps
            .filter(|&(&a, &b)| in_piece(a) && in_piece(b))
            .map(|(&a, &b)| (vertices[a as usize], vertices[b as usize]))
            .collect(),
    )
}

/// The cycle the edges at each vertex (`next_on_cycle`) close, from vertex 0; `None` unless
/// every vertex has two and they close one cycle through all.
fn walk(next_on_cycle: &[Vec<Vertex>]) -> Option<Vec<Vertex>> {
    let partners: Vec<[Vertex; 2]> = next_on_cycle
        .iter()
        .map(|next| <[Vertex; 2]>::try_from(&next[..]).ok())
        .collect::<Option<_>>()?;
    let mut cycles = cycles_of_partners(&partners);
    (cycles.len() == 1).then(|| cycles.pop().expect("one cycle"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sat;
    use crate::graph::generate::{generalized_petersen, joined_cubic};
    use crate::verify::graph::verify_graph_tour;

    /// The SAT engine's defaults, as each piece's engine.
    fn solve_with_defaults(problem: &GraphProblem, limits: &Limits, stats: &mut Stats) -> Answer {
        sat::search_graph(problem, &sat::SatOptions::default(), limits, stats)
    }

    /// [`solve_by_two_edge_cuts`] on `problem` without a limit, each piece by the SAT engine's
    /// defaults: its cycle and its statistics.
    fn solve_pieces(problem: &GraphProblem) -> (Option<Tour>, Stats) {
        let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
        let mut stats = Stats::default();
        let found = solve_by_two_edge_cuts(
            problem,
            &graph,
            &Limits::none(),
            &mut stats,
            solve_with_defaults,
        );
        (found, stats)
    }

    #[test]
    fn a_graph_of_parts_joined_by_two_edges_is_solved_piece_by_piece() {
        for (parts, seed) in [(2, 1), (3, 2), (5, 3)] {
            let problem = joined_cubic(parts, 40, seed).unwrap();
            let (found, stats) = solve_pieces(&problem);
            let tour = found.expect("a cycle piece by piece");
            verify_graph_tour(&problem, &tour).unwrap();
            assert_eq!(stats.engine, "sat:two-edge-cuts");
            assert_eq!(stats.sat.unwrap().encoding, "two-edge-cuts");
        }
    }

    #[test]
    fn a_graph_without_two_edge_cuts_is_left_to_the_whole_graphs_engine() {
        let problem = generalized_petersen(12, 2).unwrap();
        let (found, stats) = solve_pieces(&problem);
        assert_eq!(found, None);
        assert_eq!(stats.engine, "");
    }

    #[test]
    fn a_piece_without_a_cycle_gives_no_cycle() {
        // GP(11, 2), which has no Hamiltonian cycle (so none through its edge 0 1), less that
        // edge, joined by two edges to the cube less its edge 0 1: its vertices 0 and 1 to the
        // cube's (numbered from 22).
        let petersen = generalized_petersen(11, 2).unwrap();
        let mut edges: Vec<(Vertex, Vertex)> = petersen
            .edges
            .iter()
            .copied()
            .filter(|&edge| edge != (0, 1))
            .collect();
        let cube = [(1, 2), (2, 3), (0, 3), (4, 5), (5, 6), (6, 7), (4, 7)]
            .into_iter()
            .chain([(0, 4), (1, 5), (2, 6), (3, 7)]);
        edges.extend(cube.map(|(a, b)| (22 + a, 22 + b)));
        edges.extend([(0, 22), (1, 23)]);
        let problem = GraphProblem::new(30, edges, TourShape::Closed);
        assert_eq!(solve_pieces(&problem).0, None);
    }
}
