//! Exact counts of tours, by a frontier DP over the board row by row.
//!
//! [`count`] answers how many tours a [`Problem`] has, in arbitrary precision. Closed tours
//! count once per cycle (either direction, any start), as OEIS does; open tours once per path,
//! or once per direction with [`CountOptions::directed`]. The DP (`frontier`) decides the
//! moves in the order of `plan`; its frontier spans the board's short side times the piece's
//! reach across rows, so it suits the rook and king on boards up to about 14 squares wide, and
//! leapers on narrow boards. Counts are added in `u128` and the count is redone in [`Natural`]
//! if one of them passes it. Where the DP is too wide, [`distinct_tours`] finds tours one by one
//! by SAT, each barred once found, which answers whether a tour is unique.
//!
//! ```
//! use toursat::count::{count, CountOptions};
//! use toursat::{Board, Piece, Problem, TourShape};
//! let problem = Problem::new(Board::new(4, 4).unwrap(), Piece::Rook, TourShape::Closed);
//! let counted = count(&problem, &CountOptions::default(), &mut |_| {}).unwrap();
//! assert_eq!(counted.tours.to_string(), "6");
//! ```

mod backbone;
mod distinct;
mod drawn;
mod forced;
mod frontier;
mod minimal;
mod natural;
mod openings;
mod plan;
mod unique;

pub use backbone::{backbone, Backbone};
pub use distinct::{distinct_tours, other_cycle, Distinct};
pub use drawn::{check_drawn, Drawn};
pub use minimal::{openable, opens_uniquely, with_opened, Openable};
pub use natural::Natural;
pub use openings::{changed_board, Opening, OpeningSearch, Until};
pub use plan::MAX_SLOTS;
pub use unique::{difference, moves_of, verdict, Difference, Move, Verdict};

use crate::core::problem::{Problem, ProblemError, TourShape};
use crate::core::progress as work;
use crate::engine::{Limits, Stop};
use frontier::Interrupted;
use plan::Plan;
use std::fmt;

/// The phase of a count by the DP, in the process's progress (`core::progress`).
pub const COUNTING: &str = "counting";
/// The phase of a search for distinct tours, in the process's progress.
pub const FINDING_TOURS: &str = "finding tours";

/// What to count and by when.
#[derive(Debug, Clone, Default)]
pub struct CountOptions {
    /// Count an open tour and its reverse as two (when neither end is fixed), and a closed tour
    /// of three squares or more once per direction.
    pub directed: bool,
    /// The deadline (other limits are ignored).
    pub limits: Limits,
}

/// How far the DP has got: edges decided out of all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Edges decided.
    pub steps_done: usize,
    /// Edges in all.
    pub steps: usize,
}

/// The work a count took.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CountStats {
    /// Edges decided (one DP step each).
    pub steps: usize,
    /// The frontier's width: the most slots a state held.
    pub frontier: usize,
    /// States summed over all steps.
    pub states: u64,
    /// The most states held after one step.
    pub peak_states: u64,
    /// Seconds the DP ran.
    pub seconds: f64,
    /// Whether the count was redone in arbitrary precision after passing `u128`.
    pub arbitrary_precision: bool,
}

/// A count and the work it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted {
    /// The number of tours.
    pub tours: Natural,
    /// The work.
    pub stats: CountStats,
}

/// Why there is no count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// The problem is not well posed.
    Problem(ProblemError),
    /// The frontier would need more than [`MAX_SLOTS`] slots.
    TooWide {
        /// Slots it would need (at least).
        slots: usize,
    },
    /// The deadline passed.
    Stopped(Stop),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Problem(error) => write!(f, "{error}"),
            CountError::TooWide { slots } => write!(
                f,
                "counting this board needs a frontier of at least {slots} squares, more than \
                 the {MAX_SLOTS} a state holds: the board is too wide for the piece's reach"
            ),
            CountError::Stopped(Stop::Timeout) => write!(f, "timed out before the count was done"),
            CountError::Stopped(stop) => write!(f, "stopped before the count was done: {stop:?}"),
        }
    }
}

impl std::error::Error for CountError {}

/// The number of tours of `problem`; `progress` hears of each DP step.
pub fn count(
    problem: &Problem,
    options: &CountOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Counted, CountError> {
    problem.validate().map_err(CountError::Problem)?;
    let mut stats = CountStats::default();
    let undirected = match tiny_count(problem) {
        Some(tours) => Natural::from(tours),
        None => {
            let plan = Plan::new(problem).map_err(|slots| CountError::TooWide { slots })?;
            stats.steps = plan.steps.len();
            stats.frontier = plan.slots;
            work::begin(COUNTING, "steps", Some(plan.steps.len() as u64));
            let mut report = |step: Progress| {
                work::reach(step.steps_done as u64);
                progress(step);
            };
            dp_count(&plan, &options.limits, &mut report, &mut stats)?
        }
    };
    let tours = if options.directed && has_two_directions(problem) {
        let mut both = undirected.clone();
        both.add(&undirected);
        both
    } else {
        undirected
    };
    Ok(Counted { tours, stats })
}

/// The count of a problem with too few squares for the DP's cycles: one square (an open tour
/// of it, no closed one), or a closed tour of two (one circuit if they are a move apart).
fn tiny_count(problem: &Problem) -> Option<u128> {
    let board = &problem.board;
    let free: Vec<_> = (0..board.len() as u32)
        .filter(|&square| board.is_free(square))
        .take(3)
        .collect();
    match (problem.shape, &free[..]) {
        (TourShape::Open, [_]) => Some(1),
        (TourShape::Closed, [_]) => Some(0),
        (TourShape::Closed, &[a, b]) => Some(problem.piece.moves_between(board, a, b) as u128),
        _ => None,
    }
}

/// Whether a tour of `problem` and its reverse are two different tours to count: a closed tour
/// of three squares or more, an open tour of two or more with no fixed end.
fn has_two_directions(problem: &Problem) -> bool {
    let free = problem.board.free_count();
    match problem.shape {
        TourShape::Closed => free >= 3,
        TourShape::Open => free >= 2 && problem.start.is_none() && problem.end.is_none(),
    }
}

/// The DP's count, in `u128`, or redone in [`Natural`] if that overflows.
fn dp_count(
    plan: &Plan,
    limits: &Limits,
    progress: &mut dyn FnMut(Progress),
    stats: &mut CountStats,
) -> Result<Natural, CountError> {
    let stopped = |interrupted| match interrupted {
        Interrupted::Stopped(stop) => CountError::Stopped(stop),
        Interrupted::Overflow => CountError::Stopped(Stop::InternalError),
    };
    match frontier::count_cycles::<u128>(plan, limits, progress, stats) {
        Ok(tours) => Ok(Natural::from(tours)),
        Err(Interrupted::Overflow) => {
            *stats = CountStats {
                arbitrary_precision: true,
                steps: stats.steps,
                frontier: stats.frontier,
                ..CountStats::default()
            };
            frontier::count_cycles::<Natural>(plan, limits, progress, stats).map_err(stopped)
        }
        Err(interrupted) => Err(stopped(interrupted)),
    }
}
