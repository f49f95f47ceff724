//! A polynomial test for bipartite pieces: can the unvisited squares still be covered by a path?
//!
//! A path from the head through every unvisited square gives each unvisited square two moves
//! (one at the path's far end), and for a piece that alternates colours these moves form a
//! bipartite subgraph with known degrees. Whether such a subgraph exists is a flow problem;
//! when it does not, no tour extends the current path. CDCL solvers and plain search can need
//! exponential time to find this out (it is a pigeonhole argument), so the engines ask here
//! first.

use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::engine::flow::b_matching::{BMatching, CapacitatedGraph};
use crate::engine::{HallCut, Impossibility};
use crate::graph::cycle::{two_colouring, CycleGraph, Vertex};

/// Where a path through the unvisited squares must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathEnd {
    /// On any square.
    Anywhere,
    /// On this square (unvisited).
    On(Square),
    /// On a square one move from this one (a closed tour's start, already visited).
    NextTo(Square),
}

/// Whether the unvisited squares (`unvisited[square]`) admit a degree-feasible path from `head`
/// (visited) to `end`: a necessary condition for a tour that extends the current path. Only
/// meaningful for pieces that alternate colours; `board` gives the colours.
pub fn path_cover_possible(
    board: &Board,
    graph: &MoveGraph,
    unvisited: &[bool],
    head: Square,
    end: PathEnd,
) -> bool {
    path_cover_shortfall(board, graph, unvisited, head, end).is_none()
}

/// How a path cover fails: the tour moves the squares need, and the most that the moves between
/// them can provide (a maximum flow); `None` when the degrees can be met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    /// Tour moves needed at the squares of one colour.
    pub needed: u32,
    /// The most of them the board's moves can provide at once.
    pub possible: u32,
    /// A minimum cut of capacity `possible` (every square when the colours' needs differ);
    /// `None` when no flow was set up (a path that must end where it starts).
    pub cut: Option<HallCut>,
}

impl From<Shortfall> for Impossibility {
    /// The move shortage a shortfall proves.
    fn from(shortfall: Shortfall) -> Impossibility {
        Impossibility::MoveShortage {
            needed: shortfall.needed,
            possible: shortfall.possible,
            cut: shortfall.cut,
        }
    }
}

