//! Reproducible graphs for benchmarks: cubic graphs with a planted Hamiltonian cycle, random
//! cubic graphs, such graphs joined by two-edge cuts, graphs of blocks, and a board's move
//! graph written as a graph.

use crate::core::board::Board;
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::TourShape;
use crate::core::rng::SplitMix64;
use crate::graph::cycle::Vertex;
use crate::graph::problem::GraphProblem;
use std::fmt;

/// The most vertices a generated graph may have.
pub const MAX_GENERATED_VERTICES: usize = 10_000_000;

/// Draws of a random matching before giving up.
const ATTEMPTS: u32 = 1000;

/// Why a graph could not be generated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenGraphError {
    /// A cubic graph needs an even number of vertices, at least 4 (at most the limit).
    BadVertexCount(usize),
    /// No simple graph came out of the draws (tiny graphs only).
    NoGraph,
    /// GP(n, k) needs `n` at least 3 and `k` from 1 to below `n / 2`.
    BadPetersen {
        /// The outer cycle's length.
        n: usize,
        /// The inner step.
        k: usize,
    },
    /// A graph of hubbed copies needs two copies or more (at most the limit of vertices).
    BadCopies(usize),
    /// A graph of hubbed units needs two units or more (at most the limit of vertices).
    BadUnits(usize),
    /// A graph of joined parts needs two parts or more (at most the limit of vertices).
    BadParts(usize),
}

impl fmt::Display for GenGraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenGraphError::BadVertexCount(count) => write!(
                f,
                "a cubic graph needs an even number of vertices from 4 to \
                 {MAX_GENERATED_VERTICES}, not {count}"
            ),
            GenGraphError::NoGraph => write!(f, "no simple cubic graph in {ATTEMPTS} draws"),
            GenGraphError::BadPetersen { n, k } => write!(
                f,
                "the generalized Petersen graph GP(n, k) needs n from 3 (2n vertices, at most \
                 {MAX_GENERATED_VERTICES}) and k from 1 to below n/2, not n = {n}, k = {k}"
            ),
            GenGraphError::BadCopies(copies) => write!(
                f,
                "a graph of hubbed copies needs 2 copies or more (42 vertices each, at most \
                 {MAX_GENERATED_VERTICES} in all), not {copies}"
            ),
            GenGraphError::BadUnits(units) => write!(
                f,
                "a graph of hubbed units needs 2 units or more (169 vertices each, at most \
                 {MAX_GENERATED_VERTICES} in all), not {units}"
            ),
            GenGraphError::BadParts(parts) => write!(
                f,
                "a graph of joined parts needs 2 parts or more (at most \
                 {MAX_GENERATED_VERTICES} vertices in all), not {parts}"
            ),
        }
    }
}

impl std::error::Error for GenGraphError {}

/// A random permutation of `0..count` (Fisher and Yates).
fn shuffled(count: usize, rng: &mut SplitMix64) -> Vec<Vertex> {
    let mut order: Vec<Vertex> = (0..count as Vertex).collect();
    for index in (1..count).rev() {
        order.swap(index, rng.below(index as u64 + 1) as usize);
    }
    order
}

/// Checks a cubic graph's vertex count.
fn check_cubic(vertex_count: usize) -> Result<(), GenGraphError> {
    if vertex_count < 4 || vertex_count % 2 == 1 || vertex_count > MAX_GENERATED_VERTICES {
        return Err(GenGraphError::BadVertexCount(vertex_count));
    }
    Ok(())
}

/// A cubic graph on `vertex_count` vertices with a Hamiltonian cycle planted: a cycle through
/// the vertices in random order, plus a random perfect matching of edges not on it, the whole
/// relabelled at random. The same seed gives the same graph (edges sorted).
pub fn planted_cubic(vertex_count: usize, seed: u64) -> Result<GraphProblem, GenGraphError> {
    check_cubic(vertex_count)?;
    let edges = planted_cubic_edges(vertex_count, &mut SplitMix64::new(seed))?;
    Ok(GraphProblem::new(vertex_count, edges, TourShape::Closed))
}

/// The edges of [`planted_cubic`]: first the planted cycle's, in its order from the first
/// vertex on it back to that vertex, then the matching's.
fn planted_cubic_edges(
    vertex_count: usize,
    rng: &mut SplitMix64,
) -> Result<Vec<(Vertex, Vertex)>, GenGraphError> {
    let order = shuffled(vertex_count, rng);
    let mut edges: Vec<(Vertex, Vertex)> = (0..vertex_count)
        .map(|index| (order[index], order[(index + 1) % vertex_count]))
        .collect();
    let on_cycle = sorted_pairs(&edges);
    let chords = (0..ATTEMPTS)
        .find_map(|_| matching_avoiding(vertex_count, &on_cycle, rng))
        .ok_or(GenGraphError::NoGraph)?;
    edges.extend(chords);
    Ok(edges)
}

