//! The cycle graph: a tour problem as a Hamiltonian-cycle problem.
//!
//! Its vertices are the free squares, in index order, plus (for open tours) one virtual vertex
//! joined to every square the tour may start or end on. A Hamiltonian cycle of this graph,
//! cut open at the virtual vertex, is an open tour.

use crate::core::adjacency::compressed_adjacency;
pub use crate::core::adjacency::Vertex;
use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::graph::problem::GraphProblem;

/// An undirected graph over the free squares (and a virtual vertex for open tours), with
/// numbered edges and compressed adjacency.
#[derive(Debug, Clone)]
pub struct CycleGraph {
    square_of: Vec<Square>,
    virtual_vertex: Option<Vertex>,
    edges: Vec<(Vertex, Vertex)>,
    adjacency_offsets: Vec<u32>,
    adjacency: Vec<(Vertex, u32)>,
    start: Option<Vertex>,
    end: Option<Vertex>,
    /// Whether the virtual vertex is joined to some squares only (see
    /// [`CycleGraph::with_end_squares`]).
    ends_confined: bool,
    /// The two pockets of squares that hold one end each, every square of each a vertex, in
    /// order (see [`CycleGraph::with_end_pockets`]); empty when the ends are not split so.
    end_pockets: Vec<Vec<Vertex>>,
}

impl CycleGraph {
    /// The cycle graph of `problem`, whose move graph is `graph`: the board as one source of
    /// graphs (its free squares are the vertices, in index order).
    pub fn new(problem: &Problem, graph: &MoveGraph) -> CycleGraph {
        let board = &problem.board;
        let square_of: Vec<Square> = board.free_squares().collect();
        let mut vertex_of = vec![u32::MAX; board.len()];
        for (vertex, &square) in square_of.iter().enumerate() {
            vertex_of[square as usize] = vertex as Vertex;
        }
        let mut edges = Vec::with_capacity(graph.edge_count() + square_of.len());
        for (vertex, &square) in square_of.iter().enumerate() {
            for &target in graph.neighbours(square) {
                let other = vertex_of[target as usize];
                if (vertex as Vertex) < other {
                    edges.push((vertex as Vertex, other));
                }
            }
        }
        let start = problem.start.map(|square| vertex_of[square as usize]);
        let end = problem.end.map(|square| vertex_of[square as usize]);
        CycleGraph::assemble(square_of, edges, problem.shape, start, end)
    }

    /// The cycle graph of a graph problem: a graph file as the other source of graphs (its
    /// vertex `v` is the vertex and the "square" `v`).
    pub fn of_graph(problem: &GraphProblem) -> CycleGraph {
        let square_of: Vec<Square> = (0..problem.vertex_count as Square).collect();
        let mut edges = Vec::with_capacity(problem.edges.len() + problem.vertex_count);
        edges.extend_from_slice(&problem.edges);
        CycleGraph::assemble(square_of, edges, problem.shape, problem.start, problem.end)
    }

    /// The cycle graph on the vertices of `square_of` with `edges` (each `a < b`), and for an
    /// open tour the virtual vertex joined to every vertex.
    fn assemble(
        square_of: Vec<Square>,
        mut edges: Vec<(Vertex, Vertex)>,
        shape: TourShape,
        start: Option<Vertex>,
        end: Option<Vertex>,
    ) -> CycleGraph {
        let virtual_vertex = match shape {
            TourShape::Closed => None,
            TourShape::Open => {
                let virtual_vertex = square_of.len() as Vertex;
                for vertex in 0..square_of.len() as Vertex {
                    edges.push((vertex, virtual_vertex));
                }
                Some(virtual_vertex)
            }
        };
        let vertex_count = square_of.len() + virtual_vertex.is_some() as usize;
        let (adjacency_offsets, adjacency) = compressed_adjacency(vertex_count, &edges);
        CycleGraph {
            square_of,
            virtual_vertex,
            edges,
            adjacency_offsets,
            adjacency,
            start,
            end,
            ends_confined: false,
            end_pockets: Vec::new(),
        }
    }

    /// The closed-tour cycle graph on vertices `0..vertex_count` with these edges (each
    /// `(a, b)` with `a < b < vertex_count`, no two alike): every vertex is its own square, and
    /// there is no virtual vertex, start or end.
    pub fn from_edges(vertex_count: usize, edges: &[(Vertex, Vertex)]) -> CycleGraph {
        let square_of = (0..vertex_count as Square).collect();
        CycleGraph::assemble(square_of, edges.to_vec(), TourShape::Closed, None, None)
    }