/// The [`Shortfall`] of a path from `head` through the unvisited squares to `end`, if any; see
/// [`path_cover_possible`].
pub fn path_cover_shortfall(
    board: &Board,
    graph: &MoveGraph,
    unvisited: &[bool],
    head: Square,
    end: PathEnd,
) -> Option<Shortfall> {
    let failed = |needed: u32, possible: u32| {
        Some(Shortfall {
            needed,
            possible,
            cut: None,
        })
    };
    let remaining: Vec<Square> = board
        .free_squares()
        .filter(|&square| unvisited[square as usize])
        .collect();
    if remaining.is_empty() {
        let ends_well = match end {
            PathEnd::NextTo(start) => graph.adjacent(head, start),
            PathEnd::Anywhere => true,
            PathEnd::On(square) => square == head,
        };
        return if ends_well { None } else { failed(1, 0) };
    }
    if let PathEnd::On(square) = end {
        if !unvisited[square as usize] {
            return failed(1, 0);
        }
    }
    // Vertex numbering: 0 the head, 1 the end stand-in, then the unvisited squares; colour 0
    // on the left.
    let (head_node, end_node) = (0usize, 1usize);
    let mut node_of = vec![usize::MAX; board.len()];
    for (index, &square) in remaining.iter().enumerate() {
        node_of[square as usize] = 2 + index;
    }
    let last_colour = board.colour(head) ^ (remaining.len() % 2) as u8;
    let head_colour = board.colour(head);
    let mut matching = CapacitatedGraph::new(2 + remaining.len());
    let mut demand = [0u32; 2];
    let mut attach = |matching: &mut CapacitatedGraph, node: usize, colour: u8, amount: u32| {
        demand[colour as usize] += amount;
        matching.set_vertex(node, colour == 0, amount);
    };
    attach(&mut matching, head_node, head_colour, 1);
    for &square in &remaining {
        let needed = match end {
            PathEnd::On(end_square) if end_square == square => 1,
            _ => 2,
        };
        attach(
            &mut matching,
            node_of[square as usize],
            board.colour(square),
            needed,
        );
    }
    let stand_in = match end {
        PathEnd::Anywhere => Some((1 - last_colour, None)),
        PathEnd::NextTo(start) => Some((board.colour(start), Some(start))),
        PathEnd::On(_) => None,
    };
    if let Some((colour, _)) = stand_in {
        attach(&mut matching, end_node, colour, 1);
    }
    // The squares on the source side of a cut, from a flag per vertex.
    let cut_of = |source_side: &[bool]| HallCut {
        squares: (source_side[head_node].then_some(head))
            .into_iter()
            .chain(
                remaining
                    .iter()
                    .copied()
                    .filter(|&square| source_side[node_of[square as usize]]),
            )
            .collect(),
        has_free_end: stand_in.is_some() && source_side[end_node],
        dead_end: None,
    };
    if demand[0] != demand[1] {
        return Some(Shortfall {
            needed: demand[0].max(demand[1]),
            possible: demand[0].min(demand[1]),
            cut: Some(cut_of(&vec![true; 2 + remaining.len()])),
        });
    }
    let link = |matching: &mut CapacitatedGraph, a: usize, a_colour: u8, b: usize| {
        if a_colour == 0 {
            matching.add_edge(a, b);
        } else {
            matching.add_edge(b, a);
        }
    };
    for &next in graph.neighbours(head) {
        if unvisited[next as usize] {
            link(
                &mut matching,
                head_node,
                head_colour,
                node_of[next as usize],
            );
        }
    }
    for &square in &remaining {
        let node = node_of[square as usize];
        let colour = board.colour(square);
        for &next in graph.neighbours(square) {
            if unvisited[next as usize] && colour == 0 {
                link(&mut matching, node, colour, node_of[next as usize]);
            }
        }
        match stand_in {
            Some((_, None)) if colour == last_colour => link(&mut matching, node, colour, end_node),
            Some((_, Some(start))) if graph.adjacent(square, start) => {
                link(&mut matching, node, colour, end_node)
            }
            _ => {}
        }
    }
    let matched = matching.maximum_matching();
    (matched.size < demand[0]).then(|| Shortfall {
        needed: demand[0],
        possible: matched.size,
        cut: Some(cut_of(&matched.reached)),
    })
}

/// Why [`two_factor`] found none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTwoFactor {
    /// The squares are not bipartite: the flow cannot be set up (a 2-factor may still exist).
    NotBipartite,
    /// There is no 2-factor: the edges needed at the vertices of one side, and the most a
    /// maximum flow can place at once.
    Shortfall(Shortfall),
}

/// A 2-factor of `graph` that holds its forced edges: the edges chosen so that every vertex
/// has exactly two, as a flag per edge. A maximum flow sends two units into every vertex of
/// one side and out of every vertex of the other, one unit an edge, so the squares must be
/// bipartite.
///
/// An open tour's virtual vertex, joined to squares of both sides, is split in two: a half on
/// each side, whose capacities add up to two and balance the sides (a Hamiltonian path's ends
/// lie one on each side when the sides are as large, both on the larger side otherwise). A
/// forced edge (to a fixed end) is chosen before the flow: it takes one unit from each of its
/// ends.
pub fn two_factor(graph: &CycleGraph) -> Result<Vec<bool>, NoTwoFactor> {
    let network = FactorNetwork::new(graph)?;
    let matched = network.full_matching(graph, CapacitatedGraph::maximum_matching)?;
    Ok(network.chosen_edges(&matched))
}

/// A 2-factor that the cheap proofs found and hand to the SAT engine's warm start, which would
/// otherwise compute the same again: the edges [`two_factor`] chose in the cycle graph of a
/// problem (`CycleGraph::new` of the problem and its move graph), as a flag per edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TwoFactor {
    /// Whether each edge of the cycle graph is chosen.
    chosen: Vec<bool>,
}

impl TwoFactor {
    /// [`two_factor`] of `graph`, kept to hand over.
    pub(crate) fn of(graph: &CycleGraph) -> Result<TwoFactor, NoTwoFactor> {
        two_factor(graph).map(|chosen| TwoFactor { chosen })
    }