/// `parts` graphs of [`planted_cubic`] of `part_size` vertices each (those of part `p`
/// numbered from `p * part_size`), joined in a ring by two-edge cuts: each part's planted
/// cycle loses its edge back to its first vertex, whose last vertex is joined to the next
/// part's first instead. A cubic graph with a Hamiltonian cycle through the parts in turn,
/// whose joins are one class of cuts (any two of them split it), which `auto` solves piece by
/// piece. The same seed gives the same graph.
pub fn joined_cubic(
    parts: usize,
    part_size: usize,
    seed: u64,
) -> Result<GraphProblem, GenGraphError> {
    check_cubic(part_size)?;
    if parts < 2 || parts.saturating_mul(part_size) > MAX_GENERATED_VERTICES {
        return Err(GenGraphError::BadParts(parts));
    }
    let mut rng = SplitMix64::new(seed);
    let mut edges = Vec::with_capacity(parts * part_size * 3 / 2);
    let mut ends = Vec::with_capacity(parts);
    for part in 0..parts {
        let base = (part * part_size) as Vertex;
        let mut part_edges = planted_cubic_edges(part_size, &mut rng)?;
        let (last, first) = part_edges.remove(part_size - 1);
        ends.push((base + first, base + last));
        edges.extend(part_edges.into_iter().map(|(a, b)| (base + a, base + b)));
    }
    for part in 0..parts {
        let (_, last) = ends[part];
        let (next_first, _) = ends[(part + 1) % parts];
        edges.push((last, next_first));
    }
    Ok(GraphProblem::new(
        parts * part_size,
        edges,
        TourShape::Closed,
    ))
}

/// A random cubic graph on `vertex_count` vertices: three random perfect matchings, each
/// avoiding the edges of those before (a simple graph; its Hamiltonicity is not planted).
pub fn random_cubic(vertex_count: usize, seed: u64) -> Result<GraphProblem, GenGraphError> {
    check_cubic(vertex_count)?;
    let mut rng = SplitMix64::new(seed);
    let mut edges: Vec<(Vertex, Vertex)> = Vec::with_capacity(vertex_count * 3 / 2);
    for _ in 0..3 {
        let taken = sorted_pairs(&edges);
        let matching = (0..ATTEMPTS)
            .find_map(|_| matching_avoiding(vertex_count, &taken, &mut rng))
            .ok_or(GenGraphError::NoGraph)?;
        edges.extend(matching);
    }
    Ok(GraphProblem::new(vertex_count, edges, TourShape::Closed))
}

/// The pairs `(min, max)` of `edges`, sorted, for searching.
fn sorted_pairs(edges: &[(Vertex, Vertex)]) -> Vec<(Vertex, Vertex)> {
    let mut pairs: Vec<_> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    pairs.sort_unstable();
    pairs
}

/// A random perfect matching of `0..vertex_count` that uses none of `taken` (sorted pairs):
/// vertices paired in random order, a pair that is taken swapped with a random earlier pair
/// when that mends both; `None` when a draw cannot be mended.
fn matching_avoiding(
    vertex_count: usize,
    taken: &[(Vertex, Vertex)],
    rng: &mut SplitMix64,
) -> Option<Vec<(Vertex, Vertex)>> {
    let is_taken = |a: Vertex, b: Vertex| taken.binary_search(&(a.min(b), a.max(b))).is_ok();
    let order = shuffled(vertex_count, rng);
    let mut pairs: Vec<(Vertex, Vertex)> = order.chunks(2).map(|pair| (pair[0], pair[1])).collect();
    for index in 0..pairs.len() {
        let mut tries = 0;
        while is_taken(pairs[index].0, pairs[index].1) {
            tries += 1;
            if tries > 64 {
                return None;
            }
            let other = rng.below(pairs.len() as u64) as usize;
            let (a, b) = pairs[index];
            let (c, d) = pairs[other];
            if other != index && !is_taken(a, c) && !is_taken(b, d) {
                pairs[index] = (a, c);
                pairs[other] = (b, d);
            }
        }
    }
    let mut sorted = sorted_pairs(&pairs);
    sorted.dedup();
    (sorted.len() == pairs.len() && sorted.iter().all(|&(a, b)| a != b && !is_taken(a, b)))
        .then_some(pairs)
}