    /// Number of vertices, the virtual one included.
    pub fn vertex_count(&self) -> usize {
        self.adjacency_offsets.len() - 1
    }

    /// Number of free squares.
    pub fn square_count(&self) -> usize {
        self.square_of.len()
    }

    /// The edges, each `(a, b)` with `a < b`; an edge's number is its index here.
    pub fn edges(&self) -> &[(Vertex, Vertex)] {
        &self.edges
    }

    /// The `(neighbour, edge)` pairs at `vertex`.
    pub fn incident(&self, vertex: Vertex) -> &[(Vertex, u32)] {
        let index = vertex as usize;
        &self.adjacency
            [self.adjacency_offsets[index] as usize..self.adjacency_offsets[index + 1] as usize]
    }

    /// The edge between `a` and `b`, if any: looked up among the edges of the one with fewer
    /// (an open tour's virtual vertex has an edge to every square).
    pub fn edge_between(&self, a: Vertex, b: Vertex) -> Option<u32> {
        let (from, to) = match self.incident(a).len() > self.incident(b).len() {
            true => (b, a),
            false => (a, b),
        };
        self.incident(from)
            .iter()
            .find(|&&(other, _)| other == to)
            .map(|&(_, edge)| edge)
    }

    /// The virtual vertex of an open tour.
    pub fn virtual_vertex(&self) -> Option<Vertex> {
        self.virtual_vertex
    }

    /// The vertex of the fixed start square.
    pub fn start(&self) -> Option<Vertex> {
        self.start
    }

    /// The vertex of the fixed end square.
    pub fn end(&self) -> Option<Vertex> {
        self.end
    }

    /// The board square of a vertex (not the virtual one).
    pub fn square(&self, vertex: Vertex) -> Square {
        self.square_of[vertex as usize]
    }

    /// The vertex of a free square.
    pub fn vertex(&self, square: Square) -> Option<Vertex> {
        self.square_of
            .binary_search(&square)
            .ok()
            .map(|index| index as Vertex)
    }

    /// The same graph with the tour's ends fixed on `start` and `end` (squares' vertices)
    /// instead: the cases of a search that splits on where an open tour ends. The ends'
    /// pockets are forgotten (see [`CycleGraph::end_pockets`]).
    pub fn with_ends(&self, start: Option<Vertex>, end: Option<Vertex>) -> CycleGraph {
        CycleGraph {
            start,
            end,
            end_pockets: Vec::new(),
            ..self.clone()
        }
    }

    /// The same graph with the virtual vertex joined only to the squares whose vertices are
    /// `may_end` (and to a fixed start or end): for an open tour whose ends every tour has
    /// there. The edges are numbered afresh.
    pub fn with_end_squares(&self, may_end: &[bool]) -> CycleGraph {
        let Some(virtual_vertex) = self.virtual_vertex else {
            return self.clone();
        };
        let fixed = [self.start, self.end];
        let edges: Vec<(Vertex, Vertex)> = self
            .edges
            .iter()
            .copied()
            .filter(|&(square, other)| {
                other != virtual_vertex || may_end[square as usize] || fixed.contains(&Some(square))
            })
            .collect();
        let (adjacency_offsets, adjacency) = compressed_adjacency(self.vertex_count(), &edges);
        CycleGraph {
            square_of: self.square_of.clone(),
            virtual_vertex: self.virtual_vertex,
            edges,
            adjacency_offsets,
            adjacency,
            start: self.start,
            end: self.end,
            ends_confined: true,
            end_pockets: Vec::new(),
        }
    }

    /// The same graph with the virtual vertex joined only to the squares of `pockets` (each a
    /// list of vertices) and to a fixed start or end, as [`CycleGraph::with_end_squares`]; and
    /// where there are two pockets and no fixed end, with each pocket holding one end: every
    /// tour has an end in each, so a 2-factor may be asked for one virtual edge into each
    /// (see [`CycleGraph::end_pockets`]) rather than both into one.
    pub fn with_end_pockets(&self, pockets: &[Vec<Vertex>]) -> CycleGraph {
        let mut may_end = vec![false; self.vertex_count()];
        for &vertex in pockets.iter().flatten() {
            may_end[vertex as usize] = true;
        }
        let mut confined = self.with_end_squares(&may_end);
        let free_ends = self.start.is_none() && self.end.is_none();
        if confined.virtual_vertex.is_some() && free_ends && pockets.len() == 2 {
            confined.end_pockets = pockets
                .iter()
                .map(|pocket| {
                    let mut pocket = pocket.clone();
                    pocket.sort_unstable();
                    pocket
                })
                .collect();
        }
        confined
    }

