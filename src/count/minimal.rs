//! Which blocked squares a board with one tour does not need: those that can be opened, alone
//! or two together, with the tour staying unique.
//!
//! For a Simple Loop puzzle the blocked (shaded) squares are the clues, and a puzzle is minimal
//! when none of them can be opened with its loop still the only one. [`openable`] tries every
//! blocked square alone and every pair of blocked squares; for a piece whose moves alternate
//! colours only pairs of one square of each colour, since a tour of such a piece covers as
//! many squares of each colour (so one opening alone, or two of one colour, leave no tour).
//! Each trial board is asked for two tours by [`distinct_tours`]: one tour, with the solver's
//! proof that there is no other, makes the opening allowed. A closed tour needs two free
//! neighbours at each square, which rules most trials out before any solve.

use super::openings::{OpeningSearch, Until};
use super::{distinct_tours, CountError};
use crate::core::board::{Board, Square};
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::engine::Limits;

/// The blocked squares a board can do without, its tour staying unique.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Openable {
    /// Blocked squares that can be opened alone, in increasing order.
    pub singles: Vec<Square>,
    /// Pairs of blocked squares that can be opened together (neither alone), the smaller
    /// first, sorted.
    pub pairs: Vec<[Square; 2]>,
}

impl Openable {
    /// Whether no blocked square can be opened: the board is minimal.
    pub fn is_minimal(&self) -> bool {
        self.singles.is_empty() && self.pairs.is_empty()
    }
}

/// The blocked squares of `problem`'s board that can be opened, alone or in pairs, with its
/// tour staying unique (of a board whose tour is not unique: those whose opening makes it so).
pub fn openable(problem: &Problem, limits: &Limits) -> Result<Openable, CountError> {
    problem.validate().map_err(CountError::Problem)?;
    if problem.shape == TourShape::Closed && problem.board.free_count() >= 3 {
        return openable_closed(problem, limits);
    }
    let board = &problem.board;
    let blocked: Vec<Square> = (0..board.len() as Square)
        .filter(|&square| !board.is_free(square))
        .collect();
    let mut found = Openable::default();
    for &square in &blocked {
        if opens_uniquely(problem, &[square], limits)? {
            found.singles.push(square);
        }
    }
    let alternates = problem.piece.is_bipartite();
    for (index, &first) in blocked.iter().enumerate() {
        for &second in &blocked[index + 1..] {
            let balanced = board.colour(first) != board.colour(second);
            let either_alone = found.singles.contains(&first) || found.singles.contains(&second);
            if (alternates && !balanced) || either_alone {
                continue;
            }
            if opens_uniquely(problem, &[first, second], limits)? {
                found.pairs.push([first, second]);
            }
        }
    }
    Ok(found)
}

/// [`openable`] for a closed tour: every opening of one or two blocked squares found on one
/// incremental solver ([`OpeningSearch`]).
fn openable_closed(problem: &Problem, limits: &Limits) -> Result<Openable, CountError> {
    let board = &problem.board;
    let blocked: Vec<Square> = (0..board.len() as Square)
        .filter(|&square| !board.is_free(square))
        .collect();
    let groups: Vec<Vec<Square>> = blocked.iter().map(|&square| vec![square]).collect();
    let mut search = OpeningSearch::new(board.rows() as u64, board.cols() as u64, problem.piece)?;
    let openings = search.find(board, &groups, None, 2, Until::All, limits)?;
    let mut found = Openable::default();
    for opening in &openings {
        if let [single] = opening.groups[..] {
            found.singles.push(blocked[single]);
        }
    }
    for opening in &openings {
        if let [first, second] = opening.groups[..] {
            let (first, second) = (blocked[first], blocked[second]);
            if !found.singles.contains(&first) && !found.singles.contains(&second) {
                found.pairs.push([first.min(second), first.max(second)]);
            }
        }
    }
    found.singles.sort_unstable();
    found.pairs.sort_unstable();
    Ok(found)
}

/// `board` with the squares of `opened` free.
pub fn with_opened(board: &Board, opened: &[Square]) -> Board {
    let mut trial = Board::new(board.rows() as u64, board.cols() as u64)
        .expect("a board of an existing board's size");
    for square in 0..board.len() as Square {
        if !board.is_free(square) && !opened.contains(&square) {
            trial.block(square);
        }
    }
    trial
}

/// Whether `problem`'s board with `opened` free has exactly one tour.
pub fn opens_uniquely(
    problem: &Problem,
    opened: &[Square],
    limits: &Limits,
) -> Result<bool, CountError> {
    let board = with_opened(&problem.board, opened);
    if problem.shape == TourShape::Closed {
        let moves = MoveGraph::new(&board, problem.piece);
        if opened.iter().any(|&square| moves.degree(square) < 2) {
            return Ok(false);
        }
    }
    if problem.piece.is_bipartite() {
        let light = board
            .free_squares()
            .filter(|&s| board.colour(s) == 1)
            .count();
        let closed_balance = problem.shape == TourShape::Closed;
        if closed_balance && 2 * light != board.free_count() {
            return Ok(false);
        }
    }
    let trial = Problem {
        board,
        ..problem.clone()
    };
    if trial.validate().is_err() {
        return Ok(false);
    }
    let distinct = distinct_tours(&trial, 2, limits, &mut |_| {})?;
    Ok(distinct.tours.len() == 1 && distinct.complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::piece::Piece;

    fn rook_circuit(board: &str) -> Problem {
        Problem::new(board.parse().unwrap(), Piece::Rook, TourShape::Closed)
    }

    #[test]
    fn a_pair_whose_opening_keeps_the_one_loop_is_named() {
        // The 2 x 4 outline is the one loop; with the bottom row's first two squares open it takes
        // them in as a bump, still the one loop. No square alone: the colours would not balance.
        let problem = rook_circuit("....\n....\n####\n");
        let found = openable(&problem, &Limits::none()).unwrap();
        assert!(found.singles.is_empty());
        assert!(found.pairs.contains(&[8, 9]), "{found:?}");
        assert!(!found.pairs.contains(&[8, 11]), "{found:?}");
    }

    #[test]
    fn a_puzzle_whose_clues_are_all_needed_is_minimal() {
        // The ring round two shaded squares is the one loop; the 3 x 4 board has two.
        let problem = rook_circuit("....\n.##.\n....\n");
        let found = openable(&problem, &Limits::none()).unwrap();
        assert!(found.is_minimal(), "{found:?}");
    }
}