    /// A 2-factor given by its edges, a flag per edge of a cycle graph.
    #[cfg(test)]
    pub(crate) fn from_edges(chosen: Vec<bool>) -> TwoFactor {
        TwoFactor { chosen }
    }

    /// The chosen edges, a flag per edge of the graph it was found in.
    pub(crate) fn chosen(&self) -> &[bool] {
        &self.chosen
    }

    /// The chosen edges as a flag per edge of `graph`, if they fit it: a flag for each of its
    /// edges, and its forced edges among them (the rest, two edges at every vertex, is for
    /// the caller to check).
    pub(crate) fn edges_of(&self, graph: &CycleGraph) -> Option<&[bool]> {
        let fits = self.chosen.len() == graph.edges().len()
            && graph
                .forced_edges()
                .into_iter()
                .all(|edge| self.chosen[edge as usize]);
        fits.then_some(&self.chosen)
    }
}

/// [`two_factor`]'s verdict and shortfall (the same for every maximum flow), with a 2-factor
/// of any shape: by [`CapacitatedGraph::any_maximum_matching`], several times faster on large
/// boards, for the proofs of open tours and of graphs, which keep no 2-factor for the warm
/// start (a closed tour's proofs take [`TwoFactor::of`] and hand it over).
pub(crate) fn any_two_factor(graph: &CycleGraph) -> Result<Vec<bool>, NoTwoFactor> {
    let network = FactorNetwork::new(graph)?;
    let matched = network.full_matching(graph, CapacitatedGraph::any_maximum_matching)?;
    Ok(network.chosen_edges(&matched))
}

/// Where an open tour's free ends may lie, by the flow of [`two_factor`]: for each half of the
/// virtual vertex that has an end left to place (none is forced to it), the squares that some
/// 2-factor joins to it, as vertices in increasing order. Every tour is a 2-factor, so each of
/// its free ends lies in one of these sets. None for a closed tour.
///
/// On a board where the flow leaves little choice, one set can be a handful of squares
/// (every tour then ends on one of them), while the other holds most of its side.
pub fn free_end_squares(graph: &CycleGraph) -> Result<Vec<Vec<Vertex>>, NoTwoFactor> {
    let network = FactorNetwork::new(graph)?;
    let matched = network.full_matching(graph, CapacitatedGraph::maximum_matching)?;
    Ok(network.free_ends(graph, &matched))
}

/// [`two_factor`] and [`free_end_squares`] from one flow.
pub fn two_factor_and_free_ends(
    graph: &CycleGraph,
) -> Result<(Vec<bool>, Vec<Vec<Vertex>>), NoTwoFactor> {
    let network = FactorNetwork::new(graph)?;
    let matched = network.full_matching(graph, CapacitatedGraph::maximum_matching)?;
    Ok((
        network.chosen_edges(&matched),
        network.free_ends(graph, &matched),
    ))
}

/// The matching edge of a graph edge that has none (a forced edge, chosen before the flow).
const NO_FLOW_EDGE: usize = usize::MAX;

/// The bipartite b-matching whose full matchings, with the forced edges, are the 2-factors of
/// a graph (see [`two_factor`]).
struct FactorNetwork {
    /// The matching: the graph's vertices (the virtual one as its side-0 half), then the
    /// virtual vertex's side-1 half; side 0 on the left.
    matching: CapacitatedGraph,
    /// Each matching vertex's capacity: the edges it takes beyond the forced ones.
    capacity: Vec<u32>,
    /// The matching node of the virtual vertex's side-1 half.
    other_half: usize,
    /// The matching edge of each graph edge ([`NO_FLOW_EDGE`] for a forced edge).
    flow_edge: Vec<usize>,
    /// The forced edges, as a flag per graph edge.
    forced: Vec<bool>,
    /// The edges the left side must take for a full matching.
    demand: u32,
}

