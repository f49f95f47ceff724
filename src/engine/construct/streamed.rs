//! Constructed tours too large to hold: built, verified by one walk, then walked again by the
//! caller to write them square by square.

use super::{construct, covers, ConstructedTour};
use crate::core::problem::Problem;
use crate::engine::{EngineChoice, Limits, Order, Stop};
use crate::verify::board::TourError;
use crate::verify::stream::verify_stream;
use std::fmt;

/// Boards from this many squares have their constructed knight's tours streamed, not held.
pub const STREAM_SQUARES: usize = 100_000;

/// Squares walked between two looks at the deadline.
const DEADLINE_STRIDE: usize = 1 << 20;

/// Why a streamed construction gave no tour to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamError {
    /// The deadline passed, before the walk or during it.
    Stopped(Stop),
    /// The constructed tour failed verification (a bug in toursat).
    InvalidTour(TourError),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Stopped(stop) => write!(f, "stopped: {stop:?}"),
            StreamError::InvalidTour(error) => write!(
                f,
                "internal error: the constructed tour fails verification: {error}"
            ),
        }
    }
}

impl std::error::Error for StreamError {}

/// Whether `engine` in `order` answers `problem` by a construction too large to hold: a
/// knight's tour of an empty board of [`STREAM_SQUARES`] or more that the construction covers.
pub fn streams(problem: &Problem, engine: EngineChoice, order: Order) -> bool {
    matches!(engine, EngineChoice::Auto | EngineChoice::Construct)
        && order == Order::Any
        && problem.board.len() >= STREAM_SQUARES
        && covers(problem)
}

/// The constructed tour of `problem`, verified by walking it once unless `verify` is false (the
/// walk looks at the deadline every 2^20 squares); `None` when the construction does not take
/// the problem after all.
pub fn verified(
    problem: &Problem,
    limits: &Limits,
    verify: bool,
) -> Result<Option<ConstructedTour>, StreamError> {
    if limits.expired() {
        return Err(StreamError::Stopped(Stop::Timeout));
    }
    let Ok(tour) = construct(problem) else {
        return Ok(None);
    };
    if verify {
        let walk = tour
            .squares()
            .enumerate()
            .take_while(|(index, _)| index % DEADLINE_STRIDE != 0 || !limits.expired())
            .map(|(_, square)| square);
        let verdict = verify_stream(problem, walk);
        if limits.expired() {
            return Err(StreamError::Stopped(Stop::Timeout));
        }
        verdict.map_err(StreamError::InvalidTour)?;
    }
    Ok(Some(tour))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Board;
    use crate::core::piece::Piece;
    use crate::core::problem::TourShape;

    fn knight(rows: u64, cols: u64) -> Problem {
        Problem::new(
            Board::new(rows, cols).unwrap(),
            Piece::Knight,
            TourShape::Closed,
        )
    }

    #[test]
    fn large_empty_knight_boards_stream() {
        let problem = knight(400, 400);
        assert!(streams(&problem, EngineChoice::Auto, Order::Any));
        assert!(!streams(&problem, EngineChoice::Dfs, Order::Any));
        assert!(!streams(&problem, EngineChoice::Auto, Order::Lex));
        assert!(!streams(&knight(8, 8), EngineChoice::Auto, Order::Any));
    }

    #[test]
    fn a_streamed_tour_is_verified_and_walks_every_square() {
        let problem = knight(400, 400);
        let tour = verified(&problem, &Limits::none(), true).unwrap().unwrap();
        assert_eq!(tour.squares().count(), 160_000);
    }

    #[test]
    fn a_passed_deadline_stops_before_building() {
        let limits = Limits::timeout(std::time::Duration::ZERO);
        let stopped = verified(&knight(400, 400), &limits, true).err();
        assert_eq!(stopped, Some(StreamError::Stopped(Stop::Timeout)));
    }
}
