//! Where an open tour must end: squares one of its ends must take, from the closed 2-factor's
//! pieces.
//!
//! For a piece that alternates colours, take the closed tour's graph (the free squares, no
//! virtual vertex), a 2-factor of it, and the pieces of the edges that lie in some 2-factor
//! ([`two_factor_pieces`]). An edge between two pieces is in no 2-factor, so it is unchosen and
//! its residual arc runs from its side-0 end to its side-1 end. Take a piece `P` that no such
//! arc enters (a source): every edge leaving `P` does so at a side-0 square of `P`, so the
//! side-1 squares of `P` have all their moves inside `P`. `P` is a union of cycles of the
//! 2-factor, so it has as many squares `n` of each side.
//!
//! Count the moves of an open tour at the squares of `P`, with `e0` and `e1` of its ends on
//! side-0 and side-1 squares of `P`: the side-1 squares take `2n - e1` tour moves, all to side-0
//! squares of `P`, which take `2n - e0` in all; so `e1 - e0` tour moves leave `P`. A tour that
//! covers more than `P` leaves it, so `e1 >= 1`: one end lies on a side-1 square of `P`. A piece
//! that no arc leaves (a sink) gives the same with the sides swapped.
//!
//! Fixing that end helps the SAT engine where the virtual vertex's freedom hides the structure:
//! on `corpus/scale/random-100x100-d0.05-s2` a 4-square source piece holds two such squares, and
//! the open tour from either is found in 0.3 s, where the tour with free ends timed out.

use crate::core::board::Square;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::engine::flow::factor::{square_sides, two_factor};
use crate::engine::proof::regions::two_factor_pieces;
use crate::graph::cycle::CycleGraph;

/// Whether [`open_end_candidates`] may tell where a free end of `problem` lies: an open tour
/// with at least one end free, of a piece that alternates colours.
pub fn may_apply(problem: &Problem) -> bool {
    problem.shape == TourShape::Open
        && (problem.start.is_none() || problem.end.is_none())
        && problem.piece.is_bipartite()
}

/// The squares of which every open tour of `problem` takes one as an end (those of the source
/// or sink piece that gives the fewest), or `None` when the argument gives nothing (the piece does not alternate
/// colours, there is no 2-factor, or the moves in some 2-factor keep every square together).
pub fn open_end_candidates(problem: &Problem, move_graph: &MoveGraph) -> Option<Vec<Square>> {
    if !problem.piece.is_bipartite() {
        return None;
    }
    let closed = Problem::new(problem.board.clone(), problem.piece, TourShape::Closed);
    let graph = CycleGraph::new(&closed, move_graph);
    let factor = two_factor(&graph).ok()?;
    let side = square_sides(&graph)?;
    let pieces = two_factor_pieces(&graph, &side, &factor);
    let count = pieces.iter().max().map_or(0, |&last| last as usize + 1);
    if count < 2 {
        return None;
    }
    // entered[p]: an edge between pieces has its side-1 end in p; left[p]: its side-0 end.
    let (mut entered, mut left) = (vec![false; count], vec![false; count]);
    for &(a, b) in graph.edges() {
        let (pa, pb) = (pieces[a as usize] as usize, pieces[b as usize] as usize);
        if pa != pb {
            let (tail, head) = if side[a as usize] == 0 {
                (pa, pb)
            } else {
                (pb, pa)
            };
            left[tail] = true;
            entered[head] = true;
        }
    }
    // A source's ends lie on its side-1 squares, a sink's on its side-0 squares; the piece with
    // the fewest such squares is taken, its squares gathered in a second pass.
    let end_side = |piece: usize| match (entered[piece], left[piece]) {
        (false, _) => Some(1),
        (true, false) => Some(0),
        (true, true) => None,
    };
    let is_end = |vertex: usize, piece: usize| end_side(piece) == Some(side[vertex]);
    let mut ends = vec![0usize; count];
    for (vertex, &piece) in pieces.iter().enumerate() {
        if is_end(vertex, piece as usize) {
            ends[piece as usize] += 1;
        }
    }
    let fewest = (0..count)
        .filter(|&piece| end_side(piece).is_some())
        .min_by_key(|&piece| ends[piece])?;
    let squares = (0..pieces.len())
        .filter(|&vertex| pieces[vertex] as usize == fewest && is_end(vertex, fewest))
        .map(|vertex| graph.square(vertex as u32))
        .collect();
    Some(squares)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::every_blocked_pattern;
    use crate::core::piece::Piece;
    use crate::engine::search::dfs;
    use crate::engine::{Answer, Limits, Stats};

    /// On every blocked pattern of 4 x 4, 3 x 5 and 3 x 6 boards that has candidates, the open
    /// rook tour search finds, and the one from every other square, ends on a candidate.
    #[test]
    fn an_open_tour_ends_on_a_candidate() {
        let mut checked = 0;
        for (rows, cols) in [(4, 4), (3, 5), (3, 6)] {
            for board in every_blocked_pattern(rows, cols) {
                let problem = Problem::new(board, Piece::Rook, TourShape::Open);
                let graph = MoveGraph::new(&problem.board, problem.piece);
                let Some(candidates) = open_end_candidates(&problem, &graph) else {
                    continue;
                };
                // The tour search finds, then one from every other square.
                let starts = problem
                    .board
                    .free_squares()
                    .filter(|s| !candidates.contains(s));
                let problems = std::iter::once(problem.clone())
                    .chain(starts.map(|start| problem.clone().with_start(start)));
                for problem in problems {
                    let answer =
                        dfs::search(&problem, &graph, &Limits::none(), &mut Stats::default());
                    if let Answer::Found(tour) = answer {
                        let squares = tour.squares();
                        let ends = [squares[0], squares[squares.len() - 1]];
                        assert!(
                            ends.iter().any(|end| candidates.contains(end)),
                            "{}: ends {ends:?}, candidates {candidates:?}",
                            problem.board
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 100, "only {checked} tours checked");
    }
}
