//! 2-factors of any graph, bipartite or not: Tutte's reduction to a perfect matching.
//!
//! A 2-factor chooses exactly two edges at every vertex (its cycles may be odd). The graph is
//! turned into a gadget graph whose perfect matchings are its 2-factors, and the gadget is
//! matched by Edmonds' blossom algorithm (`matching`). At a vertex `v` of degree `d` the
//! gadget has
//!
//! - a *port* for each edge at `v`;
//! - `k` *inner* vertices, each joined to all of `v`'s ports: `k = d - 2` when `d <= 4` (a
//!   port matched to an inner vertex is an edge *left out*), `k = 2` when `d > 4` (a port
//!   matched to an inner vertex is an edge *chosen*). The first kind is Tutte's; the second
//!   keeps the gadget linear in the degree (`2d` edges, not `d (d - 2)`).
//!
//! An edge `uv` joins its two ports directly when `u` and `v` have gadgets of the same kind,
//! and through one *middle* vertex when not.
//!
//! Why the perfect matchings are the 2-factors: all `k` inner vertices of `v` are matched, to
//! `k` of its ports, so `v` has `d - (d - 2) = 2` chosen edges (first kind) or `k = 2` (second
//! kind). The two ends of an edge read it alike: a direct edge joins ports of the same kind,
//! matched either to each other or both inside; a middle vertex is matched to exactly one of
//! its two ports, one of each kind, which both read as the same choice. Conversely a 2-factor
//! gives the inner vertices of `v` the ports of its left-out (first kind) or chosen (second
//! kind) edges, and the ports left over are matched across their edges.
//!
//! A forced edge (an open tour's edge to a fixed end) is held in every perfect matching: its
//! port at a vertex of the first kind loses its edges to the inner vertices, and its port at a
//! vertex of the second kind loses its edge across, so each end can only read it as chosen.
//!
//! An open tour's ends split between two pockets ([`CycleGraph::end_pockets`]) split the
//! virtual vertex's inner vertices too: each pocket's ports get their own, all but one of them
//! (first kind) or one (second kind), so exactly one edge into each pocket is chosen.
//!
//! Size, for `n` vertices and `m` edges: `2m` ports, at most `2n` inner vertices and `m` middle
//! ones; at most `4m` edges inside the vertices' gadgets (`d k <= 2d`) and two an edge between
//! them, so `6m` edges.

mod matching;

use crate::graph::cycle::{CycleGraph, Vertex};

/// A 2-factor of `graph` that holds its forced edges (an open tour's edges to its fixed ends),
/// as a flag per edge (exactly two chosen at every vertex; cycles may be odd); `None` when the
/// graph has none. A vertex with fewer than two edges settles it
/// at once; otherwise the answer is the gadget's perfect matching, and `None` means the first
/// root that the blossom algorithm could not match, which no maximum matching matches.
pub fn general_two_factor(graph: &CycleGraph) -> Option<Vec<bool>> {
    let gadget = Gadget::new(graph)?;
    let mate = matching::perfect_matching(&gadget.graph)?;
    Some(gadget.chosen_edges(graph, &mate))
}

/// Whether a port of a vertex of this degree stands for a chosen edge when it is matched to
/// an inner vertex (the second kind of gadget), rather than a left-out one.
fn matched_inside_is_chosen(degree: usize) -> bool {
    degree > 4
}

/// The number of inner vertices of a vertex of this degree (at least 2).
fn inner_count(degree: usize) -> usize {
    if matched_inside_is_chosen(degree) {
        2
    } else {
        degree - 2
    }
}

