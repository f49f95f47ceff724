//! The independent tour verifier: every tour toursat prints passes it first.
//!
//! It checks a tour against the problem's own definition (the board and the piece's steps),
//! sharing no code with the engines or the move graph.

use crate::core::board::{Board, Square};
use crate::core::problem::{Problem, TourShape};
use crate::core::square::Naming;
use crate::core::tour::Tour;
use std::fmt;

/// What is wrong with a tour, precisely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TourError {
    /// The tour visits no square.
    Empty,
    /// A closed tour of a single square (a circuit needs at least one move).
    TooShortToClose,
    /// A closed tour of a graph through fewer than three vertices: a Hamiltonian cycle of a
    /// simple graph has at least three.
    TooShortForACycle,
    /// Step `index` (0-based) names a square off the board.
    OffBoard {
        /// Position in the tour.
        index: usize,
        /// The square index.
        square: Square,
    },
    /// Step `index` visits a blocked square.
    Blocked {
        /// Position in the tour.
        index: usize,
        /// The square's `x,y`.
        square: String,
    },
    /// A square visited twice.
    Repeated {
        /// The square's `x,y`.
        square: String,
        /// First position.
        first: usize,
        /// Second position.
        second: usize,
    },
    /// Free squares the tour never visits.
    Missing {
        /// How many.
        count: usize,
        /// The first of them, `x,y`.
        first: String,
    },
    /// A vertex of a graph tour visited twice.
    RepeatedVertex {
        /// The vertex, 1-based.
        vertex: u64,
        /// First position.
        first: usize,
        /// Second position.
        second: usize,
    },
    /// Vertices a graph tour never visits.
    MissingVertices {
        /// How many.
        count: usize,
        /// The first of them, 1-based.
        first: u64,
    },
    /// A step that is not a move of the piece.
    IllegalMove {
        /// Position of the step's first square.
        index: usize,
        /// From, `x,y`.
        from: String,
        /// To, `x,y`.
        to: String,
    },
    /// Step `index` names a vertex the graph does not have.
    NoSuchVertex {
        /// Position in the tour.
        index: usize,
        /// The vertex, 1-based.
        vertex: u64,
        /// The graph's vertex count.
        count: usize,
    },
    /// A step of a graph tour between two vertices that no edge joins.
    NotAnEdge {
        /// Position of the step's first vertex.
        index: usize,
        /// From, `vertex N`.
        from: String,
        /// To, `vertex N`.
        to: String,
    },
    /// The last square of a closed tour is not one move from the first.
    NotClosed {
        /// Last square, `x,y`.
        last: String,
        /// First square, `x,y`.
        first: String,
    },
    /// The tour does not start on the fixed start.
    WrongStart {
        /// Expected, `x,y`.
        expected: String,
        /// Found, `x,y`.
        found: String,
    },
    /// The open tour does not end on the fixed end.
    WrongEnd {
        /// Expected, `x,y`.
        expected: String,
        /// Found, `x,y`.
        found: String,
    },
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TourError::Empty => write!(f, "the tour visits no square"),
            TourError::TooShortToClose => {
                write!(f, "a closed tour needs at least two squares")
            }
            TourError::TooShortForACycle => write!(
                f,
                "a Hamiltonian cycle of a simple graph needs at least three vertices"
            ),
            TourError::OffBoard { index, square } => {
                write!(f, "step {}: square #{square} is off the board", index + 1)
            }
            TourError::Blocked { index, square } => {
                write!(f, "step {}: square {square} is blocked", index + 1)
            }
            TourError::Repeated {
                square,
                first,
                second,
            } => write!(
                f,
                "square {square} is visited twice, at steps {} and {}",
                first + 1,
                second + 1
            ),
            TourError::Missing { count: 1, first } => {
                write!(f, "1 free square never visited: {first}")
            }
            TourError::Missing { count, first } => write!(
                f,
                "{count} free squares never visited, the first of them {first}"
            ),
            TourError::RepeatedVertex {
                vertex,
                first,
                second,
            } => write!(
                f,
                "vertex {vertex} is visited twice, at steps {} and {}",
                first + 1,
                second + 1
            ),
            TourError::MissingVertices { count: 1, first } => {
                write!(f, "1 vertex never visited: vertex {first}")
            }
            TourError::MissingVertices { count, first } => write!(
                f,
                "{count} vertices never visited, the first of them vertex {first}"
            ),
            TourError::IllegalMove { index, from, to } => write!(
                f,
                "step {}: {from} to {to} is not a move of the piece",
                index + 1
            ),
            TourError::NoSuchVertex {
                index,
                vertex,
                count,
            } => write!(
                f,
                "step {}: vertex {vertex} is not in the graph (its vertices are 1..{count})",
                index + 1
            ),
            TourError::NotAnEdge { index, from, to } => write!(
                f,
                "step {}: {from} to {to} is not an edge of the graph",
                index + 1
            ),
            TourError::NotClosed { last, first } => write!(
                f,
                "the tour does not close: {last} is not one move from {first}"
            ),
            TourError::WrongStart { expected, found } => {
                write!(f, "the tour starts on {found}, not on {expected}")
            }
            TourError::WrongEnd { expected, found } => {
                write!(f, "the tour ends on {found}, not on {expected}")
            }
        }
    }
}

