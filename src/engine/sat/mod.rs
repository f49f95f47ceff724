//! The SAT engine: a tour as CNF, solved by varisat, refined by cuts until one cycle remains.
//!
//! Here are its entry points ([`search`], [`search_graph`]) and its choices ([`Encoding`],
//! [`SatOptions`], [`Connectivity`]); the work is in four layers, each using only those before
//! it: `cnf` (formulas and the solver), `encode` (the encodings), `refine` (the refinement loop)
//! and [`exchange`] (what leaves or enters the engine: DIMACS files, other solvers' answers,
//! certificates). `cnf` and `refine` are public for callers that solve a formula themselves
//! (another solver, a benchmark): a formula, the solver with a deadline, a refinement's formula
//! and its first cycles; the encodings are reached through [`Encoding`] and [`MoveVars`].

pub mod cnf;
pub(crate) mod encode;
pub mod exchange;
pub(crate) mod refine;

use crate::core::board::Square;
use crate::core::names::named;
use crate::core::piece::MoveGraph;
use crate::core::problem::{Problem, TourShape};
use crate::core::tour::Tour;
use crate::engine::flow::factor::TwoFactor;
use crate::engine::proof::pocket_ends::pocket_cases;
use crate::engine::{Answer, Limits, Stats};
use crate::graph::cycle::{CycleGraph, Vertex};
use crate::graph::problem::GraphProblem;
use cnf::formula::Formula;
pub use encode::connectivity::Connectivity;
pub use encode::moves::MoveVars;
use encode::{arcs, crt, cutset, position};
pub use refine::lex::search as search_lex;
use refine::{search_cases, search_cycle_graph, search_cycle_graph_within};
pub use refine::{
    Budgets, BALANCED_SHARE, FRESH_START_FLIPS, LONG_CYCLED_PER_BALANCED, LONG_CYCLED_SHARE,
};

/// A CNF encoding of tours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Encoding {
    /// Undirected edges, degree two, lazy crossing cuts.
    #[default]
    Cutset,
    /// Directed successor arcs, one in and one out, lazy cuts in both directions.
    CutsetArcs,
    /// Directed successor arcs and positions as shift-register states: complete, no cuts needed.
    Position,
    /// Directed successor arcs and positions modulo coprime numbers (one-hot): complete.
    Crt,
}

impl Encoding {
    /// Whether the base formula alone excludes subcycles (no cuts needed).
    pub fn is_complete(&self) -> bool {
        match self {
            Encoding::Cutset | Encoding::CutsetArcs => false,
            Encoding::Position | Encoding::Crt => true,
        }
    }

    /// Adds the encoding's base formula for `graph` and returns its move variables.
    pub fn encode(&self, graph: &CycleGraph, formula: &mut Formula) -> MoveVars {
        match self {
            Encoding::Cutset => cutset::encode(graph, formula),
            Encoding::CutsetArcs => arcs::encode(graph, formula),
            Encoding::Position => position::encode(graph, formula),
            Encoding::Crt => crt::encode(graph, formula),
        }
    }
}

named!(Encoding, "encoding", {
    Cutset => "cutset", "Successor edges, cuts added lazily (encodings/cutset.md)",
    CutsetArcs => "cutset-arcs", "Directed arcs, cuts added lazily (encodings/cutset-arcs.md)",
    Position => "position", "Each square's place in the tour as a shift-register (LFSR) state (encodings/position.md)",
    Crt => "crt", "Positions by residues, Chinese remainder theorem (encodings/crt.md)",
});

/// How the SAT engine runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SatOptions {
    /// The encoding.
    pub encoding: Encoding,
    /// Whether to join a model's cycles by edge exchanges before adding cuts.
    pub merge: bool,
    /// Whether `cutset` may take its first model from a 2-factor instead of the solver, for
    /// closed tours (a maximum flow where the graph is bipartite, a matching otherwise; see
    /// `encodings/cutset.md`); it needs `merge`.
    pub warm_start: bool,
    /// For the lazy encodings: after this many models whose cycles stay several after joining,
    /// the cut loop adds the `crt` layer (`connectivity`) to its formula, so that the next model
    /// is one tour or the solver proves there is none; `None`: cuts alone, however many.
    pub complete_after: Option<u64>,
}

