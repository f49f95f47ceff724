//! Engines that find tours, and what they share: limits, answers and statistics.

pub mod construct;
pub(crate) mod deadline;
pub mod flow;
mod graph_solve;
pub(crate) mod memory;
pub mod proof;
pub mod sat;
pub mod search;

use crate::core::board::Square;
use crate::core::names::{named, Named};
use crate::core::piece::{MoveGraph, Piece};
use crate::core::problem::{Problem, ProblemError, TourShape};
use crate::core::tour::Tour;
use crate::verify::board::{verify, TourError};
pub use deadline::{finish_by, GRACE};
pub use flow::factor::two_factor;
pub use graph_solve::solve_graph;
use itertools::Itertools;
pub use memory::default_formula_literals;
pub use proof::cheap::cheap_proof;
pub use proof::regions::RegionProof;
use std::fmt;
use std::time::{Duration, Instant};

/// When an engine must give up without an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time by which to stop.
    pub deadline: Option<Instant>,
    /// Most search nodes to visit.
    pub node_budget: Option<u64>,
    /// Most literals a SAT formula may hold: the SAT engine stops with
    /// [`Stop::FormulaTooLarge`] rather than run out of memory building or solving a larger one
    /// (toursat keeps 4 bytes a literal, the solver several times that). `None` is the
    /// machine's default, [`memory::default_formula_literals`]; `Some(usize::MAX)` no limit.
    pub formula_literals: Option<usize>,
}

impl Limits {
    /// No limit of time or search nodes (SAT formulas are still held to the machine's memory).
    pub fn none() -> Limits {
        Limits::default()
    }

    /// A time limit from now.
    pub fn timeout(duration: Duration) -> Limits {
        Limits {
            deadline: Some(Instant::now() + duration),
            ..Limits::default()
        }
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// Why there is no tour: an argument a person can check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossibility {
    /// A closed tour needs at least two free squares.
    TooFewSquares,
    /// A bipartite piece alternates colours, and the counts do not allow it.
    ColourCount {
        /// Free squares with `x + y` even.
        even: usize,
        /// Free squares with `x + y` odd.
        odd: usize,
        /// What the tour needs of them, in words.
        needed: String,
    },
    /// A free square with too few moves (fewer than 2 for a closed tour, none for an open one).
    TooFewMoves {
        /// The square.
        square: Square,
        /// Its number of moves.
        moves: usize,
    },
    /// An open tour has two ends, and more squares than that have a single move.
    TooManyDeadEnds {
        /// The squares with a single move (or those of them that cannot be an end).
        squares: Vec<Square>,
    },
    /// Two free squares that no sequence of moves joins.
    Disconnected {
        /// One square.
        a: Square,
        /// A square not reachable from `a`.
        b: Square,
    },
    /// A square whose removal splits the free squares: a circuit cannot pass it twice.
    CutSquare {
        /// The square.
        square: Square,
    },
    /// An open tour needs an end in every pocket (squares that a single cut square joins to
    /// the rest: a path that enters a pocket through its cut square cannot come out), and more
    /// pockets hold no fixed end than the tour has ends left to place.
    EndPockets {
        /// Pockets without a fixed end, one more than the ends left to place.
        pockets: Vec<Pocket>,
    },
    /// For a piece that alternates colours: the tour moves the squares of one colour need
    /// cannot all be placed at once (a maximum flow; Hall's condition fails somewhere).
    MoveShortage {
        /// Tour moves needed at the squares of one colour.
        needed: u32,
        /// The most of them the board's moves can provide at once.
        possible: u32,
        /// The flow's minimum cut, whose capacity is `possible` (`None` when the shortfall
        /// needed no flow: an open tour whose fixed end is its start).
        cut: Option<HallCut>,
    },
    /// A closed tour is a 2-factor (two tour moves at every square), and the pieces' moves
    /// (or the graph's edges) have none: a maximum matching of Tutte's gadget leaves a vertex
    /// unmatched. For pieces and graphs that do not alternate colours; otherwise a flow finds
    /// the shortage ([`Impossibility::MoveShortage`]).
    NoTwoFactor,
    /// A 2-factor exists, but regions whose boundary colours seal them cut the board apart:
    /// counting the tour moves at each colour of a region shows that no circuit uses the moves
    /// leaving it at its squares of one colour, and without those moves two squares are no
    /// longer joined ([`RegionProof`]). For pieces that alternate colours (graphs: bipartite ones).
    SealedRegions(RegionProof),
    /// A theorem on knight's tours settles it.
    Theorem(String),
    /// The search tried every possibility.
    Exhausted {
        /// Search nodes visited.
        nodes: u64,
    },
    /// The SAT solver proved the formula unsatisfiable.
    Unsatisfiable,
}

/// The minimum cut behind a [`Impossibility::MoveShortage`]: the squares on the source side of
/// the flow's residual graph. The squares of one colour in it need more tour moves than the
/// squares of the other colour in it, and the moves leaving it, can give them (Hall's
/// condition fails).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HallCut {
    /// The free squares on the source side, of both colours, in no particular order.
    pub squares: Vec<Square>,
    /// Whether the source side also holds the stand-in for an open tour's end that the problem
    /// leaves free (it needs one move, to any square of the colour the tour ends on), when one
    /// end is fixed or named as a dead end. With both ends free and no dead end the cut does not
    /// place the stand-ins of the two ends: the check tries each side for each.
    pub has_free_end: bool,
    /// The square taken as one end of an open tour that fixes neither end: it has a single
    /// move, so every open tour ends there.
    pub dead_end: Option<Square>,
}

