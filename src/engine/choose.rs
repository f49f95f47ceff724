//! Choosing an engine for a problem and running it: the cheap proofs first, then the engine
//! chosen (or picked per problem), and a found tour through the verifier.

use crate::core::names::{named, Named};
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, ProblemError, TourShape};
use crate::core::progress;
use crate::core::tour::Tour;
use crate::engine::answer::{Answer, Impossibility, Limits, PhaseTime, Stats, Stop};
use crate::engine::flow::factor::TwoFactor;
use crate::engine::{construct, deadline, interrupt, proof, sat, search};
use crate::verify::board::{verify, TourError};
use itertools::Itertools;
use std::cell::Cell;
use std::fmt;
use std::time::Instant;

/// An answer and how it was reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The answer.
    pub answer: Answer,
    /// The statistics.
    pub stats: Stats,
    /// The checked certificate of an answer of no tour, when one was asked for
    /// ([`proof::certify::certify`]); [`solve`] leaves it `None`.
    pub certificate: Option<proof::certify::Certified>,
}

/// Which engine to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// Pick per problem: the construction for knight's tours of empty boards of 2,500 squares
    /// or more; the SAT engine (`cutset`, with its warm start) for rook circuits and for any
    /// tour of 2,500 free squares or more; otherwise depth-first search with a small node
    /// budget (it is fastest on the judges' sizes), then the SAT engine (`cutset`, which wins
    /// on blocked boards and large lexicographic problems).
    #[default]
    Auto,
    /// Depth-first search.
    Dfs,
    /// The SAT engine with these options.
    Sat(sat::SatOptions),
    /// The construction of knight's tours on empty boards (both sides at least 5, or a side of
    /// 3 or 4 and the other long enough), in linear time; other problems, and lexicographic
    /// order, go to depth-first search.
    Construct,
}

/// The engines by name: `auto`, `dfs`, `sat` (the SAT engine with its default options) and
/// `construct`.
impl Named for EngineChoice {
    const KIND: &'static str = "engine";

    fn all() -> Vec<EngineChoice> {
        vec![
            EngineChoice::Auto,
            EngineChoice::Dfs,
            EngineChoice::Sat(sat::SatOptions::default()),
            EngineChoice::Construct,
        ]
    }

    fn name(&self) -> &'static str {
        match self {
            EngineChoice::Auto => "auto",
            EngineChoice::Dfs => "dfs",
            EngineChoice::Sat(_) => "sat",
            EngineChoice::Construct => "construct",
        }
    }

    fn help(&self) -> &'static str {
        match self {
            EngineChoice::Auto => "Pick per problem",
            EngineChoice::Dfs => "Depth-first search",
            EngineChoice::Sat(_) => "The SAT engine",
            EngineChoice::Construct => "The knight's-tour construction",
        }
    }
}

/// The engine's name (`sat` whatever its options).
impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which tour to find when several exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// Any tour.
    #[default]
    Any,
    /// The lexicographically first: squares compared by column, then row.
    Lex,
}

named!(Order, "order", {
    Any => "any", "Any tour",
    Lex => "lex", "The lexicographically first tour",
});

/// How to solve a problem.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The engine.
    pub engine: EngineChoice,
    /// The order.
    pub order: Order,
    /// The limits.
    pub limits: Limits,
}

