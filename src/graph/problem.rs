//! Tour problems on a graph given by its edges (a graph file): a Hamiltonian cycle or path.
//!
//! A board is one source of graphs ([`crate::Problem`]); a graph file is the other. Both become
//! a [`CycleGraph`](crate::graph::cycle::CycleGraph), the graph every engine works on.

use crate::core::adjacency::Vertex;
use crate::core::problem::{ProblemError, TourShape};

/// A tour to find: every vertex of the graph once, along its edges.
///
/// ```
/// use toursat::graph::problem::GraphProblem;
/// use toursat::TourShape;
/// // A square with one diagonal.
/// let problem = GraphProblem::new(4, vec![(0, 1), (1, 2), (2, 3), (0, 3), (0, 2)], TourShape::Closed);
/// assert!(problem.validate().is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphProblem {
    /// Vertices `0..vertex_count` (files number them from 1).
    pub vertex_count: usize,
    /// The edges, each `(a, b)` with `a < b`, without repeats.
    pub edges: Vec<(Vertex, Vertex)>,
    /// Closed (a Hamiltonian cycle) or open (a Hamiltonian path).
    pub shape: TourShape,
    /// The vertex the tour must start on, if fixed.
    pub start: Option<Vertex>,
    /// The vertex an open tour must end on, if fixed.
    pub end: Option<Vertex>,
}

impl GraphProblem {
    /// A problem with no fixed start or end; `edges` are normalised (`a < b`, sorted, repeats
    /// and self-loops dropped).
    pub fn new(vertex_count: usize, mut edges: Vec<(Vertex, Vertex)>, shape: TourShape) -> Self {
        for edge in &mut edges {
            *edge = (edge.0.min(edge.1), edge.0.max(edge.1));
        }
        edges.retain(|&(a, b)| a != b);
        edges.sort_unstable();
        edges.dedup();
        GraphProblem {
            vertex_count,
            edges,
            shape,
            start: None,
            end: None,
        }
    }

    /// Checks that the problem is well posed: a vertex at least, every edge and fixed end in
    /// range, no end on a closed tour, an open tour's ends apart.
    pub fn validate(&self) -> Result<(), ProblemError> {
        if self.vertex_count == 0 {
            return Err(ProblemError::NoVertex);
        }
        for (which, vertex) in [("start", self.start), ("end", self.end)] {
            if let Some(vertex) = vertex {
                if vertex as usize >= self.vertex_count {
                    return Err(ProblemError::NoSuchVertex {
                        which,
                        vertex: vertex as u64 + 1,
                        count: self.vertex_count,
                    });
                }
            }
        }
        if let Some(&(a, b)) = self
            .edges
            .iter()
            .find(|&&(a, b)| a >= b || b as usize >= self.vertex_count)
        {
            return Err(ProblemError::NoSuchVertex {
                which: "edge",
                vertex: a.max(b) as u64 + 1,
                count: self.vertex_count,
            });
        }
        if self.shape == TourShape::Closed && self.end.is_some() {
            return Err(ProblemError::EndOnClosedTour);
        }
        match (self.start, self.end) {
            (Some(start), Some(end)) if start == end && self.vertex_count > 1 => {
                Err(ProblemError::SameEnds {
                    square: format!("vertex {}", start + 1),
                })
            }
            _ => Ok(()),
        }
    }
}