impl FactorNetwork {
    /// The network of `graph`; `Err` when the squares are not bipartite, or when the sides'
    /// needs (after the forced edges) cannot balance.
    fn new(graph: &CycleGraph) -> Result<FactorNetwork, NoTwoFactor> {
        let side = square_sides(graph).ok_or(NoTwoFactor::NotBipartite)?;
        let vertex_count = graph.vertex_count();
        let other_half = vertex_count;
        let virtual_vertex = graph.virtual_vertex();
        let mut capacity = vec![2u32; vertex_count + 1];
        if let Some(virtual_vertex) = virtual_vertex {
            let squares = &side[..graph.square_count()];
            let side_1 = squares
                .iter()
                .filter(|&&vertex_side| vertex_side == 1)
                .count() as i64;
            let surplus = squares.len() as i64 - 2 * side_1;
            if surplus.abs() > 1 {
                return Err(every_vertex_short(graph, surplus.unsigned_abs() as u32));
            }
            // The side-0 half supplies what the side-1 squares lack, the side-1 half the rest.
            capacity[virtual_vertex as usize] = (1 - surplus) as u32;
            capacity[other_half] = (1 + surplus) as u32;
        } else {
            capacity[other_half] = 0;
        }
        // The flow node of an edge's end `vertex`, whose other end is `other`.
        let node = |vertex: Vertex, other: Vertex| -> usize {
            match Some(vertex) == virtual_vertex && side[other as usize] == 0 {
                true => other_half,
                false => vertex as usize,
            }
        };
        let mut forced = vec![false; graph.edges().len()];
        for edge in graph.forced_edges() {
            let (a, b) = graph.edges()[edge as usize];
            for end in [node(a, b), node(b, a)] {
                if capacity[end] == 0 {
                    return Err(every_vertex_short(graph, 1));
                }
                capacity[end] -= 1;
            }
            forced[edge as usize] = true;
        }
        let node_side = |node: usize| match node {
            _ if node == other_half => 1,
            _ if Some(node as Vertex) == virtual_vertex => 0,
            _ => side[node],
        };
        let mut matching = CapacitatedGraph::new(vertex_count + 1);
        let mut demand = [0u32; 2];
        let nodes = (0..vertex_count).chain(virtual_vertex.map(|_| other_half));
        for node in nodes {
            let node_capacity = capacity[node];
            demand[node_side(node) as usize] += node_capacity;
            matching.set_vertex(node, node_side(node) == 0, node_capacity);
        }
        if demand[0] != demand[1] {
            let short = demand[0].abs_diff(demand[1]);
            return Err(every_vertex_short(graph, short));
        }
        let mut flow_edge = vec![NO_FLOW_EDGE; graph.edges().len()];
        for (edge, &(a, b)) in graph.edges().iter().enumerate() {
            if forced[edge] {
                continue;
            }
            let (from, to) = (node(a, b), node(b, a));
            let (from, to) = if node_side(from) == 0 {
                (from, to)
            } else {
                (to, from)
            };
            flow_edge[edge] = matching.edge_count();
            matching.add_edge(from, to);
        }
        Ok(FactorNetwork {
            matching,
            capacity,
            other_half,
            flow_edge,
            forced,
            demand: demand[0],
        })
    }

    /// A maximum matching (by `maximum_matching`) that fills every vertex; `Err` with the
    /// shortfall and its minimum cut (in `graph`'s squares) when there is none.
    fn full_matching(
        &self,
        graph: &CycleGraph,
        maximum_matching: impl Fn(&CapacitatedGraph) -> BMatching,
    ) -> Result<BMatching, NoTwoFactor> {
        let matched = maximum_matching(&self.matching);
        if matched.size < self.demand {
            let source_side = &matched.reached;
            let squares = (0..graph.square_count())
                .filter(|&vertex| source_side[vertex])
                .map(|vertex| graph.square(vertex as Vertex))
                .collect();
            return Err(NoTwoFactor::Shortfall(Shortfall {
                needed: self.demand,
                possible: matched.size,
                cut: Some(HallCut {
                    squares,
                    has_free_end: graph
                        .virtual_vertex()
                        .is_some_and(|vertex| source_side[vertex as usize]),
                    dead_end: None,
                }),
            }));
        }
        Ok(matched)
    }