    /// The two pockets of squares (vertices, in order) that each hold one end of every tour,
    /// where [`CycleGraph::with_end_pockets`] split the ends so; empty otherwise.
    pub fn end_pockets(&self) -> &[Vec<Vertex>] {
        &self.end_pockets
    }

    /// Whether the virtual vertex is joined to some squares only (by
    /// [`CycleGraph::with_end_squares`]): a flow's shortfall then proves nothing of the tour.
    pub fn ends_confined(&self) -> bool {
        self.ends_confined
    }

    /// Edges that every tour uses: the virtual vertex's edges to a fixed start and end.
    pub fn forced_edges(&self) -> Vec<u32> {
        let Some(virtual_vertex) = self.virtual_vertex else {
            return Vec::new();
        };
        [self.start, self.end]
            .into_iter()
            .flatten()
            .filter_map(|vertex| self.edge_between(vertex, virtual_vertex))
            .collect()
    }

    /// [`CycleGraph::forced_edges`] as a flag per edge.
    pub fn forced_edge_flags(&self) -> Vec<bool> {
        let mut forced = vec![false; self.edges.len()];
        for edge in self.forced_edges() {
            forced[edge as usize] = true;
        }
        forced
    }

    /// Splits a set of chosen edges (two at every vertex) into its cycles, each a list of
    /// vertices in cycle order. `None` if some vertex does not have exactly two chosen edges.
    pub fn cycles_of_edges(&self, chosen: &[bool]) -> Option<Vec<Vec<Vertex>>> {
        Some(cycles_of_partners(&self.partners_of_edges(chosen)?))
    }

    /// Each vertex's two partners along a set of chosen edges (two at every vertex), each
    /// vertex's in the order of its edges' numbers, as [`CycleGraph::cycles_of_edges`] walks
    /// them. `None` if some vertex does not have exactly two chosen edges.
    pub fn partners_of_edges(&self, chosen: &[bool]) -> Option<Vec<[Vertex; 2]>> {
        let mut partners = vec![[Vertex::MAX; 2]; self.vertex_count()];
        for (edge, &(a, b)) in self.edges.iter().enumerate() {
            if chosen[edge] {
                for (vertex, other) in [(a, b), (b, a)] {
                    let slot = partners[vertex as usize]
                        .iter_mut()
                        .find(|slot| **slot == Vertex::MAX)?;
                    *slot = other;
                }
            }
        }
        if partners.iter().any(|pair| pair[1] == Vertex::MAX) {
            return None;
        }
        Some(partners)
    }

    /// Splits a successor function into its cycles. `None` if it is not a permutation.
    pub fn cycles_of_successors(&self, successor: &[Vertex]) -> Option<Vec<Vec<Vertex>>> {
        let mut seen = vec![false; self.vertex_count()];
        let mut cycles = Vec::new();
        for first in 0..self.vertex_count() as Vertex {
            if seen[first as usize] {
                continue;
            }
            let mut cycle = Vec::new();
            let mut vertex = first;
            // A vertex without a successor (`Vertex::MAX`) is past the end of `seen`: `None`.
            while !*seen.get(vertex as usize)? {
                seen[vertex as usize] = true;
                cycle.push(vertex);
                vertex = *successor.get(vertex as usize)?;
            }
            if vertex != first {
                return None;
            }
            cycles.push(cycle);
        }
        Some(cycles)
    }

    /// The tour a Hamiltonian cycle (vertices in cycle order) stands for: cut open at the virtual
    /// vertex, started at the fixed start, and otherwise walked from its smallest square
    /// towards the smaller of its two neighbours.
    pub fn tour_of_cycle(&self, cycle: &[Vertex]) -> Tour {
        let mut order: Vec<Vertex> = cycle.to_vec();
        let anchor = self
            .virtual_vertex
            .or(self.start)
            .unwrap_or_else(|| order.iter().copied().min().unwrap_or(0));
        if let Some(position) = order.iter().position(|&vertex| vertex == anchor) {
            order.rotate_left(position);
        }
        let len = order.len();
        if len > 2 {
            let forwards = order[1];
            let backwards = order[len - 1];
            let reverse = match self.virtual_vertex {
                Some(_) => match (self.start, self.end) {
                    (Some(start), _) => backwards == start,
                    (None, Some(end)) => forwards == end,
                    (None, None) => backwards < forwards,
                },
                None => backwards < forwards,
            };
            if reverse {
                order[1..].reverse();
            }
        }
        if self.virtual_vertex.is_some() {
            order.remove(0);
        }
        Tour::new(
            order
                .into_iter()
                .map(|vertex| self.square(vertex))
                .collect(),
        )
    }
}

