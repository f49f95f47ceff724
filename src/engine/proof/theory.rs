//! Knight's tour existence on boards without blocked squares, decided by theorem.
//!
//! Closed tours: Schwenk (1991). Open tours: Conrad, Hindrichs, Morsy and Wegener (1994).

use crate::core::board::Square;
use crate::core::problem::TourShape;

/// What the theorems say about knight's tours on an empty board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Existence {
    /// A tour exists.
    Exists,
    /// No tour exists, for the reason given (a citation and the case that applies).
    NoTour(String),
    /// The theorems do not settle it (an open tour with both ends fixed, or one end fixed on a
    /// board without a closed tour); the engines must decide.
    Unknown,
}

/// Whether an m x n board (no blocked squares) has a closed knight's tour (Schwenk 1991).
pub fn has_closed_tour(rows: u64, cols: u64) -> bool {
    closed_obstacle(rows, cols).is_none()
}

/// Whether an m x n board (no blocked squares) has an open knight's tour (Conrad et al. 1994).
pub fn has_open_tour(rows: u64, cols: u64) -> bool {
    let (short, long) = (rows.min(cols), rows.max(cols));
    match short {
        1 => long == 1,
        3 => long == 4 || long >= 7,
        4 => long >= 5,
        short => short >= 5,
    }
}

/// The case of Schwenk's theorem that rules out a closed tour, if one does.
fn closed_obstacle(rows: u64, cols: u64) -> Option<&'static str> {
    let (short, long) = (rows.min(cols), rows.max(cols));
    if short % 2 == 1 && long % 2 == 1 {
        Some("both sides are odd")
    } else if matches!(short, 1 | 2 | 4) {
        Some("the shorter side is 1, 2 or 4")
    } else if short == 3 && matches!(long, 4 | 6 | 8) {
        Some("the board is 3 x 4, 3 x 6 or 3 x 8")
    } else {
        None
    }
}

const SCHWENK: &str = "Schwenk (1991): an m x n board, m <= n, has a closed knight's tour \
                       unless m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8";

const CONRAD: &str = "Conrad, Hindrichs, Morsy and Wegener (1994): open knight's tours exist on \
                      the 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and m x n (n >= m >= 5) \
                      boards and their transposes, and on no other board";

/// What the theorems say about a knight's tour of `shape` on an empty `rows` x `cols` board
/// with the given fixed ends.
///
/// A closed tour may start anywhere, so a fixed start changes nothing. An open tour with one
/// fixed end exists whenever a closed tour does (open the circuit there); with both ends fixed,
/// or one end fixed on a board with only open tours, the answer is [`Existence::Unknown`] unless
/// no open tour exists at all. (On a board of odd area the ends must lie on the more numerous
/// colour: the colour-count proof says so.)
///
/// ```
/// use toursat::engine::proof::theory::{knight_tour_existence, Existence};
/// use toursat::TourShape;
/// assert_eq!(knight_tour_existence(8, 8, TourShape::Closed, None, None), Existence::Exists);
/// assert!(matches!(
///     knight_tour_existence(4, 8, TourShape::Closed, None, None),
///     Existence::NoTour(_)
/// ));
/// ```
pub fn knight_tour_existence(
    rows: u64,
    cols: u64,
    shape: TourShape,
    start: Option<Square>,
    end: Option<Square>,
) -> Existence {
    let closed = closed_obstacle(rows, cols);
    match shape {
        TourShape::Closed => match closed {
            None => Existence::Exists,
            Some(case) => Existence::NoTour(format!(
                "{SCHWENK}; the {rows} x {cols} board has none: {case}"
            )),
        },
        TourShape::Open if !has_open_tour(rows, cols) => Existence::NoTour(format!(
            "{CONRAD}; the {rows} x {cols} board is not among them"
        )),
        TourShape::Open => match (start, end) {
            (None, None) => Existence::Exists,
            (Some(_), Some(_)) => Existence::Unknown,
            _ if closed.is_none() => Existence::Exists,
            _ => Existence::Unknown,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_tours_follow_schwenk() {
        assert!(has_closed_tour(8, 8));
        assert!(has_closed_tour(5, 6));
        assert!(has_closed_tour(3, 10));
        assert!(has_closed_tour(10, 3));
        assert!(!has_closed_tour(3, 8));
        assert!(!has_closed_tour(4, 100));
        assert!(!has_closed_tour(5, 5));
        assert!(!has_closed_tour(1, 1));
    }

    #[test]
    fn open_tours_follow_conrad() {
        assert!(has_open_tour(1, 1));
        assert!(has_open_tour(4, 3));
        assert!(has_open_tour(3, 7));
        assert!(has_open_tour(4, 5));
        assert!(has_open_tour(5, 5));
        assert!(!has_open_tour(3, 5));
        assert!(!has_open_tour(3, 6));
        assert!(!has_open_tour(4, 4));
        assert!(!has_open_tour(2, 100));
    }

    #[test]
    fn one_fixed_end_is_settled_only_with_a_closed_tour() {
        let open = TourShape::Open;
        assert_eq!(
            knight_tour_existence(6, 6, open, Some(7), None),
            Existence::Exists
        );
        assert_eq!(
            knight_tour_existence(5, 5, open, Some(0), None),
            Existence::Unknown
        );
        assert_eq!(
            knight_tour_existence(6, 6, open, Some(0), Some(1)),
            Existence::Unknown
        );
        assert!(matches!(
            knight_tour_existence(3, 6, open, Some(0), None),
            Existence::NoTour(_)
        ));
    }
}