/// The generalized Petersen graph GP(n, k) on `2n` vertices: an outer cycle `0..n`, spokes
/// `i -- n + i`, and an inner star polygon `n + i -- n + (i + k) mod n` (GP(5, 2) is the
/// Petersen graph). By Alspach's theorem GP(n, 2) has no Hamiltonian cycle exactly when
/// `n = 5 mod 6`: cubic graphs whose answer is known, and global.
pub fn generalized_petersen(n: usize, k: usize) -> Result<GraphProblem, GenGraphError> {
    if n < 3 || k == 0 || 2 * k >= n || 2 * n > MAX_GENERATED_VERTICES {
        return Err(GenGraphError::BadPetersen { n, k });
    }
    let mut edges = Vec::with_capacity(3 * n);
    for i in 0..n {
        edges.push((i as Vertex, ((i + 1) % n) as Vertex));
        edges.push((i as Vertex, (n + i) as Vertex));
        edges.push(((n + i) as Vertex, (n + (i + k) % n) as Vertex));
    }
    Ok(GraphProblem::new(2 * n, edges, TourShape::Closed))
}

/// How the copies of [`hubbed_copies`] are joined to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyLinks {
    /// By their hubs alone.
    Hubs,
    /// By their hubs, and each copy's cycle to the next copy's by one edge: the pieces the
    /// graph falls into without its hubs are then one, and the copies are found as the
    /// neighbourhoods of their largest hubs.
    HubsAndCycles,
}

/// A graph of blocks (parts joined to the rest by a few edges, which `auto` solves block by
/// block): `copies` 40-cycles, each with two hubs, one joined to all of it and one to its first
/// 20 vertices (the 42 vertices of copy `c` numbered from `42 c`, the hubs last), the hubs of
/// each kind joined in a ring; with [`CopyLinks::HubsAndCycles`], also each copy's vertex 0 to
/// the next copy's vertex 20. With an even number of copies it has a Hamiltonian cycle, which
/// enters every other copy by its first hub and leaves it by its second.
pub fn hubbed_copies(copies: usize, links: CopyLinks) -> Result<GraphProblem, GenGraphError> {
    if copies < 2 || 42 * copies > MAX_GENERATED_VERTICES {
        return Err(GenGraphError::BadCopies(copies));
    }
    let mut edges = Vec::new();
    for copy in 0..copies {
        let (first, next) = (
            (42 * copy) as Vertex,
            (42 * ((copy + 1) % copies)) as Vertex,
        );
        for step in 0..40 {
            edges.push((first + step, first + (step + 1) % 40));
            edges.push((first + step, first + 40));
            if step < 20 {
                edges.push((first + step, first + 41));
            }
        }
        edges.push((first + 40, next + 40));
        edges.push((first + 41, next + 41));
        if links == CopyLinks::HubsAndCycles {
            edges.push((first, next + 20));
        }
    }
    Ok(GraphProblem::new(42 * copies, edges, TourShape::Closed))
}

/// A graph of blocks of blocks: `units` graphs of [`hubbed_copies`] (4 copies, joined by their
/// hubs), each with a hub of its own joined to all 168 of its vertices (the 169 vertices of
/// unit `u` numbered from `169 u`, its hub last), each unit's vertex 0 (in its first copy)
/// joined to the next unit's vertex 42 (in its second copy). It has a Hamiltonian cycle, which
/// passes through each unit from its vertex 42 to its vertex 0, and through the unit's hub
/// from one of its copies to another.
pub fn hubbed_units(units: usize) -> Result<GraphProblem, GenGraphError> {
    if units < 2 || 169 * units > MAX_GENERATED_VERTICES {
        return Err(GenGraphError::BadUnits(units));
    }
    let copies = hubbed_copies(4, CopyLinks::Hubs)?;
    let mut edges = Vec::new();
    for unit in 0..units {
        let first = (169 * unit) as Vertex;
        let next = (169 * ((unit + 1) % units)) as Vertex;
        edges.extend(copies.edges.iter().map(|&(a, b)| (first + a, first + b)));
        edges.extend((0..168).map(|vertex| (first + vertex, first + 168)));
        edges.push((first, next + 42));
    }
    Ok(GraphProblem::new(169 * units, edges, TourShape::Closed))
}

