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
//! A piece whose engine proves that it has no such cycle (the SAT solver's refutation, or no
//! 2-factor) proves that the graph has no Hamiltonian cycle, once each of its pairs is checked
//! to split the graph and together they are every edge that leaves the piece
//! ([`Impossibility::PieceWithoutPassage`]). When a piece gives no cycle otherwise, or none in
//! time, the engine solves the whole graph with what time is left, and every cycle is verified
//! as always.

use super::{Answer, Impossibility, Limits, PieceProof, SatStats, Stats};
use crate::core::adjacency::{component_numbers, Vertex};
use crate::core::piece::MoveGraph;
use crate::core::problem::TourShape;
use crate::core::tour::Tour;
use crate::graph::cycle::cycles_of_partners;
use crate::graph::problem::GraphProblem;
use crate::graph::two_edge_cuts::{split, Piece};

/// The answer of `problem` (closed, no fixed start) from its pieces between two-edge cuts, if
/// it has such cuts: a Hamiltonian cycle put together from every piece's, or no tour when a
/// piece has no passage (see the module's documentation); `solve_piece` is the engine each
/// piece is solved by. With an answer, `stats` gets the engine `sat:two-edge-cuts` and the
/// pieces' solves, conflicts and cuts summed. `None` (and `stats` as it was) when the graph has
/// no such cut, or some piece gave neither.
pub(super) fn solve_by_two_edge_cuts(
    problem: &GraphProblem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
    solve_piece: impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Option<Answer> {
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
    let mut answer = None;
    for piece in pieces {
        if let [vertex] = piece.vertices[..] {
            // Passed through: both its edges are cut edges.
            if piece.pairs != [[vertex, vertex]] {
                return None;
            }
            continue;
        }
        match piece_paths(graph, piece, limits, &mut parts, &solve_piece)? {
            Passage::Paths(paths) => paths.into_iter().for_each(|(a, b)| join(a, b)),
            Passage::Refuted(within) => {
                let proof = checked_cut_off(graph, piece, &split.forced, within)?;
                answer = Some(Answer::NoTour(Impossibility::PieceWithoutPassage(proof)));
                break;
            }
        }
    }
    let answer = match answer {
        Some(no_tour) => no_tour,
        None => Answer::Found(Tour::new(walk(&next_on_cycle)?)),
    };
    stats.engine = "sat:two-edge-cuts".to_string();
    stats.sat = Some(parts);
    Some(answer)
}

/// What a piece's engine found of its passage.
enum Passage {
    /// The edges of the paths of a cycle through the piece.
    Paths(Vec<(Vertex, Vertex)>),
    /// A proof that the piece, with a vertex for each pair, has no Hamiltonian cycle: one that
    /// names no vertex (so it holds in the graph's numbers too).
    Refuted(Impossibility),
}

/// The proof that `piece` has no passage, once checked from `graph` itself (the labels that
/// found the cuts are random): the edges leaving the piece are cut edges (`cut_edges`), in
/// pairs of which each splits the graph with the piece on one side, and those pairs' ends in
/// the piece are the piece's pairs, whose problem `within` refutes. `None` when a check fails.
fn checked_cut_off(
    graph: &MoveGraph,
    piece: &Piece,
    cut_edges: &[(Vertex, Vertex)],
    within: Impossibility,
) -> Option<PieceProof> {
    let vertices = &piece.vertices;
    let inside = |vertex: Vertex| vertices.binary_search(&vertex).is_ok();
    let leaving: Vec<(Vertex, Vertex)> = vertices
        .iter()
        .flat_map(|&a| {
            graph
                .neighbours(a)
                .iter()
                .filter(move |&&b| !inside(b))
                .map(move |&b| (a, b))
        })
        .collect();
    let is_cut_edge =
        |(a, b): (Vertex, Vertex)| cut_edges.contains(&(a, b)) || cut_edges.contains(&(b, a));
    if leaving.is_empty() || !leaving.iter().all(|&edge| is_cut_edge(edge)) {
        return None;
    }
    // Each edge leaving is paired with the one whose removal, with it, cuts the piece off.
    let mut pairs = Vec::new();
    let mut paired = vec![false; leaving.len()];
    for first in 0..leaving.len() {
        if paired[first] {
            continue;
        }
        let second = (first + 1..leaving.len()).find(|&second| {
            !paired[second] && cuts_off(graph, vertices[0], [leaving[first], leaving[second]])
        })?;
        paired[first] = true;
        paired[second] = true;
        pairs.push([leaving[first], leaving[second]]);
    }
    let unordered = |[a, b]: [Vertex; 2]| [a.min(b), a.max(b)];
    let mut checked_ends: Vec<[Vertex; 2]> = pairs
        .iter()
        .map(|&[(a, _), (b, _)]| unordered([a, b]))
        .collect();
    let mut piece_ends: Vec<[Vertex; 2]> =
        piece.pairs.iter().map(|&pair| unordered(pair)).collect();
    checked_ends.sort_unstable();
    piece_ends.sort_unstable();
    if checked_ends != piece_ends {
        return None;
    }
    Some(PieceProof {
        vertices: vertices.to_vec(),
        pairs,
        within: Box::new(within),
    })
}

/// Whether removing the two `edges` (each from inside to outside) leaves their outer ends in
/// other components of `graph` than `inside`.
fn cuts_off(graph: &MoveGraph, inside: Vertex, edges: [(Vertex, Vertex); 2]) -> bool {
    let removed = |a: Vertex, b: Vertex| {
        edges
            .iter()
            .any(|&(x, y)| (a, b) == (x, y) || (a, b) == (y, x))
    };
    let component = component_numbers(graph.len(), |vertex| {
        graph
            .neighbours(vertex)
            .iter()
            .copied()
            .filter(move |&next| !removed(vertex, next))
    });
    edges
        .iter()
        .all(|&(_, outside)| component[outside as usize] != component[inside as usize])
}

/// The passage through `piece` (of two vertices or more), each pair's ends joined outside it:
/// the edges of the paths of the cycle of the piece with a vertex more for each pair, joined to
/// its ends, less those vertices; or the engine's proof that there is no such cycle, when it
/// names no vertex. `None` when a pair's ends are one vertex, when that problem is no smaller
/// than the graph (so that solving pieces always ends), or the engine found neither; its
/// solves, conflicts and cuts are added to `parts`.
fn piece_paths(
    graph: &MoveGraph,
    piece: &Piece,
    limits: &Limits,
    parts: &mut SatStats,
    solve_piece: &impl Fn(&GraphProblem, &Limits, &mut Stats) -> Answer,
) -> Option<Passage> {
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
    let cycle = match answer {
        Answer::Found(cycle) => cycle,
        Answer::NoTour(why @ (Impossibility::Unsatisfiable | Impossibility::NoTwoFactor)) => {
            return Some(Passage::Refuted(why));
        }
        Answer::NoTour(_) | Answer::Stopped(_) => return None,
    };
    let cycle = cycle.squares();
    let in_piece = |vertex: Vertex| (vertex as usize) < vertices.len();
    let steps = cycle.iter().zip(cycle.iter().cycle().skip(1));
    Some(Passage::Paths(
        steps
            .filter(|&(&a, &b)| in_piece(a) && in_piece(b))
            .map(|(&a, &b)| (vertices[a as usize], vertices[b as usize]))
            .collect(),
    ))
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
    /// defaults: its answer and its statistics.
    fn solve_pieces(problem: &GraphProblem) -> (Option<Answer>, Stats) {
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
            let Some(Answer::Found(tour)) = found else {
                panic!("no cycle piece by piece: {found:?}");
            };
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

    /// GP(11, 2), which has no Hamiltonian cycle (so none through its edge 0 1), less that
    /// edge, joined by two edges to the cube less its edge 0 1: its vertices 0 and 1 to the
    /// cube's (numbered from 22).
    fn petersen_joined_to_the_cube() -> GraphProblem {
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
        GraphProblem::new(30, edges, TourShape::Closed)
    }

    #[test]
    fn a_piece_without_a_passage_proves_that_the_graph_has_no_cycle() {
        let problem = petersen_joined_to_the_cube();
        let (answer, stats) = solve_pieces(&problem);
        let Some(Answer::NoTour(Impossibility::PieceWithoutPassage(proof))) = answer else {
            panic!("no proof from the pieces: {answer:?}");
        };
        assert_eq!(proof.vertices, (0..22).collect::<Vec<Vertex>>());
        assert_eq!(proof.pairs, [[(0, 22), (1, 23)]]);
        assert_eq!(*proof.within, Impossibility::Unsatisfiable);
        assert_eq!(stats.engine, "sat:two-edge-cuts");
        // The whole graph's formula agrees.
        let whole = sat::search_graph(
            &problem,
            &sat::SatOptions::default(),
            &Limits::none(),
            &mut Stats::default(),
        );
        assert_eq!(whole, Answer::NoTour(Impossibility::Unsatisfiable));
    }

    #[test]
    fn pairs_that_do_not_split_the_graph_prove_nothing() {
        // The cube's top face 0 1 2 3 is joined to the bottom by four edges: no two of them
        // split the graph, whatever pairs a piece claims.
        let problem = generalized_petersen(4, 1).unwrap();
        let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
        let top = [0, 1, 2, 3];
        let spokes: Vec<(Vertex, Vertex)> = top.iter().map(|&v| (v, v + 4)).collect();
        for pairs in [vec![[0, 1], [2, 3]], vec![[0, 2], [1, 3]]] {
            let piece = Piece {
                vertices: top.to_vec(),
                pairs,
            };
            let proof = checked_cut_off(&graph, &piece, &spokes, Impossibility::Unsatisfiable);
            assert_eq!(proof, None);
        }
        // Two edges that do split it, but a piece that claims other ends, prove nothing either.
        let joined = petersen_joined_to_the_cube();
        let graph = MoveGraph::from_edges(joined.vertex_count, &joined.edges);
        let side = |pairs| Piece {
            vertices: (0..22).collect(),
            pairs,
        };
        let cut = [(0, 22), (1, 23)];
        let wrong = side(vec![[0, 2]]);
        assert_eq!(
            checked_cut_off(&graph, &wrong, &cut, Impossibility::NoTwoFactor),
            None
        );
        let right = side(vec![[1, 0]]);
        let proof = checked_cut_off(&graph, &right, &cut, Impossibility::NoTwoFactor).unwrap();
        assert_eq!(proof.pairs, [[(0, 22), (1, 23)]]);
    }
}