/// A pocket of an [`Impossibility::EndPockets`]: the squares that only `cut` joins to the rest,
/// named by one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pocket {
    /// The cut square every move out of the pocket leads to.
    pub cut: Square,
    /// A square in the pocket; the pocket is what a search from it reaches without `cut`.
    pub inside: Square,
}

/// Why an engine stopped without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed.
    Timeout,
    /// The node budget ran out.
    NodeBudget,
    /// A SAT solve met its budget of conflicts (the budget of an internal solve, such as a
    /// window of the local repair; no limit the caller sets).
    ConflictBudget,
    /// An engine found itself in a state its invariants rule out (a bug in toursat).
    InternalError,
    /// The SAT formula would pass [`Limits::formula_literals`].
    FormulaTooLarge,
}

/// What an engine found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A tour (verified when it comes from [`solve`]).
    Found(Tour),
    /// A proof that no tour exists.
    NoTour(Impossibility),
    /// Stopped by a limit, with nothing proved.
    Stopped(Stop),
}

/// Counters from the SAT engine.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct SatStats {
    /// The encoding's name.
    pub encoding: String,
    /// Variables in the final formula.
    pub variables: u64,
    /// Clauses in the final formula.
    pub clauses: u64,
    /// Calls to the solver.
    pub solve_calls: u64,
    /// Conflicts the solver met, over all its calls (counted from its proof).
    pub conflicts: u64,
    /// Cut clauses added by refinement.
    pub cuts: u64,
    /// Cycles joined by edge exchanges.
    pub merges: u64,
    /// The solve calls made before the cut loop completed its formula with the `crt` layer
    /// ([`sat::SatOptions::complete_after`]); `None` when it did not.
    pub completed_after: Option<u64>,
    /// Seconds spent decoding models, joining cycles and adding cuts.
    pub cut_seconds: f64,
    /// Seconds spent building the formula.
    pub encode_seconds: f64,
    /// Seconds spent on the warm start's first model: a maximum flow's 2-factor, joined.
    pub flow_seconds: f64,
    /// Seconds spent in the solver.
    pub solve_seconds: f64,
    /// Seconds spent repairing the warm start in small window formulas before the whole
    /// formula was built (see `encodings/cutset.md`).
    pub local_seconds: f64,
    /// Calls to the window formulas' solvers.
    pub local_solve_calls: u64,
    /// Conflicts the local repair's window solvers met.
    pub local_conflicts: u64,
    /// Cycles the local repair joined to an open path by Pósa rotations of its ends (see
    /// `encodings/cutset.md`).
    pub rotation_joins: u64,
    /// Cycles the local repair let out of their pieces by an exchange along an alternating
    /// cycle (see `encodings/cutset.md`).
    pub alternating_exchanges: u64,
    /// Cases of an open tour with both ends fixed that the flow and the local repair tried,
    /// where the flow confines an end to a few squares (see `encodings/cutset.md`).
    pub end_cases: u64,
    /// Conflicts met by those cases' repairs and by the short look at the whole formula
    /// before them.
    pub end_case_conflicts: u64,
    /// Seconds spent on those cases and the look.
    pub end_case_seconds: f64,
}