/// The move graph of `piece` on `board` as a graph: vertex `i` is the `i`-th free square in
/// row-major order.
pub fn board_graph(board: &Board, piece: Piece) -> GraphProblem {
    let moves = MoveGraph::new(board, piece);
    let squares: Vec<u32> = board.free_squares().collect();
    let mut vertex_of = vec![Vertex::MAX; board.len()];
    for (vertex, &square) in squares.iter().enumerate() {
        vertex_of[square as usize] = vertex as Vertex;
    }
    let edges = moves
        .edges()
        .map(|(a, b)| (vertex_of[a as usize], vertex_of[b as usize]))
        .collect();
    GraphProblem::new(squares.len(), edges, TourShape::Closed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn degrees(problem: &GraphProblem) -> Vec<usize> {
        let mut degree = vec![0; problem.vertex_count];
        for &(a, b) in &problem.edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        degree
    }

    #[test]
    fn cubic_graphs_are_simple_and_cubic() {
        for seed in 0..50 {
            for vertex_count in [4, 6, 10, 50] {
                for graph in [
                    planted_cubic(vertex_count, seed),
                    random_cubic(vertex_count, seed),
                ] {
                    let Ok(graph) = graph else {
                        // K4 is the only cubic graph on 4 vertices: a draw may miss it.
                        assert!(vertex_count <= 6, "{vertex_count} seed {seed}");
                        continue;
                    };
                    assert!(degrees(&graph).iter().all(|&degree| degree == 3));
                    assert_eq!(graph.edges.len(), vertex_count * 3 / 2);
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_graph() {
        assert_eq!(planted_cubic(100, 7), planted_cubic(100, 7));
        assert_ne!(planted_cubic(100, 7), planted_cubic(100, 8));
        assert_eq!(random_cubic(100, 7), random_cubic(100, 7));
    }

    #[test]
    fn odd_or_tiny_vertex_counts_are_refused() {
        assert_eq!(planted_cubic(7, 1), Err(GenGraphError::BadVertexCount(7)));
        assert_eq!(random_cubic(2, 1), Err(GenGraphError::BadVertexCount(2)));
    }

    #[test]
    fn generalized_petersen_graphs_are_cubic_and_gp_5_2_is_petersen() {
        let petersen = generalized_petersen(5, 2).unwrap();
        assert_eq!(petersen.vertex_count, 10);
        assert_eq!(petersen.edges.len(), 15);
        assert!(degrees(&petersen).iter().all(|&degree| degree == 3));
        assert!(degrees(&generalized_petersen(101, 2).unwrap())
            .iter()
            .all(|&degree| degree == 3));
        assert!(generalized_petersen(4, 2).is_err());
        assert!(generalized_petersen(2, 1).is_err());
    }

    /// Each copy's cycle vertices have degree 3 or 4 (the second hub on the first 20), its
    /// hubs 42 and 22 (a ring neighbour each way); with the cycles joined, vertices 0 and 20
    /// have one edge more; one copy is refused.
    #[test]
    fn hubbed_copies_have_their_hubs_and_need_two_copies() {
        let copies = hubbed_copies(4, CopyLinks::Hubs).unwrap();
        assert_eq!(copies.vertex_count, 168);
        let apart = degrees(&copies);
        assert_eq!(&apart[..3], &[4, 4, 4]);
        assert_eq!(&apart[19..22], &[4, 3, 3]);
        assert_eq!(&apart[38..42], &[3, 3, 42, 22]);
        let joined = degrees(&hubbed_copies(4, CopyLinks::HubsAndCycles).unwrap());
        assert_eq!(&joined[..3], &[5, 4, 4]);
        assert_eq!(&joined[19..22], &[4, 4, 3]);
        assert_eq!(&joined[38..42], &[3, 3, 42, 22]);
        for links in [CopyLinks::Hubs, CopyLinks::HubsAndCycles] {
            assert_eq!(hubbed_copies(1, links), Err(GenGraphError::BadCopies(1)));
        }
    }

    /// Each unit's hub is joined to all of its unit, and each unit to the next by one edge; one
    /// unit is refused.
    #[test]
    fn hubbed_units_have_a_hub_each_and_need_two_units() {
        let units = hubbed_units(3).unwrap();
        assert_eq!(units.vertex_count, 507);
        let degrees = degrees(&units);
        assert_eq!([degrees[168], degrees[337], degrees[506]], [168; 3]);
        assert_eq!(&degrees[..3], &[6, 5, 5]);
        assert_eq!(degrees[42], 6);
        assert!(units.edges.contains(&(338, 42)) || units.edges.contains(&(42, 338)));
        assert_eq!(hubbed_units(1), Err(GenGraphError::BadUnits(1)));
    }

    #[test]
    fn a_board_graph_numbers_free_squares_row_by_row() {
        let board: Board = ".X.\n...\n".parse().unwrap();
        let graph = board_graph(&board, Piece::Rook);
        assert_eq!(graph.vertex_count, 5);
        assert_eq!(graph.edges, [(0, 2), (1, 4), (2, 3), (3, 4)]);
    }
}