/// Why [`solve`] could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The problem is not well posed.
    Problem(ProblemError),
    /// The chosen engine cannot take this problem (`--engine construct` on a rook, say).
    EngineCannot {
        /// The engine.
        engine: &'static str,
        /// Why not.
        reason: String,
    },
    /// An engine produced a tour that failed verification (a bug in toursat).
    InvalidTour {
        /// The engine.
        engine: String,
        /// What the verifier found.
        error: TourError,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Problem(error) => error.fmt(f),
            SolveError::EngineCannot { engine, reason } => {
                write!(f, "the {engine} engine cannot take this problem: {reason}")
            }
            SolveError::InvalidTour { engine, error } => write!(
                f,
                "internal error: the {engine} engine produced a tour that fails verification: {error}"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Search nodes `auto` lets depth-first search spend on a problem of `squares` free squares
/// before it hands the problem to the SAT engine.
///
/// Search is the fastest engine for knights (Warnsdorff's rule rarely backtracks) but stalls on
/// blocked rook boards, where the SAT engine answers in milliseconds: one-step pieces get a
/// tenth of the budget (measured in `corpus/results/`).
fn auto_node_budget(piece: Piece, squares: usize) -> u64 {
    let budget = 20_000 + 20 * squares as u64;
    if piece.is_rook() || piece == Piece::King {
        budget / 10
    } else {
        budget
    }
}

/// Free squares from which `auto` builds knight's tours of empty boards instead of searching.
const AUTO_CONSTRUCT_SQUARES: usize = 2_500;

/// Free squares from which `auto` gives any tour in any order to the SAT engine's warm start
/// (a 2-factor by flow or matching, joined, repaired in windows) instead of searching first.
///
/// Around this size search and the warm start take about as long; beyond it search's node
/// budget is the bulk of the time, and search often spends all of it: on holed 200 x 200
/// boards an open knight's tour from a corner took 9.5 s with search first and 1.7 s with the
/// warm start, a closed one 9.3 s and 0.4 s; at 300 x 300 search first timed out after 60 s
/// where the warm start took 4.0 s and 0.4 s (docs/benchmarks.md, "Hard boards for every piece").
const AUTO_SAT_SQUARES: usize = 2_500;

/// The construction's answer, or `None` when it does not cover the problem; the walk that lists
/// the tour's squares stops at the deadline.
fn build(problem: &Problem, limits: &Limits, stats: &mut Stats) -> Option<Answer> {
    progress::begin(progress::CONSTRUCTION, "", None);
    stats.engine = "construct".to_string();
    match construct::construct(problem) {
        Ok(tour) => {
            let mut squares = Vec::with_capacity(tour.len() as usize);
            for chunk in &tour.squares().chunks(1 << 20) {
                if limits.expired() {
                    return Some(Answer::Stopped(Stop::Timeout));
                }
                squares.extend(chunk);
            }
            Some(Answer::Found(Tour::new(squares)))
        }
        Err(construct::ConstructError::NoTour(reason)) => {
            Some(Answer::NoTour(Impossibility::Theorem(reason)))
        }
        Err(construct::ConstructError::Internal(_)) => Some(Answer::Stopped(Stop::InternalError)),
        Err(construct::ConstructError::Unsupported(_)) => None,
    }
}

/// Most free squares on which [`fixed_end_first`] runs: its flow costs about 0.01 s at
/// 100 x 100 but 0.2 s at 200 x 200 and 0.3-0.5 s at 300 x 300, too much to pay on every board
/// for the few that need it.
const FIXED_END_SQUARES: usize = 20_000;

/// Most squares [`fixed_end_first`] tries as a fixed end.
const MAX_FIXED_ENDS: usize = 8;

/// For an open tour with an end free ([`proof::open_ends::may_apply`]) on at most [`FIXED_END_SQUARES`]
/// free squares: the SAT engine with a free end fixed on each square of which every open tour
/// takes one as an end ([`open_ends`]), sharing half the time left (when the problem fixes one
/// end elsewhere, the other must be there). A tour found is one of `problem` too. `None` when
/// the argument gives no such squares, or too many, or the fixed end is one of them, or no try
/// finds a tour (a try's answer of no tour proves nothing here on its own).
fn fixed_end_first(
    problem: &Problem,
    graph: &MoveGraph,
    limits: &Limits,
    stats: &mut Stats,
) -> Option<Answer> {
    if !proof::open_ends::may_apply(problem) || problem.board.free_count() > FIXED_END_SQUARES {
        return None;
    }
    let candidates = proof::open_ends::open_end_candidates(problem, graph)?;
    let fixed_end = problem.start.or(problem.end);
    if candidates.len() > MAX_FIXED_ENDS || fixed_end.is_some_and(|end| candidates.contains(&end)) {
        return None;
    }
    progress::begin(progress::SAT, "cycles left", None);
    for (tried, &end) in candidates.iter().enumerate() {
        let shares = 2 * (candidates.len() - tried) as u32;
        let deadline = limits.deadline.map(|deadline| {
            let now = Instant::now();
            now + deadline.saturating_duration_since(now) / shares
        });
        let share = Limits {
            deadline,
            ..*limits
        };
        let fixed = match problem.start {
            None => problem.clone().with_start(end),
            Some(_) => problem.clone().with_end(end),
        };
        let answer = sat::search(&fixed, graph, &sat::SatOptions::default(), &share, stats);
        if let Answer::Found(tour) = answer {
            stats.engine = format!(
                "{}, a free end fixed",
                sat::SatOptions::default().engine_name()
            );
            return Some(Answer::Found(tour));
        }
    }
    None
}

/// Runs the chosen engine on a problem the cheap proofs did not settle; `factor` is the
/// 2-factor their flow found, if any, for the SAT engine's warm start.
fn run_engine(
    problem: &Problem,
    graph: &MoveGraph,
    factor: Option<TwoFactor>,
    options: &SolveOptions,
    stats: &mut Stats,
) -> Answer {
    let limits = &options.limits;
    let search = |limits: &Limits, stats: &mut Stats| match options.order {
        Order::Any => {
            progress::begin(progress::SEARCH, "nodes", None);
            stats.engine = "dfs".to_string();
            search::dfs::search(problem, graph, limits, stats)
        }
        Order::Lex => {
            progress::begin(progress::SEARCH, "nodes", None);
            stats.engine = "dfs-lex".to_string();
            search::lex::search(problem, graph, limits, stats)
        }
    };
    let satisfy =
        |sat_options: &sat::SatOptions, factor: Option<TwoFactor>, stats: &mut Stats| match options
            .order
        {
            Order::Any => {
                progress::begin(progress::SAT, "cycles left", None);
                stats.engine = sat_options.engine_name();
                sat::search_from(problem, graph, factor, sat_options, limits, stats)
            }
            Order::Lex => {
                progress::begin(progress::SAT, "cycles left", None);
                stats.engine = format!("sat-lex:{}", sat_options.encoding);
                sat::refine::lex::search(problem, graph, sat_options, limits, stats)
            }
        };
    let construct_first = match options.engine {
        EngineChoice::Construct => true,
        EngineChoice::Auto => {
            problem.board.free_count() >= AUTO_CONSTRUCT_SQUARES && construct::covers(problem)
        }
        EngineChoice::Dfs | EngineChoice::Sat(_) => false,
    };
    if construct_first && options.order == Order::Any {
        if let Some(answer) = build(problem, limits, stats) {
            return answer;
        }
    }
    match options.engine {
        EngineChoice::Dfs | EngineChoice::Construct => search(limits, stats),
        EngineChoice::Sat(sat_options) => satisfy(&sat_options, factor, stats),
        // Rook circuits: the SAT engine's warm start (a flow's 2-factor, joined) answers blocked
        // boards from 40 x 40 to 1000 x 1000 in well under a second or two, where search stalls.
        EngineChoice::Auto if problem.piece.is_rook() && problem.shape == TourShape::Closed => {
            satisfy(&sat::SatOptions::default(), factor, stats)
        }
        EngineChoice::Auto
            if options.order == Order::Any && problem.board.free_count() >= AUTO_SAT_SQUARES =>
        {
            fixed_end_first(problem, graph, limits, stats)
                .unwrap_or_else(|| satisfy(&sat::SatOptions::default(), factor, stats))
        }
        EngineChoice::Auto => {
            let budget = auto_node_budget(problem.piece, problem.board.free_count());
            let first_try = Limits {
                node_budget: Some(limits.node_budget.map_or(budget, |b| b.min(budget))),
                ..*limits
            };
            match search(&first_try, stats) {
                Answer::Stopped(Stop::NodeBudget)
                    if limits.node_budget.is_none_or(|b| b > budget) =>
                {
                    let searched = stats.engine.clone();
                    let answer = satisfy(&sat::SatOptions::default(), factor, stats);
                    stats.engine = format!("{searched}, then {}", stats.engine);
                    answer
                }
                answer => answer,
            }
        }
    }
}

/// Solves `problem` with the chosen engine and order; a found tour has passed [`verify`].
///
/// ```
/// use toursat::{engine, Answer, Board, Piece, Problem, SolveOptions, TourShape};
/// let problem = Problem::new(Board::new(4, 4).unwrap(), Piece::Rook, TourShape::Closed);
/// let solution = engine::solve(&problem, &SolveOptions::default()).unwrap();
/// assert!(matches!(solution.answer, Answer::Found(_)));
/// ```
///
/// With a deadline the work runs on a worker thread, so that the answer comes within
/// [`GRACE`](crate::engine::GRACE) of the deadline even from steps that cannot be cut short.
pub fn solve(problem: &Problem, options: &SolveOptions) -> Result<Solution, SolveError> {
    problem.validate().map_err(SolveError::Problem)?;
    if options.engine == EngineChoice::Construct {
        if let Some(reason) = construct::cannot_build(problem) {
            return Err(SolveError::EngineCannot {
                engine: "construct",
                reason,
            });
        }
    }
    if options.limits.deadline.is_none() && !interrupt::heeded() {
        return solve_valid(problem, options);
    }
    let (owned_problem, owned_options) = (problem.clone(), *options);
    within_deadline(options, move || solve_valid(&owned_problem, &owned_options))
}

/// Runs `work` on a worker thread that the deadline of `options` cuts short (see [`deadline`]):
/// its solution, or a stop at the deadline. A stopped solution's statistics name the phases
/// the work reached and the seconds spent in each (`core::progress`'s phase times, counted
/// from here).
pub(super) fn within_deadline<F>(options: &SolveOptions, work: F) -> Result<Solution, SolveError>
where
    F: FnOnce() -> Result<Solution, SolveError> + Send + 'static,
{
    let started = Instant::now();
    progress::restart_times();
    let mut solution =
        deadline::finish_by(options.limits.deadline, work).unwrap_or_else(|stop| {
            Ok(Solution {
                answer: Answer::Stopped(stop),
                stats: Stats {
                    engine: "unfinished".to_string(),
                    seconds: started.elapsed().as_secs_f64(),
                    ..Stats::default()
                },
                certificate: None,
            })
        })?;
    if let Answer::Stopped(_) = solution.answer {
        solution.stats.phases = progress::phase_seconds()
            .into_iter()
            .map(|(phase, seconds)| PhaseTime {
                phase: phase.to_string(),
                seconds,
            })
            .collect();
    }
    Ok(solution)
}

/// [`solve`] on a problem already validated, on the caller's thread.
///
/// The 2-factor that the cheap proofs' flow finds for a closed tour goes on to the SAT engine.
fn solve_valid(problem: &Problem, options: &SolveOptions) -> Result<Solution, SolveError> {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    let factor = Cell::new(None);
    answer_verified(
        options,
        || match proof::cheap::cheap_proof_or_factor(problem, &graph) {
            Ok(found) => {
                factor.set(found);
                None
            }
            Err(impossibility) => Some(impossibility),
        },
        |stats| run_engine(problem, &graph, factor.take(), options, stats),
        |tour| verify(problem, tour),
    )
}

/// The frame of a solve on the caller's thread, for boards and graphs alike: the cheap proof
/// if one settles it, else the engine (unless the deadline has passed already), and a found
/// tour through the verifier.
pub(super) fn answer_verified(
    options: &SolveOptions,
    cheap_proof: impl FnOnce() -> Option<Impossibility>,
    engine: impl FnOnce(&mut Stats) -> Answer,
    verify_tour: impl FnOnce(&Tour) -> Result<(), TourError>,
) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let mut stats = Stats::default();
    progress::begin(progress::CHEAP_PROOFS, "", None);
    let proof = cheap_proof();
    stats.proof_seconds = started.elapsed().as_secs_f64();
    let answer = match proof {
        Some(impossibility) => {
            stats.engine = "proofs".to_string();
            Answer::NoTour(impossibility)
        }
        // The move graph and the cheap proofs take linear time and check no deadline.
        None if options.limits.expired() => Answer::Stopped(Stop::Timeout),
        None => engine(&mut stats),
    };
    stats.seconds = started.elapsed().as_secs_f64();
    if let Answer::Found(tour) = &answer {
        progress::begin(progress::VERIFYING, "", None);
        verify_tour(tour).map_err(|error| SolveError::InvalidTour {
            engine: stats.engine.clone(),
            error,
        })?;
    }
    Ok(Solution {
        answer,
        stats,
        certificate: None,
    })
}

#[cfg(test)]
mod tests {
    use super::Order;
    use crate::core::names::Named;

    #[test]
    fn a_table_with_help_gives_each_name_its_line() {
        assert_eq!(Order::all(), Order::ALL);
        assert_eq!(Order::from_name("lex"), Ok(Order::Lex));
        assert_eq!(Order::Lex.help(), "The lexicographically first tour");
    }
}