/// The ports each inner vertex of `vertex` is joined to, one list an inner vertex, from its
/// `free_ports` (those that may be matched inside, in the order of its incident edges): all of
/// them for each of its [`inner_count`] inner vertices; at a virtual vertex whose two edges go
/// one into each of two pockets ([`CycleGraph::end_pockets`]), each pocket's ports apart, with
/// the inner vertices that leave exactly one of them chosen (all but one of them, on the first
/// kind of gadget; one, on the second).
fn inner_groups(graph: &CycleGraph, vertex: Vertex, free_ports: &[u32]) -> Vec<Vec<u32>> {
    let incident = graph.incident(vertex);
    let pockets = graph.end_pockets();
    if graph.virtual_vertex() != Some(vertex) || pockets.is_empty() {
        return vec![free_ports.to_vec(); inner_count(incident.len())];
    }
    // The virtual vertex of split ends has no forced edge, so every port is free.
    let mut groups = Vec::new();
    for pocket in pockets {
        let ports: Vec<u32> = free_ports
            .iter()
            .zip(incident)
            .filter(|(_, &(square, _))| pocket.binary_search(&square).is_ok())
            .map(|(&port, _)| port)
            .collect();
        let count = match matched_inside_is_chosen(incident.len()) {
            true => 1,
            false => ports.len().saturating_sub(1),
        };
        groups.extend(std::iter::repeat_n(ports, count));
    }
    groups
}

/// The gadget graph of a cycle graph. Ports come first, numbered by their place in the graph's
/// adjacency lists (the port of `v`'s `i`-th incident edge is `v`'s offset plus `i`), then the
/// inner vertices, then the middle vertices.
struct Gadget {
    graph: CycleGraph,
    /// For each graph edge `(a, b)`, its port at `a`.
    first_port: Vec<u32>,
    /// The inner vertices are `inner.start..inner.end`.
    inner: std::ops::Range<u32>,
}

impl Gadget {
    /// The gadget of `graph`; `None` when some vertex has fewer than two edges.
    fn new(graph: &CycleGraph) -> Option<Gadget> {
        let vertices = 0..graph.vertex_count() as Vertex;
        if vertices
            .clone()
            .any(|vertex| graph.incident(vertex).len() < 2)
        {
            return None;
        }
        let port_count = 2 * graph.edges().len() as u32;
        let forced = graph.forced_edge_flags();
        let kind = |vertex: Vertex| matched_inside_is_chosen(graph.incident(vertex).len());
        let mut ports_of_edge = vec![[0u32; 2]; graph.edges().len()];
        let mut edges = Vec::new();
        let (mut next_port, mut next_inner) = (0, port_count);
        for vertex in vertices {
            let incident = graph.incident(vertex);
            let ports = next_port..next_port + incident.len() as u32;
            for (port, &(_, edge)) in ports.clone().zip(incident) {
                let end = (graph.edges()[edge as usize].0 != vertex) as usize;
                ports_of_edge[edge as usize][end] = port;
            }
            // A forced edge's port at a vertex of the first kind may not be matched inside
            // (that would leave the edge out).
            let free_ports: Vec<u32> = ports
                .clone()
                .zip(incident)
                .filter(|&(_, &(_, edge))| !forced[edge as usize] || kind(vertex))
                .map(|(port, _)| port)
                .collect();
            for group in inner_groups(graph, vertex, &free_ports) {
                edges.extend(group.iter().map(|&port| (port, next_inner)));
                next_inner += 1;
            }
            next_port = ports.end;
        }
        let mut next_middle = next_inner;
        for (edge, (&(a, b), &[port_a, port_b])) in
            graph.edges().iter().zip(&ports_of_edge).enumerate()
        {
            // A forced edge's port at a vertex of the second kind must be matched inside (the
            // edge chosen): it loses its edge across.
            let across = |vertex: Vertex| !(forced[edge] && kind(vertex));
            if kind(a) == kind(b) {
                if across(a) && across(b) {
                    edges.push((port_a, port_b));
                }
            } else {
                for (vertex, port) in [(a, port_a), (b, port_b)] {
                    if across(vertex) {
                        edges.push((port, next_middle));
                    }
                }
                next_middle += 1;
            }
        }
        Some(Gadget {
            graph: CycleGraph::from_edges(next_middle as usize, &edges),
            first_port: ports_of_edge.iter().map(|ports| ports[0]).collect(),
            inner: port_count..next_inner,
        })
    }