    /// The 2-factor of a full matching `matched`: the forced edges and the matched ones, as a
    /// flag per graph edge.
    fn chosen_edges(&self, matched: &BMatching) -> Vec<bool> {
        let mut chosen = self.forced.clone();
        for (edge, &flow_edge) in self.flow_edge.iter().enumerate() {
            if flow_edge != NO_FLOW_EDGE && matched.chosen[flow_edge] {
                chosen[edge] = true;
            }
        }
        chosen
    }

    /// The squares some full matching joins to each half of `graph`'s virtual vertex that has
    /// room, given one full matching `matched` (see [`free_end_squares`]).
    fn free_ends(&self, graph: &CycleGraph, matched: &BMatching) -> Vec<Vec<Vertex>> {
        let halves = graph
            .virtual_vertex()
            .map(|virtual_vertex| [virtual_vertex as usize, self.other_half]);
        halves
            .into_iter()
            .flatten()
            .filter(|&half| self.capacity[half] > 0)
            .map(|half| {
                let mut squares: Vec<Vertex> = self
                    .matching
                    .partners_in_some_full_matching(&matched.chosen, half)
                    .into_iter()
                    .map(|vertex| vertex as Vertex)
                    .collect();
                squares.sort_unstable();
                squares
            })
            .collect()
    }
}

/// The side (0 or 1) of every vertex in a 2-colouring of the squares, the virtual vertex (left
/// out of the colouring) on side 0; `None` when the squares are not bipartite.
pub(crate) fn square_sides(graph: &CycleGraph) -> Option<Vec<u8>> {
    let virtual_vertex = graph.virtual_vertex();
    let mut side = two_colouring(graph.square_count(), |vertex| {
        graph
            .incident(vertex)
            .iter()
            .map(|&(next, _)| next)
            .filter(move |&next| Some(next) != virtual_vertex)
    })?;
    side.extend(virtual_vertex.map(|_| 0));
    Some(side)
}

/// The shortfall of a graph whose sides' needs differ by `short` edges (or whose fixed ends
/// ask for more than the virtual vertex has): every square is in the cut.
fn every_vertex_short(graph: &CycleGraph, short: u32) -> NoTwoFactor {
    let needed = 2 * graph.square_count() as u32;
    NoTwoFactor::Shortfall(Shortfall {
        needed,
        possible: needed.saturating_sub(short),
        cut: Some(HallCut {
            squares: (0..graph.square_count() as Vertex)
                .map(|vertex| graph.square(vertex))
                .collect(),
            has_free_end: graph.virtual_vertex().is_some(),
            dead_end: None,
        }),
    })
}