impl std::error::Error for TourError {}

/// Checks that `tour` solves `problem`: every free square exactly once, each step a move of the
/// piece, closure for closed tours, and the fixed start and end.
///
/// ```
/// use toursat::{verify, Board, Piece, Problem, Tour, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
/// assert!(verify(&problem, &Tour::new(vec![0, 1, 3, 2])).is_ok());
/// assert!(verify(&problem, &Tour::new(vec![0, 1, 2, 3])).is_err());
/// ```
pub fn verify(problem: &Problem, tour: &Tour) -> Result<(), TourError> {
    verify_named(problem, tour, Naming::Coordinates)
}

/// [`verify`], its reasons naming squares by `naming` (as the tour's text named them).
///
/// ```
/// use toursat::core::square::Naming;
/// use toursat::verify::board::verify_named;
/// use toursat::{Board, Piece, Problem, Tour, TourShape};
/// let problem = Problem::new(Board::new(2, 2).unwrap(), Piece::Rook, TourShape::Closed);
/// let error = verify_named(&problem, &Tour::new(vec![0, 1, 2]), Naming::Chess).unwrap_err();
/// assert_eq!(error.to_string(), "1 free square never visited: B2");
/// ```
pub fn verify_named(problem: &Problem, tour: &Tour, naming: Naming) -> Result<(), TourError> {
    let board = &problem.board;
    let squares = tour.squares();
    let name = |square: Square| naming.of(board, square);
    if squares.is_empty() {
        return Err(TourError::Empty);
    }
    let mut first_visit = vec![usize::MAX; board.len()];
    for (index, &square) in squares.iter().enumerate() {
        check_square(board, index, square, naming)?;
        let seen = &mut first_visit[square as usize];
        if *seen != usize::MAX {
            return Err(TourError::Repeated {
                square: name(square),
                first: *seen,
                second: index,
            });
        }
        *seen = index;
    }
    if squares.len() != board.free_count() {
        let unvisited = board
            .free_squares()
            .find(|&square| first_visit[square as usize] == usize::MAX)
            .map(name)
            .unwrap_or_default();
        return Err(TourError::Missing {
            count: board.free_count() - squares.len(),
            first: unvisited,
        });
    }
    for (index, pair) in squares.windows(2).enumerate() {
        if !problem.piece.moves_between(board, pair[0], pair[1]) {
            return Err(TourError::IllegalMove {
                index,
                from: name(pair[0]),
                to: name(pair[1]),
            });
        }
    }
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    check_ends(problem, first, last, squares.len(), naming, |from, to| {
        problem.piece.moves_between(board, from, to)
    })
}

/// The check on the square at `index` of a tour of `board`, shared by both board verifiers: it
/// is on the board and free (named by `naming`).
pub(crate) fn check_square(
    board: &Board,
    index: usize,
    square: Square,
    naming: Naming,
) -> Result<(), TourError> {
    if !board.contains(square) {
        return Err(TourError::OffBoard { index, square });
    }
    if !board.is_free(square) {
        return Err(TourError::Blocked {
            index,
            square: naming.of(board, square),
        });
    }
    Ok(())
}

/// The checks on a tour's ends, shared by both board verifiers: see [`check_ends_named`],
/// with squares named by `naming`.
pub(crate) fn check_ends(
    problem: &Problem,
    first: Square,
    last: Square,
    len: usize,
    naming: Naming,
    is_move: impl Fn(Square, Square) -> bool,
) -> Result<(), TourError> {
    let ends = (problem.shape, problem.start, problem.end);
    check_ends_named(ends, [first, last], len, is_move, |square| {
        naming.of(&problem.board, square)
    })
}

/// The checks on a tour's ends, for every verifier: a closed tour (of `len` squares, the first
/// and the last given) has at least two and closes (`is_move` from the last to the first);
/// the fixed start and end of `(shape, start, end)` hold. Squares are named by `name`.
pub(crate) fn check_ends_named(
    (shape, start, end): (TourShape, Option<Square>, Option<Square>),
    [first, last]: [Square; 2],
    len: usize,
    is_move: impl Fn(Square, Square) -> bool,
    name: impl Fn(Square) -> String,
) -> Result<(), TourError> {
    if shape == TourShape::Closed {
        if len < 2 {
            return Err(TourError::TooShortToClose);
        }
        if !is_move(last, first) {
            return Err(TourError::NotClosed {
                last: name(last),
                first: name(first),
            });
        }
    }
    if let Some(start) = start.filter(|&start| start != first) {
        return Err(TourError::WrongStart {
            expected: name(start),
            found: name(first),
        });
    }
    match (shape, end) {
        (TourShape::Open, Some(end)) if end != last => Err(TourError::WrongEnd {
            expected: name(end),
            found: name(last),
        }),
        _ => Ok(()),
    }
}
