//! Independent checks of the cheap no-tour arguments, from the board and the piece's steps alone.
//!
//! Each check recomputes what its argument rests on (colour counts, a square's moves, what a
//! search reaches, a cut's capacity, a theorem's conditions) without the proof or flow code that
//! found the argument, and takes time linear in the board: certifying an argument costs about as
//! much as finding it. The SAT engine's answers (and search's) have no such check; their
//! certificate is the SAT re-proof of [`crate::engine::sat::exchange::certify`].

mod counts;
mod forced;
mod hall;
mod reach;
mod regions;
mod theorems;

use crate::core::board::{Board, Square};
use crate::core::names::named;
use crate::core::piece::Piece;
use crate::core::problem::Problem;
use crate::core::square::coordinates;
use crate::engine::{Impossibility, Pocket};

/// How an argument was checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Squares, colours or moves counted again from the board.
    Recount,
    /// A breadth-first search of the board's moves.
    Search,
    /// A minimum cut's capacity summed from the board's moves and compared with the need.
    MinCut,
    /// A theorem's conditions checked against the board.
    Theorem,
    /// Each sealed region's colours and leaving moves counted from the board, then a search
    /// without the moves the regions seal.
    RegionCount,
    /// Forced moves taken again step by step from the board.
    Replay,
}

named!(Method, "method", {
    Recount => "recount",
    Search => "search",
    MinCut => "min-cut",
    Theorem => "theorem",
    RegionCount => "region-count",
    Replay => "replay",
});

/// An argument that passed its check: how, and what the check found, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// How it was checked.
    pub method: Method,
    /// What the check recomputed, for a person ("a min cut of capacity 40596 < 40600 needed").
    pub findings: String,
}

/// The squares where the free ends of an open tour of `problem` (well posed) must lie, checked
/// as an argument of [`Impossibility::EndPockets`] is: each of the `pockets` is searched from
/// its square without its cut square, and they must be exactly as many as the ends left to
/// place, so each holds one. Each square's flag says whether it lies in a pocket, with what the
/// check found; an error when the pockets do not hold.
pub fn pocket_end_squares(
    problem: &Problem,
    pockets: &[Pocket],
) -> Result<(Vec<bool>, String), String> {
    let moves = Moves::new(&problem.board, problem.piece);
    reach::pockets_take_the_ends(problem, &moves, pockets)
}

/// Checks the argument `why` against `problem` (well posed): `None` when the argument has no
/// linear-time check (search, SAT, a move shortage without a cut), otherwise what was checked,
/// or why the argument does not hold (a bug in toursat).
pub fn check(problem: &Problem, why: &Impossibility) -> Option<Result<Checked, String>> {
    let moves = Moves::new(&problem.board, problem.piece);
    let checked = |method: Method, findings: Result<String, String>| {
        findings.map(|findings| Checked { method, findings })
    };
    Some(match why {
        Impossibility::TooFewSquares => checked(Method::Recount, counts::too_few_squares(problem)),
        Impossibility::ColourCount { even, odd, .. } => checked(
            Method::Recount,
            counts::colour_count(problem, &moves, *even, *odd),
        ),
        Impossibility::TooFewMoves {
            square,
            moves: count,
        } => checked(
            Method::Recount,
            counts::too_few_moves(problem, &moves, *square, *count),
        ),
        Impossibility::TooManyDeadEnds { squares } => checked(
            Method::Recount,
            counts::too_many_dead_ends(problem, &moves, squares),
        ),
        Impossibility::Disconnected { a, b } => {
            checked(Method::Search, reach::disconnected(problem, &moves, *a, *b))
        }
        Impossibility::CutSquare { square } => {
            checked(Method::Search, reach::cut_square(problem, &moves, *square))
        }
        Impossibility::EndPockets { pockets } => {
            checked(Method::Search, reach::end_pockets(problem, &moves, pockets))
        }
        Impossibility::MoveShortage {
            needed,
            possible,
            cut: Some(cut),
        } => checked(
            Method::MinCut,
            hall::move_shortage(problem, &moves, *needed, *possible, cut),
        ),
        Impossibility::Theorem(statement) => {
            checked(Method::Theorem, theorems::theorem(problem, statement))
        }
        Impossibility::SealedRegions(proof) => checked(
            Method::RegionCount,
            regions::sealed_regions(problem, &moves, proof),
        ),
        Impossibility::ForcedMoves(proof) => {
            checked(Method::Replay, forced::forced_moves(problem, &moves, proof))
        }
        Impossibility::MoveShortage { cut: None, .. }
        | Impossibility::NoTwoFactor
        | Impossibility::Exhausted { .. }
        | Impossibility::Unsatisfiable
        | Impossibility::PieceWithoutPassage(_) => return None,
    })
}

/// The piece's moves between free squares, recomputed from its steps (not the move graph).
struct Moves<'a> {
    board: &'a Board,
    steps: Vec<(i32, i32)>,
}

impl<'a> Moves<'a> {
    fn new(board: &'a Board, piece: Piece) -> Moves<'a> {
        Moves {
            board,
            steps: piece.steps(),
        }
    }

    /// The free squares one move from `square`.
    fn from(&self, square: Square) -> impl Iterator<Item = Square> + '_ {
        let (x, y) = self.board.coords(square);
        self.steps.iter().filter_map(move |&(dx, dy)| {
            self.board
                .checked_square(x as i64 + dx as i64, y as i64 + dy as i64)
                .filter(|&target| self.board.is_free(target))
        })
    }

    /// Whether every step changes the colour (`x + y` parity) of the square.
    fn alternate_colours(&self) -> bool {
        self.steps.iter().all(|&(dx, dy)| (dx + dy) % 2 != 0)
    }
}

/// The free squares of `board`, counted square by square.
fn free_count(board: &Board) -> usize {
    (0..board.len() as Square)
        .filter(|&square| board.is_free(square))
        .count()
}

/// An error unless `square` is a free square of `board`.
fn require_free(board: &Board, square: Square) -> Result<(), String> {
    if board.contains(square) && board.is_free(square) {
        Ok(())
    } else {
        Err(format!(
            "square #{square} is not a free square of the board"
        ))
    }
}

/// The square's `x,y`, for the findings.
fn at(board: &Board, square: Square) -> String {
    coordinates(board, square)
}