/// The move graph and cycle graph of `problem`, and the cycles of the 2-factor that `factor`
/// finds in the cycle graph (`None` when it finds none): what the tests of the joining and the
/// regions start from.
#[cfg(test)]
pub(crate) fn factor_cycles(
    problem: &crate::core::problem::Problem,
    factor: impl Fn(&CycleGraph) -> Option<Vec<bool>>,
) -> Option<(MoveGraph, CycleGraph, Vec<Vec<Vertex>>)> {
    let moves = MoveGraph::new(&problem.board, problem.piece);
    let graph = CycleGraph::new(problem, &moves);
    let chosen = factor(&graph)?;
    let cycles = graph.cycles_of_edges(&chosen).expect("a 2-factor");
    Some((moves, graph, cycles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    fn all_unvisited_but(board: &Board, head: Square) -> Vec<bool> {
        (0..board.len() as Square)
            .map(|square| board.is_free(square) && square != head)
            .collect()
    }

    #[test]
    fn a_path_covers_an_open_board() {
        let board = Board::new(5, 6).unwrap();
        let graph = MoveGraph::new(&board, Piece::Knight);
        let unvisited = all_unvisited_but(&board, 0);
        assert!(path_cover_possible(
            &board,
            &graph,
            &unvisited,
            0,
            PathEnd::Anywhere
        ));
        assert!(path_cover_possible(
            &board,
            &graph,
            &unvisited,
            0,
            PathEnd::NextTo(0)
        ));
    }

    #[test]
    fn an_unbalanced_board_has_no_path_back() {
        let board: Board = "...\n...\n...\n".parse().unwrap();
        let graph = MoveGraph::new(&board, Piece::Rook);
        let unvisited = all_unvisited_but(&board, 0);
        assert!(!path_cover_possible(
            &board,
            &graph,
            &unvisited,
            0,
            PathEnd::NextTo(0)
        ));
        assert!(path_cover_possible(
            &board,
            &graph,
            &unvisited,
            0,
            PathEnd::Anywhere
        ));
    }

    #[test]
    fn a_hall_violation_is_found() {
        // The three squares of the middle column's ends need the two corners' only exits.
        let board: Board = ".X.\n...\n.X.\n".parse().unwrap();
        let graph = MoveGraph::new(&board, Piece::Rook);
        let head = board.square(1, 1);
        let unvisited = all_unvisited_but(&board, head);
        assert!(!path_cover_possible(
            &board,
            &graph,
            &unvisited,
            head,
            PathEnd::Anywhere
        ));
    }

    /// The cycle graph of an open tour of `piece` on `board`.
    fn open_graph(board: &Board, piece: Piece) -> CycleGraph {
        let problem = crate::core::problem::Problem::new(board.clone(), piece, TourShape::Open);
        CycleGraph::new(&problem, &MoveGraph::new(board, piece))
    }

    /// The ends of every Hamiltonian path of the squares of `graph` (an open tour's cycle
    /// graph), each path from each end, by brute force.
    fn path_ends(graph: &CycleGraph) -> Vec<(Vertex, Vertex)> {
        fn extend(graph: &CycleGraph, path: &mut Vec<Vertex>, ends: &mut Vec<(Vertex, Vertex)>) {
            let last = *path.last().expect("a path has a square");
            if path.len() == graph.square_count() {
                ends.push((path[0], last));
                return;
            }
            for &(next, _) in graph.incident(last) {
                if Some(next) != graph.virtual_vertex() && !path.contains(&next) {
                    path.push(next);
                    extend(graph, path, ends);
                    path.pop();
                }
            }
        }
        let mut ends = Vec::new();
        for first in 0..graph.square_count() as Vertex {
            extend(graph, &mut vec![first], &mut ends);
        }
        ends.sort_unstable();
        ends.dedup();
        ends
    }

    #[test]
    fn a_strip_confines_both_ends_to_its_two_end_squares() {
        // Five squares in a row, three of one colour: both ends on the larger colour, and the
        // squares at either end have one move each.
        let board: Board = ".....\n".parse().unwrap();
        let graph = open_graph(&board, Piece::Rook);
        assert_eq!(free_end_squares(&graph), Ok(vec![vec![0, 4]]));
    }

    #[test]
    fn every_paths_ends_lie_where_the_flow_allows_them() {
        // Small holed boards: each end of every Hamiltonian path is allowed by the flow with
        // both ends free, and the second end by the flow with the first end fixed.
        let mut rng = crate::core::rng::SplitMix64::new(14);
        let mut paths = 0;
        for _ in 0..60 {
            let (rows, cols) = (3 + rng.below(2) as usize, 3 + rng.below(3) as usize);
            let text: String = (0..rows)
                .map(|_| {
                    let row: String = (0..cols)
                        .map(|_| if rng.below(6) == 0 { 'X' } else { '.' })
                        .collect();
                    row + "\n"
                })
                .collect();
            let board: Board = text.parse().unwrap();
            for piece in [Piece::Rook, Piece::Knight] {
                let graph = open_graph(&board, piece);
                if graph.square_count() < 2 {
                    continue;
                }
                let allowed: Vec<Vertex> = match free_end_squares(&graph) {
                    Ok(sets) => sets.into_iter().flatten().collect(),
                    Err(_) => Vec::new(),
                };
                for (first, second) in path_ends(&graph) {
                    assert!(allowed.contains(&first), "{text}{piece:?} {first}");
                    let fixed = graph.with_ends(Some(first), None);
                    let seconds: Vec<Vertex> = free_end_squares(&fixed)
                        .unwrap()
                        .into_iter()
                        .flatten()
                        .collect();
                    assert!(
                        seconds.contains(&second),
                        "{text}{piece:?} {first} {second}"
                    );
                    paths += 1;
                }
            }
        }
        assert!(paths > 100, "only {paths} paths");
    }
}