/// Models with several cycles after which the cut loop completes its formula by default.
///
/// Cut loops that converge need fewer on the boards and graphs measured, and the `crt` layer
/// can make an unsatisfiable formula much harder to refute: the generalized Petersen graph
/// GP(53, 2), which has no Hamiltonian cycle, is refuted by cuts alone after about 2,600 models
/// (0.7 s), but not within 30 s once the layer is added after 256. On a graph built against
/// cuts, such as the HCP benchmark graph i324, the loop finds thousands of two-cycle models a
/// second without end, and the layer answers (2.9 s with this default, 1.0 s after 1,024; see
/// the graph benchmark of docs/benchmarks.md).
pub const COMPLETE_AFTER: u64 = 4096;

impl SatOptions {
    /// The engine's name in a solve's statistics: `sat:` and the encoding.
    pub fn engine_name(&self) -> String {
        format!("sat:{}", self.encoding)
    }
}

impl Default for SatOptions {
    fn default() -> SatOptions {
        SatOptions {
            encoding: Encoding::default(),
            merge: true,
            warm_start: true,
            complete_after: Some(COMPLETE_AFTER),
        }
    }
}

/// Finds any tour of `problem` (which has passed the cheap proofs) with the SAT engine.
pub fn search(
    problem: &Problem,
    move_graph: &MoveGraph,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    search_from(problem, move_graph, None, options, limits, stats)
}

/// [`search`], the warm start taking `factor` (the cheap proofs' 2-factor of `problem`, if
/// they found one) for its flow's where it fits.
pub(crate) fn search_from(
    problem: &Problem,
    move_graph: &MoveGraph,
    factor: Option<TwoFactor>,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    if let Some(tour) = trivial_tour(problem) {
        return Answer::Found(tour);
    }
    let graph = CycleGraph::new(problem, move_graph);
    match pocket_cases(problem, move_graph, &graph) {
        Some(cases) => search_cases(graph, cases, options, limits, stats),
        None => {
            let colour = |square| problem.board.colour(square);
            search_cycle_graph(graph, factor, Some(&colour), options, limits, stats)
        }
    }
}

/// Finds any tour of a graph problem (which has passed the cheap proofs) with the SAT engine,
/// as [`search`] does for boards.
pub fn search_graph(
    problem: &GraphProblem,
    options: &SatOptions,
    limits: &Limits,
    stats: &mut Stats,
) -> Answer {
    if let Some(tour) = trivial_graph_tour(problem) {
        return Answer::Found(tour);
    }
    search_cycle_graph(problem.cycle_graph(), None, None, options, limits, stats)
}

/// [`search_graph`] by refinement alone (no warm start), its solves stopped once they have
/// met the conflicts of `budgets` in all ([`crate::engine::Stop::ConflictBudget`]): a first
/// look whose answer, when it gives one, is final.
pub fn search_graph_within(
    problem: &GraphProblem,
    options: &SatOptions,
    limits: &Limits,
    budgets: Budgets,
    stats: &mut Stats,
) -> Answer {
    if let Some(tour) = trivial_graph_tour(problem) {
        return Answer::Found(tour);
    }
    search_cycle_graph_within(problem.cycle_graph(), options, limits, budgets, stats)
}

/// The tours too small for a cycle graph: a single square (open), two squares there and back
/// (closed; the cheap proofs have checked that they are one move apart).
pub fn trivial_tour(problem: &Problem) -> Option<Tour> {
    let squares: Vec<_> = problem.board.free_squares().take(3).collect();
    trivial_tour_of(problem.shape, &squares, problem.start)
}

/// [`trivial_tour`] of a graph problem: a single vertex (open), two there and back (closed).
pub fn trivial_graph_tour(problem: &GraphProblem) -> Option<Tour> {
    let vertices: Vec<Vertex> = (0..problem.vertex_count.min(3) as Vertex).collect();
    trivial_tour_of(problem.shape, &vertices, problem.start)
}

/// [`trivial_tour`] of the first three (or fewer) `squares` of a problem.
fn trivial_tour_of(shape: TourShape, squares: &[Square], start: Option<Square>) -> Option<Tour> {
    match (shape, squares.len()) {
        (TourShape::Open, 1) => Some(Tour::new(squares.to_vec())),
        (TourShape::Closed, 2) => {
            let tour = Tour::new(squares.to_vec());
            Some(match start {
                Some(start) => tour.rotated_to(start),
                None => tour,
            })
        }
        _ => None,
    }
}