/// What an engine did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Name of the engine that answered.
    pub engine: String,
    /// Search nodes visited (0 for engines that do not search).
    pub nodes: u64,
    /// Wall-clock seconds in all.
    pub seconds: f64,
    /// Seconds spent on the cheap proofs before any engine ran.
    pub proof_seconds: f64,
    /// SAT counters, when the SAT engine ran.
    pub sat: Option<SatStats>,
}

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
            stats.engine = format!("sat:{}, a free end fixed", sat::Encoding::default());
            return Some(Answer::Found(tour));
        }
    }
    None
}

/// Runs the chosen engine on a problem the cheap proofs did not settle.
fn run_engine(
    problem: &Problem,
    graph: &MoveGraph,
    options: &SolveOptions,
    stats: &mut Stats,
) -> Answer {
    let limits = &options.limits;
    let search = |limits: &Limits, stats: &mut Stats| match options.order {
        Order::Any => {
            stats.engine = "dfs".to_string();
            search::dfs::search(problem, graph, limits, stats)
        }
        Order::Lex => {
            stats.engine = "dfs-lex".to_string();
            search::lex::search(problem, graph, limits, stats)
        }
    };
    let satisfy = |sat_options: &sat::SatOptions, stats: &mut Stats| match options.order {
        Order::Any => {
            stats.engine = format!("sat:{}", sat_options.encoding);
            sat::search(problem, graph, sat_options, limits, stats)
        }
        Order::Lex => {
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
        EngineChoice::Sat(sat_options) => satisfy(&sat_options, stats),
        // Rook circuits: the SAT engine's warm start (a flow's 2-factor, joined) answers blocked
        // boards from 40 x 40 to 1000 x 1000 in well under a second or two, where search stalls.
        EngineChoice::Auto if problem.piece.is_rook() && problem.shape == TourShape::Closed => {
            satisfy(&sat::SatOptions::default(), stats)
        }
        EngineChoice::Auto
            if options.order == Order::Any && problem.board.free_count() >= AUTO_SAT_SQUARES =>
        {
            fixed_end_first(problem, graph, limits, stats)
                .unwrap_or_else(|| satisfy(&sat::SatOptions::default(), stats))
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
                    let answer = satisfy(&sat::SatOptions::default(), stats);
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
/// [`GRACE`] of the deadline even from steps that cannot be cut short.
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
    if options.limits.deadline.is_none() {
        return solve_valid(problem, options);
    }
    let (owned_problem, owned_options) = (problem.clone(), *options);
    within_deadline(options, move || solve_valid(&owned_problem, &owned_options))
}

/// Runs `work` on a worker thread that the deadline of `options` cuts short (see [`deadline`]):
/// its solution, or a stop at the deadline.
fn within_deadline<F>(options: &SolveOptions, work: F) -> Result<Solution, SolveError>
where
    F: FnOnce() -> Result<Solution, SolveError> + Send + 'static,
{
    let started = Instant::now();
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
    })
}

/// [`solve`] on a problem already validated, on the caller's thread.
fn solve_valid(problem: &Problem, options: &SolveOptions) -> Result<Solution, SolveError> {
    let graph = MoveGraph::new(&problem.board, problem.piece);
    answer_verified(
        options,
        || proof::cheap::cheap_proof(problem, &graph),
        |stats| run_engine(problem, &graph, options, stats),
        |tour| verify(problem, tour),
    )
}

/// The frame of a solve on the caller's thread, for boards and graphs alike: the cheap proof
/// if one settles it, else the engine (unless the deadline has passed already), and a found
/// tour through the verifier.
fn answer_verified(
    options: &SolveOptions,
    cheap_proof: impl FnOnce() -> Option<Impossibility>,
    engine: impl FnOnce(&mut Stats) -> Answer,
    verify_tour: impl FnOnce(&Tour) -> Result<(), TourError>,
) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let mut stats = Stats::default();
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
