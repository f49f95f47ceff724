//! Solving a graph problem: the board's path (cheap proofs, engine, verifier) on a graph file.

use super::choose::{answer_verified, within_deadline};
use super::proof::cheap;
use super::search::dfs;
use super::{sat, Answer, EngineChoice, Order, Solution, SolveError, SolveOptions, Stats, Stop};
use crate::core::piece::MoveGraph;
use crate::graph::problem::GraphProblem;
use crate::verify::graph::verify_graph_tour;

/// The first look `auto` gives the directed arcs on a graph: 40,000 conflicts (on the FHCP
/// graphs of docs/fhcp.md the arcs answer within about 31,000 where they answer in seconds,
/// and the edges' windowed repair answers others the arcs do not), the formula completed after
/// 10 balanced models (see [`sat::BALANCED_SHARE`]: on graphs built against cuts, such as
/// FHCP graph45, the completed formula answers where cuts do not).
const ARCS_LOOK: sat::Budgets = sat::Budgets {
    conflicts: 40_000,
    balanced_completion: Some(10),
};

/// Solves a graph problem: a Hamiltonian cycle or path that has passed [`verify_graph_tour`], a
/// proof that there is none, or a stop at a limit.
///
/// `auto` runs the SAT engine on the directed arcs (`cutset-arcs`) for 40,000 conflicts (its
/// formula completed after 10 models of a few long cycles), then with its defaults; `sat` runs it as its options say (by default the warm start where the
/// graph has a 2-factor the flow finds, joining by exchanges, windowed repair); `dfs` the
/// depth-first search of boards, with ties broken by vertex number and no colours; the
/// construction and lexicographic order are for boards.
///
/// ```
/// use toursat::engine::{solve_graph, Answer, SolveOptions};
/// use toursat::graph::problem::GraphProblem;
/// use toursat::TourShape;
/// let cube_edges = vec![(0, 1), (1, 2), (2, 3), (0, 3), (4, 5), (5, 6), (6, 7), (4, 7),
///                       (0, 4), (1, 5), (2, 6), (3, 7)];
/// let cube = GraphProblem::new(8, cube_edges, TourShape::Closed);
/// let solution = solve_graph(&cube, &SolveOptions::default()).unwrap();
/// assert!(matches!(solution.answer, Answer::Found(ref tour) if tour.len() == 8));
/// ```
pub fn solve_graph(problem: &GraphProblem, options: &SolveOptions) -> Result<Solution, SolveError> {
    problem.validate().map_err(SolveError::Problem)?;
    let refused = |engine: &'static str, reason: &str| {
        Err(SolveError::EngineCannot {
            engine,
            reason: reason.to_string(),
        })
    };
    match (options.engine, options.order) {
        (EngineChoice::Construct, _) => {
            return refused(
                "construct",
                "the construction builds knight's tours of boards",
            )
        }
        (_, Order::Lex) => {
            return refused(
                "sat",
                "the lexicographic order compares squares by column and row, which a graph has not",
            )
        }
        _ => {}
    }
    if options.limits.deadline.is_none() {
        return solve_valid(problem, options);
    }
    let (owned_problem, owned_options) = (problem.clone(), *options);
    within_deadline(options, move || solve_valid(&owned_problem, &owned_options))
}

/// [`solve_graph`] on a problem already validated, on the caller's thread.
fn solve_valid(problem: &GraphProblem, options: &SolveOptions) -> Result<Solution, SolveError> {
    let graph = MoveGraph::from_edges(problem.vertex_count, &problem.edges);
    answer_verified(
        options,
        || cheap::cheap_graph_proof(problem, &graph),
        |stats| run_engine(problem, &graph, options, stats),
        |tour| verify_graph_tour(problem, tour),
    )
}

/// Runs the chosen engine on a graph problem the cheap proofs did not settle.
fn run_engine(
    problem: &GraphProblem,
    graph: &MoveGraph,
    options: &SolveOptions,
    stats: &mut Stats,
) -> Answer {
    let limits = &options.limits;
    let satisfy = |sat_options: &sat::SatOptions, stats: &mut Stats| {
        stats.engine = format!("sat:{}", sat_options.encoding);
        sat::search_graph(problem, sat_options, limits, stats)
    };
    match options.engine {
        EngineChoice::Dfs => {
            stats.engine = "dfs".to_string();
            dfs::search_graph(problem, graph, limits, stats)
        }
        EngineChoice::Sat(sat_options) => satisfy(&sat_options, stats),
        // `auto`: first the directed arcs, whose models have many cycles to cut at once, for
        // a budget of conflicts; then the SAT engine with its defaults (warm start, joining,
        // windowed repair). The construction is refused before.
        EngineChoice::Auto | EngineChoice::Construct => {
            let arcs = sat::SatOptions {
                encoding: sat::Encoding::CutsetArcs,
                ..sat::SatOptions::default()
            };
            stats.engine = format!("sat:{}", arcs.encoding);
            let first = sat::search_graph_within(problem, &arcs, limits, ARCS_LOOK, stats);
            if !matches!(first, Answer::Stopped(Stop::ConflictBudget)) {
                return first;
            }
            satisfy(&sat::SatOptions::default(), stats)
        }
    }
}