impl GraphProblem {
    /// The graph the engines work on.
    pub fn cycle_graph(&self) -> CycleGraph {
        CycleGraph::of_graph(self)
    }
}

/// The sides (0 or 1) of a 2-colouring of the vertices `0..vertex_count`, whose neighbours
/// `neighbours` lists: each vertex not yet coloured goes on side 0 and its component is
/// coloured from it. `None` when an edge joins two vertices of one side (an odd cycle).
pub(crate) fn two_colouring<I>(
    vertex_count: usize,
    neighbours: impl Fn(Vertex) -> I,
) -> Option<Vec<u8>>
where
    I: IntoIterator<Item = Vertex>,
{
    let mut side = vec![u8::MAX; vertex_count];
    for root in 0..vertex_count as Vertex {
        if side[root as usize] != u8::MAX {
            continue;
        }
        side[root as usize] = 0;
        let mut stack = vec![root];
        while let Some(vertex) = stack.pop() {
            for next in neighbours(vertex) {
                if side[next as usize] == u8::MAX {
                    side[next as usize] = 1 - side[vertex as usize];
                    stack.push(next);
                } else if side[next as usize] == side[vertex as usize] {
                    return None;
                }
            }
        }
    }
    Some(side)
}

/// The cycles of a 2-regular graph given as each vertex's two partners.
pub fn cycles_of_partners(partners: &[[Vertex; 2]]) -> Vec<Vec<Vertex>> {
    let mut seen = vec![false; partners.len()];
    let mut cycles = Vec::new();
    for first in 0..partners.len() as Vertex {
        if seen[first as usize] {
            continue;
        }
        let mut cycle = vec![first];
        seen[first as usize] = true;
        let mut previous = first;
        let mut vertex = partners[first as usize][0];
        while vertex != first {
            seen[vertex as usize] = true;
            cycle.push(vertex);
            let [a, b] = partners[vertex as usize];
            let next = if a == previous { b } else { a };
            previous = vertex;
            vertex = next;
        }
        cycles.push(cycle);
    }
    cycles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_from_edges_has_them_at_both_ends() {
        let graph = CycleGraph::from_edges(4, &[(0, 1), (1, 2), (0, 2), (2, 3)]);
        assert_eq!(graph.vertex_count(), 4);
        assert_eq!(graph.square_count(), 4);
        assert_eq!(graph.virtual_vertex(), None);
        assert_eq!(graph.square(3), 3);
        assert_eq!(graph.incident(2), &[(1, 1), (0, 2), (3, 3)]);
        assert_eq!(graph.incident(3), &[(2, 3)]);
        assert_eq!(graph.edge_between(0, 2), Some(2));
        assert_eq!(graph.edge_between(0, 3), None);
    }

    #[test]
    fn a_graph_with_end_squares_joins_the_virtual_vertex_to_those_and_the_fixed_end() {
        use crate::core::board::Board;
        use crate::core::piece::Piece;
        let board = Board::new(2, 3).unwrap();
        let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Open);
        let graph = CycleGraph::new(&problem, &MoveGraph::new(&board, Piece::Rook));
        let hub = graph.virtual_vertex().unwrap();
        assert_eq!(graph.incident(hub).len(), 6);
        let may_end = [true, false, false, false, false, true, false];
        let confined = graph.with_ends(Some(2), None).with_end_squares(&may_end);
        let mut ends: Vec<Vertex> = confined.incident(hub).iter().map(|&(v, _)| v).collect();
        ends.sort_unstable();
        assert_eq!(ends, [0, 2, 5]);
        assert!(confined.ends_confined() && !graph.ends_confined());
        // The moves between squares are kept, each under its new number.
        assert_eq!(confined.edges().len(), graph.edges().len() - 3);
        for &(a, b) in graph.edges().iter().filter(|&&(_, b)| b != hub) {
            let edge = confined.edge_between(a, b).unwrap();
            assert_eq!(confined.edges()[edge as usize], (a, b));
        }
    }
}
