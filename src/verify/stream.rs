//! A verifier for tours too large to hold: squares checked as they stream past.
//!
//! Like [`verify`](crate::verify::board::verify) it shares no code with the engines; it keeps one bit
//! a square for the squares seen.

use crate::core::board::Square;
use crate::core::problem::Problem;
use crate::core::square::Naming;
use crate::verify::board::{check_ends, check_square, TourError};

/// Checks that `squares` solve `problem`, as [`verify`](crate::verify::board::verify) does, reading
/// each square once and keeping one bit a square: every free square exactly once, each step a
/// move of the piece, closure for closed tours, and the fixed start and end. Returns the number
/// of squares visited.
///
/// The iterator is cloned only to find where a repeated square was first visited.
///
/// ```
/// use toursat::verify::stream::verify_stream;
/// use toursat::{Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
/// assert_eq!(verify_stream(&problem, [0, 1, 3, 2].into_iter()), Ok(4));
/// assert!(verify_stream(&problem, [0, 1, 2, 3].into_iter()).is_err());
/// ```
pub fn verify_stream<I>(problem: &Problem, squares: I) -> Result<u64, TourError>
where
    I: Iterator<Item = Square> + Clone,
{
    let board = &problem.board;
    let name = |square: Square| Naming::Coordinates.of(board, square);
    let steps: Vec<(i64, i64)> = problem
        .piece
        .steps()
        .into_iter()
        .map(|(dx, dy)| (dx as i64, dy as i64))
        .collect();
    let is_move = |from: Square, to: Square| {
        let (x0, y0) = board.coords(from);
        let (x1, y1) = board.coords(to);
        steps.contains(&(x1 as i64 - x0 as i64, y1 as i64 - y0 as i64))
    };
    let mut seen = vec![0u64; board.len().div_ceil(64)];
    let mut first = None;
    let mut previous: Option<Square> = None;
    let mut count: usize = 0;
    for (index, square) in squares.clone().enumerate() {
        check_square(board, index, square, Naming::Coordinates)?;
        let (word, bit) = (square as usize / 64, square % 64);
        if seen[word] >> bit & 1 == 1 {
            let first_visit = squares.clone().position(|other| other == square);
            return Err(TourError::Repeated {
                square: name(square),
                first: first_visit.unwrap_or(index),
                second: index,
            });
        }
        seen[word] |= 1 << bit;
        if let Some(previous) = previous {
            if !is_move(previous, square) {
                return Err(TourError::IllegalMove {
                    index: index - 1,
                    from: name(previous),
                    to: name(square),
                });
            }
        }
        first.get_or_insert(square);
        previous = Some(square);
        count = index + 1;
    }
    let (Some(first), Some(last)) = (first, previous) else {
        return Err(TourError::Empty);
    };
    if count != board.free_count() {
        let unvisited = board
            .free_squares()
            .find(|&square| seen[square as usize / 64] >> (square % 64) & 1 == 0)
            .map(name)
            .unwrap_or_default();
        return Err(TourError::Missing {
            count: board.free_count() - count,
            first: unvisited,
        });
    }
    check_ends(problem, first, last, count, Naming::Coordinates, is_move)?;
    Ok(count as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    fn rook_square() -> Problem {
        Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn reports_where_a_repeated_square_was_first_seen() {
        let error = verify_stream(&rook_square(), [0, 1, 3, 1].into_iter()).unwrap_err();
        assert_eq!(
            error,
            TourError::Repeated {
                square: "1,0".to_string(),
                first: 1,
                second: 3
            }
        );
    }

    #[test]
    fn reports_missing_squares_and_illegal_moves() {
        assert!(matches!(
            verify_stream(&rook_square(), [0, 1, 3].into_iter()),
            Err(TourError::Missing { count: 1, .. })
        ));
        assert!(matches!(
            verify_stream(&rook_square(), [0, 3, 1, 2].into_iter()),
            Err(TourError::IllegalMove { index: 0, .. })
        ));
        assert_eq!(
            verify_stream(&rook_square(), std::iter::empty()),
            Err(TourError::Empty)
        );
    }

    #[test]
    fn checks_fixed_ends_of_open_tours() {
        let problem = Problem::new(Board::new(1, 3).unwrap(), Piece::Rook, TourShape::Open)
            .with_start(0)
            .with_end(2);
        assert_eq!(verify_stream(&problem, [0, 1, 2].into_iter()), Ok(3));
        assert!(matches!(
            verify_stream(&problem, [2, 1, 0].into_iter()),
            Err(TourError::WrongStart { .. })
        ));
    }
}
