//! A Simple Loop solver that reasons as a person does: named rules tried easiest first, each
//! step stating its rule, the moves it decides and the cells it read; the path of steps from
//! the blank puzzle to the loop gives hints and a difficulty grade.
//!
//! The puzzle is a rook circuit on a board with shaded (blocked) cells: one loop through every
//! open cell. The [`State`] holds each move (between two orthogonally adjacent open cells) as
//! unknown, used or excluded. The rules, by [`Level`]:
//!
//! - trivial (`local`): a cell with two possible moves uses both; a cell using two moves
//!   excludes the rest; a move joining the two ends of one piece of loop is excluded unless
//!   that piece covers every cell;
//! - easy (`local`): a move whose use would leave a neighbouring cell a dead end is excluded;
//! - medium (`lines`): the loop crosses every line between two rows or columns an even number
//!   of times, at least twice when cells lie on both sides;
//! - hard (`lines`, `cuts`): the colour count of the half of the board on one side of a line
//!   (the loop's pieces there alternate colours); the only two moves between two parts of the
//!   board are both used; the moves still possible must keep the cells joined, with no cut
//!   square.
//!
//! Every rule is sound: it never excludes a move that a loop agreeing with the state makes,
//! never uses one that such a loop does not make. So a path that draws a loop proves that loop
//! is the only one, and a path that reaches a contradiction proves there is no loop.
//!
//! ```
//! use toursat::deduce::{grade, Grade};
//! use toursat::Board;
//! let board: Board = "....\n.XX.\n....\n".parse().unwrap();
//! assert_eq!(grade(&board), Grade::Easy);
//! ```

mod cuts;
mod lines;
mod local;
mod pairing;
mod reasoner;
mod state;
mod step;

pub use reasoner::{state_after, End, Path, Reasoner};
pub use state::{MoveId, MoveState, SquarePair, State};
pub use step::{Decision, Level, Line, Rule, Step};

use crate::core::board::{Board, Square};
use crate::core::names::named;
use crate::core::piece::Piece;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::verify::board::{verify, TourError};

/// How hard a Simple Loop puzzle is for a person: the hardest level of rule its path needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// The trivial and the easy (local) rules draw the loop.
    Easy,
    /// The loop needs the medium rules (even crossings of a line), no harder.
    Medium,
    /// The loop needs the global rules (colour counts, the only two ways between parts).
    Hard,
    /// No rule finishes it: a person would have to try a move and see (or the board has
    /// several loops); [`End::Stuck`] says where.
    NeedsTrial,
    /// The rules prove that the board has no loop.
    NoLoop,
}

named!(Grade, "grade", {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    NeedsTrial => "needs-trial",
    NoLoop => "no-loop",
});

impl Path {
    /// The grade of the puzzle this path solves (or fails to).
    pub fn grade(&self) -> Grade {
        match self.end {
            End::Solved => match self.hardest() {
                Level::Trivial | Level::Easy => Grade::Easy,
                Level::Medium => Grade::Medium,
                Level::Hard => Grade::Hard,
            },
            End::Stuck(_) => Grade::NeedsTrial,
            End::NoLoop(_) => Grade::NoLoop,
        }
    }
}

/// The whole path of `board` from the blank puzzle, by every rule.
pub fn solve(board: &Board) -> Path {
    Reasoner::new(board).run(Level::Hard)
}

/// The grade of the Simple Loop puzzle `board` (shaded cells blocked).
pub fn grade(board: &Board) -> Grade {
    solve(board).grade()
}

/// The share of `board`'s moves still undecided after the trivial rules alone (0 for a board
/// without moves): how much a person has to think about.
pub fn trivial_open_share(board: &Board) -> f64 {
    let mut reasoner = Reasoner::new(board);
    reasoner.run(Level::Trivial);
    let state = reasoner.state();
    match state.existing_moves() {
        0 => 0.0,
        moves => state.unknown_moves() as f64 / moves as f64,
    }
}

/// The loop a solved path draws, as a rook circuit from the board's first open cell, checked
/// by the independent verifier; `None` unless the path ends [`End::Solved`].
pub fn solved_loop(board: &Board, path: &Path) -> Option<Result<Tour, TourError>> {
    if path.end != End::Solved {
        return None;
    }
    let mut partners: Vec<Vec<Square>> = vec![Vec::new(); board.len()];
    for decision in path.steps.iter().flat_map(|step| &step.decided) {
        if decision.state == MoveState::Used {
            let [a, b] = decision.squares;
            partners[a as usize].push(b);
            partners[b as usize].push(a);
        }
    }
    let first = board.free_squares().next()?;
    let mut squares = vec![first];
    let (mut previous, mut current) = (first, *partners[first as usize].first()?);
    while current != first && squares.len() <= board.free_count() {
        squares.push(current);
        let next = partners[current as usize]
            .iter()
            .copied()
            .find(|&next| next != previous)?;
        (previous, current) = (current, next);
    }
    let tour = Tour::new(squares);
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    Some(verify(&problem, &tour).map(|()| tour))
}
