//! Tour problems: a board, a piece, the shape of tour and fixed ends.

use crate::core::board::{Board, Square};
use crate::core::names::named;
use crate::core::piece::Piece;
use std::fmt;

/// Whether a tour returns to its first square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TourShape {
    /// The last square is one move from the first (a circuit, a Hamiltonian cycle).
    Closed,
    /// The tour may end anywhere (a Hamiltonian path).
    Open,
}

named!(TourShape, "tour", {
    Closed => "closed", "Returns to its start (a Hamiltonian cycle)",
    Open => "open", "Ends anywhere, or on the fixed ends (a Hamiltonian path)",
});

/// A tour to find: every free square of `board` once, by moves of `piece`.
///
/// ```
/// use toursat::{Board, Piece, Problem, TourShape};
/// let problem = Problem::new(Board::new(5, 6).unwrap(), Piece::Knight, TourShape::Open);
/// assert_eq!(problem.board.free_count(), 30);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The board, with its blocked squares.
    pub board: Board,
    /// The piece whose moves join squares.
    pub piece: Piece,
    /// Closed or open.
    pub shape: TourShape,
    /// The square the tour must start on, if fixed.
    pub start: Option<Square>,
    /// The square an open tour must end on, if fixed.
    pub end: Option<Square>,
}

/// Why a problem is not well posed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemError {
    /// A fixed start or end is a blocked square.
    BlockedEnd {
        /// `"start"` or `"end"`.
        which: &'static str,
        /// The square's `x,y`.
        square: String,
    },
    /// A fixed end on a closed tour.
    EndOnClosedTour,
    /// The board has no free square.
    NoFreeSquare,
    /// A graph without vertices.
    NoVertex,
    /// A fixed end or an edge names a vertex the graph does not have.
    NoSuchVertex {
        /// `"start"`, `"end"` or `"edge"`.
        which: &'static str,
        /// The vertex, 1-based as in graph files.
        vertex: u64,
        /// The graph's vertex count.
        count: usize,
    },
    /// An open tour of two squares or more with its start and end on one square.
    SameEnds {
        /// The square's `x,y`.
        square: String,
    },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::BlockedEnd { which, square } => {
                write!(f, "the {which} square {square} is blocked")
            }
            ProblemError::EndOnClosedTour => {
                write!(
                    f,
                    "--end is for open tours: a closed tour ends where it starts"
                )
            }
            ProblemError::NoFreeSquare => write!(f, "the board has no free square"),
            ProblemError::NoVertex => write!(f, "the graph has no vertex"),
            ProblemError::NoSuchVertex {
                which,
                vertex,
                count,
            } => write!(
                f,
                "the {which} vertex {vertex} is not in the graph (its vertices are 1..{count})"
            ),
            ProblemError::SameEnds { square } => write!(
                f,
                "the start and the end are both {square}: an open tour of more than one square \
                 ends elsewhere (a tour back to its start is --tour closed)"
            ),
        }
    }
}

impl std::error::Error for ProblemError {}

impl Problem {
    /// A problem with no fixed start or end.
    pub fn new(board: Board, piece: Piece, shape: TourShape) -> Problem {
        Problem {
            board,
            piece,
            shape,
            start: None,
            end: None,
        }
    }

    /// Fixes the start square.
    pub fn with_start(mut self, start: Square) -> Problem {
        self.start = Some(start);
        self
    }

    /// Fixes the end square (open tours).
    pub fn with_end(mut self, end: Square) -> Problem {
        self.end = Some(end);
        self
    }

    /// Checks that the problem is well posed: fixed squares free, no end on a closed tour, an
    /// open tour's ends apart.
    pub fn validate(&self) -> Result<(), ProblemError> {
        if self.board.free_count() == 0 {
            return Err(ProblemError::NoFreeSquare);
        }
        for (which, square) in [("start", self.start), ("end", self.end)] {
            if let Some(square) = square {
                if !self.board.is_free(square) {
                    let square = if self.board.contains(square) {
                        crate::core::square::coordinates(&self.board, square)
                    } else {
                        format!("#{square}")
                    };
                    return Err(ProblemError::BlockedEnd { which, square });
                }
            }
        }
        if self.shape == TourShape::Closed && self.end.is_some() {
            return Err(ProblemError::EndOnClosedTour);
        }
        match (self.start, self.end) {
            (Some(start), Some(end)) if start == end && self.board.free_count() > 1 => {
                Err(ProblemError::SameEnds {
                    square: crate::core::square::coordinates(&self.board, start),
                })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TourShape;

    #[test]
    fn names_read_back_as_their_values() {
        for shape in TourShape::ALL {
            assert_eq!(shape.name().parse::<TourShape>(), Ok(shape));
        }
    }

    #[test]
    fn an_unknown_name_lists_every_choice() {
        assert_eq!(
            "round".parse::<TourShape>(),
            Err("unknown tour \"round\": expected closed or open".to_string())
        );
    }
}
