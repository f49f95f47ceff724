//! The independent verifier of graph tours: every tour of a graph file toursat prints passes it.
//!
//! It checks a tour against the problem's own edge list (sorted pairs, searched by bisection),
//! sharing no code with the engines, the move graph or the cycle graph (only the checks of a
//! tour's ends, with the board verifier).

use crate::core::problem::TourShape;
use crate::core::tour::Tour;
use crate::graph::problem::GraphProblem;
use crate::verify::board::{check_ends_named, TourError};

/// Checks that `tour` (0-based vertices) solves `problem`: every vertex exactly once, each step
/// an edge, closure for a closed tour, and the fixed start and end. Errors name vertices
/// 1-based, as graph files do.
///
/// ```
/// use toursat::graph::problem::GraphProblem;
/// use toursat::verify::graph::verify_graph_tour;
/// use toursat::{Tour, TourShape};
/// let square = GraphProblem::new(4, vec![(0, 1), (1, 2), (2, 3), (0, 3)], TourShape::Closed);
/// assert!(verify_graph_tour(&square, &Tour::new(vec![0, 1, 2, 3])).is_ok());
/// assert!(verify_graph_tour(&square, &Tour::new(vec![0, 2, 1, 3])).is_err());
/// ```
pub fn verify_graph_tour(problem: &GraphProblem, tour: &Tour) -> Result<(), TourError> {
    let vertices = tour.squares();
    let name = |vertex: u32| format!("vertex {}", vertex as u64 + 1);
    let mut edges: Vec<(u32, u32)> = problem
        .edges
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    let joined = |a: u32, b: u32| edges.binary_search(&(a.min(b), a.max(b))).is_ok();
    if vertices.is_empty() {
        return Err(TourError::Empty);
    }
    let mut first_visit = vec![usize::MAX; problem.vertex_count];
    for (index, &vertex) in vertices.iter().enumerate() {
        let Some(seen) = first_visit.get_mut(vertex as usize) else {
            return Err(TourError::NoSuchVertex {
                index,
                vertex: vertex as u64 + 1,
                count: problem.vertex_count,
            });
        };
        if *seen != usize::MAX {
            return Err(TourError::RepeatedVertex {
                vertex: vertex as u64 + 1,
                first: *seen,
                second: index,
            });
        }
        *seen = index;
    }
    if let Some(unvisited) = first_visit.iter().position(|&seen| seen == usize::MAX) {
        return Err(TourError::MissingVertices {
            count: problem.vertex_count - vertices.len(),
            first: unvisited as u64 + 1,
        });
    }
    for (index, pair) in vertices.windows(2).enumerate() {
        if !joined(pair[0], pair[1]) {
            return Err(TourError::NotAnEdge {
                index,
                from: name(pair[0]),
                to: name(pair[1]),
            });
        }
    }
    if problem.shape == TourShape::Closed && vertices.len() < 3 {
        return Err(TourError::TooShortForACycle);
    }
    let (first, last) = (vertices[0], vertices[vertices.len() - 1]);
    let ends = (problem.shape, problem.start, problem.end);
    check_ends_named(ends, [first, last], vertices.len(), joined, name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::problem::TourShape;

    /// A triangle with a tail: 0-1-2-0 and 2-3.
    fn kite(shape: TourShape) -> GraphProblem {
        GraphProblem::new(4, vec![(0, 1), (1, 2), (0, 2), (2, 3)], shape)
    }

    fn check(problem: &GraphProblem, vertices: &[u32]) -> Result<(), String> {
        verify_graph_tour(problem, &Tour::new(vertices.to_vec())).map_err(|e| e.to_string())
    }

    #[test]
    fn accepts_a_hamiltonian_path_and_refuses_what_is_not_one() {
        let open = kite(TourShape::Open);
        assert_eq!(check(&open, &[0, 1, 2, 3]), Ok(()));
        assert_eq!(check(&open, &[3, 2, 1, 0]), Ok(()));
        assert_eq!(
            check(&open, &[0, 2, 1, 3]),
            Err("step 3: vertex 2 to vertex 4 is not an edge of the graph".into())
        );
        assert_eq!(
            check(&open, &[0, 1, 2]),
            Err("1 vertex never visited: vertex 4".into())
        );
        assert_eq!(
            check(&open, &[0, 1, 1, 3]),
            Err("vertex 2 is visited twice, at steps 2 and 3".into())
        );
        assert_eq!(
            check(&open, &[0, 1, 2, 4]),
            Err("step 4: vertex 5 is not in the graph (its vertices are 1..4)".into())
        );
        assert_eq!(check(&open, &[]), Err("the tour visits no square".into()));
    }

    #[test]
    fn checks_closure_and_fixed_ends() {
        let closed = GraphProblem::new(3, vec![(0, 1), (1, 2), (0, 2)], TourShape::Closed);
        assert_eq!(check(&closed, &[2, 0, 1]), Ok(()));
        assert!(check(&kite(TourShape::Closed), &[0, 1, 2, 3])
            .unwrap_err()
            .contains("does not close: vertex 4"));
        let mut fixed = kite(TourShape::Open);
        fixed.start = Some(3);
        assert!(check(&fixed, &[0, 1, 2, 3])
            .unwrap_err()
            .contains("starts on vertex 1, not on vertex 4"));
        assert_eq!(check(&fixed, &[3, 2, 1, 0]), Ok(()));
        fixed.end = Some(1);
        assert!(check(&fixed, &[3, 2, 1, 0])
            .unwrap_err()
            .contains("ends on vertex 1, not on vertex 2"));
        assert_eq!(check(&fixed, &[3, 2, 0, 1]), Ok(()));
    }
}