    /// The 2-factor that a perfect matching `mate` of the gadget stands for, read at each
    /// edge's first end.
    fn chosen_edges(&self, graph: &CycleGraph, mate: &[u32]) -> Vec<bool> {
        graph
            .edges()
            .iter()
            .zip(&self.first_port)
            .map(|(&(a, _), &port)| {
                let inside = self.inner.contains(&mate[port as usize]);
                inside == matched_inside_is_chosen(graph.incident(a).len())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::{MoveGraph, Piece};
    use crate::core::problem::{Problem, TourShape};
    use crate::core::rng::SplitMix64;
    use crate::engine::flow::factor::{two_factor, NoTwoFactor};
    use crate::graph::generate::{planted_cubic, random_cubic};
    use std::collections::HashSet;
    use std::time::Instant;

    /// Checks that `chosen` picks existing edges, exactly two at every vertex.
    fn assert_two_factor(graph: &CycleGraph, chosen: &[bool]) {
        assert_eq!(chosen.len(), graph.edges().len());
        for vertex in 0..graph.vertex_count() as Vertex {
            let at_vertex = graph
                .incident(vertex)
                .iter()
                .filter(|&&(_, edge)| chosen[edge as usize])
                .count();
            assert_eq!(at_vertex, 2, "vertex {vertex}");
        }
    }

    /// Whether a graph whose edges are sorted has a 2-factor, by trying each edge in and out
    /// (a vertex is done when the edges pass its number).
    fn has_two_factor_by_brute_force(
        vertex_count: usize,
        edges: &[(Vertex, Vertex)],
        degree: &mut [u8],
    ) -> bool {
        let done = edges.first().map_or(vertex_count, |&(a, _)| a as usize);
        if degree[..done].iter().any(|&d| d != 2) {
            return false;
        }
        let Some((&(a, b), rest)) = edges.split_first() else {
            return true;
        };
        if degree[a as usize] < 2 && degree[b as usize] < 2 {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
            let found = has_two_factor_by_brute_force(vertex_count, rest, degree);
            degree[a as usize] -= 1;
            degree[b as usize] -= 1;
            if found {
                return true;
            }
        }
        has_two_factor_by_brute_force(vertex_count, rest, degree)
    }

    /// A graph on `vertex_count` vertices with each possible edge present with probability
    /// `density`.
    fn random_graph(rng: &mut SplitMix64, vertex_count: usize, density: f64) -> CycleGraph {
        let mut edges = Vec::new();
        for a in 0..vertex_count as Vertex {
            for b in a + 1..vertex_count as Vertex {
                if rng.unit() < density {
                    edges.push((a, b));
                }
            }
        }
        CycleGraph::from_edges(vertex_count, &edges)
    }

    /// A board of `rows` by `cols` with each square blocked with probability `blocked`.
    fn random_board(rng: &mut SplitMix64, rows: u64, cols: u64, blocked: f64) -> Board {
        let mut board = Board::new(rows, cols).unwrap();
        for square in 0..board.len() as u32 {
            if rng.unit() < blocked {
                board.block(square);
            }
        }
        board
    }

    fn board_graph(board: Board, piece: Piece, shape: TourShape) -> CycleGraph {
        let move_graph = MoveGraph::new(&board, piece);
        CycleGraph::new(&Problem::new(board, piece, shape), &move_graph)
    }

    /// Cubic graphs made by `gen-graph`: planted Hamiltonian cycles and random ones (three
    /// perfect matchings), by name.
    fn generated_graphs() -> Vec<(String, CycleGraph)> {
        let mut graphs = Vec::new();
        for vertex_count in [18, 324, 736, 976, 1000, 5000] {
            let planted = planted_cubic(vertex_count, 1).unwrap();
            graphs.push((
                format!("planted cubic {vertex_count}"),
                CycleGraph::from_edges(planted.vertex_count, &planted.edges),
            ));
        }
        for vertex_count in [1000, 5000] {
            let random = random_cubic(vertex_count, 1).unwrap();
            graphs.push((
                format!("random cubic {vertex_count}"),
                CycleGraph::from_edges(random.vertex_count, &random.edges),
            ));
        }
        graphs
    }

    /// A graph on `vertex_count` vertices: a Hamiltonian cycle in random order, and chords
    /// between random pairs of vertices while both have fewer than `degree` edges (so every
    /// vertex has `degree` edges, a few of them fewer).
    fn random_hamiltonian_graph(
        rng: &mut SplitMix64,
        vertex_count: usize,
        degree: usize,
    ) -> CycleGraph {
        let mut order: Vec<Vertex> = (0..vertex_count as Vertex).collect();
        rng.shuffle(&mut order);
        let mut edges = HashSet::new();
        for (index, &vertex) in order.iter().enumerate() {
            let next = order[(index + 1) % vertex_count];
            edges.insert((vertex.min(next), vertex.max(next)));
        }
        let mut open: Vec<Vertex> = order
            .iter()
            .flat_map(|&vertex| std::iter::repeat_n(vertex, degree - 2))
            .collect();
        rng.shuffle(&mut open);
        for pair in open.chunks_exact(2) {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            if a != b {
                edges.insert((a, b));
            }
        }
        let mut edges: Vec<(Vertex, Vertex)> = edges.into_iter().collect();
        edges.sort_unstable();
        CycleGraph::from_edges(vertex_count, &edges)
    }

    #[test]
    fn agrees_with_brute_force_on_small_random_graphs() {
        let mut rng = SplitMix64::new(2);
        let mut with_factor = 0;
        for round in 0..800 {
            let vertex_count = 3 + round % 6;
            let density = [0.3, 0.5, 0.7, 0.9][round / 6 % 4];
            let graph = random_graph(&mut rng, vertex_count, density);
            let expected = has_two_factor_by_brute_force(
                vertex_count,
                graph.edges(),
                &mut vec![0; vertex_count],
            );
            let found = general_two_factor(&graph);
            assert_eq!(found.is_some(), expected, "{:?}", graph.edges());
            if let Some(chosen) = found {
                assert_two_factor(&graph, &chosen);
                with_factor += 1;
            }
        }
        assert!(
            (200..600).contains(&with_factor),
            "{with_factor} with a 2-factor"
        );
    }

    #[test]
    fn agrees_with_the_flow_on_bipartite_boards() {
        let mut rng = SplitMix64::new(3);
        let mut outcomes = [0; 2];
        for round in 0..400 {
            let (rows, cols) = (4 + round % 9, 4 + round / 9 % 9);
            let blocked = 0.1 * rng.unit();
            let board = random_board(&mut rng, rows, cols, blocked);
            let piece = [Piece::Rook, Piece::Knight][round as usize % 2];
            let graph = board_graph(board, piece, TourShape::Closed);
            let found = general_two_factor(&graph);
            assert_eq!(found.is_some(), two_factor(&graph).is_ok());
            outcomes[found.is_some() as usize] += 1;
            if let Some(chosen) = found {
                assert_two_factor(&graph, &chosen);
            }
        }
        assert!(outcomes.iter().all(|&count| count > 50), "{outcomes:?}");
    }

    /// Whether `chosen` holds every forced edge of `graph`.
    fn holds_forced_edges(graph: &CycleGraph, chosen: &[bool]) -> bool {
        graph
            .forced_edges()
            .iter()
            .all(|&edge| chosen[edge as usize])
    }

    #[test]
    fn open_tours_with_fixed_ends_agree_with_brute_force_and_the_flow() {
        let mut rng = SplitMix64::new(6);
        let mut outcomes = [0; 2];
        for round in 0..600u64 {
            let (rows, cols) = (2 + round % 3, 2 + round / 3 % 3);
            let board = random_board(&mut rng, rows, cols, 0.15);
            let free: Vec<u32> = board.free_squares().collect();
            if free.len() < 3 {
                continue;
            }
            let piece = [Piece::Rook, Piece::Knight, Piece::King][round as usize % 3];
            let mut problem = Problem::new(board, piece, TourShape::Open);
            let pick = |rng: &mut SplitMix64| free[rng.below(free.len() as u64) as usize];
            match round / 9 % 3 {
                0 => {}
                1 => problem.start = Some(pick(&mut rng)),
                _ => {
                    problem.start = Some(pick(&mut rng));
                    problem.end = Some(pick(&mut rng)).filter(|&end| Some(end) != problem.start);
                }
            }
            let graph = CycleGraph::new(&problem, &MoveGraph::new(&problem.board, piece));
            let forced = graph.forced_edges();
            let mut degree = vec![0; graph.vertex_count()];
            for &edge in &forced {
                let (a, b) = graph.edges()[edge as usize];
                degree[a as usize] += 1;
                degree[b as usize] += 1;
            }
            let mut free_edges: Vec<(Vertex, Vertex)> = (0..graph.edges().len() as u32)
                .filter(|edge| !forced.contains(edge))
                .map(|edge| graph.edges()[edge as usize])
                .collect();
            free_edges.sort_unstable();
            let expected =
                has_two_factor_by_brute_force(graph.vertex_count(), &free_edges, &mut degree);
            let found = general_two_factor(&graph);
            assert_eq!(found.is_some(), expected, "{problem:?}");
            match two_factor(&graph) {
                Ok(chosen) => {
                    assert!(expected, "{problem:?}");
                    assert_two_factor(&graph, &chosen);
                    assert!(holds_forced_edges(&graph, &chosen), "{problem:?}");
                }
                Err(NoTwoFactor::Shortfall(_)) => assert!(!expected, "{problem:?}"),
                Err(NoTwoFactor::NotBipartite) => assert_eq!(piece, Piece::King),
            }
            if let Some(chosen) = found {
                assert_two_factor(&graph, &chosen);
                assert!(holds_forced_edges(&graph, &chosen), "{problem:?}");
            }
            outcomes[expected as usize] += 1;
        }
        assert!(outcomes.iter().all(|&count| count > 50), "{outcomes:?}");
    }

    /// Whether some 2-factor of `graph` (an open tour's, its virtual vertex `hub`) has one edge
    /// from the hub into each of `pockets`: for each square `a` of the first and `b` of the
    /// second, the graph with the hub's other edges left out, by brute force.
    fn has_split_two_factor_by_brute_force(
        graph: &CycleGraph,
        hub: Vertex,
        pockets: &[Vec<Vertex>],
    ) -> bool {
        pockets[0].iter().any(|&a| {
            pockets[1].iter().any(|&b| {
                let mut edges: Vec<(Vertex, Vertex)> = graph
                    .edges()
                    .iter()
                    .copied()
                    .filter(|&(square, other)| other != hub || square == a || square == b)
                    .collect();
                edges.sort_unstable();
                let mut degree = vec![0; graph.vertex_count()];
                has_two_factor_by_brute_force(graph.vertex_count(), &edges, &mut degree)
            })
        })
    }

    #[test]
    fn an_open_tours_ends_split_between_two_pockets_agree_with_brute_force() {
        // Random king's and knight's boards, open, with two random disjoint sets of squares
        // standing for the pockets (one to four squares each, so the virtual vertex takes both
        // kinds of gadget): a 2-factor whose virtual edges go one into each set exists when
        // brute force finds one, and the one found is such.
        let mut rng = SplitMix64::new(9);
        let (mut outcomes, mut both_in_one) = ([0; 2], 0);
        for round in 0..600u64 {
            let (rows, cols) = (3 + round % 2, 3 + round / 2 % 3);
            let board = random_board(&mut rng, rows, cols, 0.1);
            let piece = [Piece::King, Piece::Knight][round as usize % 2];
            let mut free: Vec<Vertex> = (0..board.free_squares().count() as Vertex).collect();
            if free.len() < 4 {
                continue;
            }
            rng.shuffle(&mut free);
            let sizes = [1 + rng.below(4) as usize, 1 + rng.below(4) as usize];
            if sizes[0] + sizes[1] > free.len() {
                continue;
            }
            let pockets = vec![
                free[..sizes[0]].to_vec(),
                free[sizes[0]..sizes[0] + sizes[1]].to_vec(),
            ];
            let whole = board_graph(board, piece, TourShape::Open);
            let graph = whole.with_end_pockets(&pockets);
            let hub = graph.virtual_vertex().unwrap();
            let expected = has_split_two_factor_by_brute_force(&graph, hub, &pockets);
            let found = general_two_factor(&graph);
            assert_eq!(found.is_some(), expected, "{:?} {pockets:?}", graph.edges());
            if let Some(chosen) = found {
                assert_two_factor(&graph, &chosen);
                let in_pocket = |pocket: &[Vertex]| {
                    let edges = graph.incident(hub).iter();
                    edges
                        .filter(|&&(square, edge)| {
                            chosen[edge as usize] && pocket.contains(&square)
                        })
                        .count()
                };
                assert_eq!([in_pocket(&pockets[0]), in_pocket(&pockets[1])], [1, 1]);
            }
            // The same squares as one set of ends: a 2-factor may put both ends in one pocket.
            let unsplit = whole.with_end_squares(&{
                let mut may_end = vec![false; whole.vertex_count()];
                for &square in pockets.concat().iter() {
                    may_end[square as usize] = true;
                }
                may_end
            });
            if let Some(chosen) = general_two_factor(&unsplit) {
                let ends = unsplit.incident(hub).iter();
                let ends: Vec<Vertex> = ends
                    .filter(|&&(_, edge)| chosen[edge as usize])
                    .map(|&(square, _)| square)
                    .collect();
                both_in_one += usize::from(
                    pockets
                        .iter()
                        .any(|pocket| ends.iter().all(|square| pocket.contains(square))),
                );
            }
            outcomes[expected as usize] += 1;
        }
        assert!(outcomes.iter().all(|&count| count > 50), "{outcomes:?}");
        assert!(
            both_in_one > 20,
            "{both_in_one} with both ends in one pocket"
        );
    }

    #[test]
    fn finds_valid_factors_on_king_boards_open_and_closed() {
        let mut rng = SplitMix64::new(4);
        let mut found_count = 0;
        for round in 0..120 {
            let board = random_board(&mut rng, 4 + round % 4, 5, 0.15);
            let shape = [TourShape::Closed, TourShape::Open][round as usize % 2];
            let graph = board_graph(board, Piece::King, shape);
            if let Some(chosen) = general_two_factor(&graph) {
                assert_two_factor(&graph, &chosen);
                found_count += 1;
            }
        }
        assert!(found_count > 60, "{found_count} of 120");
    }

    #[test]
    fn the_petersen_graph_has_a_factor() {
        let mut edges = Vec::new();
        for i in 0..5 {
            edges.push((i, (i + 1) % 5));
            edges.push((5 + i, 5 + (i + 2) % 5));
            edges.push((i, i + 5));
        }
        let edges: Vec<(Vertex, Vertex)> =
            edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        let graph = CycleGraph::from_edges(10, &edges);
        assert_two_factor(&graph, &general_two_factor(&graph).unwrap());
    }

    #[test]
    fn two_triangles_joined_by_a_path_have_none() {
        let edges = [
            (0, 1),
            (0, 2),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (4, 6),
            (5, 6),
        ];
        let graph = CycleGraph::from_edges(7, &edges);
        assert_eq!(general_two_factor(&graph), None);
    }

    #[test]
    fn a_vertex_of_degree_one_leaves_none() {
        let graph = CycleGraph::from_edges(4, &[(0, 1), (0, 2), (1, 2), (2, 3)]);
        assert_eq!(general_two_factor(&graph), None);
    }

    #[test]
    fn generated_cubic_graphs_have_factors() {
        for (name, graph) in generated_graphs() {
            let chosen = general_two_factor(&graph).unwrap_or_else(|| panic!("{name}"));
            assert_two_factor(&graph, &chosen);
        }
    }

    /// Prints the time taken on generated cubic graphs and on random ones (run by hand, in release:
    /// `cargo test --release --lib general_factor -- --ignored --nocapture`).
    #[test]
    #[ignore = "a measurement, not a test"]
    fn measure_times() {
        let mut rng = SplitMix64::new(5);
        let mut graphs = generated_graphs();
        for (vertex_count, degree) in [(5000, 3), (10_000, 3), (10_000, 6), (10_000, 10)] {
            let name = format!("random, degree {degree}");
            graphs.push((
                name,
                random_hamiltonian_graph(&mut rng, vertex_count, degree),
            ));
        }
        for (rows, piece) in [(71, Piece::Rook), (100, Piece::King), (101, Piece::Knight)] {
            let board = Board::new(rows, rows).unwrap();
            let name = format!("{piece:?} {rows}x{rows}");
            graphs.push((name, board_graph(board, piece, TourShape::Closed)));
        }
        for (name, graph) in graphs {
            let started = Instant::now();
            let found = general_two_factor(&graph);
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "{name}: {} vertices, {} edges, factor {}, {seconds:.4} s",
                graph.vertex_count(),
                graph.edges().len(),
                found.is_some()
            );
        }
    }
}
