//! The uniqueness verdict: one tour, two tours and the moves where they differ, or none.
//!
//! [`verdict`] asks [`distinct_tours`] for two tours. A second tour comes from the same
//! incremental solver after a clause forbids the first tour's moves; the cuts it keeps hold for
//! every tour, so when it finds none, that is a proof that the first tour is the only one.

use super::{distinct_tours, CountError};
use crate::core::board::Square;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::Limits;

/// A move: the two squares it joins, the smaller first.
pub type Move = [Square; 2];

/// What [`verdict`] found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one tour (as a set of moves).
    Unique(Tour),
    /// At least two tours, which differ in at least one move.
    NotUnique {
        /// The first tour found.
        first: Tour,
        /// A second tour, with other moves.
        second: Tour,
    },
    /// No tour at all: the solver proved it.
    NoTour,
}

/// The moves two tours do not share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Moves of the first tour that the second does not make, sorted.
    pub first_only: Vec<Move>,
    /// Moves of the second tour that the first does not make, sorted.
    pub second_only: Vec<Move>,
}

/// Whether `problem` has one tour, several or none; every tour returned is verified.
pub fn verdict(problem: &Problem, limits: &Limits) -> Result<Verdict, CountError> {
    let distinct = distinct_tours(problem, 2, limits, &mut |_| {})?;
    let mut tours = distinct.tours.into_iter();
    Ok(match (tours.next(), tours.next()) {
        (None, _) => Verdict::NoTour,
        (Some(tour), None) => Verdict::Unique(tour),
        (Some(first), Some(second)) => Verdict::NotUnique { first, second },
    })
}

/// The moves of `tour` (a closed tour's closing move too), each with its smaller square first,
/// sorted.
pub fn moves_of(problem: &Problem, tour: &Tour) -> Vec<Move> {
    let squares = tour.squares();
    let closing = match (problem.shape, squares) {
        (TourShape::Closed, [first, _, _, .., last]) => Some([*last, *first]),
        _ => None,
    };
    let mut moves: Vec<Move> = squares
        .windows(2)
        .map(|pair| [pair[0], pair[1]])
        .chain(closing)
        .map(|[a, b]| [a.min(b), a.max(b)])
        .collect();
    moves.sort_unstable();
    moves
}

/// The moves `first` and `second` do not share.
pub fn difference(problem: &Problem, first: &Tour, second: &Tour) -> Difference {
    let (ours, theirs) = (moves_of(problem, first), moves_of(problem, second));
    let only = |these: &[Move], those: &[Move]| -> Vec<Move> {
        these
            .iter()
            .filter(|step| those.binary_search(step).is_err())
            .copied()
            .collect()
    };
    Difference {
        first_only: only(&ours, &theirs),
        second_only: only(&theirs, &ours),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;

    fn rook_circuit(board: &str) -> Problem {
        Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn a_two_by_four_board_has_one_circuit() {
        let problem = rook_circuit("....\n....\n");
        assert!(matches!(
            verdict(&problem, &Limits::none()),
            Ok(Verdict::Unique(_))
        ));
    }

    #[test]
    fn two_circuits_of_a_four_by_four_board_differ_in_as_many_moves_each() {
        let problem = rook_circuit("....\n....\n....\n....\n");
        let Ok(Verdict::NotUnique { first, second }) = verdict(&problem, &Limits::none()) else {
            panic!("the 4 x 4 board has six circuits");
        };
        let difference = difference(&problem, &first, &second);
        assert!(!difference.first_only.is_empty());
        assert_eq!(difference.first_only.len(), difference.second_only.len());
    }

    #[test]
    fn a_three_by_three_board_has_no_circuit() {
        let problem = rook_circuit("...\n...\n...\n");
        assert_eq!(verdict(&problem, &Limits::none()), Ok(Verdict::NoTour));
    }
}
